/**
 * The builds list of the published contract (`GET /apps/{app-slug}/builds`): every filter the
 * contract lists, and its paging, computed from the builds the model holds. A filter's value
 * the contract's type or enum does not allow is a 400 naming it. Query parameters the contract
 * does not list are ignored. Reads only; nothing here changes state.
 */
import { progressOf } from '../model/build-progress.js'
import { buildJson } from './build-views.js'
import { badRequest } from '../http/errors.js'
import { queryChoice, queryInteger, queryText } from '../http/validation.js'
import type { BuildRecord } from '../model/build-records.js'

/** The event a build was started for, as the contract's `trigger_event_type` names it. */
export type TriggerEventType = 'push' | 'pull-request' | 'tag'
const EVENT_TYPES: readonly TriggerEventType[] = ['push', 'pull-request', 'tag']
/** The contract's orders: by creation (the default), or the builds not finished first. */
const SORTS = ['created_at', 'running_first'] as const

/** The filters of the contract, read from a query. */
export interface BuildFilters {
  sortBy: (typeof SORTS)[number]
  branch?: string
  workflow?: string
  commitMessage?: string
  triggerEventType?: TriggerEventType
  pullRequestId?: number
  buildNumber?: number
  /** `after` and `before`, Unix seconds, as ms. */
  after?: number
  before?: number
  status?: number
  isPipelineBuild?: boolean
  limit: number
  next?: string
}

/** Reads the filters from the query, naming a bad parameter. */
export function readBuildFilters(query: URLSearchParams): BuildFilters {
  const seconds = (name: string): number | undefined => {
    const value = queryInteger(query, name, 0, 253_402_300_799)
    return value === undefined ? undefined : value * 1000
  }
  const pipeline = queryChoice(query, 'is_pipeline_build', ['true', 'false'])
  return {
    sortBy: queryChoice(query, 'sort_by', SORTS) ?? 'created_at',
    branch: queryText(query, 'branch'),
    workflow: queryText(query, 'workflow'),
    commitMessage: queryText(query, 'commit_message'),
    triggerEventType: queryChoice(query, 'trigger_event_type', EVENT_TYPES),
    pullRequestId: queryInteger(query, 'pull_request_id', 0, 2 ** 31 - 1),
    buildNumber: queryInteger(query, 'build_number', 0, 2 ** 31 - 1),
    after: seconds('after'),
    before: seconds('before'),
    status: queryInteger(query, 'status', 0, 4),
    isPipelineBuild: pipeline === undefined ? undefined : pipeline === 'true',
    limit: queryInteger(query, 'limit', 1, 50) ?? 50,
    next: queryText(query, 'next')
  }
}

/** The event the build was started for: a tag, a pull request, or else a push. */
export function triggerEventOf(build: BuildRecord): TriggerEventType {
  if (build.tag !== null) return 'tag'
  return (build.pullRequestId ?? 0) > 0 ? 'pull-request' : 'push'
}

function commitMessageOf(build: BuildRecord): string {
  const message = build.originalParams.commit_message
  return typeof message === 'string' ? message : ''
}

/** Whether the build passes every filter given. */
function matches(build: BuildRecord, filters: BuildFilters, status: number): boolean {
  const checks: Array<[unknown, () => boolean]> = [
    [filters.branch, () => build.branch === filters.branch],
    [filters.workflow, () => build.triggeredWorkflow === filters.workflow],
    [filters.commitMessage, () => commitMessageOf(build).includes(filters.commitMessage!)],
    [filters.triggerEventType, () => triggerEventOf(build) === filters.triggerEventType],
    [filters.pullRequestId, () => (build.pullRequestId ?? 0) === filters.pullRequestId],
    [filters.buildNumber, () => build.buildNumber === filters.buildNumber],
    [filters.after, () => build.triggeredAt >= filters.after!],
    [filters.before, () => build.triggeredAt < filters.before!],
    [filters.status, () => status === filters.status],
    [filters.isPipelineBuild, () => (build.pipelineWorkflowId !== undefined) === filters.isPipelineBuild]
  ]
  return checks.every(([given, check]) => given === undefined || check())
}

/** One page of an app's builds, newest first (unfinished first with `running_first`); `paging.next` is the slug of the first build of the next page. */
export function buildListPage(
  builds: Iterable<BuildRecord>,
  appSlug: string,
  filters: BuildFilters,
  now: number
): Record<string, unknown> {
  const found: Array<{ build: BuildRecord; running: boolean }> = []
  for (const build of builds) {
    if (build.appSlug !== appSlug) continue
    const status = progressOf(build, now).status
    if (matches(build, filters, status)) found.push({ build, running: status === 0 })
  }
  const runningFirst = filters.sortBy === 'running_first'
  found.sort(
    (a, b) => (runningFirst ? Number(b.running) - Number(a.running) : 0) || b.build.buildNumber - a.build.buildNumber
  )
  const all = found.map((f) => f.build)
  let from = 0
  if (filters.next !== undefined) {
    from = all.findIndex((b) => b.slug === filters.next)
    if (from < 0) throw badRequest(`next: no build "${filters.next}" in this list`)
  }
  const page = all.slice(from, from + filters.limit)
  const following = all[from + filters.limit]
  return {
    data: page.map((b) => buildJson(b, now)),
    paging: {
      total_item_count: all.length,
      page_item_limit: filters.limit,
      ...(following ? { next: following.slug } : {})
    }
  }
}
