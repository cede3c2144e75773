/**
 * The builds a new one supersedes, for trigger with cancel-superseded: the app's unfinished
 * builds of the same workflow and the same pull request or, for a push, the same branch of the
 * same repository (its line, line.ts), older than the new build, are aborted.
 */
import { listBuilds, type BuildListFilters, type ListedBuild } from '../../api/build-list.js'
import type { TriggerParams } from '../../api/build-params.js'
import { abortBuild, type TriggeredBuild } from '../../api/builds.js'
import { Input, Output } from '../../constants.js'
import type { HandlerContext } from '../../step/context.js'
import { placeIn, repositoryOf, type BuildLine } from './line.js'

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
  params: TriggerParams,
  fork?: string
): Promise<string[]> {
  const workflow = build.triggeredWorkflow ?? params.workflowId
  const pr = params.pullRequestId
  const why = outsideLine(workflow, params, fork)
  if (why || !workflow) {
    ctx.notice(`${Input.cancelSuperseded}: ${why}; no build was aborted.`)
    ctx.output(Output.supersededBuilds, [])
    return []
  }
  const line = lineOf(params, ctx.repoUrl)
  const filters: BuildListFilters =
    pr !== undefined ? { status: 0, workflow, pullRequestId: pr } : { status: 0, workflow, branch: params.branch }
  const listed = await listBuilds(ctx.client, appSlug, filters, ctx.signal, (b) => older(build, workflow, b))
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
function outsideLine(
  workflow: string | undefined,
  target: TriggerParams,
  fork: string | undefined
): string | undefined {
  if (fork)
    return `the build is for a fork (${fork}), whose branch names are not this repository's, so it supersedes nothing`
  if (!workflow) return 'the build has no known workflow'
  if (target.pullRequestId !== undefined) return undefined
  if (!target.branch) return 'the build has no known workflow or branch'
  return undefined
}

/**
 * The new build's line: its pull request (of the head repository it names), or its branch of the
 * owner it names, else of the repository the workflow runs in (as the service's own push
 * webhook names no owner, a branch build is taken as this repository's).
 */
function lineOf(target: TriggerParams, repoUrl: string | undefined): BuildLine {
  if (target.pullRequestId !== undefined) {
    const head = repositoryOf(target.pullRequestRepositoryUrl)
    return { pullRequestId: target.pullRequestId, headRepository: head && `${head.owner}/${head.name}` }
  }
  return { branch: target.branch ?? '', owner: target.branchRepoOwner ?? repositoryOf(repoUrl)?.owner }
}

/** An unfinished build of the workflow, older than the new one. Checked here as well as by the list's filters: a service that ignored a filter must not make the action abort another pull request's build. */
function older(build: TriggeredBuild, workflow: string, old: ListedBuild): boolean {
  if (old.slug === build.buildSlug || old.status !== 0 || old.triggeredWorkflow !== workflow) return false
  return build.buildNumber === undefined || (old.buildNumber !== undefined && old.buildNumber < build.buildNumber)
}
