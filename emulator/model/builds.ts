/** Build state changes: trigger, abort, concurrency holds, and the recording of a build's end. */
import { randomBytes } from 'node:crypto'
import { progressOf } from './build-progress.js'
import { conflict, invalid } from './errors.js'
import { REDACTED } from './redaction.js'
import { ConfigLimitError, parseServiceYml, workflowNames, type ServiceConfig } from './service-config.js'
import { selectWorkflow } from './trigger-map.js'
import type { EmulatorState } from './state.js'
import type { BuildRecord, EnvItem, TriggerRequest } from './build-records.js'
import type { AppRecord } from './records.js'
import { recordAbort, recordBuildEnd, recordTrigger } from './events.js'
import { runsOn } from './build-overrides.js'

/** An abort, checked for shape by the route. */
export interface AbortRequest {
  reason: string
  withSuccess: boolean
  skipGitStatusReport: boolean
  skipNotifications: boolean
}

/**
 * Configurations already read, by their text: a trigger reads its app's file, and parsing it
 * again for each of thousands of triggers was a third of the emulator's time. Only read from.
 */
const parsedConfigs = new Map<string, ServiceConfig>()
const MAX_PARSED_CONFIGS = 256

function parsedConfig(text: string): ServiceConfig {
  let config = parsedConfigs.get(text)
  if (!config) {
    config = parseServiceYml(text)
    if (parsedConfigs.size >= MAX_PARSED_CONFIGS) parsedConfigs.delete(parsedConfigs.keys().next().value as string)
    parsedConfigs.set(text, config)
  }
  return config
}

/** Reads the app's configuration as a build would, or answers 400 when it cannot be found or read. */
export function configForBuild(app: AppRecord): ServiceConfig {
  if (app.configLocation === 'repository' && !app.repositoryHasConfig) {
    throw invalid(
      `the configuration file service.yml was not found in the repository of app "${app.slug}" (the configuration location is "repository")`
    )
  }
  try {
    return parsedConfig(app.serviceYml)
  } catch (error) {
    if (error instanceof ConfigLimitError)
      throw invalid(`the app's service.yml is over the emulator's limits: ${error.message}`)
    throw invalid(`the app's service.yml is not valid: ${(error as Error).message.split('\n')[0]}`)
  }
}

/** `workflow_id` when given (it must name a workflow of the file), else the first trigger map item that matches. */
export function chooseWorkflow(config: ServiceConfig, request: TriggerRequest): string {
  const { text } = request
  if (text.workflow_id) {
    const known = workflowNames(config)
    if (known.length > 0 && !known.includes(text.workflow_id)) {
      throw invalid(`build_params.workflow_id: workflow "${text.workflow_id}" is not defined in the configuration`)
    }
    return text.workflow_id
  }
  const selected = selectWorkflow(config, {
    branch: text.branch,
    tag: text.tag,
    pullRequest:
      request.pullRequestId !== null ? { sourceBranch: text.branch, targetBranch: text.branch_dest } : undefined
  })
  if (selected === null) {
    throw invalid(
      'no trigger map item matched the given branch, tag or pull request; set build_params.workflow_id or add a trigger_map item'
    )
  }
  return selected
}

/**
 * App envs beat additional envs; secrets beat both (interface rule 2), and the trigger's own
 * `secrets` beat the app's. The record keeps app env values only: a trigger's values may be
 * secrets (nothing on the wire says which), and the app's secrets are.
 */
export function effectiveEnvironment(
  app: AppRecord,
  additional: EnvItem[],
  buildSecrets: EnvItem[] = []
): Pick<BuildRecord, 'effectiveEnv' | 'envSources'> {
  const effectiveEnv: Record<string, string> = {}
  const envSources: BuildRecord['envSources'] = {}
  const set = (name: string, value: string, source: BuildRecord['envSources'][string]): void => {
    effectiveEnv[name] = value
    envSources[name] = source
  }
  for (const item of additional) set(item.name, REDACTED, 'additional')
  for (const [name, value] of Object.entries(app.envs)) set(name, value, 'app')
  for (const name of Object.keys(app.secrets)) set(name, '[secret]', 'secret')
  for (const item of buildSecrets) set(item.name, '[secret]', 'build_secret')
  return { effectiveEnv, envSources }
}

/**
 * What the service's standard clone step checks out, with its inputs at their defaults
 * (bitrise-steplib/steps-git-clone, gitclone/checkout.go, selectCheckoutMethod; merge_pr: yes).
 * A trigger naming a destination branch, a merge ref or a source repository URL is a pull request
 * to the step: it checks out the merge ref, else merges the head into the destination branch
 * (the fork's branch when the source repository is not the app's, the commit otherwise;
 * checkout_method_pr_manual.go). Any other trigger gets the most specific of commit, tag and
 * branch (interface rule 1), or the app's default branch when it names none.
 */
export function checkoutOf(app: AppRecord, text: TriggerRequest['text']): BuildRecord['checkout'] {
  if (text.pull_request_merge_branch)
    return { kind: 'pull_request_merge_branch', value: text.pull_request_merge_branch }
  if (text.branch_dest || text.pull_request_repository_url) {
    const fork = text.pull_request_repository_url !== undefined && text.pull_request_repository_url !== app.repoUrl
    return {
      kind: 'merge',
      value: fork
        ? `${text.pull_request_repository_url} ${text.branch ?? ''}`.trim()
        : (text.commit_hash ?? text.branch ?? ''),
      into: text.branch_dest ?? ''
    }
  }
  if (text.commit_hash) return { kind: 'commit_hash', value: text.commit_hash }
  if (text.tag) return { kind: 'tag', value: text.tag }
  if (text.branch) return { kind: 'branch', value: text.branch }
  return { kind: 'default_branch', value: app.defaultBranch }
}

/** The app's builds that have started and not ended at `now`: those using its concurrency. */
function runningCount(state: EmulatorState, app: AppRecord, now: number): number {
  let count = 0
  for (const b of state.unended)
    if (b.appSlug === app.slug && !b.abort && b.startedAt !== null && now < b.startedAt + b.durationMs) count++
  return count
}

/** Whether the app has a free concurrency slot for one more build (or pipeline). */
export function hasFreeSlot(state: EmulatorState, app: AppRecord, now: number): boolean {
  return app.concurrency === null || runningCount(state, app, now) < app.concurrency
}

/**
 * Starts a build, or puts it on hold when the app has no free concurrency slot (devcenter,
 * "Build statuses": on hold means more builds started than the plan allows). Whether the trigger
 * needs manual approval first is decided before this (model/build-requests.ts).
 */
export function triggerBuild(
  state: EmulatorState,
  app: AppRecord,
  request: TriggerRequest,
  now: number,
  defaultDurationMs: number,
  buildRequest: string | null = null
): BuildRecord {
  const config = configForBuild(app)
  const workflow = chooseWorkflow(config, request)
  const { text } = request
  const free = hasFreeSlot(state, app, now)
  const build: BuildRecord = {
    slug: randomBytes(8).toString('hex'),
    appSlug: app.slug,
    buildNumber: app.nextBuildNumber++,
    triggeredAt: now,
    startedAt: free ? now : null,
    durationMs: request.durationMs ?? defaultDurationMs,
    ...(request.logBytesPerSecond ? { logBytesPerSecond: request.logBytesPerSecond } : {}),
    creditsPerMinute: app.creditsPerMinute,
    outcome: request.outcome ?? app.buildOutcome,
    triggeredWorkflow: workflow,
    branch: text.branch ?? null,
    commitHash: text.commit_hash ?? null,
    tag: text.tag ?? null,
    pullRequestId: request.pullRequestId,
    checkout: checkoutOf(app, text),
    originalParams: request.originalParams,
    additionalEnvs: request.environments,
    ...effectiveEnvironment(app, request.environments, request.secrets),
    ...runsOn(app, config, workflow, text),
    priority: request.priority ?? 0,
    skipGitStatusReport: request.skipGitStatusReport,
    buildRequest,
    gitStatusReport: null,
    ended: false,
    abort: null
  }
  state.addBuild(build)
  recordTrigger(state, build, now)
  return build
}

/**
 * Starts builds on hold while their app has free concurrency slots: the highest priority first,
 * then the oldest (devcenter, "Build priority": a higher value runs sooner, 0 by default).
 */
export function startHeldBuilds(state: EmulatorState, now: number): void {
  const waiting = [...state.unended]
    .filter((b) => b.startedAt === null && !b.abort)
    .sort((a, b) => b.priority - a.priority || a.buildNumber - b.buildNumber)
  for (const build of waiting) {
    const app = state.apps.get(build.appSlug)
    if (app && hasFreeSlot(state, app, now)) build.startedAt = now
  }
}

/** Aborts a build that has not finished (held or running) and records the events the abort causes. */
export function abortBuild(
  state: EmulatorState,
  app: AppRecord,
  build: BuildRecord,
  caller: string,
  request: AbortRequest,
  now: number
): void {
  settleBuilds(state, now)
  const progress = progressOf(build, now)
  if (progress.status !== 0) {
    throw conflict(`build "${build.slug}" has already finished (${progress.statusText}) and cannot be aborted`)
  }
  build.abort = { at: now, ...request, notificationSent: false, by: caller }
  build.ended = true
  build.abort.notificationSent = recordAbort(state, app, build, now)
}

/**
 * Records the end of every build that has run its course by `now`, in the order they ended.
 * Builds need no timers: this runs before each request, so the events are in place before
 * anyone can ask about them, stamped with the time the build ended.
 */
export function settleBuilds(state: EmulatorState, now: number): void {
  const ended: BuildRecord[] = []
  for (const build of state.unended) {
    if (build.ended) state.unended.delete(build)
    else if (build.startedAt !== null && now >= build.startedAt + build.durationMs) {
      state.unended.delete(build)
      ended.push(build)
    }
  }
  ended.sort((a, b) => a.startedAt! + a.durationMs - (b.startedAt! + b.durationMs) || a.buildNumber - b.buildNumber)
  for (const build of ended) {
    build.ended = true
    const app = state.apps.get(build.appSlug)
    if (app) recordBuildEnd(state, app, build, build.startedAt! + build.durationMs)
  } // A slot freed since the last settling goes to the oldest build on hold (it starts now, a little late).
  startHeldBuilds(state, now)
}
