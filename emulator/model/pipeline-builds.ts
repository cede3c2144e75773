/**
 * The builds of a pipeline's workflows. On the service a pipeline workflow has two ids: its
 * own `id`, and `external_id`, the slug of the build it runs as, empty until it has started
 * (bitrise-steplib/bitrise-step-pull-intermediate-files, README and
 * `step/matcher/staged_pipeline.go`). Here each workflow's build is made when it starts
 * (with its stage, or in a graph once what it depends on has ended), as the clock finds it
 * before each request, and is an ordinary build: readable,
 * with a log and artifacts, naming its workflow in `pipeline_workflow_id`.
 */
import { randomBytes } from 'node:crypto'
import { progressOf } from './build-progress.js'
import type { EmulatorState } from './state.js'
import type { BuildRecord } from './build-records.js'
import type { PipelineRecord } from './pipeline-records.js'
import type { AppRecord } from './records.js'
import { abortBuild, checkoutOf, configForBuild, effectiveEnvironment } from './builds.js'
import { runsOn } from './build-overrides.js'
import { pipelineView, workflowFails, type PipelineWorkflowView } from './pipelines.js'
import { recordTrigger } from './events.js'

/** Makes the build of every workflow that has started by `now` and has none yet. */
export function settlePipelineBuilds(state: EmulatorState, now: number): void {
  for (const pipeline of state.pipelines.values()) {
    const app = state.apps.get(pipeline.appSlug)
    if (app) startedWorkflowBuilds(state, app, pipeline, now)
  }
}

function startedWorkflowBuilds(state: EmulatorState, app: AppRecord, pipeline: PipelineRecord, now: number): void {
  const attempt = pipeline.attempts[pipeline.attempts.length - 1]
  if (attempt.startedAt === null || attempt.builds.size === pipeline.plan.workflows.length) return
  for (const workflow of pipelineView(app, pipeline, now).workflows) {
    if (workflow.startedAt === null || attempt.builds.has(workflow.name)) continue
    const build = workflowBuild(app, pipeline, workflow, workflow.startedAt, workflowFails(app, attempt, workflow.name))
    state.addBuild(build)
    recordTrigger(state, build, workflow.startedAt)
    attempt.builds.set(workflow.name, build.slug)
  }
}

function workflowBuild(
  app: AppRecord,
  pipeline: PipelineRecord,
  workflow: PipelineWorkflowView,
  startedAt: number,
  fails: boolean
): BuildRecord {
  const { text, pullRequestId, environments, secrets, priority, originalParams, skipGitStatusReport } = pipeline.request
  return {
    slug: randomBytes(8).toString('hex'),
    appSlug: app.slug,
    // A pipeline's workflow builds carry the pipeline's number (bitrise-io/bitrise-mcp
    // devenv/test-responses list_builds.json: three builds of one pipeline, build_number 324527 each).
    buildNumber: pipeline.number,
    triggeredAt: startedAt,
    startedAt,
    durationMs: pipeline.stageDurationMs,
    creditsPerMinute: app.creditsPerMinute,
    outcome: fails ? 'failure' : 'success',
    triggeredWorkflow: workflow.name,
    branch: text.branch ?? null,
    commitHash: text.commit_hash ?? null,
    tag: text.tag ?? null,
    pullRequestId,
    checkout: checkoutOf(app, text),
    originalParams,
    additionalEnvs: environments,
    ...effectiveEnvironment(app, environments, secrets),
    ...runsOn(app, configForBuild(app), workflow.name, text),
    priority: priority ?? 0,
    skipGitStatusReport,
    buildRequest: null,
    gitStatusReport: null,
    ended: false,
    abort: null,
    pipelineWorkflowId: workflow.id
  }
}

/** Aborts the builds of the pipeline's current attempt that are still running, as the pipeline's recorded abort says. */
export function abortWorkflowBuilds(state: EmulatorState, app: AppRecord, pipeline: PipelineRecord, now: number): void {
  const { abort } = pipeline
  if (abort === null) return
  startedWorkflowBuilds(state, app, pipeline, now)
  const attempt = pipeline.attempts[pipeline.attempts.length - 1]
  for (const slug of attempt.builds.values()) {
    const build = state.builds.get(slug)
    if (!build || progressOf(build, now).status !== 0) continue
    const { reason, withSuccess, skipNotifications } = abort
    abortBuild(state, app, build, abort.by, { reason, withSuccess, skipNotifications, skipGitStatusReport: false }, now)
  }
}
