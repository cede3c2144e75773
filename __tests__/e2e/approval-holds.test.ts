/**
 * Triggers held for manual build approval, through dist/index.js: the service answers 2xx with no
 * build slug and keeps a build request (bitrise-step-build-router-start, main.go); the step finds
 * the request, reports it, and with wait follows the build its approval creates. Against the
 * emulator with real pull_request payloads (random fork, commit and number), and against a
 * loopback server for the answer shapes no emulator route gives.
 */
import { describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import * as events from '../fixtures/events/events.js'
import { call } from '../emulator/helpers.js'
import { fakeServices, type Reply } from '../helpers/fake-service.js'
import { errorLine, runAction } from '../helpers/run-action.js'
import { randomBytes, randomInt, randomSlug } from '../helpers/random.js'
import { TOKEN } from '../helpers/secrets.js'
import { emulatorPerFile, emulatorState, expectFailed, expectPassed, printed, step, TOKENS, type RunningEmulator } from './support.js'

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started))

/** A pull_request `opened` payload from a random fork, with a random head commit and number. */
function forkEvent(): { event: { name: string; payload: events.Payload }; sha: string; number: number; fork: events.ForkNames } {
  const fork = events.randomFork()
  const payload = events.forkPullRequest(fork)
  const sha = randomBytes(20).toString('hex')
  const number = randomInt(3, 100_000)
  payload.number = number
  payload.pull_request.number = number
  payload.pull_request.head.sha = sha
  return { event: { name: 'pull_request', payload }, sha, number, fork }
}

async function openRequests(): Promise<Array<{ slug: string; build_params: Record<string, unknown> }>> {
  return (await call(emu, 'GET', '/apps/ios-app/build-requests')).json.data
}

/** Runs the trigger step and, once it prints `when`, calls `then` while it keeps running. */
async function whileRunning(inputs: Record<string, string>, event: { name: string; payload: unknown }, when: string, then: () => Promise<void>) {
  let spawned: (child: ChildProcess) => void = () => undefined
  const child = new Promise<ChildProcess>((resolve) => (spawned = resolve))
  const running = step(emu, 'trigger', { 'app-slug': 'ios-app', ...inputs }, { event, onSpawn: spawned })
  await printed(await child, when)
  await then()
  return running
}

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
    expect(result.summary).toContain(`\u23f8\ufe0f Awaiting approval \u00b7 ios-app \u00b7 build request ${request.slug}`)
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
    const result = await whileRunning({ wait: 'true', 'wait-timeout': '60' }, event, 'Waiting for the approval of build request', async () => {
      const [request] = await openRequests()
      approvals.push((await call(emu, 'PATCH', `/apps/ios-app/build-requests/${request.slug}`, { token: TOKENS.developer, body: { is_approved: true } })).status)
    })
    expect(approvals).toEqual([200])
    expectPassed(result)
    const [build] = (await emulatorState(emu)).builds
    expect(build).toMatchObject({ commit_hash: sha, build_request: result.outputs['build-request-slug'], status: 1 })
    expect(result.outputs['build-slug']).toBe(build.slug)
    expect(result.outputs['build-status']).toBe('success')
    expect(result.stdout).toContain(`Build request ${result.outputs['build-request-slug']} was approved: it started build #${build.build_number} ${build.slug}`)
  })

  it('with wait: a rejection fails the step with build-status rejected, and no build starts', async () => {
    const { event, sha } = forkEvent()
    const result = await whileRunning({ wait: 'true', 'wait-timeout': '60' }, event, 'Waiting for the approval of build request', async () => {
      const [request] = await openRequests()
      expect((await call(emu, 'PATCH', `/apps/ios-app/build-requests/${request.slug}`, { token: TOKENS.developer, body: { is_approved: false } })).status).toBe(200)
    })
    expectFailed(result)
    expect(result.outputs['build-status']).toBe('rejected')
    expect(errorLine(result)).toContain(`Build request ${result.outputs['build-request-slug']} was rejected: it is no longer open, and no build started for commit ${sha}`)
    expect((await emulatorState(emu)).builds).toEqual([])
  })

  it('with wait: the wait-timeout runs out while nobody decides; the request stays open', async () => {
    const { event } = forkEvent()
    const result = await step(emu, 'trigger', { 'app-slug': 'ios-app', wait: 'true', 'wait-timeout': '1' }, { event })
    expectFailed(result)
    expect(errorLine(result)).toContain(`Build request ${result.outputs['build-request-slug']} still awaited approval when the wait-timeout of 1 second ran out`)
    expect((await openRequests()).map((r) => r.slug)).toEqual([result.outputs['build-request-slug']])
  })

  it('a push needs no approval: its build starts', async () => {
    const result = await step(emu, 'trigger', { 'app-slug': 'ios-app', 'from-event': 'false', branch: `feature/${randomSlug()}` })
    expectPassed(result)
    expect(result.outputs['build-slug']).toMatch(/^[0-9a-f]+$/)
    expect(await openRequests()).toEqual([])
  })
})

describe('a 2xx trigger answer without a build slug, against a loopback server', () => {
  const serve = fakeServices()
  const commit = randomBytes(20).toString('hex')
  const pr = randomInt(1, 100_000)
  const inputs = (url: string) => ({ operation: 'trigger', token: TOKEN, 'base-url': url, 'app-slug': 'app-1', 'from-event': 'false', branch: 'changes', 'commit-hash': commit, 'pull-request-id': String(pr) })

  it.each<[string, Reply]>([
    ['an empty build_slug in results[0]', { status: 201, body: { status: 'ok', results: [{ status: 'ok', build_slug: '', triggered_workflow: '' }] } }],
    ['no build_slug at all', { status: 200, body: { status: 'ok', message: 'webhook processed' } }]
  ])('%s: the matching open build request is reported', async (_, answer) => {
    const slug = randomSlug('req-')
    const other = { slug: randomSlug('req-'), build_params: { commit_hash: randomBytes(20).toString('hex'), pull_request_id: pr } }
    const service = await serve({
      'POST /apps/app-1/builds': answer,
      'GET /apps/app-1/build-requests': { body: { data: [other, { slug, created_at: new Date().toISOString(), build_params: { commit_hash: commit.toUpperCase(), pull_request_id: pr } }] } }
    })
    const result = await runAction(inputs(service.url))
    expect(result.code).toBe(0)
    expect(result.outputs['build-request-slug']).toBe(slug)
    expect(result.outputs['build-status']).toBe('awaiting-approval')
  })

  it('a matching request whose slug could not name a path is not reported', async () => {
    const service = await serve({
      'POST /apps/app-1/builds': { status: 201, body: { status: 'ok', build_slug: '' } },
      'GET /apps/app-1/build-requests': { body: { data: [{ slug: `../${randomSlug()}`, build_params: { commit_hash: commit, pull_request_id: pr } }] } }
    })
    const result = await runAction(inputs(service.url))
    expect(result.code).toBe(1)
    expect(errorLine(result)).toContain(`has no open build request for commit ${commit}`)
    expect(result.outputs['build-request-slug']).toBeUndefined()
  })

  it('with no open build request for the commit, the step fails as before: the answer named no build slug', async () => {
    const service = await serve({
      'POST /apps/app-1/builds': { status: 201, body: { status: 'ok', build_slug: '' } },
      'GET /apps/app-1/build-requests': { body: { data: [{ slug: randomSlug('req-'), build_params: { commit_hash: randomBytes(20).toString('hex') } }] } }
    })
    const result = await runAction(inputs(service.url))
    expect(result.code).toBe(1)
    expect(errorLine(result)).toMatch(/answered 201 but named no build slug; the build may have started/)
    expect(errorLine(result)).toContain(`and app app-1 has no open build request for commit ${commit} of pull request #${pr}`)
    expect(result.outputs['build-request-slug']).toBeUndefined()
  })
})
