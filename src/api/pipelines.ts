/** The service's pipeline calls: read one, abort it, rebuild it. */
import type { BuildStatus } from './build-record.js'
import { ApiError } from '../http/api-error.js'
import type { ApiResponse, ServiceClient } from '../http/service-client.js'
import { excerpt } from '../safe-text.js'
import { describeUnsafeSlug, pipelinePath, slugProblem } from './paths.js'
import { timingOf, type BuildTiming } from './build-timing.js'

/** A workflow of a pipeline's current attempt. */
export interface PipelineWorkflow {
  /** The stage that holds it; '' in a graph pipeline, which has no stages. */
  stage: string
  name: string
  /** The pipeline workflow's own id: not a build. */
  id: string
  /** The slug of the build the workflow runs as (`external_id`); '' until it has started. */
  buildSlug: string
  status: string
  /** The workflows it waits for, by name (a graph pipeline's `depends_on`); empty when none. */
  dependsOn: string[]
  timing: BuildTiming
}

/** A pipeline as the action follows it. */
export interface PipelineRecord {
  id: string
  /** The pipeline's name in the configuration, when the answer gives it. */
  name?: string
  status: string
  abortReason?: string
  timing: BuildTiming
  /** When it started (`started_at`), as received: a wait aims its reads at the end it expects from there. */
  startedAt?: string
  workflows: PipelineWorkflow[]
  response: string
}

/** Statuses after which a pipeline changes no more (unless rebuilt). */
export const PIPELINE_FINISHED = new Set(['succeeded', 'failed', 'aborted', 'succeeded_with_abort'])

/** A finished pipeline's status in a build's words (succeeded → success), so one rule and one output judge both. */
export const PIPELINE_AS_BUILD: Readonly<Record<string, BuildStatus>> = {
  succeeded: 'success',
  failed: 'failed',
  aborted: 'aborted',
  succeeded_with_abort: 'aborted-with-success'
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** Reads a pipeline; the answer may come bare or under `data`. */
export async function getPipeline(
  client: ServiceClient,
  appSlug: string,
  pipelineId: string,
  signal?: AbortSignal
): Promise<PipelineRecord> {
  return pipelineRecord(await requestPipeline(client, appSlug, pipelineId, signal), appSlug, pipelineId)
}

/** The service's answer to a read of a pipeline, not yet checked. */
export function requestPipeline(
  client: ServiceClient,
  appSlug: string,
  pipelineId: string,
  signal?: AbortSignal
): Promise<ApiResponse<Record<string, unknown> | undefined>> {
  return client.request<Record<string, unknown> | undefined>('GET', pipelinePath(appSlug, pipelineId), { signal })
}

/**
 * The pipeline an answer of requestPipeline holds; throws when it has no status, or when it
 * names another pipeline: the action reads, aborts and reports only the pipeline it asked for.
 */
export function pipelineRecord(
  res: ApiResponse<Record<string, unknown> | undefined>,
  appSlug: string,
  pipelineId: string
): PipelineRecord {
  const path = pipelinePath(appSlug, pipelineId)
  const raw = (res.body && typeof res.body.data === 'object' && res.body.data !== null ? res.body.data : res.body) as
    Record<string, unknown> | undefined
  if (!raw || typeof raw.status !== 'string')
    throw ApiError.missingField({ method: 'GET', path, status: res.status, what: 'has no "status"' })
  if (raw.id !== undefined && raw.id !== pipelineId) {
    const named = typeof raw.id === 'string' ? `pipeline ${excerpt(raw.id, 80)}` : 'an id that is not text'
    throw ApiError.invalidResponse({
      method: 'GET',
      path,
      status: res.status,
      message: `GET ${path} answered for ${named}, not for pipeline ${pipelineId}; the answer is not used`
    })
  }
  const read = (w: Record<string, unknown> | undefined, stage: string): PipelineWorkflow =>
    workflowOf(w, stage, path, res.status)
  const staged = listOf(raw.stages).flatMap((stage) => listOf(stage?.workflows).map((w) => read(w, text(stage.name))))
  const workflows = mergeWorkflows(
    staged,
    listOf(raw.workflows).map((w) => read(w, ''))
  )
  const timing = timingOf({
    triggered: raw.triggered_at,
    started: raw.started_at,
    finished: raw.finished_at,
    credits: raw.credit_cost
  })
  return {
    id: pipelineId,
    name: text(raw.name) || undefined,
    status: raw.status,
    abortReason: text(raw.abort_reason) || undefined,
    timing,
    startedAt: text(raw.started_at) || undefined,
    workflows,
    response: res.text
  }
}

const listOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? (value as Record<string, unknown>[]) : []

/** One workflow of the answer, in a stage (`stage` its name) or in the top-level list (`stage` ''). */
function workflowOf(
  w: Record<string, unknown> | undefined,
  stage: string,
  path: string,
  status: number
): PipelineWorkflow {
  const dependsOn = Array.isArray(w?.depends_on)
    ? [...new Set((w.depends_on as unknown[]).filter((d): d is string => typeof d === 'string' && d !== ''))]
    : []
  return {
    stage,
    name: text(w?.name),
    id: text(w?.id),
    buildSlug: workflowBuildSlug(w?.external_id, path, status),
    status: text(w?.status),
    dependsOn,
    timing: timingOf({ started: w?.started_at, finished: w?.finished_at, credits: w?.credit_cost })
  }
}

/**
 * The workflows of both lists the answer may hold: those of its stages, then those of its
 * top-level `workflows` not already listed (the same `id`, or when either has none, the same
 * name), so an answer that lists a workflow in both gives it once, with what either says.
 */
function mergeWorkflows(staged: PipelineWorkflow[], top: PipelineWorkflow[]): PipelineWorkflow[] {
  const merged = [...staged]
  for (const w of top) {
    const at = staged.findIndex((s) => (s.id !== '' && w.id !== '' ? s.id === w.id : s.name === w.name))
    if (at < 0) {
      merged.push(w)
      continue
    }
    const s = merged[at]
    merged[at] = {
      ...s,
      buildSlug: s.buildSlug || w.buildSlug,
      status: s.status || w.status,
      dependsOn: s.dependsOn.length > 0 ? s.dependsOn : w.dependsOn,
      timing: { ...w.timing, ...definedOf(s.timing) }
    }
  }
  return merged
}

const definedOf = (timing: BuildTiming): BuildTiming =>
  Object.fromEntries(Object.entries(timing).filter(([, v]) => v !== undefined)) as BuildTiming

/** A workflow's `external_id`: its build's slug, '' (or absent) until it has started; one that is no safe slug makes the answer invalid. */
function workflowBuildSlug(value: unknown, path: string, status: number): string {
  if (value === undefined || value === null || value === '') return ''
  const problem = slugProblem(value)
  if (!problem) return value as string
  throw ApiError.invalidResponse({
    method: 'GET',
    path,
    status,
    message: `GET ${path} answered ${status}, but a workflow's ${describeUnsafeSlug('external_id', value, problem).slice(4)}`
  })
}

/** Aborts a pipeline with the same reason and flags as a build. */
export async function abortPipeline(
  client: ServiceClient,
  appSlug: string,
  pipelineId: string,
  request: { abortReason: string; abortWithSuccess: boolean; skipNotifications: boolean }
): Promise<void> {
  await client.request<unknown>('POST', pipelinePath(appSlug, pipelineId, 'abort'), {
    body: {
      abort_reason: request.abortReason,
      abort_with_success: request.abortWithSuccess,
      skip_notifications: request.skipNotifications
    },
    retry: 'idempotent'
  })
}

/** Rebuilds a finished pipeline: all of it, or with `partial` only the failed workflows and those after them. */
export async function rebuildPipeline(
  client: ServiceClient,
  appSlug: string,
  pipelineId: string,
  partial: boolean,
  signal?: AbortSignal
): Promise<string> {
  const res = await client.request<unknown>('POST', pipelinePath(appSlug, pipelineId, 'rebuild'), {
    body: { partial },
    signal
  })
  return res.text
}
