/**
 * Re-runs, for trigger: attach to a build of the same commit that is still running or held
 * instead of starting a second one. The settings also hold cancel-superseded, whose aborts are
 * in abort/supersede.ts.
 */
import { listBuilds, type BuildListFilters, type ListedBuild } from '../../api/build-list.js'
import { triggerBuild, type TriggeredBuild } from '../../api/builds.js'
import type { TriggerParams } from '../../api/build-params.js'
import { Input, Output } from '../../constants.js'
import { booleanFlag, type GetInput } from '../../inputs/readers.js'
import type { HandlerContext } from '../../step/context.js'

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
  params: TriggerParams,
  settings: ReuseSettings
): Promise<TriggeredBuild & { reused: boolean }> {
  if (settings.reuseRunningBuild) {
    const running = await findRunning(ctx, appSlug, params)
    if (running) {
      ctx.output(Output.reused, true)
      ctx.info(
        `Build ${running.buildNumber !== undefined ? `#${running.buildNumber} ` : ''}${running.slug} already runs for commit ${params.commitHash}: attaching to it instead of triggering another`
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
  params: TriggerParams
): Promise<ListedBuild | undefined> {
  const missing = !params.commitHash
    ? `no commit to match (set ${Input.commitHash} or run on an event that gives one)`
    : !params.workflowId
      ? `no workflow to match (set ${Input.workflow}: without it the service chooses the workflow, so nothing shows a running build is of the same one)`
      : undefined
  if (missing) {
    ctx.notice(`${Input.reuseRunningBuild}: ${missing}; a new build is triggered.`)
    return undefined
  }
  const filters: BuildListFilters = {
    status: 0,
    workflow: params.workflowId,
    branch: params.branch,
    pullRequestId: params.pullRequestId
  }
  const same = (b: ListedBuild): boolean =>
    b.status === 0 &&
    b.commitHash?.toLowerCase() === params.commitHash?.toLowerCase() &&
    b.triggeredWorkflow === params.workflowId &&
    b.branch === params.branch &&
    b.tag === params.tag &&
    b.pullRequestId === params.pullRequestId
  const builds = await listBuilds(ctx.client, appSlug, filters, ctx.signal, same)
  return builds.sort((a, b) => (b.buildNumber ?? 0) - (a.buildNumber ?? 0))[0]
}
