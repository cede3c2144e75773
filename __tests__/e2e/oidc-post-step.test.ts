/**
 * The post step of a step signed in with the job's OIDC token, through dist/index.js and the
 * emulator: the main step is killed while it waits, and the post step, which the runner gives
 * the same ACTIONS_ID_TOKEN_REQUEST_* variables, signs in again (nothing of a token is in the
 * state) and aborts the build. Builds take a minute here, so the build is still running.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { bundledSeed } from '../../emulator/model/seed.js'
import { randomSlug, randomToken } from '../helpers/random.js'
import { runAction, type RunResult } from '../helpers/run-action.js'
import { expectNoSecrets } from '../helpers/secrets.js'
import { buildState, expectPassed, printed, startE2eEmulator, type RunningEmulator } from '../bundle/emulator-steps.js'

const POLICY = randomSlug('policy-')
const JOB = randomToken()
const SUB = 'repo:acme/ios-app:ref:refs/heads/main'

let emu: RunningEmulator
beforeAll(async () => {
  const seed = bundledSeed()
  seed.oidc = {
    jobs: { [JOB]: { sub: SUB, repository: 'acme/ios-app', ref: 'refs/heads/main', event_name: 'push' } },
    trust_policies: [{ id: POLICY, workspace: 'acme', rules: { sub: SUB }, role: 'developer', session_duration_s: 900 }]
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
