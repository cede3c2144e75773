/** A long list of apps as the service pages it, for the tests of lists that outgrow memory or a page. */
import type { Reply } from '../fake-service.js'

/**
 * The page from `from` of `count` apps, 50 a page, each slugged `${prefix}-n` and holding `fields`
 * besides its slug, title and type; `paging` adds to the page's paging (e.g. a total).
 */
export function appsPage(
  count: number,
  prefix: string,
  from: number,
  fields: Record<string, unknown> = {},
  paging: Record<string, unknown> = {}
): Reply {
  const to = Math.min(count, from + 50)
  const data = Array.from({ length: to - from }, (_v, i) => ({
    slug: `${prefix}-${from + i}`,
    title: `App ${from + i}`,
    project_type: 'ios',
    ...fields
  }))
  return { body: { data, paging: { ...paging, page_item_limit: 50, next: to < count ? String(to) : undefined } } }
}
