/**
 * The emulator against the published contract: every route it serves is driven
 * once to success and then refused in every way a caller can provoke (no token, an outsider's
 * token, an unknown app or Workspace, a body that is not JSON). Each success must have the
 * contract's status and shape (`service-contract.ts`, the project's own schema of the
 * contract's definitions); each refusal a status the contract lists for the route or one the
 * exceptions table of the emulator's access page (emulator/docs/access.md) lists (the one place exceptions are written), with the
 * route's error model. A route the emulator serves without a row here fails the test.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { bundledSeed } from '../../../emulator/model/seed.js'
import { API_ROUTES, interfacePath } from '../../../emulator/routes/index.js'
import type { RunningEmulator } from '../../../emulator/server.js'
import { call, start, TOKENS, type ApiAnswer } from '../helpers.js'
import { randomSlug } from '../../helpers/random.js'
import { CONTRACT, shapeProblems, type RouteContract } from '../../helpers/service-contract.js'
import { PIPELINE_YML, REQUESTS, type Request, World } from '../contract-requests.js'

interface Exception {
  method: string
  path: string
  status: number
}

/** The exceptions table of emulator/docs/access.md, the one place they are written. */
function readExceptions(): Exception[] {
  const text = readFileSync(join(process.cwd(), 'emulator', 'docs', 'access.md'), 'utf8')
  const table = /<!-- status-exceptions:start -->([\s\S]*?)<!-- status-exceptions:end -->/.exec(text)
  if (!table) throw new Error('emulator/docs/access.md has no status-exceptions table')
  return table[1]
    .split('\n')
    .filter((line) => /^\|\s*(every|GET|POST|PUT|PATCH|DELETE)\s*\|/.test(line))
    .map((line) => {
      const [method, path, status] = line
        .split('|')
        .slice(1, 4)
        .map((cell) => cell.trim().replace(/`/g, ''))
      return { method, path, status: Number(status) }
    })
}

const key = (route: { method: string; pattern: string }): string => `${route.method} ${route.pattern}`

function allowed(route: RouteContract, exceptions: Exception[]): Set<number> {
  const path = interfacePath(route.pattern)
  const extra = exceptions
    .filter((e) => (e.method === 'every' || e.method === route.method) && (e.path === 'every route' || e.path === path))
    .map((e) => e.status)
  return new Set([route.ok, ...route.errors, ...extra])
}

/** The request with its first path parameter replaced by a name nothing has. */
function unknownTarget(route: RouteContract, request: Request): string | undefined {
  const first = route.pattern.split('/').findIndex((segment) => segment.startsWith(':'))
  if (first < 0) return undefined
  const parts = request.path.split('?')[0].split('/')
  parts[first] = randomSlug('nothing-')
  return parts.join('/')
}

let emu: RunningEmulator
let world: World
beforeAll(async () => {
  const seed = bundledSeed()
  const ios = seed.apps!.find((app) => app.slug === 'ios-app')!
  ios.service_yml = `${ios.service_yml ?? ''}\n${PIPELINE_YML}`
  // android-app's builds fail and get an AI summary; it reads its configuration from the service here.
  seed.apps!.find((app) => app.slug === 'android-app')!.config_location = 'service'
  emu = await start({ seed, buildDurationMs: 100, logDelayMs: 0 })
  world = new World(emu, seed.apps!.find((app) => app.slug === 'web-app')!.service_yml!)
})
afterAll(async () => emu?.close())

describe('every route of the emulator answers as the published contract says', () => {
  const exceptions = readExceptions()

  it('has a row for every route the emulator serves, and no row for a route it does not serve', () => {
    const served = API_ROUTES.map(key).sort()
    expect(CONTRACT.map(key).sort()).toEqual(served)
    expect(Object.keys(REQUESTS).sort()).toEqual(served)
  })

  it('lists exceptions only for routes the emulator serves', () => {
    const paths = new Set([
      ...API_ROUTES.map((route) => `${route.method} ${interfacePath(route.pattern)}`),
      ...OIDC_ROUTES
    ])
    expect(exceptions.length).toBeGreaterThan(0)
    for (const e of exceptions)
      if (e.method !== 'every')
        expect({ exception: e, served: paths.has(`${e.method} ${e.path}`) }).toEqual({ exception: e, served: true })
  })

  it.each(CONTRACT.map((route) => [key(route), route] as const))('%s', async (_name, route) => {
    const request = await REQUESTS[key(route)](world)
    const success = await call(emu, route.method, request.path, { body: request.body, token: request.token })
    expect({ status: success.status, text: success.status === route.ok ? '' : success.text }).toEqual({
      status: route.ok,
      text: ''
    })
    if ('json' in route.body) expect(shapeProblems(success.json, route.body.json)).toEqual([])
    if ('text' in route.body) expect(success.headers.get('content-type')).toMatch(/^text\/plain/)
    if ('empty' in route.body) expect(success.text).toBe('')

    const refusals: Array<[string, ApiAnswer]> = [
      ['no token', await call(emu, route.method, request.path, { body: request.body, token: null })],
      ['an outsider', await call(emu, route.method, request.path, { body: request.body, token: TOKENS.outsider })],
      ['a tester', await call(emu, route.method, request.path, { body: request.body, token: TOKENS.tester })]
    ]
    const unknown = unknownTarget(route, request)
    if (unknown) refusals.push(['an unknown name', await call(emu, route.method, unknown, { body: request.body })])
    if (request.body !== undefined)
      refusals.push(['a body that is not JSON', await call(emu, route.method, request.path, { rawBody: '{"unclosed' })])
    if (request.invalid) {
      // Refused for what it says: the contract's own refusal of the route, never a documented exception.
      const refused = await call(emu, route.method, request.invalid.path, { body: request.invalid.body })
      expect({ status: refused.status, contract: route.errors.includes(refused.status) }).toEqual({
        status: refused.status,
        contract: true
      })
      refusals.push(['an invalid request', refused])
    }
    const statuses = allowed(route, exceptions)
    for (const [what, answer] of refusals) {
      expect({ what, status: answer.status, allowed: statuses.has(answer.status) }).toEqual({
        what,
        status: answer.status,
        allowed: true
      })
      if (answer.status >= 400)
        expect({ what, message: typeof answer.json?.[route.errorField] }).toEqual({ what, message: 'string' })
    }
  })
})

/** The routes beside the API: the service's token exchange and the emulator's stand-in for the runner's OIDC token endpoint. */
const OIDC_ROUTES = [
  'POST /oidc/token',
  'GET /_oidc/token',
  'GET /_oidc/.well-known/openid-configuration',
  'GET /_oidc/.well-known/jwks'
]

describe('the OIDC routes beside the API answer as the service and the runner do, with the statuses the exceptions table lists', () => {
  const exceptions = readExceptions()
  const listed = (method: string, path: string): Set<number> =>
    new Set(exceptions.filter((e) => e.method === method && e.path === path).map((e) => e.status))

  async function idToken(
    requestToken: string | null,
    audience: string | null
  ): Promise<{ status: number; json: Record<string, unknown> }> {
    const query = audience === null ? '' : `&audience=${encodeURIComponent(audience)}`
    const res = await fetch(`${emu.origin}/_oidc/token?api-version=2.0${query}`, {
      headers: requestToken === null ? {} : { authorization: `Bearer ${requestToken}` }
    })
    return { status: res.status, json: (await res.json()) as Record<string, unknown> }
  }

  async function exchange(
    form: Record<string, string>,
    contentType = 'application/x-www-form-urlencoded'
  ): Promise<{ status: number; json: Record<string, unknown> }> {
    const res = await fetch(`${emu.origin}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new URLSearchParams(form).toString()
    })
    return { status: res.status, json: (await res.json()) as Record<string, unknown> }
  }

  it("GET /_oidc/token: a job's request token gets a signed token; anything else a 401", async () => {
    const job = Object.keys(bundledSeed().oidc!.jobs!)[0]
    const ok = await idToken(job, emu.origin)
    expect(ok.status).toBe(200)
    expect(String(ok.json.value).split('.')).toHaveLength(3)
    for (const [requestToken, audience] of [
      [null, emu.origin],
      [randomSlug(), emu.origin],
      [job, null]
    ] as const) {
      const refused = await idToken(requestToken, audience)
      expect({
        status: refused.status,
        listed: listed('GET', '/_oidc/token').has(refused.status),
        message: typeof refused.json.message
      }).toEqual({ status: refused.status, listed: true, message: 'string' })
    }
  })

  it('GET /_oidc/.well-known/*: the discovery document names the JWKS, which holds the RS256 key', async () => {
    const discovery = (await (await fetch(`${emu.origin}/_oidc/.well-known/openid-configuration`)).json()) as {
      issuer: string
      jwks_uri: string
    }
    expect(discovery.issuer).toBe(`${emu.origin}/_oidc`)
    const jwks = (await (await fetch(discovery.jwks_uri)).json()) as { keys: Array<Record<string, string>> }
    expect(jwks.keys.map((k) => [k.kty, k.alg, typeof k.n, typeof k.kid])).toEqual([
      ['RSA', 'RS256', 'string', 'string']
    ])
  })

  it('POST /oidc/token: a matching token gets access_token, token_type and expires_in; every refusal is 400 invalid_token', async () => {
    const seed = bundledSeed()
    const policy = seed.oidc!.trust_policies![0]
    const matching = Object.entries(seed.oidc!.jobs!).find(([, claims]) => claims.sub === policy.rules.sub)![0]
    const other = Object.entries(seed.oidc!.jobs!).find(([, claims]) => claims.sub !== policy.rules.sub)![0]
    // The request the service documents (bitrise-io/docs, "OIDC for Bitrise", "Crafting a token request"), for its host as the audience.
    const form = async (job: string): Promise<Record<string, string>> => ({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token_type: 'id_token',
      policy_id: policy.id,
      subject_token: String((await idToken(job, new URL(emu.origin).host)).json.value)
    })
    const ok = await exchange(await form(matching))
    expect(ok.status).toBe(200)
    expect([typeof ok.json.access_token, ok.json.token_type, ok.json.expires_in]).toEqual([
      'string',
      'Bearer',
      policy.session_duration_s
    ])
    const good = await form(matching)
    const refusals = [
      await exchange(await form(other)),
      await exchange({ ...good, policy_id: randomSlug() }),
      await exchange({ ...good, workspace_id: 'globex' }),
      await exchange({ ...good, subject_token_type: 'urn:ietf:params:oauth:token-type:access_token' }),
      await exchange({ ...good, grant_type: 'client_credentials' }),
      await exchange({ ...good, subject_token: `${good.subject_token.slice(0, -4)}AAAA` }),
      await exchange(good, 'application/json')
    ]
    for (const refused of refusals)
      expect({
        status: refused.status,
        listed: listed('POST', '/oidc/token').has(refused.status),
        json: refused.json
      }).toEqual({ status: 400, listed: true, json: { error: 'invalid_token' } })
  })
})
