/**
 * Several apps in one trigger step, through dist/index.js against the emulator: a
 * list of apps where one build fails, apps chosen by the files a pull request
 * changed (read from a fake GitHub API on loopback), and a cancel that aborts
 * every build.
 */
import { describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { bundledSeed } from '../../../emulator/model/seed.js'
import { call } from '../../emulator/helpers.js'
import * as events from '../../fixtures/events/events.js'
import { fakeServices } from '../../helpers/fake-service.js'
import { randomBytes, randomInt, randomString } from '../../helpers/random.js'
import { expectNoSecrets } from '../../helpers/secrets.js'
import {
  buildState,
  emulatorPerFile,
  emulatorState,
  errorLine,
  expectFailed,
  expectPassed,
  printed,
  type RunningEmulator,
  SAME_REPOSITORY,
  startE2eEmulator,
  step
} from '../../helpers/scenarios/emulator-steps.js'

let emu: RunningEmulator
emulatorPerFile((started) => {
  emu = started
})
const serve = fakeServices()

const THREE_APPS = 'ios-app\nandroid-app, web-app'
const ON_MAIN = { 'from-event': 'false', branch: 'main', workflow: 'primary', ...SAME_REPOSITORY }

describe('several apps in one step', () => {
  it('three apps where one fails: with fail-fast false all three are waited for and reported, and the step fails', async () => {
    // android-app reads its service.yml from a repository that has none, and its builds fail.
    expectPassed(await step(emu, 'set-config-location', { 'app-slug': 'android-app', location: 'service' }))
    const result = await step(emu, 'trigger', {
      'app-slug': THREE_APPS,
      ...ON_MAIN,
      wait: 'true',
      'fail-fast': 'false'
    })
    expectFailed(result)
    const builds = JSON.parse(result.outputs.builds)
    expect(builds.map((b: { 'app-slug': string; status: string }) => [b['app-slug'], b.status])).toEqual([
      ['ios-app', 'success'],
      ['android-app', 'failed'],
      ['web-app', 'success']
    ])
    for (const build of builds)
      expect((await buildState(emu, build['build-slug'])).app_slug ?? build['app-slug']).toBe(build['app-slug'])
    expect(result.outputs['builds-file']).toMatch(/builds\.json$/)
    expect(result.outputs['build-status']).toBe('failed')
    expect(errorLine(result)).toContain('android-app (failed)')
    // One table covers them all.
    expect(result.summary.match(/<table>/g)?.length).toBe(2)
    for (const app of ['ios-app', 'android-app', 'web-app']) expect(result.summary).toContain(app)
  })

  it('without wait, the builds start and the output lists them as triggered', async () => {
    const result = await step(emu, 'trigger', { 'app-slug': 'ios-app,web-app', ...ON_MAIN })
    expectPassed(result)
    const builds = JSON.parse(result.outputs.builds)
    expect(builds.map((b: { status: string }) => b.status)).toEqual(['triggered', 'triggered'])
    const state = await emulatorState(emu)
    expect(state.builds.map((b: { slug: string }) => b.slug).sort()).toEqual(
      builds.map((b: { 'build-slug': string }) => b['build-slug']).sort()
    )
  })

  it('app-paths: the pull request files (over two pages) select one app of three', async () => {
    const repo = `acme/${randomString(10).toLowerCase()}`
    const payload = events.sameRepositoryPullRequest()
    const number = (payload.pull_request as { number: number }).number
    const filler = Array.from({ length: 100 }, (_, i) => ({ filename: `docs/${randomString(6)}-${i}.md` }))
    const github = await serve({
      [`GET /repos/${repo}/pulls/${number}/files`]: (req) => ({
        body: req.query.page === '1' ? filler : [{ filename: 'apps/web/src/index.ts' }]
      })
    })
    const githubToken = `ghs_${randomString(36)}`
    const paths = 'ios-app: [apps/ios/**, shared/**]\nandroid-app: apps/android/**\nweb-app:\n  - apps/web/**'
    const result = await step(
      emu,
      'trigger',
      { 'app-paths': paths, 'github-token': githubToken, workflow: 'primary', ...SAME_REPOSITORY },
      { event: { name: 'pull_request', payload }, env: { GITHUB_API_URL: github.origin, GITHUB_REPOSITORY: repo } }
    )
    expectPassed(result)
    expect(JSON.parse(result.outputs.builds).map((b: { 'app-slug': string }) => b['app-slug'])).toEqual(['web-app'])
    const calls = github.calls(`GET /repos/${repo}/pulls/${number}/files`)
    expect(calls.map((c) => c.query.page)).toEqual(['1', '2'])
    expect(calls[0].headers.authorization).toBe(`Bearer ${githubToken}`)
    expect(result.stdout).toContain('apps whose paths match: web-app')
    expectNoSecrets(result, [githubToken])
  })

  it('a cancelled job aborts every build it waits for', async () => {
    // Builds that outlast the cancel however busy the machine is: with the file's 300 ms builds,
    // a slow SIGTERM could find them finished.
    const longBuilds = await startE2eEmulator({ buildDurationMs: 60_000 })
    try {
      let spawned: (child: ChildProcess) => void = () => undefined
      const child = new Promise<ChildProcess>((resolve) => (spawned = resolve))
      const running = step(
        longBuilds,
        'trigger',
        { 'app-slug': 'ios-app,web-app,api-server', ...ON_MAIN, wait: 'true', 'wait-timeout': '60' },
        { onSpawn: spawned, timeoutMs: 15_000, env: {} }
      )
      const stepProcess = await child
      await printed(stepProcess, 'Waiting for 3 build(s)')
      stepProcess.kill('SIGTERM')
      const result = await running
      expectFailed(result)
      const builds = JSON.parse(result.outputs.builds)
      expect(builds.map((b: { status: string }) => b.status)).toEqual(['cancelled', 'cancelled', 'cancelled'])
      for (const build of builds) {
        const state = await buildState(longBuilds, build['build-slug'])
        expect(state).toMatchObject({ status: 3 })
        expect(state.abort_reason).toContain('cancelled')
      }
    } finally {
      await longBuilds.close()
    }
  })

  it('pipeline with several apps is refused, naming both inputs, before anything is sent', async () => {
    const pipeline = `release-${randomString(6).toLowerCase()}`
    const result = await step(emu, 'trigger', {
      'app-slug': 'ios-app,web-app',
      'from-event': 'false',
      branch: 'main',
      pipeline,
      ...SAME_REPOSITORY
    })
    expectFailed(result)
    expect(errorLine(result)).toContain('Input "pipeline": works with one app only, not with several apps in app-slug')
    expect((await emulatorState(emu)).builds).toEqual([])
    expect(emu.state.pipelines.size).toBe(0)
  })

  it('app-slug and app-paths together are refused before anything is sent', async () => {
    const result = await step(emu, 'trigger', {
      'app-slug': 'ios-app,web-app',
      'app-paths': 'ios-app: "**"',
      ...ON_MAIN
    })
    expectFailed(result)
    expect(errorLine(result)).toContain('Input "app-paths": cannot be used together with app-slug')
    expect((await emulatorState(emu)).builds).toEqual([])
  })
})

/**
 * A trigger of several apps where the service holds one app's trigger for manual approval (it
 * answers 2xx with no build slug and keeps a build request): the app is listed as
 * awaiting-approval with its build request, the others are built (and waited for), and only
 * fail-if-held fails the step. Through dist/index.js against the emulator, with real fork
 * pull_request payloads (random fork, commit and number); this seed adds ios-twin, ios-app
 * with its approval off.
 */
describe('one app held for approval', () => {
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
})
