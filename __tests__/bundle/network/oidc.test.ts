/**
 * Signing in with the job's OIDC token, through dist/index.js and the emulator: the emulator is
 * the runner's token endpoint (its own key and JWKS) and the service's exchange with the seed's
 * trust policies, taking only the request the service documents (bitrise-io/docs, "OIDC for
 * Bitrise", "Crafting a token request"). Request tokens, policy ids and foreign hosts are
 * random; none of the three tokens (the runner's request token, the job's OIDC token, the
 * short-lived token) may show in anything the step wrote. Steps that name a host off this
 * machine run under the loopback guard, whose log says whether the step tried to reach one.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startFakeService, type Reply } from '../../helpers/fake-service.js'
import { randomSlug } from '../../helpers/random.js'
import {
  emulatorPerFile,
  errorLine,
  expectFailed,
  expectPassed,
  requestLog,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'
import {
  MAIN,
  MAIN_JOB,
  POLICY,
  PR_ENVIRONMENT,
  PR_JOB,
  SHORT_POLICY,
  emu,
  pointAt,
  runnerOidc,
  seed,
  signedInStep,
  useOidcEmulator
} from '../../helpers/subjects/oidc-steps.js'

useOidcEmulator()

describe("signing in with the job's OIDC token", () => {
  it('triggers and waits with no stored token, every call sent with the short-lived token', async () => {
    const result = await signedInStep(
      'trigger',
      { 'app-slug': 'ios-app', branch: 'main', wait: 'true', 'wait-timeout': '60', 'oidc-policy-id': POLICY },
      { env: runnerOidc(MAIN_JOB) }
    )
    expectPassed(result)
    expect(result.outputs['build-status-text']).toBe('success')
    expect(emu.model.oidc.exchanges).toBeGreaterThanOrEqual(1)
    expect(emu.model.oidc.issued.length).toBeGreaterThanOrEqual(1)
    // The short-lived token is a token of the policy's own user, with the policy's role.
    const minted = [...emu.state.tokens.entries()].filter(([token]) => token.startsWith('oidc-'))
    expect(minted.map(([, user]) => user)).toContain(`oidc-policy:${POLICY}`)
    expect((await requestLog(emu)).filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/v0.1/apps/ios-app/builds'
    ])
  })

  it('several builds started at once share one exchange', async () => {
    const apps = ['ios-app', 'web-app', 'api-server']
    const result = await signedInStep(
      'trigger',
      {
        'app-slug': apps.join(','),
        'from-event': 'false',
        branch: 'main',
        workflow: 'primary',
        'branch-repo-owner': 'acme',
        'branch-dest-repo-owner': 'acme',
        'oidc-policy-id': POLICY
      },
      { env: runnerOidc(MAIN_JOB) }
    )
    expectPassed(result)
    expect((JSON.parse(result.outputs.builds) as unknown[]).length).toBe(apps.length)
    expect(emu.model.oidc.exchanges).toBe(1)
  })

  it('a short-lived token refused during the wait is exchanged again, once, and the call sent again', async () => {
    // The service refuses the first poll as if the token had run out early.
    const fault = await fetch(`${emu.origin}/_emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        path: '/apps/ios-app/builds/',
        method: 'GET',
        action: 'status',
        status: 401,
        count: 1,
        body: { message: 'invalid access token' }
      })
    })
    expect(fault.status).toBe(201)
    const result = await signedInStep(
      'trigger',
      { 'app-slug': 'ios-app', branch: 'main', wait: 'true', 'wait-timeout': '60', 'oidc-policy-id': POLICY },
      { env: runnerOidc(MAIN_JOB) }
    )
    expectPassed(result)
    expect(result.outputs['build-status-text']).toBe('success')
    // A 900 s session: the one exchange more is the one after the refusal.
    expect(emu.model.oidc.exchanges).toBe(2)
    expect(result.stdout).toContain('the short-lived token was refused; signing in again')
  })

  describe('with a build that outlasts the session', () => {
    // Only this test needs a build longer than the 1 s session; the file's emulator runs short builds.
    let fileEmulator: RunningEmulator
    beforeAll(() => {
      fileEmulator = emu
    })
    emulatorPerFile((started) => pointAt(started), { seed: seed(), buildDurationMs: 3500, enableFaults: true })
    afterAll(() => {
      pointAt(fileEmulator)
    })

    it('survives the short-lived token running out during a long wait: it is exchanged again', async () => {
      const before = emu.model.oidc.exchanges
      const result = await signedInStep(
        'trigger',
        { 'app-slug': 'ios-app', branch: 'main', wait: 'true', 'wait-timeout': '60', 'oidc-policy-id': SHORT_POLICY },
        { env: runnerOidc(MAIN_JOB) }
      )
      expectPassed(result)
      expect(result.outputs['build-status-text']).toBe('success')
      // A 1 s session and a 3.5 s build: signed in more than once.
      expect(emu.model.oidc.exchanges - before).toBeGreaterThanOrEqual(2)
    })
  })

  it('a runner endpoint or an exchange briefly unavailable is asked again', async () => {
    // In front of both: the first call of each fails (a 503, then a dropped connection), the next reaches the emulator.
    const forward = async (path: string, init: RequestInit): Promise<Reply> => {
      const res = await fetch(`${emu.origin}${path}`, init)
      return { status: res.status, body: await res.json() }
    }
    const front = await startFakeService(
      {
        // The front stands for the emulator's exchange, so it asks the issuer for the emulator's audience.
        'GET /idtoken': (req, count) =>
          count === 1
            ? { status: 503, body: { message: 'busy' } }
            : forward(`/_oidc/token?${new URLSearchParams({ ...req.query, audience: new URL(emu.origin).host })}`, {
                headers: { authorization: String(req.headers.authorization) }
              }),
        'POST /oidc/token': (req, count) =>
          count === 1
            ? { action: 'drop' }
            : forward('/oidc/token', {
                method: 'POST',
                headers: { 'content-type': String(req.headers['content-type']) },
                body: req.rawBody
              })
      },
      { maxRequests: 10, lifetimeMs: 30_000 }
    )
    try {
      const inputs = {
        'app-slug': 'ios-app',
        branch: 'main',
        'oidc-policy-id': POLICY,
        'oidc-exchange-url': `${front.origin}/oidc/token`
      }
      const result = await signedInStep('trigger', inputs, {
        env: { ...runnerOidc(MAIN_JOB), ACTIONS_ID_TOKEN_REQUEST_URL: `${front.origin}/idtoken?api-version=2.0` }
      })
      expectPassed(result)
      expect([front.calls('GET /idtoken').length, front.calls('POST /oidc/token').length]).toEqual([2, 2])
      expect(emu.model.oidc.exchanges).toBe(1)
    } finally {
      await front.close()
    }
  })

  it('a refusal names the claims the trust policy saw, never the token', async () => {
    const result = await signedInStep(
      'trigger',
      { 'app-slug': 'ios-app', branch: 'main', 'oidc-policy-id': POLICY },
      { env: runnerOidc(PR_JOB) }
    )
    expectFailed(result)
    const line = errorLine(result)
    expect(line).toContain('invalid_token')
    expect(line).toContain(`trust policy "${POLICY}"`)
    for (const claim of [
      'sub "repo:acme/ios-app:pull_request"',
      'repository "acme/ios-app"',
      'ref "refs/pull/9/merge"',
      'event_name "pull_request"',
      `environment "${PR_ENVIRONMENT}"`,
      `job_workflow_ref "${MAIN.job_workflow_ref}"`
    ]) {
      expect(line).toContain(claim)
    }
    expect(await requestLog(emu)).toEqual([])
  })

  it('a job without id-token: write is told the permissions line, and nothing is sent', async () => {
    const result = await signedInStep('trigger', { 'app-slug': 'ios-app', branch: 'main', 'oidc-policy-id': POLICY })
    expectFailed(result)
    const line = errorLine(result)
    expect(line).toContain('Input "oidc-policy-id"')
    expect(line).toContain('permissions: { id-token: write, contents: read }')
    expect(line).toContain('Nothing was sent')
    expect(await requestLog(emu)).toEqual([])
  })

  it("a fork's pull request is told GitHub gives it no OIDC token", async () => {
    const fork = `${randomSlug()}/ios-app`
    const payload = {
      pull_request: {
        number: 9,
        head: { ref: 'feature', sha: 'a'.repeat(40), repo: { full_name: fork } },
        base: { ref: 'main', repo: { full_name: 'acme/ios-app' } }
      }
    }
    const result = await signedInStep(
      'trigger',
      { 'app-slug': 'ios-app', 'oidc-policy-id': POLICY },
      { event: { name: 'pull_request', payload } }
    )
    expectFailed(result)
    const line = errorLine(result)
    expect(line).toContain(`the fork ${fork}`)
    expect(line).toContain('no OIDC token')
    expect(await requestLog(emu)).toEqual([])
  })
})

/** The claims of a JWT the emulator signed (decoded only). */
