/**
 * The pull request an event speaks for, and its head as GitHub shows it: what an approval is
 * bound to. Commits are public, so anyone can open a pull request whose head is a commit someone
 * else's pull request was reviewed at; the number, the head repository and the branch tell the
 * two apart.
 */
import type { GitHubEvent } from './event-sources.js'
import { obj, str } from './payload.js'

/** The head of a pull request: its branch, commit and repository, as far as the event shows them. */
export interface PullRequestHead {
  ref?: string
  sha?: string
  /** `owner/name` of the head repository, lower case; undefined when its repository was deleted. */
  repository?: string
  owner?: string
}

/** A pull request an approval is bound to, and where its number came from (for messages). */
export interface BoundPullRequest {
  number: number
  source: string
  /** Undefined when only the number is known (pull-request-id). */
  head?: PullRequestHead
  /** The commit the event vouches for: the one a review approved, else the head. */
  commit?: string
}

/** The events that carry their pull request in `pull_request`. */
const CARRIERS = ['pull_request', 'pull_request_target', 'pull_request_review', 'pull_request_review_comment']

const FULL_HASH = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i

/**
 * The pull request of the event: the one a pull request event, review or diff comment carries, or
 * the one an `issue_comment` is on (read through the GitHub API; a comment on an issue throws).
 * Undefined for an event about no pull request (push, schedule, workflow_run, dispatch).
 */
export async function eventPullRequest(
  event: GitHubEvent,
  githubToken: string,
  env: NodeJS.ProcessEnv
): Promise<BoundPullRequest | undefined> {
  let pr: Record<string, unknown>
  if (CARRIERS.includes(event.name)) pr = obj(event.payload.pull_request)
  else if (event.name === 'issue_comment') {
    const { resolvePullRequestEvent } = await import('./event-sources.js')
    pr = obj((await resolvePullRequestEvent(event, githubToken, env)).payload.pull_request)
  } else return undefined
  const number = typeof pr.number === 'number' ? pr.number : event.payload.number
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1) {
    throw new Error(
      `The ${event.name} event names no pull request number, so the build request it speaks for cannot be told from another pull request's: nothing is decided.`
    )
  }
  const head = headOf(pr)
  const reviewed = event.name === 'pull_request_review' ? str(obj(event.payload.review).commit_id) : undefined
  const commit = [reviewed, head.sha].find((sha) => sha !== undefined && FULL_HASH.test(sha))
  return { number, source: `the ${event.name} event`, head, commit }
}

function headOf(pr: Record<string, unknown>): PullRequestHead {
  const head = obj(pr.head)
  const repo = obj(head.repo)
  const repository = str(repo.full_name)?.toLowerCase()
  // A deleted fork's head keeps its user: still the owner the service's webhook would name.
  return {
    ref: str(head.ref),
    sha: str(head.sha),
    repository,
    owner: str(obj(repo.owner).login) ?? str(obj(head.user).login)
  }
}

/** `owner/name` of a git URL in any of GitHub's forms (https, ssh, scp-like), lower case; undefined when it names none. */
export function repositoryOfUrl(url: string): string | undefined {
  const match = /^(?:[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?[^/]+\/|[^@/:]+@[^:/]+:)([^/]+)\/([^/]+?)(?:\.git)?\/?$/i.exec(
    url.trim()
  )
  return match ? `${match[1]}/${match[2]}`.toLowerCase() : undefined
}
