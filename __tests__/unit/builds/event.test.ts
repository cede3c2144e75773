import { describe, expect, it } from '@jest/globals'
import { buildParamsFromEvent, type GitHubEvent } from '../../../src/github/event.js'
import { serviceBuildParams } from '../../../src/api/build-params.js'
import * as events from '../../fixtures/events/events.js'
import { randomSlug } from '../../helpers/random.js'

const PR_SHA = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821'
const PUSH_SHA = '6113728f27ae82c7b1a177c8d03f9e96e0adf246'
const FORK = events.randomFork()
/** Both owners: what every build that is not a fork pull request carries, so the service never holds it as one. */
const owners = (login: string): Record<string, string> => ({ branch_repo_owner: login, branch_dest_repo_owner: login })
const RUN_OWNER = randomSlug('owner-')
const PR_MESSAGE =
  'Update the README with new information.\n\nThis is a pretty simple change that we need to pull into master.'
/**
 * What a fork pull request of the fixture maps to: neither owner, so the service may hold it, and
 * nothing but its commit and number, so the service's clone step checks out that commit exactly
 * (no branch, destination branch, pull request ref or fork URL, which make it check out a ref).
 */
const FORK_PARAMS = { commit_hash: PR_SHA, commit_message: PR_MESSAGE, pull_request_id: 2 }

/** One row per event: the event, and the build parameters the service's own webhook would send. */
const cases: Array<{
  name: string
  event: GitHubEvent
  params: Record<string, unknown>
  fork?: boolean
  exact?: boolean
}> = [
  {
    name: 'push to a branch',
    event: { name: 'push', payload: events.pushBranch() },
    params: { branch: 'master', commit_hash: PUSH_SHA, commit_message: 'Initial commit', ...owners('Codertocat') },
    exact: true
  },
  {
    name: 'push of a tag: tag and commit, no branch',
    event: { name: 'push', payload: events.pushTag() },
    params: { tag: 'simple-tag', commit_hash: PUSH_SHA, ...owners('Codertocat') },
    exact: true
  },
  {
    name: 'same-repository pull request: head sha, both owners, head ref, no merge ref while mergeable is unknown',
    event: { name: 'pull_request', payload: events.pullRequestOpened() },
    params: events.OPENED_PULL_REQUEST_PARAMS,
    exact: true
  },
  {
    name: 'mergeable pull request adds the merge ref',
    event: { name: 'pull_request', payload: events.mergeablePullRequest() },
    params: { pull_request_merge_branch: 'pull/2/merge', pull_request_head_branch: 'pull/2/head' }
  },
  {
    name: 'pull request from a private repository uses the SSH clone URL',
    event: { name: 'pull_request', payload: events.privatePullRequest() },
    params: { pull_request_repository_url: 'git@github.com:Codertocat/Hello-World.git' }
  },
  ...(['pull_request', 'pull_request_target'] as const).map((name) => ({
    name: `${name} from a fork: its commit and number only, and neither owner, so the service may hold it`,
    event: { name, payload: events.forkPullRequest(FORK) },
    params: FORK_PARAMS,
    exact: true,
    fork: true
  })),
  {
    name: 'pull request whose fork was deleted (head.repo null): a fork, no owners, its commit and number only',
    event: { name: 'pull_request', payload: events.deletedForkPullRequest(FORK) },
    params: FORK_PARAMS,
    exact: true,
    fork: true
  },
  {
    name: 'workflow_dispatch: the ref from the payload and the workflow sha',
    event: {
      name: 'workflow_dispatch',
      payload: events.workflowDispatch(),
      sha: 'abc1234abc1234abc1234abc1234abc1234abc12'
    },
    params: { branch: 'main', commit_hash: 'abc1234abc1234abc1234abc1234abc1234abc12', ...owners('octo-org') },
    exact: true
  },
  {
    name: "schedule: the default branch ref and sha of the run, owned by the run's repository owner",
    event: {
      name: 'schedule',
      payload: { schedule: '0 3 * * *' },
      ref: 'refs/heads/main',
      sha: 'def5678def5678def5678def5678def5678def56',
      repositoryOwner: RUN_OWNER
    },
    params: { branch: 'main', commit_hash: 'def5678def5678def5678def5678def5678def56', ...owners(RUN_OWNER) },
    exact: true
  },
  {
    name: 'merge_group: the queue branch, its head sha and the base branch',
    event: { name: 'merge_group', payload: events.mergeGroup() },
    params: {
      branch: 'gh-readonly-queue/main/pr-104-929f8209d40f77f4abc622a499c93a83babdbe64',
      commit_hash: '2ffea6db159f6b6c47a24e778fb9ef40cf6b1c7d',
      branch_dest: 'main',
      ...owners('octo-org')
    }
  },
  {
    name: 'release: the tag and the sha of the run',
    event: { name: 'release', payload: events.releasePublished(), sha: PUSH_SHA },
    params: { tag: '0.0.1', commit_hash: PUSH_SHA, ...owners('Codertocat') },
    exact: true
  },
  {
    name: 'tag ref from workflow_dispatch',
    event: { name: 'workflow_dispatch', payload: { ref: 'refs/tags/v1.2.3' }, sha: PUSH_SHA },
    params: { tag: 'v1.2.3', commit_hash: PUSH_SHA },
    exact: true
  }
]

describe('GitHub event to build parameters', () => {
  it.each(cases)('$name', ({ event, params, fork, exact }) => {
    const mapped = buildParamsFromEvent(event)
    // undefined fields are never sent (JSON drops them), so compare what would be sent, in the service's words.
    const sent = JSON.parse(JSON.stringify(serviceBuildParams(mapped.params))) as Record<string, unknown>
    if (exact) expect(sent).toEqual(params)
    else expect(sent).toMatchObject(params)
    expect(mapped.isForkPullRequest).toBe(fork ?? false)
    if (fork)
      expect(mapped.notes.join(' ')).toMatch(
        /owners are left out, so the service treats it as a fork pull request and may hold its build until someone approves it/
      )
    else expect(mapped.notes.join(' ')).not.toMatch(/fork/)
  })

  it('names the fork in the note, or says its repository was deleted', () => {
    expect(buildParamsFromEvent({ name: 'pull_request', payload: events.forkPullRequest(FORK) }).notes[0]).toContain(
      `the fork ${FORK.owner}/${FORK.repo};`
    )
    expect(
      buildParamsFromEvent({ name: 'pull_request', payload: events.deletedForkPullRequest(FORK) }).notes[0]
    ).toContain('a fork whose repository was deleted')
  })

  it('a mergeable fork pull request sends no merge ref either: GitHub moves it with every push', () => {
    const payload = events.forkPullRequest(FORK)
    payload.pull_request.mergeable = true
    expect(serviceBuildParams(buildParamsFromEvent({ name: 'pull_request_target', payload }).params)).toEqual(
      FORK_PARAMS
    )
  })

  it("a workflow run takes a pull request number only from a pull request of this repository from the run's head", () => {
    // GitHub's example lists a pull request of Codertocat/Hello-World for a run of octo-org/octo-repo.
    const foreign = buildParamsFromEvent({
      name: 'workflow_run',
      payload: events.loadEvent('workflow_run-completed-with-pull-requests.json')
    })
    expect(foreign.params.pullRequestId).toBeUndefined()
    expect(foreign.notes.join(' ')).toContain('none of them is a pull request of this repository')
    const payload = events.loadEvent('workflow_run-completed-with-pull-requests.json')
    const own = { id: payload.repository.id, url: payload.repository.url, name: payload.repository.name }
    payload.workflow_run.pull_requests[0].base.repo = own
    payload.workflow_run.pull_requests[0].head.repo = own
    expect(buildParamsFromEvent({ name: 'workflow_run', payload }).params.pullRequestId).toBe(
      payload.workflow_run.pull_requests[0].number
    )
  })

  it('a tag push sets no branch', () => {
    expect(buildParamsFromEvent({ name: 'push', payload: events.pushTag() }).params.branch).toBeUndefined()
  })

  it('a same-repository pull request has no merge ref while GitHub has not computed mergeability', () => {
    expect(
      buildParamsFromEvent({ name: 'pull_request', payload: events.pullRequestOpened() }).params.pullRequestMergeBranch
    ).toBeUndefined()
  })

  it('a branch deletion gives nothing to build', () => {
    const payload = {
      ...events.pushBranch(),
      deleted: true,
      after: '0000000000000000000000000000000000000000',
      head_commit: null
    }
    const mapped = buildParamsFromEvent({ name: 'push', payload })
    expect(mapped.params).toEqual({})
    expect(mapped.notes[0]).toMatch(/deleted/)
  })

  it('an unmapped event falls back to the run ref and sha, and says so', () => {
    const mapped = buildParamsFromEvent({ name: 'issue_comment', payload: {}, ref: 'refs/heads/dev', sha: PUSH_SHA })
    expect(serviceBuildParams(mapped.params)).toEqual({ branch: 'dev', commit_hash: PUSH_SHA })
    expect(mapped.notes[0]).toMatch(/issue_comment/)
  })
})
