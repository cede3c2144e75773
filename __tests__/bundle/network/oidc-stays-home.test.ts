/** The job's OIDC token stays home: asked for one audience, sent only there; a host off this machine is never reached (under the loopback guard). */
import { describe, expect, it } from '@jest/globals'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { randomInt, randomSlug } from '../../helpers/random.js'
import { type RunResult } from '../../helpers/run-action.js'
import { errorLine, expectFailed } from '../../helpers/scenarios/emulator-steps.js'
import {
  MAIN_JOB,
  POLICY,
  claimsOf,
  emu,
  runnerOidc,
  signedInStep,
  useOidcEmulator
} from '../../helpers/subjects/oidc-steps.js'
import { tempDir } from '../../helpers/temp-dirs.js'

useOidcEmulator()

const GUARD = pathToFileURL(resolve('__tests__/helpers/loopback-guard.mjs')).href
/** A host name off this machine, drawn at random; the loopback guard stops any connection to it. */
const foreignHost = (): string => `${randomSlug()}.${['example', 'example.com', 'test'][randomInt(3)]}`

/** A step under the loopback guard: its outcome, and the hosts off this machine it tried to reach. */
async function guardedStep(inputs: Record<string, string>): Promise<{ result: RunResult; tried: string[] }> {
  const dir = tempDir('oidc-guard-')
  const log = join(dir, 'guard.log')
  writeFileSync(log, '')
  try {
    const result = await signedInStep(
      'trigger',
      {
        'app-slug': 'ios-app',
        branch: 'main',
        'oidc-policy-id': POLICY,
        'max-attempts': '1',
        'request-timeout': '5',
        ...inputs
      },
      { env: { ...runnerOidc(MAIN_JOB), NODE_OPTIONS: `--import ${GUARD}`, LOOPBACK_GUARD_LOG: log } }
    )
    return { result, tried: readFileSync(log, 'utf8').split('\n').filter(Boolean) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe("the job's OIDC token stays home: asked for one audience, sent only to that audience's exchange", () => {
  it("an audience that is not the exchange's host is refused before GitHub is asked for a token", async () => {
    const host = foreignHost()
    const audience = randomInt(2) === 0 ? host : `https://${host}`
    const { result, tried } = await guardedStep({ 'oidc-audience': audience })
    expectFailed(result)
    expect(errorLine(result)).toMatch(
      new RegExp(
        `^Input "oidc-audience": "${audience.replace(/[.]/g, '\\.')}" is not the host of the exchange the job's OIDC token is sent to`
      )
    )
    expect(errorLine(result)).toContain('GitHub was not asked for a token')
    expect(emu.model.oidc.issued).toEqual([])
    expect(tried).toEqual([])
  })

  it("a custom exchange off the audience's origin is refused before GitHub is asked for a token", async () => {
    const exchange = `https://${foreignHost()}/oidc/token`
    const audience = randomInt(2) === 0 ? new URL(emu.origin).host : `app.${randomSlug()}.example`
    const { result, tried } = await guardedStep({ 'oidc-exchange-url': exchange, 'oidc-audience': audience })
    expectFailed(result)
    expect(errorLine(result)).toContain(
      `is not the host of the exchange the job's OIDC token is sent to, "${new URL(exchange).origin}" (oidc-exchange-url)`
    )
    expect(emu.model.oidc.issued).toEqual([])
    expect(tried).toEqual([])
  })

  it('a base URL elsewhere gets a token for that host only, which the real exchange refuses', async () => {
    const domain = foreignHost()
    const { result, tried } = await guardedStep({ 'base-url': `https://api.${domain}/v0.1` })
    expectFailed(result)
    // The rule let it through: the token was asked for app.<domain>, the exchange beside api.<domain>, and sent nowhere else.
    expect(emu.model.oidc.issued.map((jwt) => claimsOf(jwt).aud)).toEqual([`app.${domain}`])
    expect([...new Set(tried)]).toEqual([`app.${domain}`])
    // Presented at this machine's exchange, that token is refused: its audience is not this exchange's.
    const replay = await fetch(`${emu.origin}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        subject_token_type: 'id_token',
        policy_id: POLICY,
        subject_token: emu.model.oidc.issued[0]
      }).toString()
    })
    expect([replay.status, await replay.json()]).toEqual([400, { error: 'invalid_token' }])
  })

  it("the service's known pair passes: an api. audience with the app. exchange beside it", async () => {
    const domain = foreignHost()
    const { result, tried } = await guardedStep({
      'oidc-exchange-url': `https://app.${domain}/oidc/token`,
      'oidc-audience': `api.${domain}`
    })
    expectFailed(result)
    expect(errorLine(result)).toContain(`Could not reach the token exchange at "https://app.${domain}/oidc/token"`)
    expect(emu.model.oidc.issued.map((jwt) => claimsOf(jwt).aud)).toEqual([`api.${domain}`])
    expect([...new Set(tried)]).toEqual([`app.${domain}`])
  })
})
