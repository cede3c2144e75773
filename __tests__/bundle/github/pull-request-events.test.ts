/**
 * Triggers held for approval (list-build-requests, approve-build-request) and the review, comment
 * and workflow-run events, through dist/index.js against the emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startFakeGitHub, type FakeGitHub } from '../../../emulator/github/fake.js'
import { call } from '../../emulator/helpers.js'
import * as events from '../../fixtures/events/events.js'
import { randomBytes, randomInt, randomSlug, randomToken } from '../../helpers/random.js'
import { expectNoSecrets } from '../../helpers/secrets.js'
import {
  buildState,
  emulatorState,
  expectFailed,
  expectPassed,
  requestLog,
  step,
  TOKENS
} from '../../helpers/scenarios/emulator-steps.js'
import { OWNERS, emu, sha, statusOf, trusted, useLongBuildEmulator } from '../../helpers/subjects/pull-requests.js'

useLongBuildEmulator()

describe('triggers held for approval: list-build-requests and approve-build-request', () => {
  it('lists the held fork trigger, and an approval starts its build', async () => {
    const pr = 1 + randomInt(5000)
    const commit = randomBytes(20).toString('hex')
    const held = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: `fork/${randomSlug()}`,
      'pull-request-id': String(pr),
      'commit-hash': commit
    })
    expectPassed(held)
    expect(held.outputs['build-slug']).toBeUndefined()
    const listed = await step(emu, 'list-build-requests', { 'app-slug': 'ios-app' }, { token: TOKENS.tester })
    expectPassed(listed)
    const requests = JSON.parse(listed.outputs['build-requests'])
    expect(requests).toEqual([
      expect.objectContaining({
        slug: held.outputs['build-request-slug'],
        pull_request_url: expect.stringContaining(`/pull/${pr}`),
        build_params: expect.objectContaining({ pull_request_id: pr })
      })
    ])
    const approved = await step(
      emu,
      'approve-build-request',
      { 'app-slug': 'ios-app', 'build-request-slug': requests[0].slug, 'expected-commit': commit, approve: 'true' },
      { token: TOKENS.developer }
    )
    expectPassed(approved)
    expect((await requestLog(emu)).at(-1)).toMatchObject({ method: 'PATCH', body: { is_approved: true } })
    const [build] = (await emulatorState(emu)).builds.filter(
      (b: { build_request: string | null }) => b.build_request === requests[0].slug
    )
    expect(await statusOf(build.slug)).toBe('in-progress')
    expect(
      JSON.parse((await step(emu, 'list-build-requests', { 'app-slug': 'ios-app' })).outputs['build-requests'])
    ).toEqual([])
  })

  it('a rejection starts no build; approve is required', async () => {
    expectPassed(
      await step(emu, 'trigger', {
        'app-slug': 'ios-app',
        'from-event': 'false',
        branch: `fork/${randomSlug()}`,
        'pull-request-id': '3'
      })
    )
    const requests = (await call(emu, 'GET', '/apps/ios-app/build-requests')).json.data
    const missing = await step(emu, 'approve-build-request', {
      'app-slug': 'ios-app',
      'build-request-slug': requests[0].slug
    })
    expectFailed(missing)
    expect(missing.stdout).toContain('approve')
    expect((await requestLog(emu)).filter((r) => r.method === 'PATCH')).toEqual([])
    expectPassed(
      await step(emu, 'approve-build-request', {
        'app-slug': 'ios-app',
        'build-request-slug': requests[0].slug,
        approve: 'false'
      })
    )
    expect((await emulatorState(emu)).builds).toEqual([])
  })
})

/** The build parameters a trigger sent: of its build, or of its build request when held for approval. */
async function sentParams(result: { outputs: Record<string, string> }): Promise<Record<string, unknown>> {
  if (result.outputs['build-slug']) return (await buildState(emu, result.outputs['build-slug'])).original_build_params
  const requests = (await call(emu, 'GET', '/apps/ios-app/build-requests')).json.data
  return requests.find((r: { slug: string }) => r.slug === result.outputs['build-request-slug']).build_params
}

describe('review, comment and workflow-run events', () => {
  let github: FakeGitHub
  beforeAll(async () => {
    github = await startFakeGitHub({ pulls: {} })
  })
  afterAll(async () => github?.close())

  function pullRequest(number: number, fork: boolean, head: string) {
    const base = { ref: 'main', repo: { full_name: 'acme/ios-app', owner: { login: 'acme' } } }
    const headRepo = fork
      ? {
          full_name: `${randomSlug()}/ios-app`,
          owner: { login: 'outsider' },
          clone_url: 'https://github.com/x/ios-app.git'
        }
      : base.repo
    return { number, title: 't', head: { ref: `feature/${randomSlug()}`, sha: head, repo: headRepo }, base }
  }

  async function triggerOn(name: string, payload: unknown, env: Record<string, string> = {}) {
    return step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app', 'github-token': randomToken() },
      {
        event: { name, payload, sha: sha() },
        env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/ios-app', ...env }
      }
    )
  }

  it.each([false, true])(
    'an approving review builds its pull request (fork: %p): head commit, and owners only for the same repository',
    async (fork) => {
      const head = sha()
      const pr = pullRequest(1 + randomInt(5000), fork, head)
      const result = await triggerOn('pull_request_review', {
        action: 'submitted',
        review: { state: 'approved', author_association: trusted() },
        pull_request: pr
      })
      expectPassed(result)
      const params = await sentParams(result)
      expect(params).toMatchObject({ commit_hash: head, pull_request_id: pr.number })
      // A fork's branch is not sent: the clone step would fetch it from the app's repository.
      if (fork)
        expect([params.branch_repo_owner ?? params.branch_dest_repo_owner, params.branch]).toEqual([
          undefined,
          undefined
        ])
      else expect(params).toMatchObject({ ...OWNERS, branch: pr.head.ref })
    }
  )

  it('a review that does not approve builds nothing', async () => {
    const result = await triggerOn('pull_request_review', {
      action: 'submitted',
      review: { state: 'commented', author_association: trusted() },
      pull_request: pullRequest(4, false, sha())
    })
    expectFailed(result)
    expect((await requestLog(emu)).filter((r) => r.method === 'POST')).toEqual([])
  })

  it.each([false, true])(
    'a comment on a pull request reads it through the GitHub API and builds its head (fork: %p)',
    async (fork) => {
      const number = 1 + randomInt(5000)
      const head = sha()
      const pulls = { [number]: pullRequest(number, fork, head) }
      const local = await startFakeGitHub({ pulls })
      try {
        const token = randomToken()
        const result = await step(
          emu,
          'trigger',
          { 'app-slug': 'ios-app', 'github-token': token },
          {
            event: {
              name: 'issue_comment',
              payload: {
                action: 'created',
                issue: { number, pull_request: {} },
                comment: { body: '/build', author_association: trusted() }
              }
            },
            env: { GITHUB_API_URL: local.url, GITHUB_REPOSITORY: 'acme/ios-app' }
          }
        )
        expectPassed(result)
        expect(local.requests).toEqual([
          expect.objectContaining({
            method: 'GET',
            path: `/repos/acme/ios-app/pulls/${number}`,
            authorization: expect.stringContaining(token)
          })
        ])
        expectNoSecrets(result, [token])
        const params = await sentParams(result)
        expect(params).toMatchObject({ commit_hash: head, pull_request_id: number })
        expect(params.branch_repo_owner === undefined).toBe(fork)
      } finally {
        await local.close()
      }
    }
  )

  it("a fork's workflow run that lists a pull request of the fork's own repository sends no pull request number", async () => {
    const fork = events.randomFork()
    const head = sha()
    const payload = events.forkWorkflowRun(fork, `feature/${randomSlug()}`, head)
    const forkRepo = {
      id: payload.workflow_run.head_repository.id,
      url: payload.workflow_run.head_repository.url,
      name: fork.repo
    }
    const number = 1 + randomInt(5000)
    const listed = {
      url: `${forkRepo.url}/pulls/${number}`,
      id: 1 + randomInt(1e9),
      number,
      head: { ref: payload.workflow_run.head_branch, sha: head, repo: forkRepo },
      base: { ref: 'main', sha: sha(), repo: forkRepo }
    }
    payload.workflow_run.pull_requests = [listed]
    // A fork's trigger names no branch, so it names its workflow (the trigger map matches branches).
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app', workflow: 'primary' },
      { event: { name: 'workflow_run', payload }, env: { GITHUB_REPOSITORY: 'acme/ios-app' } }
    )
    expectPassed(result)
    const params = await sentParams(result)
    expect(params).toMatchObject({ commit_hash: head })
    expect([params.pull_request_id, params.branch]).toEqual([undefined, undefined])
    expect(result.stdout).toContain(
      "none of them is a pull request of this repository from the run's head repository: no pull request number is sent"
    )
  })

  it("a workflow run that lists another repository's pull request (GitHub's own example) comments on no pull request", async () => {
    const payload = events.workflowRunWithPullRequests()
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app', 'github-token': randomToken(), 'github-comment': 'true' },
      {
        event: { name: 'workflow_run', payload },
        env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: payload.repository.full_name }
      }
    )
    expectPassed(result)
    expect((await buildState(emu, result.outputs['build-slug'])).original_build_params.pull_request_id).toBeUndefined()
    expect(github.requests.filter((r) => r.path.includes('/issues/'))).toEqual([])
    expect(result.stdout).toContain(
      '::notice::github-comment: the build is not for a pull request, so no comment was posted.'
    )
  })

  it('a workflow run builds the head commit and branch of the run it follows', async () => {
    const head = sha()
    const branch = `feature/${randomSlug()}`
    const repo = { full_name: 'acme/ios-app', owner: { login: 'acme' } }
    const result = await triggerOn('workflow_run', {
      workflow_run: { head_sha: head, head_branch: branch, head_repository: repo, pull_requests: [] },
      repository: repo
    })
    expectPassed(result)
    expect((await buildState(emu, result.outputs['build-slug'])).original_build_params).toMatchObject({
      commit_hash: head,
      branch,
      ...OWNERS
    })
  })
})
