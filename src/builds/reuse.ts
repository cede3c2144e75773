/**
 * Re-runs and superseded builds, for trigger: attach to a build of the same commit that is
 * still running or held instead of starting a second one, and abort the builds a new one makes
 * obsolete (same workflow, same pull request or, for a push, same branch of the same repository;
 * see line.ts).
 */
import { listBuilds, type BuildListFilters, type ListedBuild } from '../api/build-list.js'
import { abortBuild, triggerBuild, type TriggeredBuild } from '../api/builds.js'
import type { BuildParams } from '../api/build-params.js'
import { Input, Output } from '../constants.js'
import { booleanFlag, type GetInput } from '../inputs/readers.js'
import type { HandlerContext } from '../step/context.js'
import { placeIn, repositoryOf, type BuildLine } from './line.js'

/** The inputs of these features; both off by default. */
export interface ReuseSettings {
  cancelSuperseded: boolean
  reuseRunningBuild: boolean
}

/** The inputs readReuseSettings reads. */
export const REUSE_INPUTS = [Input.cancelSuperseded, Input.reuseRunningBuild] as const

/** Reads the settings. */
export function readReuseSettings(get: GetInput): ReuseSettings {
  return {
    cancelSuperseded: booleanFlag(get, Input.cancelSuperseded, false),
    reuseRunningBuild: booleanFlag(get, Input.reuseRunningBuild, false)
  }
}

/** The build of the step: a new one, or (with reuse-running-build) one already running for the same commit. */
export async function startOrReuse(
  ctx: HandlerContext,
  appSlug: string,
  params: BuildParams,
  settings: ReuseSettings
): Promise<TriggeredBuild & { reused: boolean }> {
  if (settings.reuseRunningBuild) {
    const running = await findRunning(ctx, appSlug, params)
    if (running) {
      ctx.output(Output.reused, true)
      ctx.info(
        `Build ${running.buildNumber !== undefined ? `#${running.buildNumber} ` : ''}${running.slug} already runs for commit ${params.commit_hash}: attaching to it instead of triggering another`
      )
      return {
        buildSlug: running.slug,
        buildNumber: running.buildNumber,
        triggeredWorkflow: running.triggeredWorkflow,
        response: JSON.stringify(running),
        reused: true
      }
    }
    ctx.output(Output.reused, false)
  }
  return { ...(await triggerBuild(ctx.client, appSlug, params)), reused: false }
}

/**
 * A running or held build of the same workflow, commit and ref (branch, tag, pull request), the
 * newest first. Each is checked here, not only by the list's filters: attaching to another
 * ref's or workflow's build would skip the work this step was asked for (a tag's deploy).
 */
async function findRunning(
  ctx: HandlerContext,
  appSlug: string,
  params: BuildParams
): Promise<ListedBuild | undefined> {
  const missing = !params.commit_hash
    ? `no commit to match (set ${Input.commitHash} or run on an event that gives one)`
    : !params.workflow_id
      ? `no workflow to match (set ${Input.workflow}: without it the service chooses the workflow, so nothing shows a running build is of the same one)`
      : undefined
  if (missing) {
    ctx.notice(`${Input.reuseRunningBuild}: ${missing}; a new build is triggered.`)
    return undefined
  }
  const filters: BuildListFilters = {
    status: 0,
    workflow: params.workflow_id,
    branch: params.branch,
    pull_request_id: params.pull_request_id
  }
  const builds = await listBuilds(ctx.client, appSlug, filters, ctx.signal)
  const same = (b: ListedBuild): boolean =>
    b.status === 0 &&
    b.commitHash?.toLowerCase() === params.commit_hash?.toLowerCase() &&
    b.triggeredWorkflow === params.workflow_id &&
    b.branch === params.branch &&
    b.tag === params.tag &&
    b.pullRequestId === params.pull_request_id
  return builds.filter(same).sort((a, b) => (b.buildNumber ?? 0) - (a.buildNumber ?? 0))[0]
}

/**
 * Aborts the app's unfinished builds that the new build supersedes: same workflow and same pull
 * request, or, outside pull requests, same branch (owners or not; see line.ts); only older ones (a
 * lower build number), never the new build. Notifications are skipped. A failed abort is a
 * warning; an older build of the pull request or branch left as another repository's is a notice.
 */
export async function cancelSuperseded(
  ctx: HandlerContext,
  appSlug: string,
  build: TriggeredBuild,
  params: BuildParams,
  fork?: string
): Promise<string[]> {
  const workflow = build.triggeredWorkflow ?? params.workflow_id
  const pr = params.pull_request_id
  const why = outsideLine(workflow, params, fork)
  if (why || !workflow) {
    ctx.notice(`${Input.cancelSuperseded}: ${why}; no build was aborted.`)
    ctx.output(Output.supersededBuilds, [])
    return []
  }
  const line = lineOf(params, ctx.repoUrl)
  const filters: BuildListFilters =
    pr !== undefined ? { status: 0, workflow, pull_request_id: pr } : { status: 0, workflow, branch: params.branch }
  const listed = (await listBuilds(ctx.client, appSlug, filters, ctx.signal)).filter((b) => older(build, workflow, b))
  const candidates = listed.filter((b) => placeIn(b, line) === 'in')
  const left = listed.flatMap((b) => {
    const placement = placeIn(b, line)
    return typeof placement === 'object' ? [`${b.slug} (${placement.left})`] : []
  })
  if (left.length > 0)
    ctx.notice(
      `${Input.cancelSuperseded}: ${left.length} older unfinished build(s) of the same ${pr !== undefined ? 'pull request' : 'branch name'} were left running, as another repository's: ${left.join('; ')}`
    )
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

/**
 * Why the build has no line of its own to supersede in, or undefined when it has one. A fork's
 * branch name is the fork's to choose (a fork's `main` is not the base's `main`), and a fork's
 * build supersedes nothing, not even its own pull request's.
 */
function outsideLine(workflow: string | undefined, params: BuildParams, fork: string | undefined): string | undefined {
  if (fork)
    return `the build is for a fork (${fork}), whose branch names are not this repository's, so it supersedes nothing`
  if (!workflow) return 'the build has no known workflow'
  if (params.pull_request_id !== undefined) return undefined
  if (!params.branch) return 'the build has no known workflow or branch'
  return undefined
}

/**
 * The new build's line: its pull request (of the head repository it names), or its branch of the
 * owner it names, else of the repository the workflow runs in (as the service's own push
 * webhook names no owner, a branch build is taken as this repository's).
 */
function lineOf(params: BuildParams, repoUrl: string | undefined): BuildLine {
  if (params.pull_request_id !== undefined) {
    const head = repositoryOf(params.pull_request_repository_url)
    return { pullRequestId: params.pull_request_id, headRepository: head && `${head.owner}/${head.name}` }
  }
  return { branch: params.branch ?? '', owner: params.branch_repo_owner ?? repositoryOf(repoUrl)?.owner }
}

/** An unfinished build of the workflow, older than the new one. Checked here as well as by the list's filters: a service that ignored a filter must not make the action abort another pull request's build. */
function older(build: TriggeredBuild, workflow: string, old: ListedBuild): boolean {
  if (old.slug === build.buildSlug || old.status !== 0 || old.triggeredWorkflow !== workflow) return false
  return build.buildNumber === undefined || (old.buildNumber !== undefined && old.buildNumber < build.buildNumber)
}
