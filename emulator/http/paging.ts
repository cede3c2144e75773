/** One page of a list, as the service pages every list: `limit` up to 50, and `next`, the key of the page's first item. */
import { badRequest } from './errors.js'
import type { Reply } from './io.js'
import type { RequestContext } from './router.js'

/** The service's largest page. */
export const MAX_PAGE = 50

/**
 * The page of `items` the request's `limit` and `next` ask for, each shown by `view`, with its
 * `paging`. `positionOf` finds the item a `next` key names; a list that keeps an index passes
 * its lookup, so a page costs its own length rather than the list's.
 */
export function pageOf<T>(
  ctx: RequestContext,
  items: readonly T[],
  keyOf: (item: T) => string,
  view: (item: T) => unknown,
  positionOf: (key: string) => number | undefined = (key) => {
    const at = items.findIndex((item) => keyOf(item) === key)
    return at < 0 ? undefined : at
  }
): Reply {
  const limitText = ctx.query.get('limit')
  let limit = MAX_PAGE
  if (limitText !== null) {
    if (!/^\d+$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > MAX_PAGE) {
      throw badRequest(`limit must be an integer from 1 to ${MAX_PAGE}; got "${limitText}"`)
    }
    limit = Number(limitText)
  }
  let start = 0
  const next = ctx.query.get('next')
  if (next !== null && next !== '') {
    const found = positionOf(next)
    if (found === undefined) throw badRequest(`next anchor "${next}" does not name an item of this list`)
    start = found
  }
  const paging: Record<string, unknown> = { total_item_count: items.length, page_item_limit: limit }
  if (start + limit < items.length) paging.next = keyOf(items[start + limit])
  return { status: 200, json: { data: items.slice(start, start + limit).map(view), paging } }
}
