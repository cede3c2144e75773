/** Listing pipelines, and reading, aborting and rebuilding one. */
import { APP_ANY_ROLE, APP_DEVELOPER } from '../model/access.js'
import type { Reply } from '../http/io.js'
import type { PipelineRecord } from '../model/pipeline-records.js'
import type { PipelineView, PipelineWorkflowView } from '../model/pipelines.js'
import type { ApiRoute, RequestContext } from '../http/router.js'
import { bodyObject, optionalBoolean, optionalString } from '../http/validation.js'
import { progressOf } from '../model/build-progress.js'
import { creditCost } from './build-views.js'
import { appRecordOf } from './builds.js'
import { pipelineListPage } from './pipeline-list.js'

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString())

/** The pipeline named by `:pipeline`, provided it belongs to the route's app. */
function findPipeline(ctx: RequestContext): PipelineRecord {
  return appRecordOf(ctx, ctx.model.state.pipelines, 'pipeline')
}

function getPipeline(ctx: RequestContext): Reply {
  const pipeline = findPipeline(ctx)
  const view = ctx.model.pipelineView(ctx.app(), pipeline)
  const attempt = pipeline.attempts[pipeline.attempts.length - 1]
  const finished = !['running', 'on_hold'].includes(view.status)
  const now = ctx.model.now()
  // Each workflow runs as a build of its own: its end and cost are that build's.
  const timesOf = new Map(view.workflows.map((w) => [w.id, workflowTimes(ctx, w, now)]))
  const costs = [...timesOf.values()].map((t) => t.credit_cost)
  const shown = (w: PipelineWorkflowView): Record<string, unknown> => ({
    id: w.id,
    external_id: w.externalId,
    name: w.name,
    status: w.status,
    ...timesOf.get(w.id)
  })
  return {
    status: 200,
    json: {
      id: pipeline.id,
      name: pipeline.name,
      number_in_app_scope: pipeline.number,
      app: { slug: pipeline.appSlug },
      status: view.status,
      triggered_at: iso(pipeline.attempts[0].at),
      started_at: iso(attempt.startedAt),
      finished_at: iso(view.finishedAt),
      put_on_hold_at: attempt.startedAt === null ? iso(attempt.at) : null,
      abort_reason: pipeline.abort?.reason ?? '',
      // As for builds: null on a plan without credits; the workflows' sum once the pipeline ended.
      credit_cost:
        finished && costs.some((c) => c !== null) ? costs.reduce<number>((sum, c) => sum + (c ?? 0), 0) : null,
      rebuildable: finished,
      current_attempt_id: `${pipeline.id}-${attempt.number}`,
      // Every field of the recorded real answer (bitrise-io/bitrise-mcp devenv/test-responses get_pipeline.json).
      attempts: pipeline.attempts.map((a) => ({
        id: `${pipeline.id}-${a.number}`,
        number_in_pipeline_build_scope: a.number,
        status: a === attempt ? view.status : (a.endStatus ?? view.status),
        triggered_at: iso(a.at)
      })),
      // Recorded: "webhook-github/<user>" for a webhook, "schedule" for a schedule, null for one
      // of three listed pipelines; no source shows an API trigger's, so null (see emulator/docs/pipelines.md).
      triggered_by: null,
      ...workflowsJson(pipeline, view, shown),
      // The contract's trigger_params model has no pipeline_id: the pipeline is the answer itself.
      trigger_params: Object.fromEntries(
        Object.entries(pipeline.triggerParams).filter(([name]) => name !== 'pipeline_id')
      )
    }
  }
}

/** The workflows as the service answers them: under their stages, or for a graph pipeline as graphWorkflows says. */
function workflowsJson(
  pipeline: PipelineRecord,
  view: PipelineView,
  shown: (w: PipelineWorkflowView) => Record<string, unknown>
): Record<string, unknown> {
  if (pipeline.plan.kind !== 'graph')
    return {
      stages: view.stages.map((stage) => ({ id: stage.name, name: stage.name, workflows: stage.workflows.map(shown) }))
    }
  return {
    type: 'dag',
    workflows: graphWorkflows(view.workflows).map((w) => ({
      ...shown(w),
      ...(w.dependsOn.length > 0 ? { depends_on: w.dependsOn } : {}),
      startFailureReason: ''
    }))
  }
}

/**
 * A graph pipeline's workflows as the service lists them: under the top-level `workflows`, by
 * name, with `type: "dag"`, no `stages`, and `depends_on` only on a workflow that has
 * dependencies (a real answer recorded in bitrise-io/bitrise-mcp,
 * `devenv/test-responses/before/get_pipeline.json`).
 */
function graphWorkflows(workflows: PipelineWorkflowView[]): PipelineWorkflowView[] {
  return [...workflows].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/**
 * A workflow's times and credit_cost: those of the build it runs as (null until it has one
 * that ended). A workflow kept from an earlier attempt keeps its build's start.
 */
function workflowTimes(
  ctx: RequestContext,
  w: PipelineWorkflowView,
  now: number
): { started_at: string | null; finished_at: string | null; credit_cost: number | null } {
  const build = w.externalId === '' ? undefined : ctx.model.state.builds.get(w.externalId)
  if (!build) return { started_at: iso(w.startedAt), finished_at: null, credit_cost: null }
  const { finishedAt } = progressOf(build, now)
  return {
    started_at: iso(w.startedAt ?? build.startedAt),
    finished_at: iso(finishedAt),
    credit_cost: creditCost(build, finishedAt)
  }
}

function abort(ctx: RequestContext): Reply {
  const body = bodyObject(ctx.body, true)
  ctx.model.abortPipeline(ctx.user, ctx.app(), findPipeline(ctx), {
    reason: optionalString(body, 'abort_reason') ?? '',
    withSuccess: optionalBoolean(body, 'abort_with_success') ?? false,
    skipNotifications: optionalBoolean(body, 'skip_notifications') ?? false
  })
  return { status: 200, json: { status: 'ok' } }
}

function rebuild(ctx: RequestContext): Reply {
  const body = bodyObject(ctx.body, true)
  const pipeline = findPipeline(ctx)
  ctx.model.rebuildPipeline(ctx.app(), pipeline, optionalBoolean(body, 'partial') ?? false)
  return { status: 201, json: { id: pipeline.id, status: 'ok' } }
}

function listPipelines(ctx: RequestContext): Reply {
  return { status: 200, json: pipelineListPage(ctx, ctx.app()) }
}

export const pipelineRoutes: ApiRoute[] = [
  { method: 'GET', pattern: '/apps/:app/pipelines', access: APP_ANY_ROLE, handler: listPipelines },
  { method: 'GET', pattern: '/apps/:app/pipelines/:pipeline', access: APP_ANY_ROLE, handler: getPipeline },
  { method: 'POST', pattern: '/apps/:app/pipelines/:pipeline/abort', access: APP_DEVELOPER, handler: abort },
  { method: 'POST', pattern: '/apps/:app/pipelines/:pipeline/rebuild', access: APP_DEVELOPER, handler: rebuild }
]
