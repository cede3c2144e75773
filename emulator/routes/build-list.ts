/**
 * The builds list of the published contract (`GET /apps/{app-slug}/builds`): its filters and
 * its paging, computed from the builds the model holds. Reads only; nothing here changes state.
 */
import { progressOf } from '../model/build-progress.js'
import { buildJson } from './build-views.js'
import { badRequest } from '../http/errors.js'
import type { BuildRecord } from '../model/types.js'

/** The filters of the contract the emulator applies; any other query parameter is ignored. */
export interface BuildFilters {
  branch?: string
  workflow?: string
  pullRequestId?: number
  status?: number
  limit: number
  next?: string
}

function integerParam(query: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const raw = query.get(name)
  if (raw === null || raw === '') return undefined
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < min || Number(raw) > max) throw badRequest(`${name} must be a whole number from ${min} to ${max}; got "${raw}"`)
  return Number(raw)
}

/** Reads the filters from the query, naming a bad parameter. */
export function readBuildFilters(query: URLSearchParams): BuildFilters {
  return {
    branch: query.get('branch') || undefined,
    workflow: query.get('workflow') || undefined,
    pullRequestId: integerParam(query, 'pull_request_id', 0, 2 ** 31 - 1),
    status: integerParam(query, 'status', 0, 4),
    limit: integerParam(query, 'limit', 1, 50) ?? 50,
    next: query.get('next') || undefined
  }
}

function matches(build: BuildRecord, filters: BuildFilters, now: number): boolean {
  if (filters.branch !== undefined && build.branch !== filters.branch) return false
  if (filters.workflow !== undefined && build.triggeredWorkflow !== filters.workflow) return false
  if (filters.pullRequestId !== undefined && (build.pullRequestId ?? 0) !== filters.pullRequestId) return false
  return filters.status === undefined || progressOf(build, now).status === filters.status
}

/** One page of an app's builds, newest first; `paging.next` is the slug of the first build of the next page. */
export function buildListPage(builds: Iterable<BuildRecord>, appSlug: string, filters: BuildFilters, now: number): Record<string, unknown> {
  const all = [...builds].filter((b) => b.appSlug === appSlug && matches(b, filters, now)).sort((a, b) => b.buildNumber - a.buildNumber)
  let from = 0
  if (filters.next !== undefined) {
    from = all.findIndex((b) => b.slug === filters.next)
    if (from < 0) throw badRequest(`next: no build "${filters.next}" in this list`)
  }
  const page = all.slice(from, from + filters.limit)
  const following = all[from + filters.limit]
  return {
    data: page.map((b) => buildJson(b, now)),
    paging: { total_item_count: all.length, page_item_limit: filters.limit, ...(following ? { next: following.slug } : {}) }
  }
}
