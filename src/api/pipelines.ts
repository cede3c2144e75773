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

/** One attempt of a pipeline, as `attempts[]` lists it; each field undefined when the answer lacks it. */
export interface PipelineAttempt {
  id: string
  /** `number_in_pipeline_build_scope`: 1 for the first run, one more for each rebuild. */
  number?: number
  status?: string
  triggeredAt?: string
}

/** A pipeline as the action follows it. */
export interface PipelineRecord {
  id: string
  /** `current_attempt_id`: the attempt the rest of the answer describes, when the answer gives it. */
  currentAttemptId?: string
  /** `attempts[]`, as listed; empty when the answer has none. */
  attempts: PipelineAttempt[]
  /** When it finished (`finished_at`), as received: with no attempt ids, what tells a finished attempt from the next. */
  finishedAt?: string
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
    currentAttemptId: text(raw.current_attempt_id) || undefined,
    attempts: listOf(raw.attempts)
      .map(attemptOf)
      .filter((a) => a.id !== ''),
    finishedAt: text(raw.finished_at) || undefined,
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

function attemptOf(item: Record<string, unknown> | null | undefined): PipelineAttempt {
  const a = item ?? {}
  const number = a.number_in_pipeline_build_scope
  return {
    id: text(a.id),
    number: typeof number === 'number' && Number.isInteger(number) ? number : undefined,
    status: text(a.status) || undefined,
    triggeredAt: text(a.triggered_at) || undefined
  }
}

/** The attempt an answer describes: `current_attempt_id`, else the newest of `attempts[]` (by number, else the last listed). */
export function currentAttemptOf(pipeline: PipelineRecord): string | undefined {
  if (pipeline.currentAttemptId) return pipeline.currentAttemptId
  const numbered = pipeline.attempts.filter((a) => a.number !== undefined)
  if (numbered.length > 0) return numbered.reduce((a, b) => ((b.number as number) > (a.number as number) ? b : a)).id
  return pipeline.attempts.at(-1)?.id
}

/** What tells the attempt a read showed from a later one: its id when the answer names one, else its status and times. */
export interface AttemptMark {
  attemptId?: string
  status: string
  startedAt?: string
  finishedAt?: string
}

export function attemptMark(pipeline: PipelineRecord): AttemptMark {
  const { status, startedAt, finishedAt } = pipeline
  return { attemptId: currentAttemptOf(pipeline), status, startedAt, finishedAt }
}

/**
 * Whether a read still shows the attempt `before` marked: a rebuild whose new attempt is not
 * visible yet. By the attempt's id when both reads name one; else (a service that names no
 * attempt) a finished read with the same start and end as before is still that attempt.
 */
export function showsAttempt(pipeline: PipelineRecord, before: AttemptMark): boolean {
  const now = currentAttemptOf(pipeline)
  if (now !== undefined && before.attemptId !== undefined) return now === before.attemptId
  return (
    PIPELINE_FINISHED.has(pipeline.status) &&
    pipeline.status === before.status &&
    pipeline.startedAt === before.startedAt &&
    pipeline.finishedAt === before.finishedAt
  )
}

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
