/**
 * The wait for the build an approval creates: a build of the same commit, pull request and
 * workflow that was not there before, read within wait-timeout. The open list shows no decision,
 * so a request that left it while no such build appears is taken as rejected.
 */
import { listBuildRequests, type BuildRequest } from '../../api/build-requests.js'
import { listBuilds, type BuildListFilters, type ListedBuild } from '../../api/build-list.js'
import type { TriggerParams } from '../../api/build-params.js'
import { Output } from '../../constants.js'
import type { ApiError } from '../../http/api-error.js'
import { describeDuration } from '../../inputs/durations.js'
import type { HandlerContext } from '../../step/context.js'
import { Heartbeat } from './heartbeat.js'
import { waitFor } from './loop.js'
import type { WaitSettings } from './settings.js'

/** Reads after the request left the open list with no build seen, before it counts as rejected. */
const POLLS_AFTER_REQUEST_CLOSED = 3

/** One read: the new builds of the same trigger, and whether the request is still open. */
interface ApprovalRead {
  created: ListedBuild[]
  open: boolean
}

/** Waits for the build the approval of `request` creates; throws when it is rejected, the wait-timeout runs out or the job is cancelled. */
export async function waitForApproval(
  ctx: HandlerContext,
  appSlug: string,
  params: TriggerParams,
  request: BuildRequest,
  wait: WaitSettings,
  what: string
): Promise<ListedBuild> {
  const read = await approvalReads(ctx, appSlug, params, request)
  const deadline = Date.now() + wait.timeoutMs
  ctx.info(
    `Waiting for the approval of build request ${request.slug} (wait-timeout: ${describeDuration(wait.timeoutMs)}, poll-interval: ${describeDuration(wait.pollIntervalMs)})`
  )
  let closedPolls = 0
  const end = await waitFor<ApprovalRead, ListedBuild>({
    signal: ctx.signal,
    deadline,
    pollIntervalMs: wait.pollIntervalMs,
    // No heartbeat: the wait says what it waits for once, and a rejection or the timeout ends it.
    heartbeat: new Heartbeat(Infinity, () => {}),
    read,
    // An approval's wait rides out no fault: a read that fails ends it.
    tolerated: (_error): _error is ApiError => false,
    round: (answer) => {
      if (answer === undefined) return undefined
      if (answer.created.length > 0)
        return answer.created.sort((a, b) => (a.buildNumber ?? 0) - (b.buildNumber ?? 0))[0]
      closedPolls = answer.open ? 0 : closedPolls + 1
      if (closedPolls >= POLLS_AFTER_REQUEST_CLOSED) {
        ctx.output(Output.buildStatus, 'rejected')
        ctx.output(Output.buildStatusText, 'the build request was rejected')
        throw new Error(
          `Build request ${request.slug} was rejected: it is no longer open, and no build started for ${what}. The service's API gives no reason for a rejection; the app's page on the service shows who decided.`
        )
      }
      return undefined
    }
  })
  if (end.kind === 'finished') return end.result
  if (end.kind === 'cancelled')
    throw new Error(
      `The GitHub job was cancelled while build request ${request.slug} awaited approval; the request stays open on the service.`
    )
  throw new Error(
    `Build request ${request.slug} still awaited approval when the wait-timeout of ${describeDuration(wait.timeoutMs)} ran out; it stays open on the service (the step neither approves nor rejects it).`
  )
}

/**
 * The reads of the wait, once the builds of the same trigger that are there already are known:
 * each lists the new ones, and while there is none, whether the request is still open.
 */
async function approvalReads(
  ctx: HandlerContext,
  appSlug: string,
  params: TriggerParams,
  request: BuildRequest
): Promise<() => Promise<ApprovalRead>> {
  const filters: BuildListFilters = { workflow: params.workflowId, pullRequestId: params.pullRequestId }
  const sameTrigger = (b: ListedBuild): boolean =>
    (!params.commitHash || b.commitHash?.toLowerCase() === params.commitHash.toLowerCase()) &&
    (!params.branch || !b.branch || b.branch === params.branch) &&
    (!params.tag || !b.tag || b.tag === params.tag)
  const before = new Set((await listBuilds(ctx.client, appSlug, filters, ctx.signal, sameTrigger)).map((b) => b.slug))
  return async () => {
    const created = await listBuilds(
      ctx.client,
      appSlug,
      filters,
      ctx.signal,
      (b) => sameTrigger(b) && !before.has(b.slug)
    )
    if (created.length > 0) return { created, open: true }
    const open = (await listBuildRequests(ctx.client, appSlug)).requests.some((r) => r.slug === request.slug)
    return { created, open }
  }
}
