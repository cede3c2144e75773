/**
 * What binds an approval given by a pull request event (a maintainer adding a label, say) to a
 * review. A label says nothing about which commit was read: the head at label time may be a
 * push made after the review. So such an approval holds only for a commit that has an approving
 * review by someone in allowed-associations other than the pull request's author, read from
 * GitHub's list of the pull request's reviews.
 */
import { Input } from '../constants.js'
import { quote } from '../safe-text.js'
import type { GitHubEvent } from './event.js'
import { obj, str } from './payload.js'
import { githubRequest, repositoryOf, type GitHubRequest } from './rest.js'

/** The events whose approval is no review of its own: the pull request's own events (labeled, or any other action). */
const UNREVIEWED_EVENTS = ['pull_request', 'pull_request_target']
const PER_PAGE = 100
/** Pages read at most (10,000 reviews): memory and time stay bounded on any pull request. */
const MAX_PAGES = 100

/** Whether an approval given by this event needs an approving review of its commit. */
export function needsReview(event: GitHubEvent): boolean {
  return UNREVIEWED_EVENTS.includes(event.name)
}

/** A review that vouches for a commit, as far as this check reads it. */
interface Review {
  login: string
  state: string
  commit?: string
  association: string
}

function reviewOf(item: unknown): Review {
  const review = obj(item)
  return {
    login: str(obj(review.user).login)?.toLowerCase() ?? '',
    state: str(review.state)?.toUpperCase() ?? '',
    commit: str(review.commit_id)?.toLowerCase(),
    association: str(review.author_association)?.toUpperCase() ?? 'NONE'
  }
}

/**
 * Which trusted reviewers' approvals stand, by reviewer: GitHub lists reviews oldest first, and
 * a reviewer's later request for changes takes back their earlier approval (a dismissed approval
 * is listed as DISMISSED). Reviews by the author, or by an association not allowed, count for nothing.
 */
function standingApprovals(reviews: Review[], allowed: readonly string[], author: string): Map<string, Review[]> {
  const standing = new Map<string, Review[]>()
  for (const review of reviews) {
    if (!review.login || review.login === author || !allowed.includes(review.association)) continue
    if (review.state === 'CHANGES_REQUESTED') standing.delete(review.login)
    if (review.state === 'APPROVED' && review.commit)
      standing.set(review.login, [...(standing.get(review.login) ?? []), review])
  }
  return standing
}

/** The commits the standing approvals are of, newest approval first. */
function approvedCommits(reviews: Review[], standing: Map<string, Review[]>): string[] {
  const kept = new Set([...standing.values()].flat())
  return [
    ...new Set(
      reviews
        .filter((r) => kept.has(r))
        .reverse()
        .map((r) => r.commit as string)
    )
  ]
}

async function readReviews(request: GitHubRequest, repository: object, number: number): Promise<Review[]> {
  const reviews: Review[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { data } = await request('GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews', {
      ...repository,
      pull_number: number,
      per_page: PER_PAGE,
      page
    })
    const items = Array.isArray(data) ? data : []
    // Only what decides is kept: the few fields of each review.
    reviews.push(...items.map(reviewOf))
    if (items.length < PER_PAGE) break
  }
  return reviews
}

/**
 * Refuses, before anything is sent to the service, an approval of `commit` for pull request
 * `number` that no standing approving review of that commit backs; the message names the commit.
 */
export async function checkReviewedCommit(
  event: GitHubEvent,
  number: number,
  commit: { sha: string; source: string },
  allowed: readonly string[],
  githubToken: string,
  env: NodeJS.ProcessEnv
): Promise<void> {
  const repository = repositoryOf(env)
  const what = `pull request #${number}'s commit ${commit.sha}`
  const how = `The ${event.name} event says nothing of which commit was reviewed, so an approval from it needs an approving review of the commit by someone in ${Input.allowedAssociations} (${allowed.join(', ')}) other than the pull request's author`
  if (!repository)
    throw new Error(
      `${how}; GITHUB_REPOSITORY is not set as owner/name, so the reviews of ${what} cannot be read: nothing is approved.`
    )
  if (!githubToken)
    throw new Error(
      `${how}; ${Input.githubToken} is empty, so the reviews of ${what} cannot be read (it needs pull-requests: read): nothing is approved.`
    )
  let reviews: Review[]
  try {
    reviews = await readReviews(await githubRequest(githubToken, undefined, env), repository, number)
  } catch (error) {
    throw new Error(
      `${how}; the reviews of ${what} could not be read (${Input.githubToken} needs pull-requests: read): ${(error as Error).message}. Nothing is approved.`,
      { cause: error }
    )
  }
  const author = str(obj(obj(event.payload.pull_request).user).login)?.toLowerCase() ?? ''
  const standing = standingApprovals(reviews, allowed, author)
  const expected = commit.sha.toLowerCase()
  const reviewed = approvedCommits(reviews, standing)
  if (reviewed.includes(expected)) return
  const elsewhere =
    reviewed.length === 0
      ? 'it has no standing approving review by such a reviewer at all'
      : `the approving reviews are of (newest first) ${reviewed.slice(0, 3).map(quote).join(', ')}${reviewed.length > 3 ? ` and ${reviewed.length - 3} more` : ''}, so the pull request changed after its review`
  throw new Error(
    `Commit ${commit.sha} of pull request #${number} (from ${commit.source}) lacks an approving review: ${how}, and ${elsewhere}. Nothing is approved. Review commit ${commit.sha} and approve it on GitHub, then apply the label again.`
  )
}
