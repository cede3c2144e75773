/**
 * Which open build request an approval decides. It is bound to one pull request (the event's, or
 * pull-request-id) and to one commit: only that pull request's requests are candidates, so a twin
 * pull request opened with the same public commit can neither be approved in its place nor block
 * its approval; and a request whose head branch, repository or owner differs from the pull
 * request's head as the event shows it is refused, whatever its number says.
 */
import type { BuildRequest } from '../../api/build-requests.js'
import { Input } from '../../constants.js'
import { repositoryOfUrl, type BoundPullRequest, type PullRequestHead } from '../../github/pull-request-head.js'
import { quote } from '../../safe-text.js'

/** What the choice needs of the operation's inputs. */
export interface RequestChoice {
  approve: boolean
  requestSlug?: string
  expectedCommit?: string
  commitSource: string
  pullRequest?: BoundPullRequest
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** The commit a request would build. */
export function commitOf(request: BuildRequest): string | undefined {
  return text(request.buildParams?.commitHash)
}

/** The number of the pull request a request is for: its `pull_request_id`, else the end of its `pull_request_url`. */
export function pullRequestNumberOf(request: BuildRequest): number | undefined {
  const id = request.buildParams?.pullRequestId
  const number = typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : undefined
  if (number !== undefined && number > 0) return number
  const match = /\/pull\/(\d+)\/?(?:[?#].*)?$/.exec(request.pullRequestUrl ?? '')
  return match ? Number(match[1]) : undefined
}

/**
 * Why the request is not for the pull request's head, or undefined when nothing it names differs:
 * a request need not name its branch, repository or owner (the action's own fork triggers name
 * none), and then its number and commit bind it.
 */
export function headConflict(request: BuildRequest, head: PullRequestHead | undefined): string | undefined {
  if (!head) return undefined
  const params = request.buildParams ?? {}
  const branch = text(params.branch)
  if (branch !== undefined && head.ref !== undefined && branch !== head.ref)
    return `its branch ${quote(branch)} is not the pull request's head branch ${quote(head.ref)}`
  const url = text(params.pullRequestRepositoryUrl)
  const repository = url === undefined ? undefined : (repositoryOfUrl(url) ?? url.toLowerCase())
  if (repository !== undefined && head.repository !== undefined && repository !== head.repository)
    return `its repository ${quote(url as string)} is not the pull request's head repository ${quote(head.repository)}`
  const owner = text(params.branchRepoOwner)
  if (owner !== undefined && head.owner !== undefined && owner.toLowerCase() !== head.owner.toLowerCase())
    return `its owner ${quote(owner)} is not the owner of the pull request's head ${quote(head.owner)}`
  return undefined
}

/** How a request reads in a message: its slug, pull request and commit, all from the service, quoted. */
function describe(request: BuildRequest): string {
  const number = pullRequestNumberOf(request)
  const commit = commitOf(request)
  return `${quote(request.slug)} (${number !== undefined ? `pull request #${number}, ` : ''}commit ${commit ? quote(commit) : 'none'})`
}

function listed(requests: BuildRequest[]): string {
  if (requests.length === 0) return 'none'
  return (
    requests.slice(0, 10).map(describe).join(', ') + (requests.length > 10 ? `, and ${requests.length - 10} more` : '')
  )
}

/** The pull request in words, with where it came from. */
function named(pr: BoundPullRequest): string {
  return `pull request #${pr.number} (from ${pr.source})`
}

/** The one open request the approval decides; anything else throws, and nothing is decided. */
export function chooseRequest(requests: BuildRequest[], choice: RequestChoice): BuildRequest {
  const verb = choice.approve ? 'approved' : 'rejected'
  const pr = choice.pullRequest
  let pool = pr ? requests.filter((r) => pullRequestNumberOf(r) === pr.number) : requests
  if (choice.requestSlug) {
    const request = requests.find((r) => r.slug === choice.requestSlug)
    if (!request)
      throw new Error(
        `No open build request is ${quote(choice.requestSlug)}; nothing is ${verb}. Open requests: ${listed(requests)}.`
      )
    if (pr && !pool.includes(request))
      throw new Error(
        `Build request ${describe(request)} is not a request of ${named(pr)}, so nothing is ${verb}: an approval decides only its own pull request's request.`
      )
    pool = [request]
  }
  if (choice.expectedCommit) {
    const expected = choice.expectedCommit.toLowerCase()
    const before = pool
    pool = pool.filter((r) => commitOf(r)?.toLowerCase() === expected)
    if (pool.length === 0 && choice.requestSlug) {
      throw new Error(
        `Build request ${describe(before[0])} is not for commit ${expected} (from ${choice.commitSource}): the pull request may have changed since it was reviewed, so nothing is ${verb}. Review the new commit and approve its request.`
      )
    }
    if (pool.length === 0) {
      throw new Error(
        `No open build request${pr ? ` of ${named(pr)}` : ''} is for commit ${expected} (from ${choice.commitSource}); nothing is ${verb}. Open requests: ${listed(requests)}.`
      )
    }
  }
  if (pool.length === 0)
    throw new Error(
      `No open build request${pr ? ` of ${named(pr)}` : ''} can be decided; nothing is ${verb}. Open requests: ${listed(requests)}.`
    )
  const fit = pool.filter((r) => headConflict(r, pr?.head) === undefined)
  if (fit.length === 1) return fit[0]
  if (fit.length > 1) {
    throw new Error(
      `${fit.length} open build requests${pr ? ` of ${named(pr)}` : ''} are for commit ${choice.expectedCommit ?? 'none given'}: ${listed(fit)}; nothing is ${verb}. Set ${Input.buildRequestSlug} to the one to decide.`
    )
  }
  const [refused] = pool
  throw new Error(
    `Build request ${describe(refused)} is not for the head of ${named(pr as BoundPullRequest)}: ${headConflict(refused, pr?.head)}. Nothing is ${verb}.`
  )
}

/** The other open requests of the bound pull request that reject-other-requests rejects. */
export function otherRequestsOf(requests: BuildRequest[], chosen: BuildRequest, pr: BoundPullRequest): BuildRequest[] {
  return requests.filter(
    (r) => r.slug !== chosen.slug && pullRequestNumberOf(r) === pr.number && headConflict(r, pr.head) === undefined
  )
}
