/**
 * How long a workflow's recent successful builds ran, from one page of the builds list
 * (`GET /apps/{app-slug}/builds` with `workflow`, `branch`, `status=1` and `limit`, the filters
 * the service's contract names and its MCP server's list_builds sends), newest first; each item
 * has `started_on_worker_at` and `finished_at` (the recorded lists in
 * `__tests__/fixtures/service/`). A wait aims its reads at the end this predicts.
 */
import type { ServiceClient } from '../http/service-client.js'
import { appPath, buildsPath } from './paths.js'

/** Builds read: one page, the most the list gives at once. */
export const HISTORY_LIMIT = 50

/** A finished build of the list: its branch, and how long it ran on a worker, in ms. */
export interface RanBuild {
  branch?: string
  durationMs: number
}

/** Ms of an ISO 8601 instant with a zone; undefined for anything else. */
export function instantMs(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)$/i.test(value))
    return undefined
  const ms = Date.parse(value)
  return Number.isFinite(ms) ? ms : undefined
}

/** One page of a list, sent once (a history that does not come at once is not worth holding the wait for), each object item read by `read`. */
async function readList(
  client: ServiceClient,
  path: string,
  query: Record<string, string | number | undefined>,
  signal: AbortSignal | undefined,
  read: (raw: Record<string, unknown>) => RanBuild[]
): Promise<RanBuild[]> {
  const res = await client.request<{ data?: unknown } | undefined>('GET', path, { query, retry: 'once', signal })
  const items = Array.isArray(res.body?.data) ? (res.body.data as unknown[]) : []
  return items.flatMap((item) =>
    item !== null && typeof item === 'object' ? read(item as Record<string, unknown>) : []
  )
}

/** A run from `started` to `finished`, or none when either time is missing or they are out of order. */
function ran(started: unknown, finished: unknown, branch: unknown): RanBuild[] {
  const from = instantMs(started)
  const to = instantMs(finished)
  if (from === undefined || to === undefined || to < from) return []
  return [{ branch: typeof branch === 'string' ? branch : undefined, durationMs: to - from }]
}

/** The successful builds of `workflow` (on `branch`, when given) on one page of the list, each with how long it ran; an item without both times is left out. */
export async function recentSuccesses(
  client: ServiceClient,
  appSlug: string,
  { workflow, branch }: { workflow: string; branch?: string },
  signal?: AbortSignal
): Promise<RanBuild[]> {
  const query = { workflow, branch, status: 1, limit: HISTORY_LIMIT }
  return readList(client, buildsPath(appSlug), query, signal, (raw) => {
    // The filter is the service's; checked again, so a service that ignores it predicts nothing wrong.
    const other = (field: unknown, wanted: string | undefined): boolean =>
      wanted !== undefined && field !== undefined && field !== wanted
    if (raw.status !== 1 || other(raw.triggered_workflow, workflow) || other(raw.branch, branch)) return []
    return ran(raw.started_on_worker_at, raw.finished_at, raw.branch)
  })
}

/**
 * The successful runs of the pipeline named `pipeline` on one page of the app's pipelines list
 * (`GET /apps/{app-slug}/pipelines` with `pipeline`, `status=succeeded` and `limit`, as the
 * contract names them), each with how long it ran from `started_at` to `finished_at`.
 */
export async function recentPipelineSuccesses(
  client: ServiceClient,
  appSlug: string,
  pipeline: string,
  signal?: AbortSignal
): Promise<RanBuild[]> {
  const query = { pipeline, status: 'succeeded', limit: HISTORY_LIMIT }
  return readList(client, appPath(appSlug, 'pipelines'), query, signal, (raw) =>
    // The list holds standalone builds too (is_pipeline false): only pipelines predict a pipeline.
    raw.is_pipeline === false ? [] : ran(raw.started_at, raw.finished_at, raw.branch)
  )
}
