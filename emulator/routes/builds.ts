/** Triggering, reading, following and aborting builds. */
import { randomBytes } from 'node:crypto'
import { ANY_ROLE, appWithRole, OWNER_ADMIN_DEVELOPER } from '../access.js'
import { buildJson, logAt, progressOf } from '../builds.js'
import { badRequest, notFound } from '../http-error.js'
import { isObject, type Reply } from '../http-io.js'
import type { RequestContext, Route } from '../router.js'
import { ConfigLimitError, parseServiceYml, selectWorkflow, workflowNames, type ServiceConfig } from '../service-config.js'
import type { AppRecord, BuildOutcome, BuildRecord, EnvItem } from '../types.js'
import { redactBody, REDACTED } from '../redact.js'
import { bodyObject, optionalBoolean, optionalString } from '../validate.js'

const STRING_PARAMS = [
  'branch',
  'commit_hash',
  'tag',
  'commit_message',
  'workflow_id',
  'branch_dest',
  'branch_repo_owner',
  'branch_dest_repo_owner',
  'pull_request_merge_branch',
  'pull_request_head_branch',
  'pull_request_repository_url'
]
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/** Accepts the four encodings: object, JSON text, object or text under `payload`, form `payload`. */
function unwrapTriggerBody(body: unknown): Record<string, unknown> {
  let value = body
  const parse = (text: string, what: string): unknown => {
    try {
      return JSON.parse(text)
    } catch {
      throw badRequest(`${what} is not valid JSON`)
    }
  }
  if (typeof value === 'string') value = parse(value, 'request body')
  if (isObject(value) && value.payload !== undefined && value.hook_info === undefined) {
    value = typeof value.payload === 'string' ? parse(value.payload, 'payload') : value.payload
  }
  if (!isObject(value)) throw badRequest('request body must be a JSON object with hook_info and build_params')
  return value
}

function checkEnvironments(value: unknown): EnvItem[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw badRequest('build_params.environments must be an array')
  return value.map((item, i) => {
    const at = `build_params.environments[${i}]`
    if (!isObject(item)) throw badRequest(`${at} must be an object`)
    const name = item.mapped_to ?? item.key
    if (typeof name !== 'string' || !ENV_NAME.test(name)) {
      throw badRequest(`${at}.mapped_to must be a valid environment variable name`)
    }
    if (item.key !== undefined && item.mapped_to !== undefined && item.key !== item.mapped_to) {
      throw badRequest(`${at}.key and ${at}.mapped_to disagree`)
    }
    if (typeof item.value !== 'string') throw badRequest(`${at}.value must be a string`)
    if (item.is_expand !== undefined && typeof item.is_expand !== 'boolean') throw badRequest(`${at}.is_expand must be a boolean`)
    // The value has been checked; the emulator runs nothing, so it keeps only that there was one.
    return { name, value: REDACTED, is_expand: item.is_expand ?? true }
  })
}

/** Reads the app's configuration as a build would, or answers 400 when it cannot be found or read. */
function configForBuild(app: AppRecord): ServiceConfig {
  if (app.configLocation === 'repository' && !app.repositoryHasConfig) {
    throw badRequest(`the configuration file service.yml was not found in the repository of app "${app.slug}" (the configuration location is "repository")`)
  }
  try {
    return parseServiceYml(app.serviceYml)
  } catch (error) {
    if (error instanceof ConfigLimitError) throw badRequest(`the app's service.yml is over the emulator's limits: ${error.message}`)
    throw badRequest(`the app's service.yml is not valid: ${(error as Error).message.split('\n')[0]}`)
  }
}

function headerOptions(ctx: RequestContext, app: AppRecord): { outcome: BuildOutcome; durationMs: number } {
  const outcomeHeader = ctx.headers['x-emulator-build-outcome']
  let outcome = app.buildOutcome
  if (typeof outcomeHeader === 'string') {
    if (outcomeHeader !== 'success' && outcomeHeader !== 'failure') {
      throw badRequest('X-Emulator-Build-Outcome must be success or failure')
    }
    outcome = outcomeHeader
  }
  const durationHeader = ctx.headers['x-emulator-build-duration-ms']
  let durationMs = ctx.buildDurationMs
  if (typeof durationHeader === 'string') {
    if (!/^\d+$/.test(durationHeader)) throw badRequest('X-Emulator-Build-Duration-Ms must be a non-negative integer')
    durationMs = Number(durationHeader)
  }
  return { outcome, durationMs }
}

/**
 * App envs beat additional envs; secrets beat both. The record keeps app env values only: a
 * trigger's values may be secrets (nothing on the wire says which), and the app's secrets are.
 */
function effectiveEnvironment(app: AppRecord, additional: EnvItem[]): Pick<BuildRecord, 'effectiveEnv' | 'envSources'> {
  const effectiveEnv: Record<string, string> = {}
  const envSources: BuildRecord['envSources'] = {}
  for (const item of additional) {
    effectiveEnv[item.name] = REDACTED
    envSources[item.name] = 'additional'
  }
  for (const [name, value] of Object.entries(app.envs)) {
    effectiveEnv[name] = value
    envSources[name] = 'app'
  }
  for (const name of Object.keys(app.secrets)) {
    effectiveEnv[name] = '[secret]'
    envSources[name] = 'secret'
  }
  return { effectiveEnv, envSources }
}

function trigger(ctx: RequestContext): Reply {
  const app = appWithRole(ctx, OWNER_ADMIN_DEVELOPER)
  const body = unwrapTriggerBody(ctx.body)
  if (!isObject(body.hook_info) || body.hook_info.type !== 'service') {
    throw badRequest('hook_info.type must be "service"')
  }
  if (!isObject(body.build_params)) throw badRequest('build_params is required and must be an object')
  const params = body.build_params
  const text: Record<string, string | undefined> = {}
  for (const field of STRING_PARAMS) {
    const value = params[field]
    if (value !== undefined && value !== null && typeof value !== 'string') throw badRequest(`build_params.${field} must be a string`)
    text[field] = typeof value === 'string' && value !== '' ? value : undefined
  }
  const prId = params.pull_request_id
  if (prId !== undefined && prId !== null && !(typeof prId === 'number' && Number.isInteger(prId))) {
    throw badRequest('build_params.pull_request_id must be an integer')
  }
  const pullRequestId = typeof prId === 'number' ? prId : null
  const skipGitStatusReport = params.skip_git_status_report
  if (skipGitStatusReport !== undefined && typeof skipGitStatusReport !== 'boolean') {
    throw badRequest('build_params.skip_git_status_report must be a boolean')
  }
  const additionalEnvs = checkEnvironments(params.environments)
  if (!text.tag && !text.commit_hash && !text.branch && !text.workflow_id) {
    throw badRequest('build_params needs at least one of tag, commit_hash, branch or workflow_id')
  }
  const { outcome, durationMs } = headerOptions(ctx, app)

  const config = configForBuild(app)
  let workflow: string
  if (text.workflow_id) {
    const known = workflowNames(config)
    if (known.length > 0 && !known.includes(text.workflow_id)) {
      throw badRequest(`build_params.workflow_id: workflow "${text.workflow_id}" is not defined in the configuration`)
    }
    workflow = text.workflow_id
  } else {
    const selected = selectWorkflow(config, {
      branch: text.branch,
      tag: text.tag,
      pullRequest: pullRequestId !== null ? { sourceBranch: text.branch, targetBranch: text.branch_dest } : undefined
    })
    if (selected === null) {
      throw badRequest('no trigger map item matched the given branch, tag or pull request; set build_params.workflow_id or add a trigger_map item')
    }
    workflow = selected
  }

  const held = pullRequestId !== null && !text.branch_repo_owner && !text.branch_dest_repo_owner
  const checkout: BuildRecord['checkout'] = text.commit_hash
    ? { kind: 'commit_hash', value: text.commit_hash }
    : text.tag
      ? { kind: 'tag', value: text.tag }
      : text.branch
        ? { kind: 'branch', value: text.branch }
        : { kind: 'default_branch', value: app.defaultBranch }
  const build: BuildRecord = {
    slug: randomBytes(8).toString('hex'),
    appSlug: app.slug,
    buildNumber: app.nextBuildNumber++,
    triggeredAt: ctx.now,
    startedAt: held ? null : ctx.now,
    durationMs,
    outcome,
    triggeredWorkflow: workflow,
    branch: text.branch ?? null,
    commitHash: text.commit_hash ?? null,
    tag: text.tag ?? null,
    pullRequestId,
    checkout,
    originalParams: redactBody(params) as Record<string, unknown>,
    additionalEnvs,
    ...effectiveEnvironment(app, additionalEnvs),
    skipGitStatusReport: skipGitStatusReport === true,
    heldForApproval: held,
    approvedAt: null,
    abort: null
  }
  ctx.state.builds.set(build.slug, build)
  const item = {
    build_slug: build.slug,
    build_number: build.buildNumber,
    build_url: `${ctx.origin}/build/${build.slug}`,
    triggered_workflow: workflow,
    triggered_pipeline: '',
    status: 'ok',
    message: 'webhook processed'
  }
  return {
    status: 201,
    json: {
      status: 'ok',
      message: 'webhook processed',
      slug: app.slug,
      service: 'service',
      results: [item],
      build_slug: item.build_slug,
      build_number: item.build_number,
      build_url: item.build_url,
      triggered_workflow: workflow
    }
  }
}

function findBuild(ctx: RequestContext, app: AppRecord): BuildRecord {
  const build = ctx.state.builds.get(ctx.params.build)
  if (!build || build.appSlug !== app.slug) throw notFound(`build "${ctx.params.build}" not found for app "${app.slug}"`)
  return build
}

function getBuild(ctx: RequestContext): Reply {
  const app = appWithRole(ctx, ANY_ROLE)
  return { status: 200, json: { data: buildJson(findBuild(ctx, app), ctx.now) } }
}

function getLog(ctx: RequestContext): Reply {
  const app = appWithRole(ctx, ANY_ROLE)
  const build = findBuild(ctx, app)
  const log = logAt(build, ctx.now, ctx.logDelayMs)
  if (log === null) throw notFound(`the log of build "${build.slug}" is not available yet`)
  return {
    status: 200,
    json: {
      log_chunks: log.chunks,
      is_archived: log.finished,
      expiring_raw_log_url: null,
      timestamp: new Date(ctx.now).toISOString()
    }
  }
}

/** Whether an abort email goes out under the app's settings (`change` compares with the branch's previous build). */
function notificationDecision(ctx: RequestContext, app: AppRecord, build: BuildRecord, withSuccess: boolean): { setting: string; sent: boolean; reason: string } {
  const setting = withSuccess ? app.notifications.on_success : app.notifications.on_failure
  if (setting === 'never') return { setting, sent: false, reason: 'setting is never' }
  if (setting === 'always') return { setting, sent: true, reason: 'setting is always' }
  const previous = [...ctx.state.builds.values()]
    .filter((b) => b.appSlug === app.slug && b.branch === build.branch && b.buildNumber < build.buildNumber)
    .map((b) => progressOf(b, ctx.now))
    .filter((p) => p.status !== 0)
    .pop()
  if (!previous) return { setting, sent: true, reason: 'no previous build on this branch' }
  const previousSucceeded = previous.status === 1 || previous.status === 4
  const changed = previousSucceeded !== withSuccess
  return { setting, sent: changed, reason: changed ? 'status changed' : 'status unchanged' }
}

function abort(ctx: RequestContext): Reply {
  const app = appWithRole(ctx, OWNER_ADMIN_DEVELOPER)
  const build = findBuild(ctx, app)
  const body = bodyObject(ctx.body, true)
  const reason = optionalString(body, 'abort_reason') ?? ''
  const withSuccess = optionalBoolean(body, 'abort_with_success') ?? false
  const skipGitStatusReport = optionalBoolean(body, 'skip_git_status_report') ?? false
  const skipNotifications = optionalBoolean(body, 'skip_notifications') ?? false
  const progress = progressOf(build, ctx.now)
  if (progress.status !== 0) {
    throw badRequest(`build "${build.slug}" has already finished (${progress.statusText}) and cannot be aborted`)
  }
  const decision = skipNotifications
    ? { setting: withSuccess ? app.notifications.on_success : app.notifications.on_failure, sent: false, reason: 'skip_notifications is true' }
    : notificationDecision(ctx, app, build, withSuccess)
  build.abort = {
    at: ctx.now,
    reason,
    withSuccess,
    skipNotifications,
    skipGitStatusReport,
    notificationSent: decision.sent,
    by: ctx.user
  }
  ctx.state.notifications.push({
    app: app.slug,
    build: build.slug,
    event: 'abort',
    outcome: withSuccess ? 'success' : 'failure',
    ...decision
  })
  return { status: 200, json: { status: 'ok' } }
}

export const buildRoutes: Route[] = [
  { method: 'POST', pattern: '/apps/:app/builds', handler: trigger },
  { method: 'GET', pattern: '/apps/:app/builds/:build', handler: getBuild },
  { method: 'GET', pattern: '/apps/:app/builds/:build/log', handler: getLog },
  { method: 'POST', pattern: '/apps/:app/builds/:build/abort', handler: abort }
]
