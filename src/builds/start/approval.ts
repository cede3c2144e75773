/**
 * A trigger held for manual build approval: the service answered 2xx without a build slug, so
 * it keeps a build request and no build exists yet (bitrise-steplib/bitrise-step-build-router-start,
 * main.go, "Fix error when manual build approval is on"). The step finds that request, reports it,
 * and with wait: true waits for the build its approval creates (wait/approval.ts).
 */
import { AwaitingApproval } from '../../api/awaiting-approval.js'
import { listBuildRequests, type BuildRequest } from '../../api/build-requests.js'
import type { TriggeredBuild } from '../../api/builds.js'
import { slugProblem } from '../../api/paths.js'
import type { TriggerParams } from '../../api/build-params.js'
import { checkoutOf, inputNameOf, mayBeHeld } from '../../inputs/checkout.js'
import { Input, Output } from '../../constants.js'
import type { HandlerContext } from '../../step/context.js'
import type { SummarySection } from '../../summary/section.js'
import { startOrReuse, type ReuseSettings } from './reuse.js'
import { waitForApproval } from '../wait/approval.js'
import type { WaitSettings } from '../wait/settings.js'
import { commitLink, leadLinks } from '../report/lead.js'

/** What the held trigger needs of the trigger's inputs. */
export interface HeldTriggerInputs {
  appSlug: string
  params: TriggerParams
  reuse: ReuseSettings
  wait: WaitSettings | undefined
  failIfHeld: boolean
  /** Told of the held request once the step has reported it (the trigger shows it on GitHub); never throws. */
  onHold?: (request: BuildRequest) => Promise<void>
}

/**
 * The step's build: started (or reused) at once, or, when the trigger is held for approval,
 * the build the approval created (with wait: true). Undefined when the step ends with the request open.
 */
export async function startOrWaitForApproval(
  ctx: HandlerContext,
  inputs: HeldTriggerInputs
): Promise<(TriggeredBuild & { reused: boolean; approved?: boolean }) | undefined> {
  try {
    return await startOrReuse(ctx, inputs.appSlug, inputs.params, inputs.reuse)
  } catch (error) {
    if (!(error instanceof AwaitingApproval)) throw error
    return held(ctx, inputs, error)
  }
}

/** A held trigger: its request reported, then, with wait, the build its approval creates. */
async function held(
  ctx: HandlerContext,
  inputs: HeldTriggerInputs,
  answer: AwaitingApproval
): Promise<(TriggeredBuild & { reused: boolean; approved?: boolean }) | undefined> {
  const { appSlug, params } = inputs
  ctx.output(Output.response, answer.response)
  const { request, what } = await findHeldRequest(ctx, appSlug, params, answer)
  ctx.output(Output.buildRequestSlug, request.slug)
  ctx.output(Output.buildStatus, 'awaiting-approval')
  ctx.output(Output.buildStatusText, 'awaiting approval')
  const message =
    `The service started no build: manual build approval is on for app ${appSlug}, and its build request ${request.slug} for ${what} awaits approval. ` +
    `Someone with access to the app approves it on the app's page on the service, or with operation approve-build-request (${Input.buildRequestSlug}: ${request.slug}); the approval starts the build.` +
    ownersAdvice(params)
  ctx.summary(heldSection(appSlug, params, request, message, ctx))
  await inputs.onHold?.(request)
  if (inputs.failIfHeld) throw new Error(`${message} ${Input.failIfHeld} is true, so the step fails.`)
  ctx.notice(message)
  if (!inputs.wait) return undefined
  if (params.pipelineId) {
    throw new Error(
      `Build request ${request.slug} holds pipeline ${params.pipelineId}: the step cannot follow a pipeline started by an approval; run it without ${Input.wait}, and follow the pipeline once approved.`
    )
  }
  const build = await waitForApproval(ctx, appSlug, params, request, inputs.wait, what)
  ctx.info(
    `Build request ${request.slug} was approved: it started build ${build.buildNumber !== undefined ? `#${build.buildNumber} ` : ''}${build.slug}`
  )
  return {
    buildSlug: build.slug,
    buildNumber: build.buildNumber,
    triggeredWorkflow: build.triggeredWorkflow,
    response: JSON.stringify(build),
    reused: false,
    // Started by an approval on the service: someone with access vouched for the code.
    approved: true
  }
}

/** The summary of a held trigger: its request, and what the build would check out. */
function heldSection(
  appSlug: string,
  params: TriggerParams,
  request: BuildRequest,
  message: string,
  ctx: HandlerContext
): SummarySection {
  return {
    heading: `Build request ${request.slug} awaits approval on ${appSlug}`,
    lead: {
      mark: 'held',
      result: 'Awaiting approval',
      subject: [
        appSlug,
        params.pipelineId ? `pipeline ${params.pipelineId}` : (params.workflowId ?? ''),
        `build request ${request.slug}`
      ],
      links: leadLinks(undefined, commitLink(ctx, params.commitHash))
    },
    fold: true,
    facts: [
      ['Workflow', params.workflowId],
      ['Pipeline', params.pipelineId],
      ['Branch', params.branch],
      ['Tag', params.tag],
      ['Commit', params.commitHash],
      ['Pull request', params.pullRequestId],
      ['Checkout', checkoutOf(params).words],
      ['Build request', request.slug]
    ],
    lines: [message]
  }
}

/** What the build will check out, for the summary of a trigger the service may hold for approval; undefined for any other. */
export function heldCheckoutFact(params: TriggerParams): string | undefined {
  return mayBeHeld(params) ? checkoutOf(params).words : undefined
}

/**
 * A warning for a trigger the service may hold for approval whose pull request parameters make
 * the clone step check out a ref a later push moves: the approval of the reviewed commit would
 * start a build of whatever that ref holds then.
 */
export function checkoutWarnings(params: TriggerParams): string[] {
  if (!mayBeHeld(params)) return []
  const checkout = checkoutOf(params)
  if (checkout.exactCommit) return []
  const names = checkout.pullRequestParams.map(inputNameOf).join(', ')
  return [
    `The service may hold this pull request build for manual approval, but ${names} make its standard clone step check out ${checkout.words}, not ${params.commitHash ? `commit ${params.commitHash}` : 'one commit'}: ` +
      `approving the reviewed commit may start a build of a later push. Leave ${names} empty for a pull request from a fork.`
  ]
}

/**
 * The open build request a held trigger left, and the trigger in words; when none explains the
 * answer (no commit or pull request to match by, no such request, the list unreadable), throws
 * the answer as the invalid answer it then is, with why.
 */
export async function findHeldRequest(
  ctx: HandlerContext,
  appSlug: string,
  params: TriggerParams,
  held: AwaitingApproval
): Promise<{ request: BuildRequest; what: string }> {
  const what = describeTrigger(params)
  if (!what)
    throw held.unexplained.withSuffix(
      `; the trigger names no commit or pull request to find its build request by: see list-build-requests for app ${appSlug}`
    )
  const request = matchingRequest(await heldRequests(ctx, appSlug, held), params)
  if (!request) throw held.unexplained.withSuffix(`, and app ${appSlug} has no open build request for ${what}`)
  return { request, what }
}

/** The app's open build requests; when they cannot be read, the answer stays unexplained, with why. */
async function heldRequests(ctx: HandlerContext, appSlug: string, held: AwaitingApproval): Promise<BuildRequest[]> {
  try {
    return (await listBuildRequests(ctx.client, appSlug)).requests
  } catch (error) {
    throw held.unexplained.withSuffix(
      `, and the app's build requests, which would tell whether it was held for approval, could not be read: ${(error as Error).message}`
    )
  }
}

/**
 * The commit and pull request a request is matched by, in words, or else its branch or tag (a
 * trigger without a pull request held because it named no owners); undefined when it names none.
 */
function describeTrigger(params: TriggerParams): string | undefined {
  const parts = [
    params.commitHash && `commit ${params.commitHash}`,
    params.pullRequestId !== undefined && `pull request #${params.pullRequestId}`
  ].filter(Boolean)
  if (parts.length > 0) return parts.join(' of ')
  if (params.branch) return `branch ${params.branch}`
  return params.tag ? `tag ${params.tag}` : undefined
}

/**
 * Why a trigger that names no pull request was held: interface rule 3 takes a trigger without both
 * owners for a fork pull request, which the service may hold. Sending both avoids that.
 */
function ownersAdvice(params: TriggerParams): string {
  if (params.pullRequestId !== undefined || params.branchRepoOwner || params.branchDestRepoOwner) return ''
  return (
    ` The trigger named no pull request but neither ${Input.branchRepoOwner} nor ${Input.branchDestRepoOwner}, so the service took it for a pull request from a fork. ` +
    `To build a branch of the app's own repository without approval, set both to the repository's owner (e.g. \${{ github.repository_owner }}).`
  )
}

/** The newest open request for the same commit and pull request (and workflow, when both name one). */
function matchingRequest(requests: BuildRequest[], params: TriggerParams): BuildRequest | undefined {
  const same = requests.filter((r) => {
    // A slug that could not name a path is no request the step can point anyone to.
    if (slugProblem(r.slug) !== undefined) return false
    const given = r.buildParams ?? {}
    if (params.commitHash && String(given.commitHash ?? '').toLowerCase() !== params.commitHash.toLowerCase())
      return false
    if (params.pullRequestId !== undefined && Number(given.pullRequestId) !== params.pullRequestId) return false
    if (params.branch && typeof given.branch === 'string' && given.branch !== params.branch) return false
    if (params.tag && typeof given.tag === 'string' && given.tag !== params.tag) return false
    const workflow = params.workflowId ?? params.pipelineId
    const theirs = given.workflowId ?? given.pipelineId
    return !workflow || typeof theirs !== 'string' || theirs === '' || theirs === workflow
  })
  return same.sort((a, b) => (Date.parse(b.createdAt ?? '') || 0) - (Date.parse(a.createdAt ?? '') || 0))[0]
}
