/**
 * The emulator's OIDC sign-in on its own clock: the exchange takes only the request the service
 * documents (bitrise-io/docs, "OIDC for Bitrise", "Crafting a token request": grant_type,
 * subject_token_type=id_token, policy_id and subject_token, as a form or as JSON), finds the
 * policy by its id alone, checks the issuer's tokens for audience (its own host), issuer and
 * expiry, and the short-lived token acts with the trust policy's role on the Workspace's apps
 * until its session ends. Request tokens, policy ids and stray fields are random.
 */
import { describe, expect, it } from '@jest/globals'
import { bundledSeed } from '../../../emulator/model/seed.js'
import type { RunningEmulator } from '../../../emulator/server.js'
import { randomInt, randomSlug, randomToken, randomUUID } from '../../helpers/random.js'
import { call, withEmulator } from '../helpers.js'

const JOB = randomToken()
const POLICY = randomUUID()
const SUB = `repo:acme/${randomSlug()}:ref:refs/heads/main`
const SESSION_S = 60
let clock = Date.now()

const seed = bundledSeed()
seed.oidc = {
  jobs: { [JOB]: { sub: SUB, repository: 'acme/ios-app', ref: 'refs/heads/main', event_name: 'push' } },
  trust_policies: [
    { id: POLICY, workspace: 'acme', rules: { sub: SUB }, role: 'developer', session_duration_s: SESSION_S }
  ]
}

let emu: RunningEmulator
withEmulator({ seed, now: () => clock }, (started) => (emu = started))

async function idToken(audience: string): Promise<string> {
  const res = await fetch(`${emu.origin}/_oidc/token?api-version=2.0&audience=${encodeURIComponent(audience)}`, {
    headers: { authorization: `Bearer ${JOB}` }
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { value: string }).value
}

const GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange'
/** The documented request's fields for a token; `change` adds, replaces or (undefined) drops some. */
const documented = (subjectToken: string, change: Record<string, string | undefined> = {}): Record<string, string> =>
  Object.fromEntries(
    Object.entries({
      grant_type: GRANT,
      subject_token_type: 'id_token',
      policy_id: POLICY,
      subject_token: subjectToken,
      ...change
    }).filter(([, v]) => v !== undefined)
  ) as Record<string, string>

async function exchange(
  fields: Record<string, string>,
  as: 'form' | 'json' = 'form'
): Promise<{ status: number; json: Record<string, unknown> }> {
  const body = as === 'form' ? new URLSearchParams(fields).toString() : JSON.stringify(fields)
  const res = await fetch(`${emu.origin}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': as === 'form' ? 'application/x-www-form-urlencoded' : 'application/json' },
    body
  })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

const REFUSED = { status: 400, json: { error: 'invalid_token' } }
const host = (): string => new URL(emu.origin).host

describe('the OIDC exchange of the emulator', () => {
  it('refuses a token for another audience', async () => {
    expect(await exchange(documented(await idToken(`${randomSlug()}.example.com`)))).toEqual(REFUSED)
    // Its own origin is not its host either: the service asks for the host name alone.
    expect(await exchange(documented(await idToken(emu.origin)))).toEqual(REFUSED)
  })

  it('refuses a token that has expired (5 minutes after it was signed)', async () => {
    const token = await idToken(host())
    clock += 301_000
    expect(await exchange(documented(token))).toEqual(REFUSED)
  })

  it("gives a token with the policy's role on the Workspace's apps, until its session ends", async () => {
    const answer = await exchange(documented(await idToken(host())))
    expect(answer.status).toBe(200)
    expect(answer.json.expires_in).toBe(SESSION_S)
    const token = String(answer.json.access_token)
    // Developer: reads and triggers, but may not delete an app (Owner or Admin only).
    expect((await call(emu, 'GET', '/apps/ios-app', { token })).status).toBe(200)
    expect((await call(emu, 'DELETE', '/apps/web-app', { token })).status).toBe(403)
    // No role on an app outside the Workspace.
    expect((await call(emu, 'GET', '/apps/sam-cli', { token })).status).toBe(403)
    clock += SESSION_S * 1000
    const expired = await call(emu, 'GET', '/apps/ios-app', { token })
    expect({ status: expired.status, json: expired.json }).toEqual({
      status: 401,
      json: { message: 'the access token has expired' }
    })
  })
})

describe('the exchange takes the documented request only', () => {
  it('as a form or as JSON, with the policy found by its id alone', async () => {
    for (const as of ['form', 'json'] as const) {
      const answer = await exchange(documented(await idToken(host())), as)
      expect([as, answer.status, typeof answer.json.access_token]).toEqual([as, 200, 'string'])
    }
  })

  it('refuses another subject_token_type, a field more (a Workspace id among them), a field missing, a policy it does not have', async () => {
    const token = await idToken(host())
    const stray = [{ workspace_id: 'acme' }, { [randomSlug('field_')]: randomToken() }][randomInt(2)]
    const cases: Array<Record<string, string | undefined>> = [
      {
        subject_token_type: [
          'urn:ietf:params:oauth:token-type:access_token',
          'urn:ietf:params:oauth:token-type:jwt',
          'jwt',
          'ID_TOKEN'
        ][randomInt(4)]
      },
      stray,
      { [['grant_type', 'subject_token_type', 'policy_id'][randomInt(3)]]: undefined },
      { policy_id: randomUUID() }
    ]
    for (const change of cases)
      expect([change, await exchange(documented(token, change), randomInt(2) ? 'form' : 'json')]).toEqual([
        change,
        REFUSED
      ])
    // The same token in the documented request is taken: each refusal above was for what was changed.
    expect((await exchange(documented(token))).status).toBe(200)
  })

  it('refuses a form that names a field twice, and a body that is neither a form nor JSON', async () => {
    const token = await idToken(host())
    const twice = `${new URLSearchParams(documented(token)).toString()}&policy_id=${randomUUID()}`
    const res = await fetch(`${emu.origin}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: twice
    })
    expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_token' }])
    const text = await fetch(`${emu.origin}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: new URLSearchParams(documented(token)).toString()
    })
    expect([text.status, await text.json()]).toEqual([400, { error: 'invalid_token' }])
  })
})
