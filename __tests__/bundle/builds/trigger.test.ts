import { describe, expect, it } from '@jest/globals'
import { fakeServices, type FakeService } from '../../helpers/fake-service.js'
import { errorLine, runAction, type RunOptions } from '../../helpers/run-action.js'
import { randomSlug } from '../../helpers/random.js'
import * as events from '../../fixtures/events/events.js'
import { fakeStep } from '../../helpers/scenarios/fake-steps.js'
import { expectNoSecrets, SECRET_ENV_VALUE, TOKEN } from '../../helpers/secrets.js'

const PR_SHA = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821'
const PUSH_SHA = '6113728f27ae82c7b1a177c8d03f9e96e0adf246'
const TRIGGERED = {
  status: 201,
  body: {
    status: 'ok',
    message: 'webhook processed',
    slug: 'app-1',
    service: 'service',
    results: [
      {
        build_slug: 'build-abc',
        build_number: 42,
        build_url: 'https://service.example/build/build-abc',
        triggered_workflow: 'primary',
        triggered_pipeline: '',
        status: 'ok',
        message: 'webhook processed'
      }
    ]
  }
}

const serve = fakeServices()
let service: FakeService

async function trigger(inputs: Record<string, string>, options: RunOptions = {}) {
  service = await serve({ 'POST /apps/app-1/builds': TRIGGERED })
  const result = await runAction(
    { operation: 'trigger', token: TOKEN, 'base-url': service.url, 'app-slug': 'app-1', ...inputs },
    options
  )
  const sent = service.calls('POST /apps/app-1/builds')
  return { result, sent, body: sent[0]?.body as { hook_info: unknown; build_params: Record<string, unknown> } }
}

describe('operation trigger, run as the runner runs dist/index.js', () => {
  it('a branch push: branch, commit and the head commit message', async () => {
    const { result, sent, body } = await trigger({}, { event: { name: 'push', payload: events.pushBranch() } })
    expect(result.code).toBe(0)
    expect(sent).toHaveLength(1)
    expect(body).toEqual({
      hook_info: { type: 'service' },
      build_params: {
        branch: 'master',
        commit_hash: PUSH_SHA,
        commit_message: 'Initial commit',
        branch_repo_owner: 'Codertocat',
        branch_dest_repo_owner: 'Codertocat'
      }
    })
    expect(result.outputs).toMatchObject({
      'build-slug': 'build-abc',
      'build-number': '42',
      'build-url': 'https://service.example/build/build-abc',
      'triggered-workflow': 'primary'
    })
    expect(JSON.parse(result.outputs.response)).toEqual(TRIGGERED.body)
    // A zero-width joiner after '#' keeps GitHub from linking #42 to the issue of that number.
    expect(result.summary).toContain(
      '\u23f3 Triggered \u00b7 app-1 \u00b7 primary \u00b7 <a href="https://service.example/build/build-abc">Build #\u200d42</a>'
    )
    expect(result.summary).toContain('https://service.example/build/build-abc')
    expectNoSecrets(result)
  })

  it('a tag push: tag and commit, no branch', async () => {
    const { result, body } = await trigger({}, { event: { name: 'push', payload: events.pushTag() } })
    expect(result.code).toBe(0)
    expect(body.build_params).toEqual({
      tag: 'simple-tag',
      commit_hash: PUSH_SHA,
      branch_repo_owner: 'Codertocat',
      branch_dest_repo_owner: 'Codertocat'
    })
  })

  it('a same-repository pull request: head sha, both owners, so it is not held as a fork', async () => {
    const { result, body } = await trigger({}, { event: { name: 'pull_request', payload: events.pullRequestOpened() } })
    expect(result.code).toBe(0)
    expect(body.build_params).toEqual(events.OPENED_PULL_REQUEST_PARAMS)
    expect(result.stdout).not.toMatch(/may hold its build/)
  })

  it.each(['pull_request', 'pull_request_target'])(
    'a same-repository %s event keeps both owners (random repository name)',
    async (name) => {
      const repo = events.randomFork()
      const { result, body } = await trigger({}, { event: { name, payload: events.sameRepositoryPullRequest(repo) } })
      expect(result.code).toBe(0)
      expect(body.build_params).toMatchObject({
        branch_repo_owner: repo.owner,
        branch_dest_repo_owner: repo.owner,
        pull_request_repository_url: `https://github.com/${repo.owner}/${repo.repo}.git`
      })
      expect(result.stdout).not.toMatch(/fork/)
    }
  )

  describe.each(['pull_request', 'pull_request_target'])('a %s event from a fork', (name) => {
    // Its commit and number only: no branch, destination branch, pull request ref or fork URL,
    // so the service's clone step checks out the commit itself (src/inputs/checkout.ts).
    const forkParams = () => ({
      commit_hash: PR_SHA,
      commit_message:
        'Update the README with new information.\n\nThis is a pretty simple change that we need to pull into master.',
      pull_request_id: 2
    })

    it('sends neither owner, so the service may hold the build, and says so', async () => {
      const fork = events.randomFork()
      const { result, sent, body } = await trigger(
        {},
        { event: { name, payload: events.forkPullRequest(fork), ref: 'refs/heads/master', sha: PUSH_SHA } }
      )
      expect(result.code).toBe(0)
      expect(sent).toHaveLength(1)
      expect(body).toEqual({ hook_info: { type: 'service' }, build_params: forkParams() })
      expect(result.stdout).toContain(
        `::notice::Pull request #2 comes from the fork ${fork.owner}/${fork.repo}; the repository owners are left out, so the service treats it as a fork pull request and may hold its build`
      )
      expect(result.stdout).not.toContain('::warning::')
      expect(result.summary).toContain('may hold its build')
      expect(result.stdout).toContain(`the service's clone step checks out that commit exactly`)
    })

    it('whose fork was deleted (head.repo null): neither owner, its commit and number only', async () => {
      const fork = events.randomFork()
      const { result, body } = await trigger({}, { event: { name, payload: events.deletedForkPullRequest(fork) } })
      expect(result.code).toBe(0)
      expect(body.build_params).toEqual(forkParams())
      expect(result.stdout).toContain('::notice::Pull request #2 comes from a fork whose repository was deleted;')
    })

    it('one owner given as an input is still sent, and the step warns that no source says whether the build is held', async () => {
      const fork = events.randomFork()
      const owner = randomSlug('owner-')
      const { result, body } = await trigger(
        { 'branch-repo-owner': owner },
        { event: { name, payload: events.forkPullRequest(fork) } }
      )
      expect(result.code).toBe(0)
      expect(body.build_params).toEqual({ ...forkParams(), branch_repo_owner: owner })
      expect(result.stdout).toMatch(
        /::warning::This pull request comes from a fork, but only branch-repo-owner is set: no public source says whether the service holds such a build/
      )
      expect(result.stdout).not.toMatch(/will not hold/)
      expect(result.summary).toContain('no public source says whether the service holds such a build')
    })

    it("two different owners given as inputs are both sent; as the service's own webhook sends them for a fork, the build may be held: no warning", async () => {
      const fork = events.randomFork()
      const [owner, destOwner] = [randomSlug('src-'), randomSlug('dst-')]
      const { result, body } = await trigger(
        { 'branch-repo-owner': owner, 'branch-dest-repo-owner': destOwner },
        { event: { name, payload: events.forkPullRequest(fork) } }
      )
      expect(result.code).toBe(0)
      expect(body.build_params).toEqual({
        ...forkParams(),
        branch_repo_owner: owner,
        branch_dest_repo_owner: destOwner
      })
      expect(result.stdout).not.toContain('::warning::')
      expect(result.stdout).toContain(
        `::notice::This pull request comes from a fork; branch-repo-owner (${owner}) and branch-dest-repo-owner (${destOwner}) differ`
      )
      expect(result.stdout).toContain('so the service may hold its build for approval')
    })

    it('the same owner given as both inputs reads as a same-repository pull request: the step warns the build will not be held', async () => {
      const fork = events.randomFork()
      const owner = randomSlug('owner-')
      const { result, body } = await trigger(
        { 'branch-repo-owner': owner, 'branch-dest-repo-owner': owner },
        { event: { name, payload: events.forkPullRequest(fork) } }
      )
      expect(result.code).toBe(0)
      expect(body.build_params).toEqual({ ...forkParams(), branch_repo_owner: owner, branch_dest_repo_owner: owner })
      expect(result.stdout).toContain(
        `::warning::This pull request comes from a fork, but branch-repo-owner and branch-dest-repo-owner are both ${owner}, so the service takes it for a pull request from the app's own repository and will not hold it for approval`
      )
    })
  })

  it('an empty token on a pull_request event from a fork says GitHub withholds secrets there, and where to read on', async () => {
    const fork = events.randomFork()
    service = await serve({})
    const result = await runAction(
      { operation: 'trigger', token: '', 'base-url': service.url, 'app-slug': 'app-1' },
      { event: { name: 'pull_request', payload: events.forkPullRequest(fork) } }
    )
    expect(result.code).toBe(1)
    expect(errorLine(result)).toBe(
      `Input "token": is empty: this pull_request event comes from the fork ${fork.owner}/${fork.repo}, and GitHub gives workflows run for fork pull requests no secrets. See "Pull requests from forks" in the README for how to build them. Nothing was sent to the service.`
    )
    expect(service.requests).toHaveLength(0)
  })

  it('an empty token on a same-repository pull request keeps the plain message', async () => {
    service = await serve({})
    const result = await runAction(
      { operation: 'trigger', token: '', 'base-url': service.url, 'app-slug': 'app-1' },
      { event: { name: 'pull_request', payload: events.pullRequestOpened() } }
    )
    expect(result.code).toBe(1)
    expect(errorLine(result)).toMatch(/^Input "token": is required: pass the access token from a secret/)
  })

  it('workflow_dispatch: the dispatched ref and the run sha', async () => {
    const { result, body } = await trigger(
      {},
      { event: { name: 'workflow_dispatch', payload: events.workflowDispatch(), sha: PUSH_SHA } }
    )
    expect(result.code).toBe(0)
    expect(body.build_params).toEqual({
      branch: 'main',
      commit_hash: PUSH_SHA,
      branch_repo_owner: 'octo-org',
      branch_dest_repo_owner: 'octo-org'
    })
  })

  it('explicit inputs override the event, field by field', async () => {
    const { result, body } = await trigger(
      {
        branch: 'release/1.0',
        workflow: 'deploy',
        'commit-message': 'Ship it',
        'skip-git-status-report': 'true',
        'pull-request-id': '7'
      },
      { event: { name: 'pull_request', payload: events.pullRequestOpened() } }
    )
    expect(result.code).toBe(0)
    expect(body.build_params).toMatchObject({
      branch: 'release/1.0',
      workflow_id: 'deploy',
      commit_message: 'Ship it',
      skip_git_status_report: true,
      pull_request_id: 7,
      commit_hash: PR_SHA,
      branch_dest: 'master'
    })
  })

  it('from-event false ignores the event', async () => {
    const { result, body } = await trigger(
      { 'from-event': 'false', workflow: 'nightly' },
      { event: { name: 'push', payload: events.pushBranch() } }
    )
    expect(result.code).toBe(0)
    expect(body.build_params).toEqual({ workflow_id: 'nightly' })
  })

  it('environments as NAME=value lines plus masked secret environments', async () => {
    const { result, body } = await trigger({
      workflow: 'primary',
      environments: 'GREETING=hello world\nEXPR=$HOME/x',
      'secret-environments': `API_KEY=${SECRET_ENV_VALUE}`
    })
    expect(result.code).toBe(0)
    expect(body.build_params.environments).toEqual([
      { mapped_to: 'GREETING', key: 'GREETING', value: 'hello world', is_expand: true },
      { mapped_to: 'EXPR', key: 'EXPR', value: '$HOME/x', is_expand: true },
      { mapped_to: 'API_KEY', key: 'API_KEY', value: SECRET_ENV_VALUE, is_expand: true }
    ])
    expect(result.stdout).toContain(`::add-mask::${SECRET_ENV_VALUE}`)
    expect(result.summary).toContain('GREETING, EXPR, API_KEY')
    expectNoSecrets(result)
  })

  it('environments as a YAML list with is_expand', async () => {
    const { result, body } = await trigger({
      workflow: 'primary',
      environments: '- mapped_to: LITERAL\n  value: $NOT_EXPANDED\n  is_expand: false\n- mapped_to: PLAIN\n  value: "1"'
    })
    expect(result.code).toBe(0)
    expect(body.build_params.environments).toEqual([
      { mapped_to: 'LITERAL', key: 'LITERAL', value: '$NOT_EXPANDED', is_expand: false },
      { mapped_to: 'PLAIN', key: 'PLAIN', value: '1', is_expand: true }
    ])
  })

  it('reads the deprecated top-level fields when results is absent', async () => {
    service = await serve({
      'POST /apps/app-1/builds': {
        status: 201,
        body: {
          status: 'ok',
          build_slug: 'old-b',
          build_number: 9,
          build_url: 'https://service.example/build/old-b',
          triggered_workflow: 'wf'
        }
      }
    })
    const result = await fakeStep(service, 'trigger', { branch: 'main' })
    expect(result.code).toBe(0)
    expect(result.outputs).toMatchObject({ 'build-slug': 'old-b', 'build-number': '9', 'triggered-workflow': 'wf' })
  })

  it('a service error fails the step with the status and the service message', async () => {
    service = await serve({
      'POST /apps/app-1/builds': { status: 400, body: { message: 'no trigger map item matched' } }
    })
    const result = await fakeStep(service, 'trigger', { branch: 'main' })
    expect(result.code).toBe(1)
    expect(result.stdout).toContain(
      '::error::POST /apps/app-1/builds failed: the service answered 400: no trigger map item matched'
    )
  })

  it('a 403 names the roles that may trigger', async () => {
    service = await serve({ 'POST /apps/app-1/builds': { status: 403, body: { message: 'forbidden' } } })
    const result = await fakeStep(service, 'trigger', { branch: 'main' })
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(
      /answered 403: forbidden\. The token's user lacks the role this call needs: Owner, Admin, Platform Engineer or Developer/
    )
  })
})
