/** Reading a whole list from the service, page after page, by following `paging.next`. */
import { ApiError } from './api-error.js'
import { bytesRead } from './garbage.js'
import type { ServiceClient } from './service-client.js'

/** The page size asked for; the service allows at most 50. */
const PAGE_LIMIT = 50

/** The most items read of one list unless the step's list-limit says otherwise (the input's default). */
export const LIST_LIMIT = 1_000_000

export interface ListAllOptions {
  /** Stops with an error after this many pages (a caller's own bound); else the list-limit in items. */
  maxPages?: number
  debug?: (message: string) => void
  signal?: AbortSignal
  /** Filters sent with every page. */
  query?: Record<string, string | number | undefined>
  /** What to keep of each item, taken page by page, so a long list holds only that. */
  keep?: (item: never) => unknown
  /**
   * Takes each page's items as it arrives (after `keep`); the list is then not held, and `items`
   * comes back empty: a list of any length costs one page of memory. The next page is asked for
   * once what it returns has settled (a page's downloads, say).
   */
  onPage?: (items: never[]) => void | Promise<void>
}

/**
 * Reads every page of a list endpoint. Accepts `{data: [...]}` with or without
 * `paging`, and a bare array. `text` is the last page as received.
 */
export async function listAll<T>(
  client: ServiceClient,
  path: string,
  options: ListAllOptions = {}
): Promise<{ items: T[]; pages: number; text: string; count: number }> {
  const maxPages = options.maxPages ?? Infinity
  const limit = client.listLimit ?? LIST_LIMIT
  const items: T[] = []
  const onPage = options.onPage as ((items: T[]) => void | Promise<void>) | undefined
  let count = 0
  let next: string | undefined
  let pages = 0
  let text: string
  do {
    if (pages >= maxPages)
      throw ApiError.invalidResponse({
        method: 'GET',
        path,
        message: `GET ${path}: stopped after ${maxPages} pages; the list did not end`
      })
    if (count >= limit)
      throw ApiError.invalidResponse({
        method: 'GET',
        path,
        message: `GET ${path}: stopped after ${count} items, the most the list-limit input allows (${limit}); the list goes on: set list-limit higher to read all of it`
      })
    const res = await client.request<unknown>('GET', path, {
      query: { ...options.query, limit: PAGE_LIMIT, next },
      signal: options.signal
    })
    pages += 1
    text = res.text
    bytesRead(text.length)
    const body = res.body as { data?: unknown; paging?: { next?: unknown } } | unknown[] | undefined
    const data = Array.isArray(body) ? body : body?.data
    if (!Array.isArray(data))
      throw ApiError.missingField({ method: 'GET', path, status: res.status, what: 'has no "data" list' })
    // One push per item: spreading a page of a few hundred thousand items into push() overflows the call stack.
    const keep = options.keep as ((item: unknown) => T) | undefined
    const page = keep ? (data as unknown[]).map(keep) : (data as T[])
    count += page.length
    if (onPage) await onPage(page)
    else for (const item of page) items.push(item)
    next = nextPage(body, data.length)
  } while (next !== undefined)
  options.debug?.(`GET ${path}: ${count} items over ${pages} page(s)`)
  return { items, pages, text, count }
}

/** The `paging.next` cursor of a page, or undefined at the end (an empty page ends the list too). */
function nextPage(body: { paging?: { next?: unknown } } | unknown[] | undefined, count: number): string | undefined {
  const next = Array.isArray(body) ? undefined : body?.paging?.next
  return typeof next === 'string' && next !== '' && count > 0 ? next : undefined
}
