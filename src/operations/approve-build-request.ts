/**
 * operation: approve-build-request — approves (the held build starts) or rejects an open build
 * request. An approval is bound to the pull request and the commit someone reviewed: only that
 * pull request's request of that commit is decided (src/builds/start/request-binding.ts), so neither a
 * push after the review nor a twin pull request of the same commit slips anything through.
 */
import { decideBuildRequest, listBuildRequests } from '../api/build-requests.js'
import { chooseRequest, otherRequestsOf, type RequestChoice } from '../builds/start/request-binding.js'
import { Input, Output } from '../constants.js'
import { InputError } from '../inputs/input-error.js'
import { quote } from '../safe-text.js'
import { readGitHubEvent, type GitHubEvent } from '../github/event.js'
import { eventPullRequest, type BoundPullRequest } from '../github/pull-request-head.js'
import { checkReviewedCommit, needsReview } from '../github/reviews.js'
import { checkAsker, checkNotSelfApproval, readAllowedAssociations } from '../github/trust.js'
import {
  booleanFlag,
  matching,
  optionalBoolean,
  optionalInteger,
  requiredSlug,
  slug,
  type GetInput
} from '../inputs/readers.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'

interface ApproveInputs extends RequestChoice {
  appSlug: string
  rejectOthers: boolean
}

const FULL_HASH = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i

async function readApprove(get: GetInput, env: NodeJS.ProcessEnv): Promise<ApproveInputs> {
  const appSlug = requiredSlug(get, Input.appSlug)
  const requestSlug = slug(get, Input.buildRequestSlug)
  // Rejecting by accident would be as costly as approving by accident: the choice is never implied.
  const approve = optionalBoolean(get, Input.approve)
  if (approve === undefined)
    throw new InputError(Input.approve, 'is required: true approves the build request, false rejects it')
  const allowed = readAllowedAssociations(get)
  const rejectOthers = booleanFlag(get, Input.rejectOtherRequests, false)
  if (rejectOthers && !approve)
    throw new InputError(
      Input.rejectOtherRequests,
      'works only with approve: true (it rejects the requests the approval leaves behind)'
    )
  // A full hash only: a short one could match a commit nobody reviewed.
  const explicit = matching(get, Input.expectedCommit, FULL_HASH, 'a full commit hash (40 or 64 hexadecimal digits)')
  const number = optionalInteger(get, Input.pullRequestId, 1, 2 ** 31 - 1)
  const event = readGitHubEvent(env)
  if (event) checkEvent(event, allowed, approve, env)
  const fromEvent = event ? await eventPullRequest(event, get(Input.githubToken), env) : undefined
  const pullRequest = boundPullRequest(fromEvent, number, event, requestSlug)
  if (rejectOthers && !pullRequest) {
    throw new InputError(
      Input.rejectOtherRequests,
      `needs the pull request whose other requests it rejects: the ${event ? `${event.name} event names` : 'step runs for no event that names'} none; set ${Input.pullRequestId}`
    )
  }
  // A rejection of a named request needs no commit (rejecting starts nothing); its pull request still binds it.
  const expectedCommit = explicit ?? (!approve && requestSlug ? undefined : fromEvent?.commit)
  if (approve && !expectedCommit) {
    throw new InputError(
      Input.expectedCommit,
      `is required to approve: ${event ? `the ${event.name} event names no pull request head commit` : 'the step runs for no GitHub event'}; set it to the commit that was reviewed, e.g. \${{ github.event.pull_request.head.sha }}`
    )
  }
  if (!expectedCommit && !requestSlug)
    throw new InputError(
      Input.buildRequestSlug,
      `is required to reject when no commit is known (set it, or ${Input.expectedCommit})`
    )
  const commitSource = explicit ? Input.expectedCommit : `the ${event?.name} event's pull request head`
  if (approve && event && pullRequest && expectedCommit && needsReview(event)) {
    const sha = { sha: expectedCommit, source: commitSource }
    await checkReviewedCommit(event, pullRequest.number, sha, allowed, get(Input.githubToken), env)
  }
  return { appSlug, requestSlug, approve, expectedCommit, commitSource, pullRequest, rejectOthers }
}

/** Who asked, and, for a review, that it approves: refused before anything is read or sent. */
function checkEvent(event: GitHubEvent, allowed: readonly string[], approve: boolean, env: NodeJS.ProcessEnv): void {
  checkAsker(event, allowed, approve ? 'approved' : 'rejected')
  if (approve) checkNotSelfApproval(event, env)
  const state = (event.payload.review as { state?: unknown } | undefined)?.state
  if (approve && event.name === 'pull_request_review' && String(state).toLowerCase() !== 'approved') {
    throw new Error(
      `This pull_request_review event is not an approval (state ${quote(String(state))}): nothing is approved. Run the step only for approvals, e.g. if: github.event.review.state == 'approved'`
    )
  }
}

/**
 * The pull request the decision is bound to: the event's, which pull-request-id may repeat but
 * not change; else pull-request-id. With neither, only a named request can be decided: a commit
 * alone is public, and could be any pull request's.
 */
function boundPullRequest(
  fromEvent: BoundPullRequest | undefined,
  number: number | undefined,
  event: GitHubEvent | undefined,
  requestSlug: string | undefined
): BoundPullRequest | undefined {
  if (fromEvent) {
    if (number !== undefined && number !== fromEvent.number) {
      throw new InputError(
        Input.pullRequestId,
        `is ${number}, but the ${fromEvent.source.replace(/^the /, '')} is about pull request #${fromEvent.number}: an approval decides only the pull request it was given for`
      )
    }
    return fromEvent
  }
  if (number !== undefined) return { number, source: Input.pullRequestId }
  if (requestSlug) return undefined
  throw new InputError(
    Input.buildRequestSlug,
    `or ${Input.pullRequestId} is required: ${event ? `the ${event.name} event names no pull request` : 'the step runs for no GitHub event'}, and a commit alone could be any pull request's (commits are public), so the decision must name the request or its pull request`
  )
}

export const approveBuildRequest = defineOperation<ApproveInputs>({
  name: 'approve-build-request',
  role: 'Owner, Admin, Platform Engineer or Developer',
  writes: true,
  inputs: [
    Input.appSlug,
    Input.buildRequestSlug,
    Input.approve,
    Input.expectedCommit,
    Input.pullRequestId,
    Input.rejectOtherRequests,
    Input.allowedAssociations,
    Input.githubToken
  ],
  required: [Input.appSlug, Input.approve],
  outputs: [Output.response],
  read: readApprove,
  run: async (inputs: ApproveInputs, ctx: HandlerContext) => {
    const { appSlug, approve, pullRequest } = inputs
    const listed =
      inputs.expectedCommit || pullRequest ? (await listBuildRequests(ctx.client, appSlug)).requests : undefined
    const chosen = listed ? chooseRequest(listed, inputs) : { slug: inputs.requestSlug as string }
    const response = await decideBuildRequest(ctx.client, appSlug, chosen.slug, approve)
    ctx.output(Output.response, response)
    const done = approve ? 'Approved' : 'Rejected'
    const commit = inputs.expectedCommit ? ` for commit ${inputs.expectedCommit}` : ''
    const of = pullRequest ? ` of pull request #${pullRequest.number}` : ''
    ctx.info(`${done} build request ${chosen.slug}${of}${commit} of ${appSlug}${approve ? ': its build starts' : ''}`)
    const rejected =
      inputs.rejectOthers && listed && pullRequest
        ? await rejectOthers(otherRequestsOf(listed, chosen, pullRequest), pullRequest.number, appSlug, ctx)
        : []
    ctx.summary({
      heading: `${done} build request ${chosen.slug} on ${appSlug}`,
      lead: {
        mark: approve ? 'success' : 'aborted',
        result: done,
        subject: [
          appSlug,
          `build request ${chosen.slug}`,
          ...(pullRequest ? [`pull request #${pullRequest.number}`] : [])
        ]
      },
      facts: [
        ['Build request', chosen.slug],
        ['Decision', approve ? 'approved' : 'rejected'],
        ['Pull request', pullRequest ? `#${pullRequest.number}` : undefined],
        ['Commit', inputs.expectedCommit],
        ['Other requests rejected', inputs.rejectOthers ? rejected.join(', ') || 'none' : undefined]
      ]
    })
  }
})

/** Rejects the other open requests of the bound pull request; a failure is a warning. */
async function rejectOthers(
  others: Array<{ slug: string }>,
  number: number,
  appSlug: string,
  ctx: HandlerContext
): Promise<string[]> {
  const rejected: string[] = []
  for (const other of others) {
    try {
      await decideBuildRequest(ctx.client, appSlug, other.slug, false)
      rejected.push(other.slug)
    } catch (error) {
      ctx.warning(`Could not reject build request ${quote(other.slug)}: ${(error as Error).message}`)
    }
  }
  ctx.info(
    rejected.length > 0
      ? `Rejected ${rejected.length} other open build request(s) of pull request #${number}: ${rejected.join(', ')}`
      : `No other open build request of pull request #${number} to reject.`
  )
  return rejected
}
