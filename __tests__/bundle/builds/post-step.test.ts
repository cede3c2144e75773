/**
 * The post step after a hard kill, through dist/index.js against the emulator: the main step
 * waits for several apps' builds, or for a pipeline, and is killed with SIGKILL; the post step,
 * given the state the main step saved, aborts what was still running and leaves what had
 * finished. A state saved in the one-build form of earlier versions still works. Builds and
 * pipeline stages here take a minute, so they are still running when the post step comes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { bundledSeed } from '../../../emulator/model/seed.js'
import { randomInt, randomString, randomToken, randomUUID } from '../../helpers/random.js'
import { runAction, type RunResult } from '../../helpers/run-action.js'
import { expectNoSecrets } from '../../helpers/secrets.js'
import {
  buildState,
  expectFailed,
  expectPassed,
  printed,
  requestLog,
  resetEmulator,
  type RunningEmulator,
  SAME_REPOSITORY,
  startE2eEmulator,
  step
} from '../../helpers/scenarios/emulator-steps.js'

const PIPELINE = `release-${randomString(6).toLowerCase()}`
const PIPELINES = [
  'pipelines:',
  `  ${PIPELINE}:`,
  '    stages:',
  '    - build: { workflows: [primary] }',
  '    - ship: { workflows: [deploy] }',
  ''
].join('\n')

let emu: RunningEmulator
beforeAll(async () => {
  const seed = bundledSeed()
  for (const app of seed.apps ?? [])
    if (app.slug === 'ios-app') app.service_yml = `${app.service_yml ?? ''}\n${PIPELINES}`
  emu = await startE2eEmulator({ seed, buildDurationMs: 60_000, enableFaults: true })
})
beforeEach(async () => resetEmulator(emu))
afterAll(async () => emu?.close())

type Build = { 'app-slug': string; 'build-slug': string; status: string }
const APPS = ['ios-app', 'web-app', 'api-server']
const STOPPED = 'the step was stopped while waiting for the build'

/** Runs a waiting trigger, kills it with SIGKILL once `marker` is printed, and returns what it left. */
async function killedWhileWaiting(inputs: Record<string, string>, marker: string): Promise<RunResult> {
  let spawned: (child: ChildProcess) => void = () => undefined
  const child = new Promise<ChildProcess>((resolve) => (spawned = resolve))
  const running = step(
    emu,
    'trigger',
    { ...inputs, wait: 'true', 'wait-timeout': '120' },
    { onSpawn: spawned, timeoutMs: 15_000 }
  )
  const stepProcess = await child
  await printed(stepProcess, marker)
  stepProcess.kill('SIGKILL')
  const killed = await running
  expect(killed.signal).toBe('SIGKILL')
  return killed
}

async function addFault(fault: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${emu.origin}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault)
  })
  expect(res.status).toBe(201)
}

const warnings = (result: RunResult): string[] =>
  result.stdout.split('\n').filter((line) => line.startsWith('::warning'))

describe('the post step after the main step was killed', () => {
  it('several apps: aborts each build still running, with the reason, and leaves the one that had finished', async () => {
    const inputs = {
      'app-slug': APPS.join(','),
      'from-event': 'false',
      branch: 'main',
      workflow: 'primary',
      ...SAME_REPOSITORY
    }
    const killed = await killedWhileWaiting(inputs, `Waiting for ${APPS.length} build(s)`)
    const builds = JSON.parse(killed.outputs.builds) as Build[]
    expect(builds.map((b) => b['app-slug'])).toEqual(APPS)
    // The state names every build, and stays small: the runner hands it over in an environment variable.
    const saved = killed.state['pending-work']
    for (const build of builds) expect(saved).toContain(build['build-slug'])
    expect(saved.length).toBeLessThan(100 * builds.length)

    // Someone aborts one build by hand before the post step runs: it has finished by then.
    const done = builds[randomInt(builds.length)]
    const byHand = `by hand ${randomString(12)}`
    expectPassed(
      await step(emu, 'abort', {
        'app-slug': done['app-slug'],
        'build-slug': done['build-slug'],
        'abort-reason': byHand
      })
    )

    const post = await step(emu, 'trigger', inputs, { state: killed.state })
    expectPassed(post)
    expect(warnings(post)).toEqual([])
    for (const build of builds) {
      const state = await buildState(emu, build['build-slug'])
      expect(state.status).toBe(3)
      if (build === done) {
        expect(state.abort_reason).toBe(byHand)
        expect(post.stdout).toContain(
          `Build ${build['build-slug']} of ${build['app-slug']}, which the main step was waiting for when it stopped, had already finished (aborted)`
        )
      } else {
        expect(state.abort_reason).toContain(STOPPED)
        expect(state.abort).toMatchObject({ with_success: false })
        expect(post.stdout).toContain(`Aborted build ${build['build-slug']} of ${build['app-slug']}`)
      }
    }
  })

  it('several apps: a build that cannot be aborted gets a warning, the others are aborted, and the post step passes', async () => {
    const inputs = {
      'app-slug': APPS.join('\n'),
      'from-event': 'false',
      branch: 'develop',
      workflow: 'primary',
      ...SAME_REPOSITORY
    }
    const killed = await killedWhileWaiting(inputs, `Waiting for ${APPS.length} build(s)`)
    const builds = JSON.parse(killed.outputs.builds) as Build[]
    const refused = builds[randomInt(builds.length)]
    const message = `no abort today ${randomString(10)}`
    await addFault({
      path: `/apps/${refused['app-slug']}/builds/${refused['build-slug']}/abort`,
      method: 'POST',
      count: 10,
      action: 'status',
      status: 403,
      body: { message }
    })

    const post = await step(emu, 'trigger', inputs, { state: killed.state })
    expectPassed(post)
    const warned = warnings(post)
    expect(warned).toHaveLength(1)
    expect(warned[0]).toContain(`Could not abort build ${refused['build-slug']} of ${refused['app-slug']}`)
    expect(warned[0]).toContain(message)
    for (const build of builds) {
      const state = await buildState(emu, build['build-slug'])
      if (build === refused) expect(state.status).toBe(0)
      else expect(state).toMatchObject({ status: 3, abort_reason: expect.stringContaining(STOPPED) })
    }
  })

  it('a pipeline: aborts it through its abort endpoint, with the reason and flags a cancel sends', async () => {
    const inputs = {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: 'main',
      pipeline: PIPELINE,
      ...SAME_REPOSITORY
    }
    const killed = await killedWhileWaiting(inputs, 'Waiting for pipeline')
    const id = killed.outputs['pipeline-id']
    expect(id).toBeTruthy()
    expect(killed.state['pending-work']).toContain(id)
    const app = emu.state.apps.get('ios-app')!
    expect(emu.model.pipelineView(app, emu.state.pipelines.get(id)!).status).toBe('running')

    const post = await step(emu, 'trigger', inputs, { state: killed.state })
    expectPassed(post)
    expect(warnings(post)).toEqual([])
    expect(post.stdout).toContain(`Aborted pipeline ${id} of ios-app`)
    const aborts = (await requestLog(emu)).filter((r) => r.method === 'POST' && r.path.endsWith('/abort'))
    expect(aborts.map((r) => r.path)).toEqual([`/v0.1/apps/ios-app/pipelines/${id}/abort`])
    expect(aborts[0].body).toEqual({
      abort_reason: expect.stringContaining('the step was stopped while waiting for the pipeline'),
      abort_with_success: false,
      skip_notifications: false
    })
    expect(emu.model.pipelineView(app, emu.state.pipelines.get(id)!).status).toBe('aborted')
  })

  it('a pipeline that finished before the post step: nothing is aborted, and the post step says so', async () => {
    const inputs = {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: 'main',
      pipeline: PIPELINE,
      ...SAME_REPOSITORY
    }
    const killed = await killedWhileWaiting(inputs, 'Waiting for pipeline')
    const id = killed.outputs['pipeline-id']
    const byHand = `by hand ${randomString(12)}`
    emu.model.abortPipeline('olivia', emu.state.apps.get('ios-app')!, emu.state.pipelines.get(id)!, {
      reason: byHand,
      withSuccess: true,
      skipNotifications: true
    })

    const post = await step(emu, 'trigger', inputs, { state: killed.state })
    expectPassed(post)
    expect(warnings(post)).toEqual([])
    expect(post.stdout).toContain(
      `Pipeline ${id} of ios-app, which the main step was waiting for when it stopped, had already finished (succeeded_with_abort)`
    )
    expect(emu.state.pipelines.get(id)!.abort?.reason).toBe(byHand)
  })

  it('the one-build state of earlier versions still aborts its build', async () => {
    const started = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: 'main',
      ...SAME_REPOSITORY
    })
    expectPassed(started)
    const buildSlug = started.outputs['build-slug']
    const state = { 'is-post': 'true', 'pending-build': JSON.stringify({ appSlug: 'ios-app', buildSlug }) }
    const post = await step(emu, 'trigger', { 'app-slug': 'ios-app' }, { state })
    expectPassed(post)
    expect(post.stdout).toContain(`Aborted build ${buildSlug}`)
    expect(await buildState(emu, buildSlug)).toMatchObject({
      status: 3,
      abort_reason: expect.stringContaining(STOPPED)
    })
  })

  it('a state the post step cannot read warns and sends nothing', async () => {
    const post = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app' },
      { state: { 'is-post': 'true', 'pending-work': JSON.stringify({ builds: [[randomString(8)]] }) } }
    )
    expectPassed(post)
    expect(warnings(post).join('\n')).toContain(
      'Could not abort what the main step was waiting for: the saved state names no build and no pipeline'
    )
    expect(await requestLog(emu)).toEqual([])
  })
})

describe('a wait that ends clears what it saved for the post step', () => {
  it('several apps timed out: every build is aborted by the step itself, and nothing is left to the post step', async () => {
    const result = await step(emu, 'trigger', {
      'app-slug': APPS.join(','),
      'from-event': 'false',
      branch: 'main',
      workflow: 'primary',
      ...SAME_REPOSITORY,
      wait: 'true',
      'wait-timeout': '1'
    })
    expectFailed(result)
    const builds = JSON.parse(result.outputs.builds) as Build[]
    expect(builds.map((b) => b.status)).toEqual(APPS.map(() => 'timed-out'))
    expect(result.state['pending-work']).toBe('')
  })

  it('several apps with fail-fast: the builds left running on purpose are not left to the post step', async () => {
    // The service reports web-app's build failed on its first read: fail-fast then stops the wait.
    await addFault({
      path: '/apps/web-app/builds/',
      method: 'GET',
      count: 5,
      action: 'status',
      status: 200,
      body: { data: { slug: randomString(8), status: 2, status_text: 'error' } }
    })
    const apps = ['web-app', 'ios-app']
    const result = await step(
      emu,
      'trigger',
      {
        'app-slug': apps.join(','),
        'from-event': 'false',
        branch: 'main',
        workflow: 'primary',
        ...SAME_REPOSITORY,
        wait: 'true',
        'wait-timeout': '30'
      },
      { timeoutMs: 15_000 }
    )
    expectFailed(result)
    const builds = JSON.parse(result.outputs.builds) as Build[]
    expect(builds.map((b) => [b['app-slug'], b.status])).toEqual([
      ['web-app', 'failed'],
      ['ios-app', 'running']
    ])
    expect(result.state['pending-work']).toBe('')
    expect((await buildState(emu, builds[1]['build-slug'])).status).toBe(0)
  })
})

/**
 * The post step of a step signed in with the job's OIDC token, through dist/index.js and the
 * emulator: the main step is killed while it waits, and the post step, which the runner gives
 * the same ACTIONS_ID_TOKEN_REQUEST_* variables, signs in again (nothing of a token is in the
 * state) and aborts the build. Builds take a minute here, so the build is still running.
 */
describe('signed in with OIDC', () => {
  const POLICY = randomUUID()
  const JOB = randomToken()
  const SUB = 'repo:acme/ios-app:ref:refs/heads/main'

  let emu: RunningEmulator
  beforeAll(async () => {
    const seed = bundledSeed()
    seed.oidc = {
      jobs: { [JOB]: { sub: SUB, repository: 'acme/ios-app', ref: 'refs/heads/main', event_name: 'push' } },
      trust_policies: [
        { id: POLICY, workspace: 'acme', rules: { sub: SUB }, role: 'developer', session_duration_s: 900 }
      ]
    }
    emu = await startE2eEmulator({ seed, buildDurationMs: 60_000 })
  })
  afterAll(async () => emu?.close())

  const allTokens = (): string[] => [
    JOB,
    ...emu.model.oidc.issued,
    ...[...emu.state.tokens.keys()].filter((token) => token.startsWith('oidc-'))
  ]

  async function run(options: Parameters<typeof runAction>[1]): Promise<RunResult> {
    const inputs = {
      operation: 'trigger',
      token: '',
      'base-url': emu.url,
      'poll-interval': '0.1',
      'oidc-policy-id': POLICY,
      'app-slug': 'ios-app',
      branch: 'main',
      wait: 'true',
      'wait-timeout': '120'
    }
    const env = {
      ACTIONS_ID_TOKEN_REQUEST_URL: `${emu.origin}/_oidc/token?api-version=2.0`,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: JOB
    }
    return runAction(inputs, { ...options, env, timeoutMs: 15_000 })
  }

  describe('the post step of a step signed in with OIDC', () => {
    it("signs in again with the job's OIDC token and aborts the build the killed main step was waiting for", async () => {
      let spawned: (child: ChildProcess) => void = () => undefined
      const child = new Promise<ChildProcess>((resolve) => (spawned = resolve))
      const running = run({ onSpawn: spawned })
      const stepProcess = await child
      await printed(stepProcess, 'Waiting for')
      stepProcess.kill('SIGKILL')
      const killed = await running
      expect(killed.signal).toBe('SIGKILL')
      expectNoSecrets(killed, allTokens())
      const buildSlug = killed.outputs['build-slug']
      expect(typeof buildSlug).toBe('string')
      const exchangesOfMain = emu.model.oidc.exchanges
      expect(exchangesOfMain).toBe(1)

      const post = await run({ state: killed.state })
      expectPassed(post)
      expectNoSecrets(post, allTokens())
      expect(emu.model.oidc.exchanges).toBe(exchangesOfMain + 1)
      const build = await buildState(emu, buildSlug)
      expect(build.status).toBe(3)
      expect(post.stdout).toContain(`Aborted build ${buildSlug}`)
    })
  })
})
