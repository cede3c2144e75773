/**
 * operation: approve-build-request — approves (the held build starts) or rejects an open build
 * request. An approval is bound to the commit someone reviewed: only the request of that commit
 * is approved, so a push after the review never slips an unreviewed commit through.
 */
import { decideBuildRequest, listBuildRequests, type BuildRequest } from '../api/build-requests.js'
import { Input, Output } from '../constants.js'
import { InputError } from '../inputs/input-error.js'
import { quote } from '../safe-text.js'
import { readGitHubEvent, type GitHubEvent } from '../github/event.js'
import { checkAsker, checkNotSelfApproval, readAllowedAssociations } from '../github/trust.js'
import { booleanFlag, matching, optionalBoolean, requiredSlug, slug, type GetInput } from '../inputs/readers.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'

interface ApproveInputs {
  appSlug: string
  /** The one request to decide; undefined chooses the request of `expectedCommit`. */
  requestSlug?: string
  approve: boolean
  /** The commit the request must be for; undefined only when rejecting a named request. */
  expectedCommit?: string
  /** Where the commit came from, for the messages. */
  commitSource: string
  rejectOthers: boolean
}

async function readApprove(get: GetInput, env: NodeJS.ProcessEnv): Promise<ApproveInputs> {
  const appSlug = requiredSlug(get, Input.appSlug)
  const requestSlug = slug(get, Input.buildRequestSlug)
  // Rejecting by accident would be as costly as approving by accident: the choice is never implied.
  const approve = optionalBoolean(get, Input.approve)
  if (approve === undefined) throw new InputError(Input.approve, 'is required: true approves the build request, false rejects it')
  const allowed = readAllowedAssociations(get)
  const rejectOthers = booleanFlag(get, Input.rejectOtherRequests, false)
  if (rejectOthers && !approve) throw new InputError(Input.rejectOtherRequests, 'works only with approve: true (it rejects the requests the approval leaves behind)')
  // A full hash only: a short one could match a commit nobody reviewed.
  const explicit = matching(get, Input.expectedCommit, /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i, 'a full commit hash (40 or 64 hexadecimal digits)')
  const event = readGitHubEvent(env)
  if (event) {
    checkAsker(event, allowed, approve ? 'approved' : 'rejected')
    if (approve) checkNotSelfApproval(event, env)
    const state = (event.payload.review as { state?: unknown } | undefined)?.state
    if (approve && event.name === 'pull_request_review' && String(state).toLowerCase() !== 'approved') {
      throw new Error(`This pull_request_review event is not an approval (state ${quote(String(state))}): nothing is approved. Run the step only for approvals, e.g. if: github.event.review.state == 'approved'`)
    }
  }
  // A rejection of a named request needs no commit: rejecting starts nothing.
  const head = explicit || (!approve && requestSlug) ? undefined : event && (await headCommitOf(event, get, env))
  const expectedCommit = explicit ?? head
  if (approve && !expectedCommit) {
    throw new InputError(
      Input.expectedCommit,
      `is required to approve: ${event ? `the ${event.name} event names no pull request head commit` : 'the step runs for no GitHub event'}; set it to the commit that was reviewed, e.g. \${{ github.event.pull_request.head.sha }}`
    )
  }
  if (!expectedCommit && !requestSlug) throw new InputError(Input.buildRequestSlug, `is required to reject when no commit is known (set it, or ${Input.expectedCommit})`)
  return { appSlug, requestSlug, approve, expectedCommit, commitSource: explicit ? Input.expectedCommit : `the ${event?.name} event's pull request head`, rejectOthers }
}

/**
 * The commit the event vouches for: the one a review approved (`review.commit_id`), else the
 * head of the event's pull request; a comment's pull request is read through the GitHub API.
 */
async function headCommitOf(event: GitHubEvent, get: GetInput, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  let pr = event.payload.pull_request as { head?: { sha?: unknown } } | undefined
  let sha: unknown
  if (event.name === 'issue_comment' || event.name === 'pull_request_review') {
    // Refuses a review that approves nothing and a comment on an issue, as trigger does.
    const { resolvePullRequestEvent } = await import('../github/event-sources.js')
    pr = (await resolvePullRequestEvent(event, get(Input.githubToken), env)).payload.pull_request as typeof pr
    if (event.name === 'pull_request_review') sha = (event.payload.review as { commit_id?: unknown } | undefined)?.commit_id
  }
  sha = typeof sha === 'string' && sha !== '' ? sha : pr?.head?.sha
  return typeof sha === 'string' && /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i.test(sha) ? sha : undefined
}

export const approveBuildRequest = defineOperation<ApproveInputs>({
  name: 'approve-build-request',
  role: 'Owner, Admin or Developer',
  writes: true,
  inputs: [Input.appSlug, Input.buildRequestSlug, Input.approve, Input.expectedCommit, Input.rejectOtherRequests, Input.allowedAssociations, Input.githubToken],
  required: [Input.appSlug, Input.approve],
  outputs: [Output.response],
  read: readApprove,
  run: async (inputs: ApproveInputs, ctx: HandlerContext) => {
    const { appSlug, approve } = inputs
    const listed = inputs.expectedCommit ? (await listBuildRequests(ctx.client, appSlug)).requests : undefined
    const chosen = listed ? choose(listed, inputs) : { slug: inputs.requestSlug as string }
    const response = await decideBuildRequest(ctx.client, appSlug, chosen.slug, approve)
    ctx.output(Output.response, response)
    const done = approve ? 'Approved' : 'Rejected'
    const commit = inputs.expectedCommit ? ` for commit ${inputs.expectedCommit}` : ''
    ctx.info(`${done} build request ${chosen.slug}${commit} of ${appSlug}${approve ? ': its build starts' : ''}`)
    const rejected = inputs.rejectOthers && listed ? await rejectOthers(listed, chosen, appSlug, ctx) : []
    ctx.summary({
      heading: `${done} build request ${chosen.slug} on ${appSlug}`,
      facts: [
        ['Build request', chosen.slug],
        ['Decision', approve ? 'approved' : 'rejected'],
        ['Commit', inputs.expectedCommit],
        ['Other requests rejected', inputs.rejectOthers ? rejected.join(', ') || 'none' : undefined]
      ]
    })
  }
})

function commitOf(request: BuildRequest): string | undefined {
  const commit = request.build_params?.commit_hash
  return typeof commit === 'string' && commit !== '' ? commit : undefined
}

/** How a request reads in a message: its slug and commit, both from the service, quoted. */
function describe(request: BuildRequest): string {
  return `${quote(request.slug)} (commit ${commitOf(request) ? quote(commitOf(request) as string) : 'none'})`
}

/** The one open request of the expected commit (and slug, when named); anything else refuses. */
function choose(requests: BuildRequest[], inputs: ApproveInputs): BuildRequest {
  const expected = (inputs.expectedCommit as string).toLowerCase()
  const verb = inputs.approve ? 'approved' : 'rejected'
  const named = inputs.requestSlug ? requests.filter((r) => r.slug === inputs.requestSlug) : requests
  const matches = named.filter((r) => commitOf(r)?.toLowerCase() === expected)
  if (matches.length === 1) return matches[0]
  const open = requests.length > 0 ? requests.slice(0, 10).map(describe).join(', ') + (requests.length > 10 ? `, and ${requests.length - 10} more` : '') : 'none'
  if (matches.length > 1) {
    throw new Error(`${matches.length} open build requests are for commit ${expected} (from ${inputs.commitSource}): ${matches.map(describe).join(', ')}; nothing is ${verb}. Set ${Input.buildRequestSlug} to the one to decide.`)
  }
  if (inputs.requestSlug && named.length > 0) {
    throw new Error(
      `Build request ${describe(named[0])} is not for commit ${expected} (from ${inputs.commitSource}): the pull request may have changed since it was reviewed, so nothing is ${verb}. Review the new commit and approve its request.`
    )
  }
  throw new Error(`No open build request${inputs.requestSlug ? ` ${quote(inputs.requestSlug)}` : ''} is for commit ${expected} (from ${inputs.commitSource}); nothing is ${verb}. Open requests: ${open}.`)
}

/** The request's pull request as the service names it: its number, or else its URL. */
function pullRequestOf(request: BuildRequest): string | undefined {
  const number = request.build_params?.pull_request_id
  if (typeof number === 'number' && number > 0) return `#${number}`
  return request.pull_request_url || undefined
}

/** Rejects the other open requests of the approved request's pull request; a failure is a warning. */
async function rejectOthers(requests: BuildRequest[], approved: BuildRequest, appSlug: string, ctx: HandlerContext): Promise<string[]> {
  const pr = pullRequestOf(approved)
  if (!pr) {
    ctx.warning(`${Input.rejectOtherRequests}: build request ${approved.slug} names no pull request, so no other request was rejected.`)
    return []
  }
  const rejected: string[] = []
  for (const other of requests.filter((r) => r.slug !== approved.slug && pullRequestOf(r) === pr)) {
    try {
      await decideBuildRequest(ctx.client, appSlug, other.slug, false)
      rejected.push(other.slug)
    } catch (error) {
      ctx.warning(`Could not reject build request ${quote(other.slug)}: ${(error as Error).message}`)
    }
  }
  ctx.info(rejected.length > 0 ? `Rejected ${rejected.length} other open build request(s) of the same pull request: ${rejected.join(', ')}` : 'No other open build request of the same pull request to reject.')
  return rejected
}
