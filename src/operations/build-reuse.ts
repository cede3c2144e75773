/**
 * Re-runs and superseded builds, for trigger: attach to a build of the same commit that is
 * still running or held instead of starting a second one, and abort the builds a new one makes
 * obsolete (same workflow, same pull request or, for a push, same branch).
 */
import { listBuilds, type BuildListFilters, type ListedBuild } from '../api/build-list.js'
import { abortBuild, triggerBuild, type TriggeredBuild } from '../api/builds.js'
import type { BuildParams } from '../build-params.js'
import { Input, Output } from '../constants.js'
import { booleanFlag, type GetInput } from '../input-readers.js'
import type { HandlerContext } from './context.js'

/** The inputs of these features; both off by default. */
export interface ReuseSettings {
  cancelSuperseded: boolean
  reuseRunningBuild: boolean
}

/** The inputs readReuseSettings reads. */
export const REUSE_INPUTS = [Input.cancelSuperseded, Input.reuseRunningBuild] as const

/** Reads the settings. */
export function readReuseSettings(get: GetInput): ReuseSettings {
  return { cancelSuperseded: booleanFlag(get, Input.cancelSuperseded, false), reuseRunningBuild: booleanFlag(get, Input.reuseRunningBuild, false) }
}

/** The build of the step: a new one, or (with reuse-running-build) one already running for the same commit. */
export async function startOrReuse(ctx: HandlerContext, appSlug: string, params: BuildParams, settings: ReuseSettings): Promise<TriggeredBuild & { reused: boolean }> {
  if (settings.reuseRunningBuild) {
    const running = await findRunning(ctx, appSlug, params)
    if (running) {
      ctx.output(Output.reused, true)
      ctx.info(`Build ${running.buildNumber !== undefined ? `#${running.buildNumber} ` : ''}${running.slug} already runs for commit ${params.commit_hash}: attaching to it instead of triggering another`)
      return { buildSlug: running.slug, buildNumber: running.buildNumber, triggeredWorkflow: running.triggeredWorkflow, response: JSON.stringify(running), reused: true }
    }
    ctx.output(Output.reused, false)
  }
  return { ...(await triggerBuild(ctx.client, appSlug, params)), reused: false }
}

/** A running or held build of the same commit (and workflow, when one is given), the newest first. */
async function findRunning(ctx: HandlerContext, appSlug: string, params: BuildParams): Promise<ListedBuild | undefined> {
  if (!params.commit_hash) {
    ctx.notice(`${Input.reuseRunningBuild}: no commit to match (set ${Input.commitHash} or run on an event that gives one); a new build is triggered.`)
    return undefined
  }
  const filters: BuildListFilters = { status: 0, workflow: params.workflow_id, branch: params.branch, pull_request_id: params.pull_request_id }
  const builds = await listBuilds(ctx.client, appSlug, filters, ctx.signal)
  const sameCommit = (b: ListedBuild): boolean => b.status === 0 && b.commitHash?.toLowerCase() === params.commit_hash?.toLowerCase()
  const sameWorkflow = (b: ListedBuild): boolean => !params.workflow_id || b.triggeredWorkflow === params.workflow_id
  return builds.filter((b) => sameCommit(b) && sameWorkflow(b)).sort((a, b) => (b.buildNumber ?? 0) - (a.buildNumber ?? 0))[0]
}

/**
 * Aborts the app's unfinished builds that the new build supersedes: same workflow and same pull
 * request, or, outside pull requests, same branch; only older ones (a lower build number), never
 * the new build. Notifications are skipped. A failed abort is a warning.
 */
export async function cancelSuperseded(ctx: HandlerContext, appSlug: string, build: TriggeredBuild, params: BuildParams): Promise<string[]> {
  const workflow = build.triggeredWorkflow ?? params.workflow_id
  const pr = params.pull_request_id
  if (!workflow || (pr === undefined && !params.branch)) {
    ctx.notice(`${Input.cancelSuperseded}: the build has no known workflow${pr === undefined && !params.branch ? ' or branch' : ''}; no build was aborted.`)
    return []
  }
  const filters: BuildListFilters = pr !== undefined ? { status: 0, workflow, pull_request_id: pr } : { status: 0, workflow, branch: params.branch }
  const candidates = (await listBuilds(ctx.client, appSlug, filters, ctx.signal)).filter((b) => supersedes(build, workflow, params, b))
  const aborted: string[] = []
  const name = `#${build.buildNumber ?? '?'} (${build.buildSlug})`
  for (const old of candidates) {
    try {
      const outcome = await abortBuild(ctx.client, appSlug, old.slug, {
        abortReason: `Superseded by build ${name}${ctx.runUrl ? `, triggered by ${ctx.runUrl}` : ''}`,
        abortWithSuccess: false,
        skipNotifications: true,
        skipGitStatusReport: false
      })
      if (outcome.kind === 'aborted' || outcome.byEarlierAttempt) aborted.push(old.slug)
    } catch (error) {
      ctx.warning(`Could not abort build ${old.slug}, superseded by build ${name}: ${(error as Error).message}`)
    }
  }
  ctx.output(Output.supersededBuilds, aborted)
  if (aborted.length > 0) ctx.info(`Aborted ${aborted.length} superseded build(s): ${aborted.join(', ')}`)
  return aborted
}

/** Checked here as well as by the list's filters: a service that ignored a filter must not make the action abort another pull request's build. */
function supersedes(build: TriggeredBuild, workflow: string, params: BuildParams, old: ListedBuild): boolean {
  if (old.slug === build.buildSlug || old.status !== 0 || old.triggeredWorkflow !== workflow) return false
  if (build.buildNumber !== undefined && (old.buildNumber === undefined || old.buildNumber >= build.buildNumber)) return false
  if (params.pull_request_id !== undefined) return old.pullRequestId === params.pull_request_id
  return old.pullRequestId === undefined && old.branch === params.branch
}
