/**
 * What abort aborts: the one build of build-slug, or every unfinished build a filter names
 * (pull-request-id, or branch of one repository owner, builds naming no owner included; either
 * narrowed by workflow). Exactly one of the two. A step run for a fork may abort only its own
 * pull request's builds, of the fork's head repository.
 */
import type { AbortFilter } from '../builds/abort/by-filter.js'
import { Input, type InputName } from '../constants.js'
import { buildParamsFromEvent, forkPullRequestOf, readGitHubEvent, type GitHubEvent } from '../github/event.js'
import { InputError } from '../inputs/input-error.js'
import * as read from '../inputs/readers.js'
import type { GetInput } from '../inputs/readers.js'
import { abortOccasion } from './abort-occasion.js'

/** The filter's inputs, read by abort only when build-slug is not set. */
export const FILTER_INPUTS = [Input.pullRequestId, Input.branch, Input.workflow, Input.branchRepoOwner] as const

const EITHER =
  `set ${Input.buildSlug} to abort one build, or a filter to abort every unfinished build it names: ${Input.pullRequestId} (the builds of that pull request) ` +
  `or ${Input.branch} (the builds of that branch that name ${Input.branchRepoOwner}, by default this repository's owner, or no owner), either one narrowed by ${Input.workflow} if you like`

/** The build slug, or the filter; an InputError when both or neither are given. */
export function readAbortTarget(
  get: GetInput,
  env: NodeJS.ProcessEnv
): { buildSlug: string } | { filter: AbortFilter; held?: string } {
  const filterSet = FILTER_INPUTS.filter((name) => get(name) !== '')
  if (get(Input.buildSlug) !== '') {
    if (filterSet.length > 0)
      throw new InputError(Input.buildSlug, `cannot be used together with ${filterSet.join(', ')}; ${EITHER}`)
    return { buildSlug: read.requiredSlug(get, Input.buildSlug) }
  }
  const pullRequestId = read.optionalInteger(get, Input.pullRequestId, 1, 2 ** 31 - 1)
  const branch = read.gitRefName(get, Input.branch)
  if (pullRequestId === undefined && branch === undefined) {
    const alone = filterSet.length > 0 ? ` (${filterSet.join(' and ')} alone name no builds)` : ''
    throw new InputError(Input.buildSlug, `is required when no filter is set${alone}; ${EITHER}`)
  }
  if (pullRequestId !== undefined && branch !== undefined)
    throw new InputError(
      Input.branch,
      `cannot be used together with ${Input.pullRequestId}: a branch filter names the branch's own builds, not a pull request's; ${EITHER}`
    )
  const workflow = read.singleLine(get, Input.workflow)
  const event = readGitHubEvent(env)
  if (pullRequestId !== undefined) {
    if (get(Input.branchRepoOwner) !== '')
      throw new InputError(
        Input.branchRepoOwner,
        `applies to a ${Input.branch} filter only; a pull request's builds are found by ${Input.pullRequestId}`
      )
    const headRepository = event ? checkForkPullRequest(event, pullRequestId) : undefined
    const abortOpen = read.booleanFlag(get, Input.abortOpenPullRequest, false)
    const { occasion, held } = abortOccasion(event, pullRequestId, abortOpen)
    return {
      filter: { pullRequestId, headRepository, workflow, ...(occasion ? { occasion } : {}) },
      ...(held ? { held } : {})
    }
  }
  if (event) checkForkBranch(event)
  const owner =
    read.slug(get, Input.branchRepoOwner) ??
    (env.GITHUB_REPOSITORY_OWNER || env.GITHUB_REPOSITORY?.split('/')[0] || undefined)
  if (owner === undefined)
    throw new InputError(
      Input.branchRepoOwner,
      `is needed with ${Input.branch} when GITHUB_REPOSITORY is not set: only builds of the branch that name this owner, or none, are aborted, never a fork's branch of the same name`
    )
  return { filter: { branch: branch as string, owner, workflow } }
}

/** The fork the event comes from, its pull request's number when the event shows one, and the fork's owner/name when it still exists. */
function forkOf(event: GitHubEvent): { what: string; number?: number; fullName?: string } | undefined {
  const fork = forkPullRequestOf(event)
  if (fork) {
    // eslint-disable-next-line house/service-words -- GitHub's event payload, in GitHub's words
    const number = (event.payload.pull_request as { number?: unknown } | undefined)?.number
    return {
      what: `a pull request from ${fork.fullName ? `the fork ${fork.fullName}` : 'a deleted fork'}`,
      number: typeof number === 'number' ? number : undefined,
      fullName: fork.fullName
    }
  }
  if (event.name === 'workflow_run' && buildParamsFromEvent(event).isForkPullRequest)
    return { what: 'a workflow run of a fork' }
  return undefined
}

function refuse(name: InputName, message: string): never {
  throw new InputError(name, message)
}

/** A fork's step may abort its own pull request's builds only: its number must be the event's. The fork's owner/name, to match the builds' head repository. */
function checkForkPullRequest(event: GitHubEvent, pullRequestId: number): string | undefined {
  const fork = forkOf(event)
  if (!fork) return undefined
  if (fork.number === pullRequestId) return fork.fullName
  if (fork.number === undefined) {
    refuse(
      Input.pullRequestId,
      `${pullRequestId} cannot be checked: this step runs for ${fork.what}, which does not show which pull request it belongs to, so it may abort no pull request's builds. Abort them from the pull request's own event (pull_request_target with types: [closed])`
    )
  }
  refuse(
    Input.pullRequestId,
    `${pullRequestId} is not the pull request this step runs for (#${fork.number}, ${fork.what}): a fork's step may abort only its own pull request's builds`
  )
}

/** A fork names its branches as it likes (its main is not this repository's main): no branch filter for it. */
function checkForkBranch(event: GitHubEvent): void {
  const fork = forkOf(event)
  if (fork)
    refuse(
      Input.branch,
      `cannot be used in a step run for ${fork.what}: the fork chooses its branch names, so a branch filter could reach this repository's builds of a branch with the same name. Use ${Input.pullRequestId} with the pull request's number`
    )
}
