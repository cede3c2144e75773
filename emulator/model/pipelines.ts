/**
 * Pipelines: stages of workflows from the app's service.yml, run one stage after another,
 * each stage taking one build duration. Like builds, they need no timers: their state is
 * read from the clock. A trigger without either repository owner is held, as a build is;
 * an abort stops what has not finished; a rebuild starts a new attempt, and a partial one
 * keeps the workflows that succeeded.
 */
import { createHash, randomUUID } from 'node:crypto'
import { conflict, invalid } from './errors.js'
import type { EmulatorState } from './state.js'
import type { AppRecord, KeptWorkflow, PipelineAttempt, PipelineRecord, TriggerRequest } from './types.js'
import { needsApproval } from './build-requests.js'
import { configForBuild, hasFreeSlot } from './builds.js'

/** A pipeline's abort, checked for shape by the route. */
export interface PipelineAbortRequest {
  reason: string
  withSuccess: boolean
  skipNotifications: boolean
}

export type WorkflowStatus = 'pending' | 'on_hold' | 'running' | 'succeeded' | 'failed' | 'aborted' | 'skipped'

/** The pipeline as the clock finds it: its status and each workflow's of the current attempt. */
export interface PipelineView {
  status: 'on_hold' | 'running' | 'succeeded' | 'failed' | 'aborted' | 'succeeded_with_abort'
  finishedAt: number | null
  stages: { name: string; workflows: PipelineWorkflowView[] }[]
}

/** One workflow of the current attempt as the clock finds it. */
export interface PipelineWorkflowView {
  id: string
  /** Its build's slug; '' until its stage has started (and for ever when it never does). */
  externalId: string
  name: string
  status: WorkflowStatus
  /** When its stage started, null when it has not; kept workflows count as started long ago. */
  startedAt: number | null
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const nameOf = (item: unknown): string | undefined =>
  typeof item === 'string' ? item : item && typeof item === 'object' ? Object.keys(item as object)[0] : undefined

/** The stages of pipeline `id` in the configuration: `pipelines.<id>.stages`, each stage's workflows inline or under `stages.<name>`. */
function stagesOf(config: Record<string, unknown>, id: string): PipelineRecord['stages'] {
  const pipelines = (config.pipelines ?? {}) as Record<string, { stages?: unknown }>
  const definition = Object.hasOwn(pipelines, id) ? pipelines[id] : undefined
  if (!definition) throw invalid(`build_params.pipeline_id: pipeline "${id}" is not defined in the configuration`)
  const shared = (config.stages ?? {}) as Record<string, { workflows?: unknown }>
  const stages = asList(definition.stages).map((entry) => {
    const name = nameOf(entry) ?? ''
    const inline = entry && typeof entry === 'object' ? (entry as Record<string, { workflows?: unknown } | null>)[name]?.workflows : undefined
    const workflows = asList(inline ?? (Object.hasOwn(shared, name) ? shared[name]?.workflows : undefined)).map(nameOf).filter((w): w is string => Boolean(w))
    return { name, workflows }
  })
  if (stages.length === 0 || stages.some((s) => s.name === '' || s.workflows.length === 0)) {
    throw invalid(`pipeline "${id}" has no stages, or a stage without workflows`)
  }
  return stages
}

/**
 * Starts a pipeline, or holds it: a fork pull request trigger on an app with manual approval is
 * held as a build's would be (model/build-requests.ts; the approval of a pipeline is not
 * emulated, so it stays held until aborted), and with no free concurrency slot it waits on hold
 * as a build does, starting when a slot frees. A push is never held for approval.
 */
export function triggerPipeline(state: EmulatorState, app: AppRecord, request: TriggerRequest, now: number, stageDurationMs: number): PipelineRecord {
  const name = request.text.pipeline_id!
  const stages = stagesOf(configForBuild(app), name)
  const heldFor = needsApproval(app, request) ? 'approval' : hasFreeSlot(state, app, now) ? undefined : 'slot'
  const pipeline: PipelineRecord = {
    id: randomUUID(),
    appSlug: app.slug,
    name,
    number: app.nextBuildNumber++,
    stages,
    attempts: [{ number: 1, at: now, startedAt: heldFor ? null : now, heldFor, kept: new Map(), builds: new Map() }],
    stageDurationMs: request.durationMs ?? stageDurationMs,
    triggerParams: request.originalParams,
    request,
    abort: null
  }
  state.pipelines.set(pipeline.id, pipeline)
  return pipeline
}

/** Starts the pipelines held for a concurrency slot, oldest first, while their app has one free. */
export function startSlotHeldPipelines(state: EmulatorState, now: number): void {
  const waiting = [...state.pipelines.values()].filter((p) => !p.abort && p.attempts.at(-1)!.heldFor === 'slot' && p.attempts.at(-1)!.startedAt === null)
  for (const pipeline of waiting.sort((a, b) => a.number - b.number)) {
    const app = state.apps.get(pipeline.appSlug)
    const attempt = pipeline.attempts.at(-1)!
    if (app && hasFreeSlot(state, app, now)) {
      attempt.startedAt = now
      attempt.heldFor = undefined
    }
  }
}

function workflowId(pipeline: PipelineRecord, attempt: PipelineAttempt, name: string): string {
  return attempt.kept.get(name)?.id ?? createHash('sha256').update(`${pipeline.id}/${attempt.number}/${name}`).digest('hex').slice(0, 16)
}

/**
 * The current attempt as of `now`: stages run in turn; a failed stage skips the rest; an abort
 * stops the rest. While a stage runs, the stages after it are pending, not running.
 */
export function pipelineView(app: AppRecord | undefined, pipeline: PipelineRecord, now: number): PipelineView {
  const attempt = pipeline.attempts[pipeline.attempts.length - 1]
  const cut = pipeline.abort ? Math.min(now, pipeline.abort.at) : now
  const fails = (name: string): boolean => workflowFails(app, attempt, name)
  let at = attempt.startedAt
  let failed = false
  let reached = false
  let done = 0
  const stages = pipeline.stages.map((stage) => {
    const start = failed || reached ? null : at
    const run = (status: (name: string) => WorkflowStatus): PipelineView['stages'][number] => ({
      name: stage.name,
      workflows: stage.workflows.map((name) => workflowView(pipeline, attempt, name, attempt.kept.has(name) ? 'succeeded' : status(name), start))
    })
    if (failed || reached) return run(() => (failed ? 'skipped' : pipeline.abort ? 'aborted' : 'pending'))
    if (stage.workflows.every((name) => attempt.kept.has(name))) return run(() => 'succeeded')
    if (at === null) return run(() => (pipeline.abort ? 'aborted' : 'on_hold'))
    if (cut < at + pipeline.stageDurationMs) {
      reached = true
      return run(() => (pipeline.abort ? 'aborted' : cut < at! ? 'pending' : 'running'))
    }
    at += pipeline.stageDurationMs
    done = at
    failed = stage.workflows.some((name) => !attempt.kept.has(name) && fails(name))
    return run((name) => (fails(name) ? 'failed' : 'succeeded'))
  })
  const statuses = stages.flatMap((s) => s.workflows.map((w) => w.status))
  if (pipeline.abort) return { status: pipeline.abort.withSuccess ? 'succeeded_with_abort' : 'aborted', finishedAt: pipeline.abort.at, stages }
  if (attempt.startedAt === null) return { status: 'on_hold', finishedAt: null, stages }
  if (failed) return { status: 'failed', finishedAt: done, stages }
  if (statuses.every((s) => s === 'succeeded')) return { status: 'succeeded', finishedAt: done || attempt.startedAt, stages }
  return { status: 'running', finishedAt: null, stages }
}

/** Whether a workflow of this attempt fails: all do when the app's builds fail, flaky ones on the first attempt. */
export function workflowFails(app: AppRecord | undefined, attempt: PipelineAttempt, name: string): boolean {
  return app?.buildOutcome === 'failure' || (attempt.number === 1 && (app?.flakyWorkflows ?? []).includes(name))
}

/** A workflow's view; its stage started at `stageStart` when that is set and not after the clock's cut. */
function workflowView(pipeline: PipelineRecord, attempt: PipelineAttempt, name: string, status: WorkflowStatus, stageStart: number | null): PipelineWorkflowView {
  const kept = attempt.kept.get(name)
  const started = kept === undefined && stageStart !== null && status !== 'pending' && status !== 'skipped' && status !== 'on_hold'
  // An abort before the stage began leaves the workflow aborted without a build.
  const beforeAbort = !pipeline.abort || stageStart! <= pipeline.abort.at
  return {
    id: workflowId(pipeline, attempt, name),
    externalId: kept?.externalId ?? attempt.builds.get(name) ?? '',
    name,
    status,
    startedAt: started && beforeAbort ? stageStart : null
  }
}

/** Aborts a pipeline that has not finished. */
export function abortPipeline(app: AppRecord, pipeline: PipelineRecord, caller: string, request: PipelineAbortRequest, now: number): void {
  const { status } = pipelineView(app, pipeline, now)
  if (status !== 'running' && status !== 'on_hold') throw conflict(`pipeline "${pipeline.id}" has already finished (${status}) and cannot be aborted`)
  pipeline.abort = { at: now, ...request, by: caller }
}

/** Starts a new attempt of a finished pipeline; a partial one keeps the workflows that succeeded. */
export function rebuildPipeline(app: AppRecord, pipeline: PipelineRecord, partial: boolean, now: number): void {
  const view = pipelineView(app, pipeline, now)
  if (view.status === 'running' || view.status === 'on_hold') throw conflict(`pipeline "${pipeline.id}" is still ${view.status} and cannot be rebuilt`)
  if (partial && view.status === 'succeeded') throw conflict(`pipeline "${pipeline.id}" succeeded: a partial rebuild has nothing to run`)
  const kept = new Map<string, KeptWorkflow>()
  if (partial) for (const w of view.stages.flatMap((s) => s.workflows)) if (w.status === 'succeeded') kept.set(w.name, { id: w.id, externalId: w.externalId })
  pipeline.attempts.push({ number: pipeline.attempts.length + 1, at: now, startedAt: now, kept, builds: new Map() })
  pipeline.abort = null
}
