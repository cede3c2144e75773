/**
 * The sign-in settings read from the inputs and the runner's environment, table-driven: one
 * table of defaults, each case overriding what it is about. Nothing here sends a request; a
 * refusal names its input. And the claims shown after a refusal, decoded from a token's payload.
 */
import { describe, expect, it } from '@jest/globals'
import { describeClaims } from '../../src/http/oidc-sign-in.js'
import { DEFAULT_SUBJECT_TOKEN_TYPE, readOidcSettings } from '../../src/inputs/oidc-settings.js'
import { InputError } from '../../src/inputs/input-error.js'
import { randomSlug, randomToken } from '../helpers/random.js'

const POLICY = randomSlug('policy-')
const REQUEST_TOKEN = randomToken()
const REQUEST_URL = `https://pipelines.example.net/${randomSlug()}/idtoken?api-version=2.0`

interface Case {
  what: string
  inputs?: Record<string, string>
  env?: Record<string, string>
  baseUrl?: string
  fork?: string
  expected?: Record<string, string>
  /** The input named, and the message after it. */
  refusal?: [string, RegExp]
}

const defaults = {
  inputs: { 'oidc-policy-id': POLICY, 'org-slug': 'acme' } as Record<string, string>,
  env: { ACTIONS_ID_TOKEN_REQUEST_URL: REQUEST_URL, ACTIONS_ID_TOKEN_REQUEST_TOKEN: REQUEST_TOKEN } as Record<string, string>,
  baseUrl: 'https://api.example.com/v0.1'
}

const cases: Case[] = [
  {
    what: 'the exchange and the audience follow the base URL: api. becomes app., the path /oidc/token',
    expected: { exchangeUrl: 'https://app.example.com/oidc/token', audience: 'https://app.example.com', subjectTokenType: DEFAULT_SUBJECT_TOKEN_TYPE, workspace: 'acme', policyId: POLICY }
  },
  { what: 'a base URL on this machine keeps its host and port', baseUrl: 'http://127.0.0.1:4010/v0.1', expected: { exchangeUrl: 'http://127.0.0.1:4010/oidc/token', audience: 'http://127.0.0.1:4010' } },
  { what: 'oidc-exchange-url and oidc-audience win', inputs: { 'oidc-exchange-url': 'https://id.example.org/x/token', 'oidc-audience': 'app.example.com' }, expected: { exchangeUrl: 'https://id.example.org/x/token', audience: 'app.example.com' } },
  { what: 'oidc-subject-token-type wins', inputs: { 'oidc-subject-token-type': 'urn:ietf:params:oauth:token-type:jwt' }, expected: { subjectTokenType: 'urn:ietf:params:oauth:token-type:jwt' } },
  { what: 'the runner variables are read as they are', expected: { requestUrl: REQUEST_URL, requestToken: REQUEST_TOKEN } },
  { what: 'no org-slug is refused', inputs: { 'org-slug': '' }, refusal: ['org-slug', /is required with oidc-policy-id/] },
  { what: 'a policy id with a space is refused', inputs: { 'oidc-policy-id': 'a b' }, refusal: ['oidc-policy-id', /is not a trust policy id/] },
  { what: 'an exchange over plain http to another host is refused', inputs: { 'oidc-exchange-url': 'http://id.example.org/token' }, refusal: ['oidc-exchange-url', /must use https:\/\//] },
  { what: 'an exchange URL with a password is refused, unquoted', inputs: { 'oidc-exchange-url': 'https://u:p4ss@id.example.org/token' }, refusal: ['oidc-exchange-url', /^must not contain a user name or password/] },
  { what: 'a subject token type that is no URN is refused', inputs: { 'oidc-subject-token-type': 'jwt' }, refusal: ['oidc-subject-token-type', /is not a token type URN/] },
  { what: 'no request variables: the permissions line', env: { ACTIONS_ID_TOKEN_REQUEST_URL: '', ACTIONS_ID_TOKEN_REQUEST_TOKEN: '' }, refusal: ['oidc-policy-id', /permissions: \{ id-token: write, contents: read \}/] },
  { what: 'no request token alone is the same', env: { ACTIONS_ID_TOKEN_REQUEST_TOKEN: '' }, refusal: ['oidc-policy-id', /the job has none/] },
  { what: 'a fork: GitHub gives it no OIDC token', env: { ACTIONS_ID_TOKEN_REQUEST_URL: '' }, fork: 'the fork someone/app', refusal: ['oidc-policy-id', /comes from the fork someone\/app, and GitHub gives workflows run for fork pull requests no OIDC token/] },
  { what: 'a request URL over plain http to another host is refused', env: { ACTIONS_ID_TOKEN_REQUEST_URL: 'http://pipelines.example.net/x?a=1' }, refusal: ['oidc-policy-id', /is not an https:\/\/ URL/] }
]

describe('readOidcSettings', () => {
  it.each(cases.map((c) => [c.what, c] as const))('%s', async (_, c) => {
    const inputs = { ...defaults.inputs, ...c.inputs }
    const env = { ...defaults.env, ...c.env }
    const read = readOidcSettings((name) => inputs[name] ?? '', env, c.baseUrl ?? defaults.baseUrl, async () => c.fork)
    if (c.refusal) {
      const error = await read.then(() => undefined, (e: unknown) => e)
      expect(error).toBeInstanceOf(InputError)
      expect((error as InputError).input).toBe(c.refusal[0])
      const message = (error as InputError).message
      expect(message.startsWith(`Input "${c.refusal[0]}": `)).toBe(true)
      // A pattern anchored with ^ matches right after the input's name, any other anywhere after it.
      expect(message.slice(`Input "${c.refusal[0]}": `.length)).toMatch(c.refusal[1])
      expect(message).not.toContain(REQUEST_TOKEN)
      expect(message).not.toContain('p4ss')
    } else {
      expect(await read).toEqual(expect.objectContaining(c.expected ?? {}))
    }
  })
})

describe('describeClaims', () => {
  const jwt = (claims: unknown): string => `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${randomToken()}`

  it('quotes each shown claim, says (none) for a missing one, and shows nothing else of the token', () => {
    const sub = `repo:${randomSlug()}/app:ref:refs/heads/main`
    const secret = randomToken()
    const text = describeClaims(jwt({ sub, repository: 'acme/app', ref: 'refs/heads/main', event_name: 'push', job_workflow_ref: 'acme/app/.github/workflows/ci.yml@refs/heads/main', actor: secret }))
    expect(text).toBe(`sub "${sub}", repository "acme/app", ref "refs/heads/main", event_name "push", environment (none), job_workflow_ref "acme/app/.github/workflows/ci.yml@refs/heads/main"`)
    expect(text).not.toContain(secret)
  })

  it('a token that is not a JWT shows every claim as (none)', () => {
    expect(describeClaims(randomToken())).toBe('sub (none), repository (none), ref (none), event_name (none), environment (none), job_workflow_ref (none)')
  })
})
