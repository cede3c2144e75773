/**
 * check-access through dist/index.js against the emulator: a Tester/QA is told trigger and abort
 * are not allowed and a Developer that they are, each answer naming the read that decided it; an
 * invalid token is named as such; a migration's Workspace owner is checked; an OIDC sign-in
 * reports the job token's claims. The emulator's request log shows only GETs: nothing is written.
 */
import { describe, expect, it } from '@jest/globals'
import { bundledSeed } from '../../../emulator/model/seed.js'
import type { Seed } from '../../../emulator/model/types.js'
import { randomSlug, randomToken, randomUUID } from '../../helpers/random.js'
import { runAction } from '../../helpers/run-action.js'
import { expectNoSecrets } from '../../helpers/secrets.js'
import {
  clearRequestLog,
  emulatorPerFile,
  oidcForJob,
  errorLine,
  expectFailed,
  expectPassed,
  requestLog,
  SAME_REPOSITORY,
  step,
  TOKENS,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

const JOB = randomToken()
const POLICY = randomUUID()
const CLAIMS = {
  sub: 'repo:acme/ios-app:ref:refs/heads/main',
  repository: 'acme/ios-app',
  ref: 'refs/heads/main',
  event_name: 'push',
  job_workflow_ref: `acme/ios-app/.github/workflows/${randomSlug('wf-')}.yml@refs/heads/main`
}

function seed(): Seed {
  return {
    ...bundledSeed(),
    oidc: oidcForJob(JOB, POLICY, CLAIMS)
  }
}

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started), { seed: seed() })

interface Access {
  credential: { kind: string; probe: string; claims?: Record<string, string> }
  apps: Array<{ app: string; readable: boolean; probe: string }>
  operations: Array<{ operation: string; app: string; allowed: boolean | null; probe: string; note?: string }>
  migration?: { org: string | null; allowed: boolean | null; probe: string }
  missing: string[]
  undecided: string[]
}

/** Starts one build of ios-app with the Owner's token, so its log can be read; then empties the request log. */
async function withBuild(): Promise<void> {
  const trigger = { 'app-slug': 'ios-app', 'from-event': 'false', branch: 'main', workflow: 'primary' }
  expectPassed(await step(emu, 'trigger', { ...trigger, ...SAME_REPOSITORY }))
  await clearRequestLog(emu)
}

/** Every request the emulator logged was a read. */
async function expectOnlyReads(): Promise<void> {
  const logged = await requestLog(emu)
  expect(logged.length).toBeGreaterThan(0)
  expect(logged.filter((r) => r.method !== 'GET')).toEqual([])
}

const verdict = (access: Access, operation: string, app = 'ios-app') =>
  access.operations.find((entry) => entry.operation === operation && entry.app === app)

describe('check-access', () => {
  it('a Tester/QA: reads the app and may wait, but not trigger or abort; the build log decided', async () => {
    await withBuild()
    const result = await step(emu, 'check-access', { 'app-slug': 'ios-app' }, { token: TOKENS.tester })
    expectPassed(result)
    const access = JSON.parse(result.outputs.access) as Access
    expect(access.credential.kind).toBe('personal')
    expect(access.apps).toEqual([{ app: 'ios-app', readable: true, probe: 'GET /apps/{app-slug} -> 200' }])
    expect(verdict(access, 'wait')).toMatchObject({ allowed: true })
    expect(verdict(access, 'wait')).toMatchObject({ aborts: false })
    expect(verdict(access, 'wait')?.note).toMatch(
      /^abort on timeout or cancel: no \(GET .*\/log -> 403\): a timeout or cancel would leave the build running, and the wait goes on/
    )
    for (const operation of ['trigger', 'abort'])
      expect(verdict(access, operation)).toMatchObject({
        allowed: false,
        probe: 'GET /apps/{app-slug}/builds/{build-slug}/log -> 403'
      })
    expect(access.missing).toEqual([
      'trigger on ios-app',
      'wait on ios-app: its abort on timeout or cancel',
      'abort on ios-app'
    ])
    expect(result.stdout).toContain(
      '::warning::Missing access: trigger on ios-app; wait on ios-app: its abort on timeout or cancel; abort on ios-app'
    )
    expect(result.summary).toContain('trigger (needs Owner, Admin, Platform Engineer or Developer)')
    await expectOnlyReads()
  })

  it('a Developer: trigger, wait and abort allowed, and nothing missing', async () => {
    await withBuild()
    const result = await step(
      emu,
      'check-access',
      { 'app-slug': 'ios-app', 'fail-on-missing-access': 'true' },
      { token: TOKENS.developer }
    )
    expectPassed(result)
    const access = JSON.parse(result.outputs.access) as Access
    for (const operation of ['trigger', 'wait', 'abort']) expect(verdict(access, operation)?.allowed).toBe(true)
    expect(verdict(access, 'trigger')?.probe).toBe('GET /apps/{app-slug}/builds/{build-slug}/log -> 200')
    expect(access.missing).toEqual([])
    await expectOnlyReads()
  })

  it('fails with fail-on-missing-access: true when something asked is missing, naming it; an unknown app is unreadable', async () => {
    const unknown = randomSlug('app-')
    await withBuild()
    const result = await step(
      emu,
      'check-access',
      { 'app-slug': `ios-app, ${unknown}`, operations: 'get-config', 'fail-on-missing-access': 'true' },
      { token: TOKENS.developer }
    )
    expectFailed(result)
    expect(errorLine(result)).toBe(`Missing access: get-config on ios-app; get-config on ${unknown}.`)
    const access = JSON.parse(result.outputs.access) as Access
    expect(access.apps.map((entry) => [entry.app, entry.readable])).toEqual([
      ['ios-app', true],
      [unknown, false]
    ])
    expect(verdict(access, 'get-config')?.probe).toBe('GET /apps/{app-slug}/service.yml -> 403')
    await expectOnlyReads()
  })

  it('names an invalid token as such, and says nothing is allowed', async () => {
    const token = randomToken()
    const result = await step(emu, 'check-access', { 'app-slug': 'ios-app' }, { token })
    expectPassed(result)
    const access = JSON.parse(result.outputs.access) as Access
    expect(access.credential).toEqual({ kind: 'refused', signedInWith: 'token', probe: 'GET /apps/{app-slug} -> 401' })
    // The refusal is the log's first word on access, naming the input, before any answer it decides.
    const lines = result.stdout.split('\n')
    const first = lines.findIndex((line) => line.includes('The service refused the token in token'))
    expect(first).toBeGreaterThanOrEqual(0)
    expect(lines.findIndex((line) => line.includes('Missing access'))).toBeGreaterThan(first)
    expect(access.operations.map((entry) => entry.allowed)).toEqual([false, false, false])
    expect(result.summary).toContain('not a valid access token')
    expectNoSecrets(result, [token])
  })

  it("a migration: the Workspace's owner is allowed, an Admin of its apps is not", async () => {
    const inputs = { 'app-slug': 'ios-app', operations: 'migrate-machine-types', 'org-slug': 'acme' }
    const owner = JSON.parse((await step(emu, 'check-access', inputs)).outputs.access) as Access
    expect(owner.migration).toEqual({
      org: 'acme',
      needs: "the Workspace's owner",
      allowed: true,
      probe: 'GET /organizations/{org-slug} -> 200'
    })
    const admin = await step(emu, 'check-access', inputs, { token: TOKENS.admin })
    expect((JSON.parse(admin.outputs.access) as Access).migration?.allowed).toBe(false)
    expect(admin.outputs.access).not.toContain('"user"')
    await expectOnlyReads()
  })

  it("signed in with the job's OIDC token: the kind and the job token's claims, no token", async () => {
    const result = await runAction(
      { operation: 'check-access', token: '', 'base-url': emu.url, 'app-slug': 'ios-app', 'oidc-policy-id': POLICY },
      {
        env: {
          ACTIONS_ID_TOKEN_REQUEST_URL: `${emu.origin}/_oidc/token?api-version=2.0`,
          ACTIONS_ID_TOKEN_REQUEST_TOKEN: JOB
        }
      }
    )
    expectPassed(result)
    const access = JSON.parse(result.outputs.access) as Access
    expect(access.credential.kind).toBe('oidc')
    expect(access.credential.claims).toEqual({
      repository: CLAIMS.repository,
      ref: CLAIMS.ref,
      event_name: CLAIMS.event_name,
      job_workflow_ref: CLAIMS.job_workflow_ref
    })
    const minted = [...emu.state.tokens.keys()].filter((token) => token.startsWith('oidc-'))
    expectNoSecrets(result, [JOB, ...emu.model.oidc.issued, ...minted])
    await expectOnlyReads()
  })
  it('counts "cannot tell" apart from "there", and fails on it with fail-on-missing-access, naming what decides it', async () => {
    // web-app has no build yet, so no log tells a Developer from a Tester/QA; no org-slug decides no Workspace.
    const inputs = { 'app-slug': 'web-app', operations: 'trigger, list-groups, migrate-machine-types' }
    const warned = await step(emu, 'check-access', inputs, { token: TOKENS.developer })
    expectPassed(warned)
    const access = JSON.parse(warned.outputs.access) as Access
    expect(access.missing).toEqual([])
    expect(access.undecided).toHaveLength(3)
    expect(access.undecided[0]).toMatch(/^trigger on web-app \(.*a build's log .* decides it\)$/)
    expect(access.undecided[1]).toBe('list-groups on (no org-slug) (set org-slug to the Workspace to decide it)')
    expect(warned.summary).toContain('3 cannot tell')
    expect(warned.summary).not.toContain('Everything asked is there')
    const failed = await step(
      emu,
      'check-access',
      { ...inputs, 'fail-on-missing-access': 'true' },
      { token: TOKENS.developer }
    )
    expectFailed(failed)
    expect(errorLine(failed)).toMatch(
      /^Cannot tell: trigger on web-app \(.*\); list-groups on \(no org-slug\) \(set org-slug/
    )
  })

  it('decides register-app and list-groups by the Workspace: a member may, an outsider may not', async () => {
    const inputs = { 'app-slug': 'ios-app', operations: 'register-app, list-groups', 'org-slug': 'acme' }
    const member = JSON.parse(
      (await step(emu, 'check-access', inputs, { token: TOKENS.groupDeveloper })).outputs.access
    )
    expect((member as Access).operations).toMatchObject([
      { operation: 'register-app', app: 'acme', allowed: true, probe: 'GET /organizations/{org-slug} -> 200' },
      { operation: 'list-groups', app: 'acme', allowed: true }
    ])
    const outsider = await step(emu, 'check-access', inputs, { token: TOKENS.outsider })
    const refused = JSON.parse(outsider.outputs.access) as Access
    expect(refused.operations.map((entry) => entry.allowed)).toEqual([false, false])
    expect(refused.missing).toEqual(['register-app on acme', 'list-groups on acme'])
    await expectOnlyReads()
  })

  it('on a public app a readable log proves nothing: a Tester/QA is not told yes', async () => {
    // docs-site is public; the Owner gives tom's QA team the Tester/QA role on it.
    expectPassed(await step(emu, 'set-roles', { 'app-slug': 'docs-site', role: 'member', groups: 'qa-team' }))
    const trigger = {
      'app-slug': 'docs-site',
      'from-event': 'false',
      branch: 'main',
      workflow: 'primary',
      ...SAME_REPOSITORY
    }
    expectPassed(await step(emu, 'trigger', trigger))
    const result = await step(
      emu,
      'check-access',
      { 'app-slug': 'docs-site', operations: 'trigger, abort' },
      { token: TOKENS.tester }
    )
    const access = JSON.parse(result.outputs.access) as Access
    expect(access.operations.map((entry) => entry.allowed)).toEqual([null, null])
    expect(access.operations[0].note).toMatch(/the app is public/)
  })
})
