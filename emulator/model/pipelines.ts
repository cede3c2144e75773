/**
 * Pipelines: the workflows of a pipeline of the app's service.yml (model/pipeline-plan.ts),
 * each run as a build once every workflow it waits for has ended, each taking one build
 * duration: with stages, a stage's workflows start together once the stage before has ended;
 * in a graph, a workflow starts once those it depends on have ended. Like builds, they need no
 * timers: their state is read from the clock. A trigger without either repository owner is
 * held, as a build is; an abort stops what has not finished; a rebuild starts a new attempt,
 * and a partial one keeps the workflows that succeeded after everything they waited for did.
 */
import { createHash, randomUUID } from 'node:crypto'
import { conflict, invalid } from './errors.js'
import type { EmulatorState } from './state.js'
import type { TriggerRequest } from './build-records.js'
import type { KeptWorkflow, PipelineAttempt, PipelineRecord, PlannedWorkflow } from './pipeline-records.js'
import type { AppRecord } from './records.js'
import { needsApproval } from './build-requests.js'
import { configForBuild, hasFreeSlot } from './builds.js'
import { readPipeline, runOrder } from './pipeline-plan.js'

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
  /** Every workflow, in the order of the configuration. */
  workflows: PipelineWorkflowView[]
  /** The same workflows by stage, for a pipeline with stages; empty for a graph. */
  stages: { name: string; workflows: PipelineWorkflowView[] }[]
}

/** One workflow of the current attempt as the clock finds it. */
export interface PipelineWorkflowView {
  id: string
  /** Its build's slug; '' until it has started (and for ever when it never does). */
  externalId: string
  name: string
  /** The stage that holds it; null in a graph pipeline. */
  stage: string | null
  /** The names of the workflows it waits for in a graph pipeline; empty with stages. */
  dependsOn: string[]
  status: WorkflowStatus
  /** When it started, null when it has not; kept workflows count as started long ago. */
  startedAt: number | null
  /** It succeeded, and so did everything it waited for: a partial rebuild keeps it. */
  clean: boolean
}

/**
 * Starts a pipeline, or holds it: a fork pull request trigger on an app with manual approval is
 * held as a build's would be (model/build-requests.ts; the approval of a pipeline is not
 * emulated, so it stays held until aborted), and with no free concurrency slot it waits on hold
 * as a build does, starting when a slot frees. A push is never held for approval.
 */
export function triggerPipeline(
  state: EmulatorState,
  app: AppRecord,
  request: TriggerRequest,
  now: number,
  stageDurationMs: number
): PipelineRecord {
  const name = request.text.pipeline_id!
  const reading = readPipeline(configForBuild(app), name)
  if (!reading) throw invalid(`build_params.pipeline_id: pipeline "${name}" is not defined in the configuration`)
  if (!('plan' in reading)) throw invalid('error' in reading ? reading.error : reading.empty)
  const heldFor = needsApproval(app, request) ? 'approval' : hasFreeSlot(state, app, now) ? undefined : 'slot'
  const pipeline: PipelineRecord = {
    id: randomUUID(),
    appSlug: app.slug,
    name,
    number: app.nextBuildNumber++,
    plan: reading.plan,
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
  const waiting = [...state.pipelines.values()].filter(
    (p) => !p.abort && p.attempts.at(-1)!.heldFor === 'slot' && p.attempts.at(-1)!.startedAt === null
  )
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
  return (
    attempt.kept.get(name)?.id ??
    createHash('sha256').update(`${pipeline.id}/${attempt.number}/${name}`).digest('hex').slice(0, 16)
  )
}

/** How a workflow ended: when, and whether it and everything it waited for succeeded. */
interface Ended {
  at: number
  clean: boolean
}

/**
 * The current attempt as of `now`. A workflow waits until everything it waits for has ended;
 * then it is skipped when one of those did not succeed cleanly (unless it always runs), else it
 * runs for one build duration. An abort stops what has not ended; what had not started then
 * stays without a build.
 */
export function pipelineView(app: AppRecord | undefined, pipeline: PipelineRecord, now: number): PipelineView {
  const attempt = pipeline.attempts[pipeline.attempts.length - 1]
  const cut = pipeline.abort ? Math.min(now, pipeline.abort.at) : now
  const ended: Array<Ended | undefined> = []
  const views: PipelineWorkflowView[] = []
  let failed = false
  const waiting: WorkflowStatus = pipeline.abort ? 'aborted' : 'pending'
  for (const i of runOrder(pipeline.plan)) {
    const planned = pipeline.plan.workflows[i]
    const show = (status: WorkflowStatus, startedAt: number | null = null, clean = false): void => {
      views[i] = workflowView(pipeline, attempt, planned, status, startedAt, clean)
    }
    const needs = planned.needs.map((j) => ended[j])
    if (attempt.kept.has(planned.name)) {
      ended[i] = { at: attempt.startedAt ?? attempt.at, clean: true }
      show('succeeded', null, true)
    } else if (attempt.startedAt === null) show(pipeline.abort ? 'aborted' : 'on_hold')
    else if (needs.some((n) => n === undefined)) show(waiting)
    else {
      const ready = Math.max(attempt.startedAt, ...needs.map((n) => n!.at))
      const clean = needs.every((n) => n!.clean)
      if (!clean && !planned.alwaysRun) {
        ended[i] = { at: ready, clean: false }
        show('skipped')
      } else if (cut < ready) show(waiting)
      else if (cut < ready + pipeline.stageDurationMs) show(pipeline.abort ? 'aborted' : 'running', ready)
      else {
        const fails = workflowFails(app, attempt, planned.name)
        failed ||= fails
        ended[i] = { at: ready + pipeline.stageDurationMs, clean: clean && !fails }
        show(fails ? 'failed' : 'succeeded', ready, clean && !fails)
      }
    }
  }
  return { ...pipelineStatus(pipeline, attempt, ended, failed), workflows: views, stages: stagesOf(pipeline, views) }
}

function pipelineStatus(
  pipeline: PipelineRecord,
  attempt: PipelineAttempt,
  ended: Array<Ended | undefined>,
  failed: boolean
): Pick<PipelineView, 'status' | 'finishedAt'> {
  if (pipeline.abort)
    return { status: pipeline.abort.withSuccess ? 'succeeded_with_abort' : 'aborted', finishedAt: pipeline.abort.at }
  if (attempt.startedAt === null) return { status: 'on_hold', finishedAt: null }
  if (pipeline.plan.workflows.some((_, i) => ended[i] === undefined)) return { status: 'running', finishedAt: null }
  const finishedAt = Math.max(attempt.startedAt, ...ended.map((e) => e!.at))
  return { status: failed ? 'failed' : 'succeeded', finishedAt }
}

/** The workflows by stage, in the order of the configuration; the workflows of one stage share one list of needs (model/pipeline-plan.ts). */
function stagesOf(pipeline: PipelineRecord, views: PipelineWorkflowView[]): PipelineView['stages'] {
  const stages: PipelineView['stages'] = []
  pipeline.plan.workflows.forEach((planned, i) => {
    if (planned.stage === null) return
    if (i === 0 || pipeline.plan.workflows[i - 1].needs !== planned.needs)
      stages.push({ name: planned.stage, workflows: [] })
    stages.at(-1)!.workflows.push(views[i])
  })
  return stages
}

/** Whether a workflow of this attempt fails: all do when the app's builds fail, flaky ones on the first attempt. */
export function workflowFails(app: AppRecord | undefined, attempt: PipelineAttempt, name: string): boolean {
  return app?.buildOutcome === 'failure' || (attempt.number === 1 && (app?.flakyWorkflows ?? []).includes(name))
}

/** A workflow's view; a kept workflow keeps its build, started in an earlier attempt. */
function workflowView(
  pipeline: PipelineRecord,
  attempt: PipelineAttempt,
  planned: PlannedWorkflow,
  status: WorkflowStatus,
  startedAt: number | null,
  clean: boolean
): PipelineWorkflowView {
  const kept = attempt.kept.get(planned.name)
  return {
    id: workflowId(pipeline, attempt, planned.name),
    externalId: kept?.externalId ?? attempt.builds.get(planned.name) ?? '',
    name: planned.name,
    stage: planned.stage,
    dependsOn:
      planned.needs.length > 0 && planned.stage === null
        ? planned.needs.map((j) => pipeline.plan.workflows[j].name)
        : [],
    status,
    startedAt,
    clean
  }
}

/** Aborts a pipeline that has not finished. */
export function abortPipeline(
  app: AppRecord,
  pipeline: PipelineRecord,
  caller: string,
  request: PipelineAbortRequest,
  now: number
): void {
  const { status } = pipelineView(app, pipeline, now)
  if (status !== 'running' && status !== 'on_hold')
    throw conflict(`pipeline "${pipeline.id}" has already finished (${status}) and cannot be aborted`)
  pipeline.abort = { at: now, ...request, by: caller }
}

/**
 * Asks for a new attempt of a finished pipeline. The service answers the rebuild 201 with no body
 * and creates the attempt on its own time, so the attempt shows only `delayMs` later (0: at
 * once); until then every read shows the previous attempt, finished (emulator/docs/pipelines.md).
 */
export function rebuildPipeline(
  app: AppRecord,
  pipeline: PipelineRecord,
  partial: boolean,
  now: number,
  delayMs = 0
): void {
  if (pipeline.rebuild) throw conflict(`pipeline "${pipeline.id}" is already being rebuilt`)
  const view = pipelineView(app, pipeline, now)
  if (view.status === 'running' || view.status === 'on_hold')
    throw conflict(`pipeline "${pipeline.id}" is still ${view.status} and cannot be rebuilt`)
  if (partial && view.status === 'succeeded')
    throw conflict(`pipeline "${pipeline.id}" succeeded: a partial rebuild has nothing to run`)
  pipeline.attempts[pipeline.attempts.length - 1].endStatus = view.status
  pipeline.rebuild = { at: now + Math.max(0, delayMs), partial }
  if (delayMs <= 0) startRebuild(app, pipeline)
}

/** Starts the attempts of the rebuilds whose time has come. */
export function startRebuilds(state: EmulatorState, now: number): void {
  for (const pipeline of state.pipelines.values()) {
    const app = state.apps.get(pipeline.appSlug)
    if (app && pipeline.rebuild && pipeline.rebuild.at <= now) startRebuild(app, pipeline)
  }
}

/** The new attempt of a rebuild, from its time; a partial one keeps the workflows that succeeded after all they waited for did. */
function startRebuild(app: AppRecord, pipeline: PipelineRecord): void {
  const { at, partial } = pipeline.rebuild!
  const kept = new Map<string, KeptWorkflow>()
  if (partial)
    for (const w of pipelineView(app, pipeline, at).workflows)
      if (w.clean) kept.set(w.name, { id: w.id, externalId: w.externalId })
  pipeline.attempts.push({ number: pipeline.attempts.length + 1, at, startedAt: at, kept, builds: new Map() })
  pipeline.abort = null
  pipeline.rebuild = undefined
}
