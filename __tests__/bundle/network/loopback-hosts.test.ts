/**
 * Plain http only to this machine, through dist/index.js and the emulator: an IPv6 address that
 * carries a 127.x address (IPv4-compatible, 6to4, NAT64, Teredo, ISATAP, IPv4-translated), drawn
 * at random, is not this machine, so `base-url`, `oidc-exchange-url` and `GITHUB_API_URL` with
 * plain http:// to it are refused before anything is sent there. Each step runs under the
 * loopback guard (helpers/loopback-guard.mjs), which refuses and logs any connection off
 * loopback: the log must stay empty, so the decision was made without connecting.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { CARRIERS } from '../../helpers/loopback-carriers.js'
import { randomInt, randomString } from '../../helpers/random.js'
import { runAction, type RunResult } from '../../helpers/run-action.js'
import {
  emulatorPerFile,
  errorLine,
  expectFailed,
  expectPassed,
  requestLog,
  SAME_REPOSITORY,
  TOKENS,
  workspace,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started))

const GUARD = pathToFileURL(resolve('__tests__/helpers/loopback-guard.mjs')).href
/** The bundled seed's runner request token of a push to main, and the trust policy it matches (emulator/model/seed.json). */
const REQUEST_TOKEN = 'runner-request-token-ios-main'
const POLICY = '4f9c2e0a-6b1d-4c3e-9a8f-2d7e5b1c0a93'

/** Runs a step under the loopback guard; `tried` lists the hosts it tried to reach off loopback. */
async function guarded(
  inputs: Record<string, string>,
  env: Record<string, string> = {}
): Promise<{ result: RunResult; tried: string[] }> {
  const log = join(workspace(), 'guard.log')
  const result = await runAction(
    { 'poll-interval': '0.1', ...inputs },
    { env: { NODE_OPTIONS: `--import ${GUARD}`, LOOPBACK_GUARD_LOG: log, ...env } }
  )
  expect(result.timedOut).toBe(false)
  return { result, tried: existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [] }
}

/** `http://[<a carrier of 127.x>]:<port>`, and the host as a URL writes it. */
function carrierOrigin(address: () => string): { origin: string; host: string } {
  const url = new URL(`http://[${address()}]:${1024 + randomInt(60000)}`)
  return { origin: url.origin, host: url.host }
}

describe.each(CARRIERS)('an IPv6 address of the %s form carrying 127.x', (_, address) => {
  it('as base-url with plain http://: refused, naming the input, and nothing is sent', async () => {
    const { origin } = carrierOrigin(address)
    const operation: Record<string, string> = [
      { operation: 'trigger', 'app-slug': 'ios-app', branch: 'main' },
      { operation: 'list-apps', 'org-slug': 'acme' },
      { operation: 'get-app', 'app-slug': 'ios-app' }
    ][randomInt(3)]
    const { result, tried } = await guarded({ ...operation, token: TOKENS.owner, 'base-url': `${origin}/v0.1` })
    expect(tried).toEqual([])
    expectFailed(result)
    expect(errorLine(result)).toMatch(
      /^Input "base-url": "http:\/\/\[[0-9a-f:]+\]:\d+\/v0\.1" uses plain http:\/\/ to a host that is not this machine; use https:\/\//
    )
    expect(errorLine(result)).toContain('Nothing was sent to the service.')
  })

  it('as the OIDC exchange URL with plain http://: refused before GitHub is asked for a token, and the job token goes nowhere', async () => {
    const { origin } = carrierOrigin(address)
    const env = {
      ACTIONS_ID_TOKEN_REQUEST_URL: `${emu.origin}/_oidc/token?api-version=2.0`,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: REQUEST_TOKEN
    }
    const inputs = {
      operation: 'list-apps',
      token: '',
      'base-url': emu.url,
      'org-slug': 'acme',
      'oidc-policy-id': POLICY,
      'oidc-exchange-url': `${origin}/oidc/token/${randomString(4)}`
    }
    const { result, tried } = await guarded(inputs, env)
    expect(tried).toEqual([])
    expectFailed(result)
    expect(errorLine(result)).toMatch(/^Input "oidc-exchange-url": /)
    expect(errorLine(result)).toContain('Nothing was sent to the service.')
    expect(emu.model.oidc.issued).toEqual([])
    expect(await requestLog(emu)).toEqual([])
  })

  it('as GITHUB_API_URL with plain http://: github-token is not sent there, and the step says why', async () => {
    const { origin, host } = carrierOrigin(address)
    const repo = `${randomString(6)}/${randomString(8)}`
    const commit = randomString(40, '0123456789abcdef')
    const inputs = {
      operation: 'trigger',
      token: TOKENS.owner,
      'base-url': emu.url,
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: 'main',
      'commit-hash': commit,
      'github-status': 'commit-status',
      'github-token': `ghs_${randomString(36)}`,
      ...SAME_REPOSITORY
    }
    const { result, tried } = await guarded(inputs, { GITHUB_API_URL: origin, GITHUB_REPOSITORY: repo })
    expect(tried).toEqual([])
    expectPassed(result)
    expect(result.stdout).toContain(
      `GITHUB_API_URL (http://${host}) uses plain http:// to a host that is not this machine; github-token is sent only over https://`
    )
  })
})
