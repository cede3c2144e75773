/**
 * The events that start a build on behalf of a pull request without being `pull_request`
 * events: an approving review, a comment on the pull request (read through the GitHub API),
 * and a workflow run that follows another. Each is turned into what the pull request mapping
 * takes, so the fork rules stay in one place: a same-repository pull request keeps both owners,
 * a fork sends neither.
 */
import type { TriggerParams } from '../api/build-params.js'
import { githubRequest, repositoryOf } from './rest.js'
import { obj, str } from './payload.js'

/** What the workflow run was started by: the event name, its payload, and the ref and commit. */
export interface GitHubEvent {
  name: string
  payload: Record<string, unknown>
  ref?: string
  sha?: string
  /** The login of the repository's owner (GITHUB_REPOSITORY_OWNER), for builds that are not fork pull requests. */
  repositoryOwner?: string
}

export interface EventBuildParams {
  params: TriggerParams
  /** Things the user should know, e.g. that a fork pull request may be held for approval. */
  notes: string[]
  isForkPullRequest: boolean
}

/**
 * The event as the mapping reads it: an approving `pull_request_review`, a comment on a pull
 * request's diff (`pull_request_review_comment`) and an `issue_comment` on a pull request become
 * the `pull_request` event of that pull request, so the fork rules apply to them; any other event
 * is returned as it is. A review that approves nothing, or a comment on an issue, builds nothing.
 */
export async function resolvePullRequestEvent(
  event: GitHubEvent,
  githubToken: string,
  env: NodeJS.ProcessEnv
): Promise<GitHubEvent> {
  if (event.name === 'pull_request_review') return fromReview(event)
  if (event.name === 'pull_request_review_comment')
    return { ...event, name: 'pull_request', payload: { pull_request: event.payload.pull_request } }
  if (event.name === 'issue_comment') return fromComment(event, githubToken, env)
  return event
}

function fromReview(event: GitHubEvent): GitHubEvent {
  const state = str(obj(event.payload.review).state)?.toLowerCase()
  if (event.payload.action !== 'submitted' || state !== 'approved') {
    throw new Error(
      `This pull_request_review event is not a submitted approval (action ${String(event.payload.action)}, state ${state ?? 'none'}): nothing is built. Run the step only for approvals by trusted reviewers, e.g. if: github.event.review.state == 'approved' && contains(fromJSON('["OWNER","MEMBER","COLLABORATOR"]'), github.event.review.author_association)`
    )
  }
  return { ...event, name: 'pull_request', payload: { pull_request: event.payload.pull_request } }
}

async function fromComment(event: GitHubEvent, githubToken: string, env: NodeJS.ProcessEnv): Promise<GitHubEvent> {
  const issue = obj(event.payload.issue)
  const number = issue.number
  if (issue.pull_request === undefined || typeof number !== 'number') {
    throw new Error(
      'This issue_comment event is about an issue, not a pull request: nothing is built. Run the step only for pull requests and trusted commenters, e.g. if: github.event.issue.pull_request && contains(fromJSON(\'["OWNER","MEMBER","COLLABORATOR"]\'), github.event.comment.author_association)'
    )
  }
  const repository = repositoryOf(env)
  if (!repository)
    throw new Error(
      'GITHUB_REPOSITORY is not set as owner/name, so the pull request of this issue_comment event cannot be read'
    )
  if (!githubToken)
    throw new Error(
      'github-token is empty, so the pull request of this issue_comment event cannot be read; pass ${{ github.token }} (the default)'
    )
  const request = await githubRequest(githubToken)
  let pr: unknown
  try {
    pr = (await request('GET /repos/{owner}/{repo}/pulls/{pull_number}', { ...repository, pull_number: number })).data
  } catch (error) {
    throw new Error(`Could not read pull request #${number} from the GitHub API: ${(error as Error).message}`, {
      cause: error
    })
  }
  return { ...event, name: 'pull_request', payload: { pull_request: pr, number } }
}

/**
 * A `workflow_run` event: the head commit and branch of the run it follows. The run's head
 * repository differing from this repository means a fork's code: neither owner is sent, nor the
 * fork's branch (the service's clone step would fetch it from the app's repository), so the
 * clone step checks out the run's commit exactly; the fork's URL goes in head_repository_url (a
 * field of the contract's build parameters, which the service's own webhook fills for pull
 * requests, and which the clone step does not read), so the build's record shows it is the fork's.
 */
export function fromWorkflowRun(payload: Record<string, unknown>): EventBuildParams {
  const run = obj(payload.workflow_run)
  const headRepo = obj(run.head_repository)
  const thisRepo = obj(payload.repository)
  const headName = str(headRepo.full_name)
  const fork = headName === undefined || headName !== str(thisRepo.full_name)
  const { number, note } = workflowRunPullRequest(run, thisRepo)
  const params: TriggerParams = {
    branch: fork ? undefined : str(run.head_branch),
    commitHash: str(run.head_sha),
    commitMessage: str(obj(run.head_commit).message)
  }
  if (number !== undefined) params.pullRequestId = number
  if (!fork) {
    params.branchRepoOwner = str(obj(headRepo.owner).login)
    params.branchDestRepoOwner = str(obj(thisRepo.owner).login)
  } else {
    // The run's head repository is a minimal one: a clone URL only when the payload has one, else its page's.
    const page = str(headRepo.html_url)
    params.headRepositoryUrl = str(headRepo.clone_url) ?? (page && `${page.replace(/\/+$/, '')}.git`)
  }
  const notes = note ? [note] : []
  if (fork) {
    notes.push(
      `The workflow run comes from ${headName ? `the fork ${headName}` : 'a repository that is gone'}; the repository owners are left out, so the service may hold its build until someone approves it. ` +
        `Its branch is not sent, so the service's clone step checks out commit ${str(run.head_sha) ?? '(none)'} exactly.`
    )
  }
  return { params, notes, isForkPullRequest: fork }
}

/**
 * The pull request of a workflow run, only when GitHub's list names exactly one of this
 * repository whose head is the run's head repository. GitHub lists the open pull requests whose
 * head commit or branch matches the run, "not necessarily" those that triggered it (REST
 * reference, workflow run `pull_requests`); an item can be a pull request of another repository
 * (its `base.repo`), whose number means nothing here (octokit/webhooks payload example
 * `workflow_run/completed.with-pull-requests`).
 */
function workflowRunPullRequest(
  run: Record<string, unknown>,
  thisRepo: Record<string, unknown>
): { number?: number; note?: string } {
  const items = Array.isArray(run.pull_requests) ? run.pull_requests.map(obj) : []
  if (items.length === 0) return {}
  const headRepo = obj(run.head_repository)
  const ours = items.filter(
    (item) =>
      sameRepository(obj(obj(item.base).repo), thisRepo) &&
      sameRepository(obj(obj(item.head).repo), headRepo) &&
      typeof item.number === 'number'
  )
  if (ours.length === 1) return { number: ours[0].number as number }
  const why =
    ours.length > 1
      ? `${ours.length} of them are pull requests of this repository from the run's head, and nothing shows which one the run was for`
      : "none of them is a pull request of this repository from the run's head repository"
  return { note: `The workflow run lists ${items.length} pull request(s), but ${why}: no pull request number is sent.` }
}

/** Whether two repository objects of a payload are the same repository: by id when both have one, else by API URL. */
function sameRepository(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  if (typeof a.id === 'number' && typeof b.id === 'number') return a.id === b.id
  const urlA = str(a.url)
  return urlA !== undefined && urlA.toLowerCase() === str(b.url)?.toLowerCase()
}
