/**
 * A trigger of several apps where the service holds one app's trigger for manual approval (it
 * answers 2xx with no build slug and keeps a build request): the app is listed as
 * awaiting-approval with its build request, the others are built (and waited for), and only
 * fail-if-held fails the step. Through dist/index.js against the emulator, with real fork
 * pull_request payloads (random fork, commit and number); this seed adds ios-twin, ios-app
 * with its approval off.
 */
import { describe, expect, it } from '@jest/globals'
import { bundledSeed } from '../../emulator/model/seed.js'
import * as events from '../fixtures/events/events.js'
import { call } from '../emulator/helpers.js'
import {
  emulatorPerFile,
  emulatorState,
  errorLine,
  expectFailed,
  expectPassed,
  step,
  type RunningEmulator
} from '../bundle/emulator-steps.js'
import { randomBytes, randomInt } from '../helpers/random.js'

/** The bundled seed and ios-twin: every seeded app holds fork pull requests for approval unless told otherwise. */
function seedWithTwin(): ReturnType<typeof bundledSeed> {
  const seed = bundledSeed()
  const twin = structuredClone(seed.apps!.find((app) => app.slug === 'ios-app')!)
  seed.apps!.push({ ...twin, slug: 'ios-twin', title: 'ios-twin', manual_approval: false })
  return seed
}

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started), { seed: seedWithTwin() })

function forkEvent(): { event: { name: string; payload: events.Payload }; sha: string; number: number } {
  const payload = events.forkPullRequest(events.randomFork())
  const sha = randomBytes(20).toString('hex')
  const number = randomInt(3, 100_000)
  payload.number = number
  payload.pull_request.number = number
  payload.pull_request.head.sha = sha
  return { event: { name: 'pull_request', payload }, sha, number }
}

async function openRequests(app: string): Promise<Array<{ slug: string; build_params: Record<string, unknown> }>> {
  return (await call(emu, 'GET', `/apps/${app}/build-requests`)).json.data
}

interface Listed {
  'app-slug': string
  'build-slug'?: string
  'build-request-slug'?: string
  status: string
}

describe('several apps, one of them held for approval', () => {
  it('lists the held app with its build request, builds and waits for the others, and passes', async () => {
    const { event, sha, number } = forkEvent()
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app\nios-twin', wait: 'true', 'poll-interval': '0.2' },
      { event }
    )
    expectPassed(result)
    const [request] = await openRequests('ios-app')
    expect(request.build_params).toMatchObject({ commit_hash: sha, pull_request_id: number })
    const builds = JSON.parse(result.outputs.builds) as Listed[]
    expect(builds.find((b) => b['app-slug'] === 'ios-app')).toEqual({
      'app-slug': 'ios-app',
      'build-request-slug': request.slug,
      status: 'awaiting-approval'
    })
    const twin = builds.find((b) => b['app-slug'] === 'ios-twin')!
    expect(twin.status).toBe('success')
    expect(result.outputs['build-status']).toBe('awaiting-approval')
    expect(result.stdout).toContain(
      `::notice::The service started no build of ios-app: manual build approval is on for it, and its build request ${request.slug} for commit ${sha} of pull request #${number} awaits approval.`
    )
    expect(result.stdout).not.toMatch(/named no build slug/)
    expect(result.summary).toContain('\u23f8\ufe0f 1 of 2 await approval')
    expect(result.summary).toContain(`build request ${request.slug}`)
    // The service holds the one build request; the one build is the twin's.
    expect((await emulatorState(emu)).builds.map((b: { slug: string }) => b.slug)).toEqual([twin['build-slug']])
  })

  it('fails with fail-if-held: true, naming the held app and its request, after starting the others', async () => {
    const { event } = forkEvent()
    const result = await step(emu, 'trigger', { 'app-slug': 'ios-twin, ios-app', 'fail-if-held': 'true' }, { event })
    expectFailed(result)
    const [request] = await openRequests('ios-app')
    expect(errorLine(result)).toContain(
      `The service held the trigger of ios-app (build request ${request.slug}) for approval; fail-if-held is true, so the step fails.`
    )
    const builds = JSON.parse(result.outputs.builds) as Listed[]
    expect(builds.map((b) => [b['app-slug'], b.status])).toEqual([
      ['ios-twin', 'triggered'],
      ['ios-app', 'awaiting-approval']
    ])
    expect(builds[0]['build-slug']).toMatch(/^[0-9a-f]+$/)
  })
})
