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

/** The successful builds of `workflow` (on `branch`, when given) on one page of the list, each with how long it ran; an item without both times is left out. */
export async function recentSuccesses(
  client: ServiceClient,
  appSlug: string,
  { workflow, branch }: { workflow: string; branch?: string },
  signal?: AbortSignal
): Promise<RanBuild[]> {
  const res = await client.request<{ data?: unknown } | undefined>('GET', buildsPath(appSlug), {
    query: { workflow, branch, status: 1, limit: HISTORY_LIMIT },
    // Sent once: a history that does not come at once is not worth holding the wait for.
    retry: 'once',
    signal
  })
  const items = Array.isArray(res.body?.data) ? (res.body.data as unknown[]) : []
  return items.flatMap((item): RanBuild[] => {
    if (item === null || typeof item !== 'object') return []
    const raw = item as Record<string, unknown>
    // The filter is the service's; checked again, so a service that ignores it predicts nothing wrong.
    const other = (field: unknown, wanted: string | undefined): boolean =>
      wanted !== undefined && field !== undefined && field !== wanted
    if (raw.status !== 1 || other(raw.triggered_workflow, workflow) || other(raw.branch, branch)) return []
    const started = instantMs(raw.started_on_worker_at)
    const finished = instantMs(raw.finished_at)
    if (started === undefined || finished === undefined || finished < started) return []
    return [{ branch: typeof raw.branch === 'string' ? raw.branch : undefined, durationMs: finished - started }]
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
  const res = await client.request<{ data?: unknown } | undefined>('GET', appPath(appSlug, 'pipelines'), {
    query: { pipeline, status: 'succeeded', limit: HISTORY_LIMIT },
    retry: 'once',
    signal
  })
  const items = Array.isArray(res.body?.data) ? (res.body.data as unknown[]) : []
  return items.flatMap((item): RanBuild[] => {
    if (item === null || typeof item !== 'object') return []
    const raw = item as Record<string, unknown>
    // The list holds standalone builds too (is_pipeline false): only pipelines predict a pipeline.
    if (raw.is_pipeline === false) return []
    const started = instantMs(raw.started_at)
    const finished = instantMs(raw.finished_at)
    if (started === undefined || finished === undefined || finished < started) return []
    return [{ branch: typeof raw.branch === 'string' ? raw.branch : undefined, durationMs: finished - started }]
  })
}
