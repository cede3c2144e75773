/**
 * Triggers held for manual build approval, through dist/index.js: the service answers 2xx with no
 * build slug and keeps a build request (bitrise-step-build-router-start, main.go); the step finds
 * the request, reports it, and with wait follows the build its approval creates. Against the
 * emulator with real pull_request payloads (random fork, commit and number), and against a
 * loopback server for the answer shapes no emulator route gives.
 */
import { describe, expect, it } from '@jest/globals'
import * as events from '../../fixtures/events/events.js'
import { call, trigger as apiTrigger } from '../../emulator/helpers.js'
import { errorLine } from '../../helpers/run-action.js'
import { randomBytes, randomInt, randomSlug, randomToken } from '../../helpers/random.js'
import {
  emulatorState,
  expectFailed,
  expectPassed,
  requestLog,
  step,
  TOKENS
} from '../../helpers/scenarios/emulator-steps.js'
import {
  byLabel,
  decisions,
  emu,
  forkEvent,
  openRequests,
  useApprovalWorld,
  whileRunning
} from '../../helpers/subjects/approval-steps.js'

useApprovalWorld()

describe('a fork pull request trigger held for manual approval', () => {
  it('passes with build-request-slug and build-status awaiting-approval, and says which app, commit and how to approve', async () => {
    const { event, sha, number } = forkEvent()
    const result = await step(emu, 'trigger', { 'app-slug': 'ios-app' }, { event })
    expectPassed(result)
    const [request] = await openRequests()
    expect(request.build_params).toMatchObject({ commit_hash: sha, pull_request_id: number })
    expect(result.outputs['build-request-slug']).toBe(request.slug)
    expect(result.outputs['build-status']).toBe('awaiting-approval')
    expect(result.outputs['build-slug']).toBeUndefined()
    expect(JSON.parse(result.outputs.response)).toMatchObject({ build_slug: '' })
    expect(result.stdout).toContain(
      `::notice::The service started no build: manual build approval is on for app ios-app, and its build request ${request.slug} for commit ${sha} of pull request #${number} awaits approval.`
    )
    expect(result.stdout).toContain(`operation approve-build-request (build-request-slug: ${request.slug})`)
    expect(result.summary).toContain(
      `\u23f8\ufe0f Awaiting approval \u00b7 ios-app \u00b7 build request ${request.slug}`
    )
    expect(result.stdout).not.toMatch(/named no build slug/)
    expect((await emulatorState(emu)).builds).toEqual([])
  })

  it('fails with fail-if-held: true, after setting the same outputs', async () => {
    const { event, sha } = forkEvent()
    const result = await step(emu, 'trigger', { 'app-slug': 'ios-app', 'fail-if-held': 'true' }, { event })
    expectFailed(result)
    const [request] = await openRequests()
    expect(result.outputs['build-request-slug']).toBe(request.slug)
    expect(result.outputs['build-status']).toBe('awaiting-approval')
    expect(errorLine(result)).toContain(`build request ${request.slug} for commit ${sha}`)
    expect(errorLine(result)).toContain('fail-if-held is true, so the step fails.')
  })

  it('with wait: an approval on the service starts a new build, which the step follows to its end', async () => {
    const { event, sha } = forkEvent()
    const approvals: number[] = []
    const result = await whileRunning(
      { wait: 'true', 'wait-timeout': '60' },
      event,
      'Waiting for the approval of build request',
      async () => {
        const [request] = await openRequests()
        approvals.push(
          (
            await call(emu, 'PATCH', `/apps/ios-app/build-requests/${request.slug}`, {
              token: TOKENS.developer,
              body: { is_approved: true }
            })
          ).status
        )
      }
    )
    expect(approvals).toEqual([200])
    expectPassed(result)
    const [build] = (await emulatorState(emu)).builds
    expect(build).toMatchObject({ commit_hash: sha, build_request: result.outputs['build-request-slug'], status: 1 })
    expect(result.outputs['build-slug']).toBe(build.slug)
    expect(result.outputs['build-status']).toBe('success')
    expect(result.stdout).toContain(
      `Build request ${result.outputs['build-request-slug']} was approved: it started build #${build.build_number} ${build.slug}`
    )
  })

  it("with wait and install-page: the build an approval on the service started gets its install page, though a fork's", async () => {
    const { event } = forkEvent()
    const result = await whileRunning(
      { wait: 'true', 'wait-timeout': '60', 'install-page': '*.apk' },
      event,
      'Waiting for the approval of build request',
      async () => {
        const [request] = await openRequests()
        await call(emu, 'PATCH', `/apps/ios-app/build-requests/${request.slug}`, {
          token: TOKENS.developer,
          body: { is_approved: true }
        })
      }
    )
    expectPassed(result)
    const slug = result.outputs['build-slug']
    const pagePatches = (await requestLog(emu)).filter((r) => r.method === 'PATCH' && r.path.includes('/artifacts/'))
    expect(pagePatches.map((r) => r.path)).toEqual([
      expect.stringMatching(new RegExp(`^/v0\\.1/apps/ios-app/builds/${slug}/artifacts/\\w+$`))
    ])
    expect(JSON.parse(result.outputs['install-page-urls'])).toEqual([
      { title: 'app-release.apk', url: expect.stringMatching(new RegExp(`^${emu.origin}/artifact/`)) }
    ])
    expect(result.stdout).not.toContain('no install page is opened for')
  })

  it('with wait: a rejection fails the step with build-status rejected, and no build starts', async () => {
    const { event, sha } = forkEvent()
    const result = await whileRunning(
      { wait: 'true', 'wait-timeout': '60' },
      event,
      'Waiting for the approval of build request',
      async () => {
        const [request] = await openRequests()
        expect(
          (
            await call(emu, 'PATCH', `/apps/ios-app/build-requests/${request.slug}`, {
              token: TOKENS.developer,
              body: { is_approved: false }
            })
          ).status
        ).toBe(200)
      }
    )
    expectFailed(result)
    expect(result.outputs['build-status']).toBe('rejected')
    expect(errorLine(result)).toContain(
      `Build request ${result.outputs['build-request-slug']} was rejected: it is no longer open, and no build started for commit ${sha}`
    )
    expect((await emulatorState(emu)).builds).toEqual([])
  })

  it('with wait: the wait-timeout runs out while nobody decides; the request stays open', async () => {
    const { event } = forkEvent()
    const result = await step(emu, 'trigger', { 'app-slug': 'ios-app', wait: 'true', 'wait-timeout': '1' }, { event })
    expectFailed(result)
    expect(errorLine(result)).toContain(
      `Build request ${result.outputs['build-request-slug']} still awaited approval when the wait-timeout of 1 second ran out`
    )
    expect((await openRequests()).map((r) => r.slug)).toEqual([result.outputs['build-request-slug']])
  })

  it('a push needs no approval: its build starts', async () => {
    const result = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: `feature/${randomSlug()}`
    })
    expectPassed(result)
    expect(result.outputs['build-slug']).toMatch(/^[0-9a-f]+$/)
    expect(await openRequests()).toEqual([])
  })
})

describe('approve-build-request: bound to the reviewed pull request', () => {
  /** Alice's fork pull request, and Mallory's twin: another fork, another number, the same public head commit. */
  function twins() {
    const alice = forkEvent()
    let mallory = forkEvent()
    while (mallory.number === alice.number) mallory = forkEvent()
    mallory.event.payload.pull_request.head.sha = alice.sha
    return { alice, mallory }
  }

  it("a twin pull request's request of the same commit is never approved for the reviewed one", async () => {
    const { alice, mallory } = twins()
    // Mallory's trigger is held; Alice's own request is not open (decided, or its trigger failed).
    expectPassed(await step(emu, 'trigger', { 'app-slug': 'ios-app' }, { event: mallory.event }))
    const [twin] = await openRequests()
    const result = await step(
      emu,
      'approve-build-request',
      { 'app-slug': 'ios-app', approve: 'true', 'github-token': randomToken(), 'reject-other-requests': 'true' },
      byLabel(alice.event.payload)
    )
    expectFailed(result)
    expect(errorLine(result)).toContain(
      `No open build request of pull request #${alice.number} (from the pull_request_target event) is for commit ${alice.sha}`
    )
    expect(await decisions()).toEqual([])
    expect((await openRequests()).map((r) => r.slug)).toEqual([twin.slug])
  })

  it("a twin's open request blocks nothing: the reviewed pull request's own request is approved, and only its own others are rejected", async () => {
    const { alice, mallory } = twins()
    const older = forkEvent()
    older.event.payload.pull_request.number = alice.number
    older.event.payload.pull_request.head.repo = alice.event.payload.pull_request.head.repo
    older.event.payload.number = alice.number
    for (const one of [older, alice, mallory])
      expectPassed(await step(emu, 'trigger', { 'app-slug': 'ios-app' }, { event: one.event }))
    const bySlug = new Map(
      (await openRequests()).map((r) => [`${r.build_params.pull_request_id}:${r.build_params.commit_hash}`, r.slug])
    )
    const own = bySlug.get(`${alice.number}:${alice.sha}`) as string
    const result = await step(
      emu,
      'approve-build-request',
      { 'app-slug': 'ios-app', approve: 'true', 'github-token': randomToken(), 'reject-other-requests': 'true' },
      byLabel(alice.event.payload)
    )
    expectPassed(result)
    expect(await decisions()).toEqual([
      [own, true],
      [bySlug.get(`${alice.number}:${older.sha}`), false]
    ])
    expect((await openRequests()).map((r) => r.slug)).toEqual([bySlug.get(`${mallory.number}:${alice.sha}`)])
    expect(result.summary).toContain(`#\u200d${alice.number}`)
  })

  it("a request of the pull request's number whose head branch or repository is not the event's is refused", async () => {
    const { event, sha, number, fork } = forkEvent()
    const other = events.randomFork()
    const [branch, url] = [randomSlug('patch-'), `https://github.com/${other.owner}/${other.repo}.git`]
    const headOf = (params: Record<string, unknown>): Record<string, unknown> => ({
      pull_request_id: number,
      commit_hash: sha,
      branch_dest: 'master',
      ...params
    })
    for (const params of [headOf({ branch }), headOf({ branch: 'changes', pull_request_repository_url: url })]) {
      await call(emu, 'POST', '/_emulator/reset')
      expect((await apiTrigger(emu, params)).status).toBe(201)
      const result = await step(
        emu,
        'approve-build-request',
        { 'app-slug': 'ios-app', approve: 'true', 'github-token': randomToken() },
        byLabel(event.payload)
      )
      expectFailed(result)
      expect(errorLine(result)).toContain(
        `is not for the head of pull request #${number} (from the pull_request_target event)`
      )
      expect(errorLine(result)).toContain(
        params.pull_request_repository_url
          ? `is not the pull request's head repository "${fork.owner}/${fork.repo}".`.toLowerCase()
          : `its branch "${branch}" is not the pull request's head branch "changes"`
      )
      expect(await decisions()).toEqual([])
    }
  })

  it('with no pull request in the event, a commit alone decides nothing: build-request-slug or pull-request-id is required', async () => {
    const { event, sha, number } = forkEvent()
    expectPassed(await step(emu, 'trigger', { 'app-slug': 'ios-app' }, { event }))
    const [request] = await openRequests()
    const dispatch = { name: 'workflow_dispatch', payload: events.workflowDispatch() }
    const refused = await step(
      emu,
      'approve-build-request',
      { 'app-slug': 'ios-app', approve: 'true', 'github-token': randomToken(), 'expected-commit': sha },
      { event: dispatch }
    )
    expectFailed(refused)
    expect(errorLine(refused)).toContain(
      'Input "build-request-slug": or pull-request-id is required: the workflow_dispatch event names no pull request'
    )
    const wrong = await step(
      emu,
      'approve-build-request',
      { 'app-slug': 'ios-app', approve: 'true', 'github-token': randomToken(), 'pull-request-id': String(number + 1) },
      byLabel(event.payload)
    )
    expectFailed(wrong)
    expect(errorLine(wrong)).toContain(
      `Input "pull-request-id": is ${number + 1}, but the pull_request_target event is about pull request #${number}`
    )
    expect(await decisions()).toEqual([])
    const approved = await step(
      emu,
      'approve-build-request',
      {
        'app-slug': 'ios-app',
        approve: 'true',
        'github-token': randomToken(),
        'expected-commit': sha,
        'pull-request-id': String(number)
      },
      { event: dispatch }
    )
    expectPassed(approved)
    expect(await decisions()).toEqual([[request.slug, true]])
  })
})

describe('what is approved is what is built', () => {
  it("a fork pull request's trigger sends its commit and number only; the approved build checks out that commit, not a ref a push moves", async () => {
    const { event, sha, number } = forkEvent()
    // GitHub has computed a merge ref for it: pull/N/merge moves with every push to the fork.
    event.payload.pull_request.mergeable = true
    const held = await step(emu, 'trigger', { 'app-slug': 'ios-app' }, { event })
    expectPassed(held)
    const [request] = await openRequests()
    expect(request.build_params).toEqual({
      commit_hash: sha,
      commit_message: expect.any(String),
      pull_request_id: number
    })
    expect(held.summary).toContain(`commit ${sha} exactly`)
    expectPassed(
      await step(
        emu,
        'approve-build-request',
        { 'app-slug': 'ios-app', approve: 'true', 'github-token': randomToken() },
        byLabel(event.payload)
      )
    )
    const [build] = (await emulatorState(emu)).builds
    expect(build).toMatchObject({
      build_request: request.slug,
      commit_hash: sha,
      checkout: { kind: 'commit_hash', value: sha }
    })
  })

  it('pull request inputs that make the clone step check out a moving ref, on a trigger that may be held, are sent with a warning', async () => {
    const [commit, number] = [randomBytes(20).toString('hex'), randomInt(3, 100_000)]
    const result = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      'commit-hash': commit,
      'pull-request-id': String(number),
      'pull-request-merge-branch': `pull/${number}/merge`,
      'branch-dest': 'master'
    })
    expectPassed(result)
    expect(result.stdout).toContain(
      `::warning::The service may hold this pull request build for manual approval, but branch-dest, pull-request-merge-branch make its standard clone step check out pull/${number}/merge`
    )
    expect(result.summary).toContain(`pull/${number}/merge, GitHub's merge of the pull request`)
  })
})
