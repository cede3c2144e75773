/** Triggering, reading, following and aborting builds. */
import { APP_ANY_ROLE, APP_DEVELOPER, APP_DEVELOPER_OR_PUBLIC } from '../model/access.js'
import { logAnswer } from './build-log.js'
import { buildJson } from './build-views.js'
import { notFound } from '../http/errors.js'
import type { Reply } from '../http/io.js'
import type { ApiRoute, RequestContext } from '../http/router.js'
import type { TriggerRequest } from '../model/model.js'
import { triggersOf } from '../model/trigger-targets.js'
import type { BuildRecord } from '../model/build-records.js'
import type { PipelineRecord } from '../model/pipeline-records.js'
import { bodyObject, optionalBoolean, optionalString } from '../http/validation.js'
import { readTriggerRequest } from './trigger-request.js'

function trigger(ctx: RequestContext): Reply {
  const app = ctx.app()
  const request = readTriggerRequest(ctx.body, ctx.headers)
  // One item per build started: several when target-based triggers match several targets.
  const results: Record<string, unknown>[] = []
  for (const one of triggersOf(app, request)) {
    const item = startOne(ctx, one)
    // The owners and the pull request decide a hold, and every target shares them: the first decides for all.
    if (!item) return heldForApproval(app.slug)
    results.push(item)
  }
  const [item] = results
  return {
    status: 201,
    json: {
      status: 'ok',
      message: 'webhook processed',
      slug: app.slug,
      service: 'service',
      results,
      build_slug: item.build_slug,
      build_number: item.build_number,
      build_url: item.build_url,
      triggered_workflow: item.triggered_workflow
    }
  }
}

/** Starts one build or pipeline, and the `results` item that names it; undefined when the trigger is held for approval. */
function startOne(ctx: RequestContext, request: TriggerRequest): Record<string, unknown> | undefined {
  const app = ctx.app()
  const started = request.text.pipeline_id
    ? triggeredPipeline(ctx.model.triggerPipeline(app, request))
    : ctx.model.triggerBuild(app, request)
  if ('trigger' in started) return undefined
  return {
    build_slug: started.slug,
    build_number: started.buildNumber,
    build_url: `${ctx.origin}/${request.text.pipeline_id ? 'pipelines' : 'build'}/${started.slug}`,
    triggered_workflow: started.triggeredWorkflow,
    triggered_pipeline: 'triggeredPipeline' in started ? started.triggeredPipeline : '',
    status: 'ok',
    message: 'webhook processed'
  }
}

/**
 * A trigger held for manual approval: accepted, with an empty build slug, which is all the
 * service's build-router step shows of this answer (bitrise-step-build-router-start, main.go).
 * No results: nothing started. The build request is found through the build requests list.
 */
function heldForApproval(appSlug: string): Reply {
  const message = 'build request created: manual build approval is on for this app'
  return { status: 201, json: { status: 'ok', message, slug: appSlug, service: 'service', build_slug: '' } }
}

/** A pipeline as the trigger answer names it: its id stands where a build's slug would. */
function triggeredPipeline(pipeline: PipelineRecord): {
  slug: string
  buildNumber: number
  triggeredWorkflow: string
  triggeredPipeline: string
} {
  return { slug: pipeline.id, buildNumber: pipeline.number, triggeredWorkflow: '', triggeredPipeline: pipeline.name }
}

/** The record the path parameter `param` names (a build, a pipeline), provided it belongs to the route's app. */
export function appRecordOf<T extends { appSlug: string }>(
  ctx: RequestContext,
  records: ReadonlyMap<string, T>,
  param: string
): T {
  const app = ctx.app()
  const record = records.get(ctx.params[param])
  if (!record || record.appSlug !== app.slug)
    throw notFound(`${param} "${ctx.params[param]}" not found for app "${app.slug}"`)
  return record
}

/** The build named by `:build`, provided it belongs to the route's app. */
export function findBuild(ctx: RequestContext): BuildRecord {
  return appRecordOf(ctx, ctx.model.state.builds, 'build')
}

function getBuild(ctx: RequestContext): Reply {
  return { status: 200, json: { data: buildJson(findBuild(ctx), ctx.model.now()) } }
}

function getLog(ctx: RequestContext): Reply {
  const build = findBuild(ctx)
  const json = logAnswer(
    build,
    ctx.model.now(),
    { delayMs: ctx.logDelayMs, archiveDelayMs: ctx.logArchiveDelayMs },
    ctx.query,
    ctx.origin
  )
  if (json === null) throw notFound(`the log of build "${build.slug}" is not available yet`)
  return { status: 200, json }
}

/**
 * The configuration the build ran with, as text (the published contract: `text/plain`, "the
 * bitrise.yml configuration with which the build ran"); its app's may have changed since.
 */
function getBuildConfig(ctx: RequestContext): Reply {
  const build = findBuild(ctx)
  const text = ctx.model.state.buildConfigs.of(build.slug)
  if (text === undefined) throw notFound(`the configuration build "${build.slug}" ran with is no longer kept`)
  return { status: 200, text, headers: { 'content-type': 'text/plain; charset=utf-8' } }
}

function abort(ctx: RequestContext): Reply {
  const build = findBuild(ctx)
  const body = bodyObject(ctx.body, true)
  ctx.model.abortBuild(ctx.user, ctx.app(), build, {
    reason: optionalString(body, 'abort_reason') ?? '',
    withSuccess: optionalBoolean(body, 'abort_with_success') ?? false,
    skipGitStatusReport: optionalBoolean(body, 'skip_git_status_report') ?? false,
    skipNotifications: optionalBoolean(body, 'skip_notifications') ?? false
  })
  return { status: 200, json: { status: 'ok' } }
}

export const buildRoutes: ApiRoute[] = [
  { method: 'POST', pattern: '/apps/:app/builds', access: APP_DEVELOPER, handler: trigger },
  { method: 'GET', pattern: '/apps/:app/builds/:build', access: APP_ANY_ROLE, handler: getBuild },
  { method: 'GET', pattern: '/apps/:app/builds/:build/log', access: APP_DEVELOPER_OR_PUBLIC, handler: getLog },
  // Developer, as the service's documentation lists it (devcenter, "Managing an app's builds").
  {
    method: 'GET',
    pattern: '/apps/:app/builds/:build/service.yml',
    access: APP_DEVELOPER_OR_PUBLIC,
    handler: getBuildConfig
  },
  { method: 'POST', pattern: '/apps/:app/builds/:build/abort', access: APP_DEVELOPER, handler: abort }
]
