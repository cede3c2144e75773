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
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { load } from 'js-yaml'
import { EXCHANGE_FIELDS } from '../../emulator/model/oidc.js'
import { bundledSeed } from '../../emulator/model/seed.js'
import type { Seed } from '../../emulator/model/types.js'
import { startFakeService, type Reply } from '../helpers/fake-service.js'
import { randomInt, randomSlug, randomToken, randomUUID } from '../helpers/random.js'
import { runAction, type RunOptions, type RunResult } from '../helpers/run-action.js'
import { expectNoSecrets } from '../helpers/secrets.js'
import {
  emulatorPerFile,
  errorLine,
  expectFailed,
  expectPassed,
  requestLog,
  startE2eEmulator,
  type RunningEmulator
} from './emulator-steps.js'

const MAIN = {
  sub: 'repo:acme/ios-app:ref:refs/heads/main',
  repository: 'acme/ios-app',
  ref: 'refs/heads/main',
  event_name: 'push',
  job_workflow_ref: 'acme/ios-app/.github/workflows/ci.yml@refs/heads/main'
}
const POLICY = randomUUID()
const SHORT_POLICY = randomUUID()
const MAIN_JOB = randomToken()
/** A job whose claims no policy matches: a pull request, in an environment of random name. */
const PR_JOB = randomToken()
const PR_ENVIRONMENT = randomSlug('env-')

function seed(): Seed {
  const base = bundledSeed()
  return {
    ...base,
    oidc: {
      jobs: {
        [MAIN_JOB]: MAIN,
        [PR_JOB]: {
          ...MAIN,
          sub: 'repo:acme/ios-app:pull_request',
          ref: 'refs/pull/9/merge',
          event_name: 'pull_request',
          environment: PR_ENVIRONMENT
        }
      },
      trust_policies: [
        {
          id: POLICY,
          workspace: 'acme',
          rules: { sub: MAIN.sub, repository: MAIN.repository },
          role: 'developer',
          session_duration_s: 900
        },
        // Shorter than the build: the short-lived token runs out during the wait.
        { id: SHORT_POLICY, workspace: 'acme', rules: { sub: MAIN.sub }, role: 'developer', session_duration_s: 1 }
      ]
    }
  }
}

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started), { seed: seed(), enableFaults: true })

/** The runner's variables of a job allowed `id-token: write`. */
function runnerOidc(requestToken: string): Record<string, string> {
  return {
    ACTIONS_ID_TOKEN_REQUEST_URL: `${emu.origin}/_oidc/token?api-version=2.0`,
    ACTIONS_ID_TOKEN_REQUEST_TOKEN: requestToken
  }
}

/** Every token of the three kinds the emulator knows of: the request tokens, the OIDC tokens it signed, the short-lived tokens it minted. */
function allTokens(): string[] {
  const minted = [...emu.state.tokens.keys()].filter((token) => token.startsWith('oidc-'))
  return [MAIN_JOB, PR_JOB, ...emu.model.oidc.issued, ...minted]
}

async function signedInStep(
  operation: string,
  inputs: Record<string, string>,
  options: RunOptions = {}
): Promise<RunResult> {
  const result = await runAction(
    { operation, token: '', 'base-url': emu.url, 'poll-interval': '0.1', ...inputs },
    options
  )
  expect(result.timedOut).toBe(false)
  expectNoSecrets(result, allTokens())
  return result
}

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
    emulatorPerFile((started) => (emu = started), { seed: seed(), buildDurationMs: 3500, enableFaults: true })
    afterAll(() => {
      emu = fileEmulator
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
const claimsOf = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>

const RFC8693_TYPES = [
  'urn:ietf:params:oauth:token-type:jwt',
  'urn:ietf:params:oauth:token-type:id_token',
  'urn:ietf:params:oauth:token-type:access_token'
]

describe('the sign-in the service documents', () => {
  it("signs in with oidc-policy-id alone: the documented form and nothing else, for the exchange's host", async () => {
    const result = await signedInStep(
      'trigger',
      { 'app-slug': 'ios-app', branch: 'main', 'oidc-policy-id': POLICY },
      { env: runnerOidc(MAIN_JOB) }
    )
    expectPassed(result)
    const [request] = emu.model.oidc.requests
    expect(request.encoding).toBe('form')
    expect(Object.keys(request.fields).sort()).toEqual([...EXCHANGE_FIELDS].sort())
    expect({ ...request.fields, subject_token: undefined }).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token_type: 'id_token',
      policy_id: POLICY,
      subject_token: undefined
    })
    // GitHub was asked for the exchange's host name as the audience, as the service asks for app.bitrise.io.
    expect(claimsOf(emu.model.oidc.issued[0]).aud).toBe(new URL(emu.origin).host)
    expect(emu.model.oidc.exchanges).toBe(1)
  })

  it('takes id_token written out in oidc-subject-token-type', async () => {
    const result = await signedInStep(
      'trigger',
      { 'app-slug': 'ios-app', branch: 'main', 'oidc-policy-id': POLICY, 'oidc-subject-token-type': 'id_token' },
      { env: runnerOidc(MAIN_JOB) }
    )
    expectPassed(result)
    expect(emu.model.oidc.requests.map((r) => r.fields.subject_token_type)).toEqual(['id_token'])
  })

  it('sends an RFC 8693 token type as given to an exchange that wants it', async () => {
    const type = RFC8693_TYPES[randomInt(RFC8693_TYPES.length)]
    const other = await startE2eEmulator({ seed: { ...seed(), oidc: { ...seed().oidc, subject_token_types: [type] } } })
    try {
      const inputs = {
        operation: 'trigger',
        token: '',
        'base-url': other.url,
        'app-slug': 'ios-app',
        branch: 'main',
        'oidc-policy-id': POLICY,
        'oidc-subject-token-type': type
      }
      const result = await runAction(inputs, {
        env: {
          ACTIONS_ID_TOKEN_REQUEST_URL: `${other.origin}/_oidc/token?api-version=2.0`,
          ACTIONS_ID_TOKEN_REQUEST_TOKEN: MAIN_JOB
        }
      })
      expectPassed(result)
      expectNoSecrets(result, [MAIN_JOB, ...other.model.oidc.issued])
      expect(other.model.oidc.requests.map((r) => r.fields.subject_token_type)).toEqual([type])
    } finally {
      await other.close()
    }
  })

  it('org-slug, once needed to sign in, is named in a warning as unread (the root action and trigger/, which no longer declares it), and is not sent', async () => {
    const workspace = randomSlug('ws-')
    const triggerEntry = resolve(
      'trigger',
      (load(readFileSync('trigger/action.yml', 'utf8')) as { runs: { main: string } }).runs.main
    )
    for (const bundle of [undefined, triggerEntry]) {
      const result = await signedInStep(
        'trigger',
        { 'app-slug': 'ios-app', branch: 'main', 'oidc-policy-id': POLICY, 'org-slug': workspace },
        { env: runnerOidc(MAIN_JOB), bundle }
      )
      expectPassed(result)
      const warnings = result.stdout
        .split('\n')
        .filter((line) => line.startsWith('::warning::') && line.includes('org-slug'))
      // trigger/ no longer declares org-slug, so the sub-action says where it belongs as well.
      const subAction = bundle
        ? [
            '::warning::Input "org-slug" is set, but trigger/ does not declare it, so the runner also warns "Unexpected input": it belongs to migrate-machine-types/, manage/ (and the root action). Move it to the step that uses that action, or remove it.'
          ]
        : []
      expect([bundle, warnings]).toEqual([
        bundle,
        [
          ...subAction,
          '::warning::Input "org-slug" is set, but the sign-in with OIDC does not read it (the trust policy\'s id names its Workspace) and trigger does not read it either: it has no effect. Remove it from the step\'s with:.'
        ]
      ])
    }
    expect(emu.model.oidc.requests.length).toBe(2)
    expect(JSON.stringify(emu.model.oidc.requests)).not.toContain(workspace)
  })

  it("a refusal lists the likely causes in order, policy id, audience, then the job's claims, and never asks to widen the policy", async () => {
    const unknown = randomInt(2) === 0
    const policy = unknown ? randomUUID() : POLICY
    const result = await signedInStep(
      'trigger',
      { 'app-slug': 'ios-app', branch: 'main', 'oidc-policy-id': policy },
      { env: runnerOidc(unknown ? MAIN_JOB : PR_JOB) }
    )
    expectFailed(result)
    const line = errorLine(result)
    const causes = [
      `(1) the trust policy "${policy}"`,
      `(2) the audience: the token was asked for "${new URL(emu.origin).host}"`,
      '(3) the claims the policy matches'
    ]
    expect(causes.map((cause) => line.indexOf(cause))).toEqual(
      [...causes.map((cause) => line.indexOf(cause))].sort((a, b) => a - b)
    )
    for (const cause of causes) expect(line).toContain(cause)
    // What the sources say of the audience, and nothing more: no claim that only one host is taken.
    expect(line).toContain("the service's documentation names its own host as the audience")
    expect(line).toContain('accepts any *.bitrise.io audience')
    expect(line).not.toMatch(/takes only/)
    const job = unknown
      ? MAIN
      : { ...MAIN, sub: 'repo:acme/ios-app:pull_request', ref: 'refs/pull/9/merge', event_name: 'pull_request' }
    for (const name of ['sub', 'repository', 'ref', 'event_name', 'job_workflow_ref'] as const)
      expect(line).toContain(`${name} "${job[name]}"`)
    expect(line).not.toMatch(/to fit them|change the policy|widen the policy|matching rules to fit/i)
    if (!unknown)
      expect(line).toContain(
        'This job runs for a pull request: a policy that trusts a branch, an environment or another event is right to refuse it, and is not to be widened to fit'
      )
  })
})

const GUARD = pathToFileURL(resolve('__tests__/helpers/loopback-guard.mjs')).href
/** A host name off this machine, drawn at random; the loopback guard stops any connection to it. */
const foreignHost = (): string => `${randomSlug()}.${['example', 'example.com', 'test'][randomInt(3)]}`

/** A step under the loopback guard: its outcome, and the hosts off this machine it tried to reach. */
async function guardedStep(inputs: Record<string, string>): Promise<{ result: RunResult; tried: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'oidc-guard-'))
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
