import { readFileSync } from 'node:fs'
import type { TriggerParams } from '../api/build-params.js'
import { fromWorkflowRun, type EventBuildParams, type GitHubEvent } from './event-sources.js'
import { obj, str } from './payload.js'

export type { EventBuildParams, GitHubEvent }

/** Reads the event the runner describes in GITHUB_EVENT_NAME and GITHUB_EVENT_PATH. */
export function readGitHubEvent(env: NodeJS.ProcessEnv = process.env): GitHubEvent | undefined {
  const name = env.GITHUB_EVENT_NAME
  if (!name) return undefined
  let payload: Record<string, unknown> = {}
  if (env.GITHUB_EVENT_PATH) {
    try {
      payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) as Record<string, unknown>
    } catch (error) {
      throw new Error(`Could not read the GitHub event payload at GITHUB_EVENT_PATH: ${(error as Error).message}`, {
        cause: error
      })
    }
  }
  const repositoryOwner = env.GITHUB_REPOSITORY_OWNER || env.GITHUB_REPOSITORY?.split('/')[0] || undefined
  return { name, payload, ref: env.GITHUB_REF || undefined, sha: env.GITHUB_SHA || undefined, repositoryOwner }
}

/**
 * Maps a GitHub event to build parameters the way the service's own GitHub
 * webhook would: the pull request's head commit (not GitHub's merge commit),
 * the pull/N/head and pull/N/merge refs, and both repository owners unless the
 * pull request comes from a fork. The service takes a build without either
 * owner for a fork pull request (and may hold it), so every other build names
 * the repository's owner as both.
 */
export function buildParamsFromEvent(event: GitHubEvent): EventBuildParams {
  const mapped = mapEvent(event)
  if (mapped.isForkPullRequest || event.name === 'pull_request' || event.name === 'pull_request_target') return mapped
  const owner = str(obj(obj(event.payload.repository).owner).login) ?? event.repositoryOwner
  const params = mapped.params
  if (owner && (params.branch || params.tag || params.commitHash)) {
    params.branchRepoOwner ??= owner
    params.branchDestRepoOwner ??= owner
  }
  return mapped
}

function mapEvent(event: GitHubEvent): EventBuildParams {
  const payload = event.payload
  switch (event.name) {
    case 'pull_request':
    case 'pull_request_target':
      return fromPullRequest(payload)
    case 'push':
      return fromPush(payload, event)
    case 'merge_group':
      return fromMergeGroup(payload)
    case 'release':
      return fromRelease(payload, event)
    case 'workflow_run':
      return fromWorkflowRun(payload)
    case 'workflow_dispatch':
    case 'schedule':
    case 'repository_dispatch':
      return { params: fromRef(str(payload.ref) ?? event.ref, event.sha), notes: [], isForkPullRequest: false }
    default:
      return {
        params: fromRef(event.ref, event.sha),
        notes: [`The ${event.name} event has no mapping of its own; the build uses the workflow's ref and commit.`],
        isForkPullRequest: false
      }
  }
}

function fromPullRequest(payload: Record<string, unknown>): EventBuildParams {
  const pr = obj(payload.pull_request)
  const head = obj(pr.head)
  const base = obj(pr.base)
  const headRepo = obj(head.repo)
  const baseRepo = obj(base.repo)
  const number = typeof pr.number === 'number' ? pr.number : Number(payload.number)
  const title = str(pr.title) ?? ''
  const body = str(pr.body) ?? ''
  const fork = forkOf(pr)
  const id = Number.isInteger(number) ? number : undefined
  const commitMessage = body ? `${title}\n\n${body}` : title || undefined
  if (fork) return fromForkPullRequest(fork, { commitHash: str(head.sha), commitMessage, pullRequestId: id }, number)
  const params: TriggerParams = {
    branch: str(head.ref),
    commitHash: str(head.sha),
    commitMessage,
    branchDest: str(base.ref),
    pullRequestId: id,
    pullRequestHeadBranch: id !== undefined ? `pull/${id}/head` : undefined,
    pullRequestMergeBranch: pr.mergeable === true && id !== undefined ? `pull/${id}/merge` : undefined,
    pullRequestRepositoryUrl: headRepo.private === true ? str(headRepo.ssh_url) : str(headRepo.clone_url),
    branchRepoOwner: str(obj(headRepo.owner).login) ?? str(obj(head.user).login),
    branchDestRepoOwner: str(obj(baseRepo.owner).login) ?? str(obj(base.user).login)
  }
  return { params, notes: [], isForkPullRequest: false }
}

/**
 * A fork pull request: the service takes a build as a fork's, which it may hold for approval,
 * only when both owners are absent, so neither is sent. Nor is any ref a later push moves: with
 * no destination branch, merge ref or fork URL the service's clone step checks out the commit
 * itself (src/inputs/checkout.ts), so the build an approval starts is the commit approved. The
 * fork's branch is left out too: the step would fetch it from the app's own repository, where a
 * fork's branch is not.
 */
function fromForkPullRequest(
  fork: { fullName?: string; deleted: boolean },
  params: TriggerParams,
  number: number
): EventBuildParams {
  const from = fork.deleted ? 'a fork whose repository was deleted' : `the fork ${fork.fullName}`
  const commit = params.commitHash ? `commit ${params.commitHash}` : 'its commit'
  return {
    params,
    notes: [
      `Pull request #${number} comes from ${from}; the repository owners are left out, so the service treats it as a fork pull request and may hold its build until someone approves it. ` +
        `Only ${commit} and the pull request's number are sent (no branch, destination branch or pull request ref), so the service's clone step checks out that commit exactly, never a ref a later push moves.`
    ],
    isForkPullRequest: true
  }
}

/**
 * The fork a pull request comes from, or undefined when its head is a branch of the
 * base repository. A head repository that is missing (deleted) counts as a fork:
 * nothing shows it belongs to the base repository.
 */
function forkOf(pr: Record<string, unknown>): { fullName?: string; deleted: boolean } | undefined {
  const headRepo = obj(obj(pr.head).repo)
  const headFullName = str(headRepo.full_name)
  const baseFullName = str(obj(obj(pr.base).repo).full_name)
  if (headFullName !== undefined && headFullName === baseFullName) return undefined
  return { fullName: headFullName, deleted: headFullName === undefined }
}

/** The fork of the pull request of the event in `env`, or undefined (another event, or none). */
export function forkPullRequestIn(env: NodeJS.ProcessEnv): { fullName?: string; deleted: boolean } | undefined {
  const event = readGitHubEvent(env)
  return event ? forkPullRequestOf(event) : undefined
}

/** The fork a `pull_request` or `pull_request_target` event comes from, or undefined for any other event. */
export function forkPullRequestOf(event: GitHubEvent): { fullName?: string; deleted: boolean } | undefined {
  if (event.name !== 'pull_request' && event.name !== 'pull_request_target') return undefined
  return forkOf(obj(event.payload.pull_request))
}

/**
 * The closed pull request a `pull_request` or `pull_request_target` event (or a review or comment
 * resolved to one) is about, or undefined when it is open or the event is another kind.
 */
export function closedPullRequestOf(
  event: GitHubEvent
): { number?: number; merged: boolean; action?: string } | undefined {
  if (event.name !== 'pull_request' && event.name !== 'pull_request_target') return undefined
  const pr = obj(event.payload.pull_request)
  const action = str(event.payload.action)
  if (action !== 'closed' && pr.state !== 'closed') return undefined
  const number =
    typeof pr.number === 'number'
      ? pr.number
      : typeof event.payload.number === 'number'
        ? event.payload.number
        : undefined
  return { number, merged: pr.merged === true || str(pr.merged_at) !== undefined, action }
}

function fromPush(payload: Record<string, unknown>, event: GitHubEvent): EventBuildParams {
  const ref = str(payload.ref) ?? event.ref
  const headCommit = obj(payload.head_commit)
  const after = str(payload.after)
  if (payload.deleted === true) {
    return {
      params: {},
      notes: [`The push deleted ${ref ?? 'a ref'}; there is no commit to build.`],
      isForkPullRequest: false
    }
  }
  const params = fromRef(ref, str(headCommit.id) ?? after ?? event.sha)
  if (params.branch) params.commitMessage = str(headCommit.message)
  return { params, notes: [], isForkPullRequest: false }
}

function fromMergeGroup(payload: Record<string, unknown>): EventBuildParams {
  const group = obj(payload.merge_group)
  return {
    params: {
      branch: stripRef(str(group.head_ref)),
      commitHash: str(group.head_sha),
      branchDest: stripRef(str(group.base_ref)),
      commitMessage: str(obj(group.head_commit).message)
    },
    notes: [],
    isForkPullRequest: false
  }
}

function fromRelease(payload: Record<string, unknown>, event: GitHubEvent): EventBuildParams {
  const release = obj(payload.release)
  const tag = str(release.tag_name) ?? stripRef(event.ref)
  return { params: { tag, commitHash: event.sha }, notes: [], isForkPullRequest: false }
}

/** A branch or tag ref with its commit. */
function fromRef(ref: string | undefined, sha: string | undefined): TriggerParams {
  if (ref?.startsWith('refs/tags/')) return { tag: ref.slice('refs/tags/'.length), commitHash: sha }
  if (ref?.startsWith('refs/heads/')) return { branch: ref.slice('refs/heads/'.length), commitHash: sha }
  return { commitHash: sha }
}

function stripRef(ref: string | undefined): string | undefined {
  return ref?.replace(/^refs\/(heads|tags)\//, '')
}
