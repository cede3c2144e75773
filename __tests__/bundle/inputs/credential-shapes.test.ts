/**
 * Credentials in the wrong input, through dist/index.js against the emulator: a GitHub token in
 * token, anything but a policy id (a UUID) in oidc-policy-id, and the service's token in
 * github-token are refused before anything is sent (no call to the service, no OIDC token asked
 * of the runner), naming the input, and the value shows nowhere in the log, outputs, state or
 * summary, in any encoding. Values are random.
 */
import { describe, expect, it } from '@jest/globals'
import { randomInt, randomSlug, randomString, randomToken, randomUUID } from '../../helpers/random.js'
import { runAction, type RunResult } from '../../helpers/run-action.js'
import { expectNoSecrets } from '../../helpers/secrets.js'
import {
  clearRequestLog,
  emulatorPerFile,
  errorLine,
  expectFailed,
  requestLog,
  TOKENS,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started))

const OPERATIONS: Array<[string, Record<string, string>]> = [
  ['trigger', { 'app-slug': 'ios-app', branch: 'main' }],
  ['list-apps', {}],
  ['abort', { 'app-slug': 'ios-app', 'build-slug': 'b-1' }],
  ['get-app', { 'app-slug': 'web-app' }]
]
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]

/** A value shaped as one of GitHub's tokens: its prefix, then letters and digits. */
function githubToken(): string {
  const prefix = pick(['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'])
  const body =
    prefix === 'github_pat_'
      ? `${randomString(22)}_${randomString(59)}`
      : randomString(36, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')
  return prefix + body
}

/** Runs a random operation with `inputs`, expecting a refusal of `input` with nothing sent and no trace of `secrets`. */
async function expectRefused(
  input: string,
  inputs: Record<string, string>,
  secrets: string[],
  env: Record<string, string> = {}
): Promise<RunResult> {
  const [operation, own] = pick(OPERATIONS)
  await clearRequestLog(emu)
  const issued = emu.model.oidc.issued.length
  const result = await runAction({ operation, 'base-url': emu.url, ...own, ...inputs }, { env })
  expect(result.timedOut).toBe(false)
  expectFailed(result)
  expect(errorLine(result)).toMatch(new RegExp(`^Input "${input}": .*Nothing was sent to the service\\.$`))
  expect(await requestLog(emu)).toEqual([])
  expect(emu.model.oidc.issued.length).toBe(issued)
  expectNoSecrets(result, secrets)
  return result
}

/** The runner's variables of a job allowed `id-token: write`, with a random request token. */
function runnerOidc(): Record<string, string> {
  return {
    ACTIONS_ID_TOKEN_REQUEST_URL: `${emu.origin}/_oidc/token?api-version=2.0`,
    ACTIONS_ID_TOKEN_REQUEST_TOKEN: randomToken()
  }
}

describe('a credential in the wrong input', () => {
  it.each([1, 2, 3])('a GitHub token in token is refused, unsent and unshown (draw %i)', async () => {
    const value = githubToken()
    const result = await expectRefused('token', { token: value }, [value])
    expect(errorLine(result)).toContain('starts as a GitHub token does')
  })

  it.each([1, 2, 3])(
    'a policy id that is no UUID is refused before GitHub is asked for a token (draw %i)',
    async () => {
      const value = pick([randomToken, githubToken, () => randomSlug('policy-'), () => randomString(40)])()
      const oidc = runnerOidc()
      const result = await expectRefused(
        'oidc-policy-id',
        { token: '', 'oidc-policy-id': value },
        [value, oidc.ACTIONS_ID_TOKEN_REQUEST_TOKEN],
        oidc
      )
      expect(errorLine(result)).toContain('is not a trust policy id')
    }
  )

  it('a policy id in any UUID form passes the check', async () => {
    const id = pick([randomUUID(), randomUUID().toUpperCase()])
    const result = await runAction(
      { operation: 'list-apps', token: '', 'base-url': emu.url, 'oidc-policy-id': id },
      { env: runnerOidc() }
    )
    expect(result.timedOut).toBe(false)
    // The request token is unknown to the runner's stand-in, so the step fails there: after the check let the id through.
    expectFailed(result)
    expect(errorLine(result)).not.toMatch(/^Input "oidc-policy-id"/)
    expect(errorLine(result)).toContain('OIDC')
  })

  it.each([1, 2])('the service token in github-token is refused, unsent and unshown (draw %i)', async () => {
    const value = pick([TOKENS.owner, randomToken()])
    const result = await expectRefused('github-token', { token: value, 'github-token': value }, [value])
    expect(errorLine(result)).toContain('holds the same value as token')
  })
})
