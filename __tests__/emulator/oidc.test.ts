/**
 * The emulator's OIDC sign-in on its own clock: the issuer's tokens are checked for audience,
 * issuer and expiry, and the short-lived token acts with the trust policy's role on the
 * Workspace's apps until its session ends. Request tokens and policy ids are random.
 */
import { describe, expect, it } from '@jest/globals'
import { bundledSeed } from '../../emulator/model/seed.js'
import type { RunningEmulator } from '../../emulator/server.js'
import { randomSlug, randomToken } from '../helpers/random.js'
import { call, withEmulator } from './helpers.js'

const JOB = randomToken()
const POLICY = randomSlug('policy-')
const SUB = `repo:acme/${randomSlug()}:ref:refs/heads/main`
const SESSION_S = 60
let clock = Date.now()

const seed = bundledSeed()
seed.oidc = { jobs: { [JOB]: { sub: SUB, repository: 'acme/ios-app', ref: 'refs/heads/main', event_name: 'push' } }, trust_policies: [{ id: POLICY, workspace: 'acme', rules: { sub: SUB }, role: 'developer', session_duration_s: SESSION_S }] }

let emu: RunningEmulator
withEmulator({ seed, now: () => clock }, (started) => (emu = started))

async function idToken(audience: string): Promise<string> {
  const res = await fetch(`${emu.origin}/_oidc/token?api-version=2.0&audience=${encodeURIComponent(audience)}`, { headers: { authorization: `Bearer ${JOB}` } })
  expect(res.status).toBe(200)
  return ((await res.json()) as { value: string }).value
}

async function exchange(subjectToken: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const body = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange', subject_token: subjectToken, subject_token_type: 'urn:ietf:params:oauth:token-type:jwt', policy_id: POLICY, workspace_id: 'acme' })
  const res = await fetch(`${emu.origin}/oidc/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

describe('the OIDC exchange of the emulator', () => {
  it('refuses a token for another audience', async () => {
    expect(await exchange(await idToken(`https://${randomSlug()}.example.com`))).toEqual({ status: 400, json: { error: 'invalid_token' } })
  })

  it('refuses a token that has expired (5 minutes after it was signed)', async () => {
    const token = await idToken(emu.origin)
    clock += 301_000
    expect(await exchange(token)).toEqual({ status: 400, json: { error: 'invalid_token' } })
  })

  it("gives a token with the policy's role on the Workspace's apps, until its session ends", async () => {
    const answer = await exchange(await idToken(emu.origin))
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
    expect({ status: expired.status, json: expired.json }).toEqual({ status: 401, json: { message: 'the access token has expired' } })
  })
})
