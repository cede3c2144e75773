/**
 * The sign-in settings read from the inputs and the runner's environment, table-driven: one
 * table of defaults, each case overriding what it is about. Nothing here sends a request; a
 * refusal names its input. The audience rule is decided here, without any connection: the token
 * is asked for one audience and sent only to the exchange on that audience's origin (foreign
 * hosts are random). And the claims shown after a refusal, decoded from a token's payload.
 */
import { describe, expect, it } from '@jest/globals'
import { describeClaims, refusalMessage } from '../../../src/http/oidc-sign-in.js'
import { DEFAULT_SUBJECT_TOKEN_TYPE, readOidcSettings } from '../../../src/inputs/oidc-settings.js'
import { InputError } from '../../../src/inputs/input-error.js'
import { randomInt, randomSlug, randomToken, randomUUID } from '../../helpers/random.js'

const POLICY = randomUUID()
const REQUEST_TOKEN = randomToken()
const REQUEST_URL = `https://pipelines.example.net/${randomSlug()}/idtoken?api-version=2.0`
/** A random domain off this machine, and the service's pair of hosts on it. */
const DOMAIN = `${randomSlug()}.example`
const OTHER = `${randomSlug()}.example.org`

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
  inputs: { 'oidc-policy-id': POLICY } as Record<string, string>,
  env: { ACTIONS_ID_TOKEN_REQUEST_URL: REQUEST_URL, ACTIONS_ID_TOKEN_REQUEST_TOKEN: REQUEST_TOKEN } as Record<
    string,
    string
  >,
  baseUrl: `https://api.${DOMAIN}/v0.1`
}

const cases: Case[] = [
  {
    what: 'the exchange follows the base URL (api. becomes app., the path /oidc/token), the audience is its host, and the subject token type is id_token',
    expected: {
      exchangeUrl: `https://app.${DOMAIN}/oidc/token`,
      audience: `app.${DOMAIN}`,
      subjectTokenType: DEFAULT_SUBJECT_TOKEN_TYPE,
      policyId: POLICY
    }
  },
  {
    what: 'the default subject token type is the one the service documents',
    expected: { subjectTokenType: 'id_token' }
  },
  {
    what: 'a base URL on this machine keeps its host and port, and the audience names them',
    baseUrl: 'http://127.0.0.1:4010/v0.1',
    expected: { exchangeUrl: 'http://127.0.0.1:4010/oidc/token', audience: '127.0.0.1:4010' }
  },
  {
    what: 'no org-slug is needed: the policy id alone names the policy',
    inputs: { 'org-slug': '' },
    expected: { policyId: POLICY }
  },
  {
    what: 'a custom exchange without an audience gets its own host as the audience',
    inputs: { 'oidc-exchange-url': `https://id.${OTHER}/x/token` },
    expected: { exchangeUrl: `https://id.${OTHER}/x/token`, audience: `id.${OTHER}` }
  },
  {
    what: "an audience equal to the exchange's host is taken as written",
    inputs: { 'oidc-audience': `APP.${DOMAIN}` },
    expected: { audience: `APP.${DOMAIN}` }
  },
  {
    what: "an audience written as the exchange's origin is taken as written",
    inputs: { 'oidc-audience': `https://app.${DOMAIN}` },
    expected: { audience: `https://app.${DOMAIN}` }
  },
  {
    what: 'the known pair: an api. audience for the app. exchange beside it',
    inputs: { 'oidc-audience': `api.${DOMAIN}` },
    expected: { audience: `api.${DOMAIN}`, exchangeUrl: `https://app.${DOMAIN}/oidc/token` }
  },
  {
    what: 'the known pair with a custom exchange',
    inputs: { 'oidc-exchange-url': `https://app.${OTHER}/oidc/token`, 'oidc-audience': `api.${OTHER}` },
    expected: { audience: `api.${OTHER}` }
  },
  {
    what: 'oidc-subject-token-type takes id_token',
    inputs: { 'oidc-subject-token-type': 'id_token' },
    expected: { subjectTokenType: 'id_token' }
  },
  {
    what: 'oidc-subject-token-type takes an RFC 8693 URN',
    inputs: { 'oidc-subject-token-type': 'urn:ietf:params:oauth:token-type:jwt' },
    expected: { subjectTokenType: 'urn:ietf:params:oauth:token-type:jwt' }
  },
  {
    what: 'the runner variables are read as they are',
    expected: { requestUrl: REQUEST_URL, requestToken: REQUEST_TOKEN }
  },
  {
    what: 'an audience on another host is refused',
    inputs: { 'oidc-audience': OTHER },
    refusal: [
      'oidc-audience',
      new RegExp(
        `^"${OTHER.replace(/\./g, '\\.')}" is not the host of the exchange the job's OIDC token is sent to, "https://app\\.${DOMAIN.replace(/\./g, '\\.')}" \\(base-url's exchange\\)`
      )
    ]
  },
  {
    what: 'an audience of another scheme is refused',
    inputs: { 'oidc-audience': `http://app.${DOMAIN}` },
    refusal: ['oidc-audience', /is not the host of the exchange/]
  },
  {
    what: 'an audience of another port is refused',
    inputs: { 'oidc-audience': `app.${DOMAIN}:8443` },
    refusal: ['oidc-audience', /is not the host of the exchange/]
  },
  {
    what: 'the pair does not run backwards: an app. audience for an api. exchange',
    inputs: { 'oidc-exchange-url': `https://api.${OTHER}/oidc/token`, 'oidc-audience': `app.${OTHER}` },
    refusal: ['oidc-audience', /\(oidc-exchange-url\)/]
  },
  {
    what: "a custom exchange off the audience's origin is refused",
    inputs: { 'oidc-exchange-url': `https://${OTHER}/oidc/token`, 'oidc-audience': `app.${DOMAIN}` },
    refusal: ['oidc-audience', /is not the host of the exchange .*\(oidc-exchange-url\)/]
  },
  {
    what: 'an audience with a path is refused',
    inputs: { 'oidc-audience': `app.${DOMAIN}/oidc` },
    refusal: ['oidc-audience', /is not a host name \(e\.g\. app\.example\.com\) nor an origin/]
  },
  {
    what: 'an audience that is no URL host (api://...) is refused',
    inputs: { 'oidc-audience': 'api://AzureADTokenExchange' },
    refusal: ['oidc-audience', /is not a host name/]
  },
  {
    what: 'a policy id with a space is refused',
    inputs: { 'oidc-policy-id': 'a b' },
    refusal: ['oidc-policy-id', /is not a trust policy id/]
  },
  {
    what: 'an exchange over plain http to another host is refused',
    inputs: { 'oidc-exchange-url': `http://id.${OTHER}/token` },
    refusal: ['oidc-exchange-url', /must use https:\/\//]
  },
  {
    what: 'an exchange URL with a password is refused, unquoted',
    inputs: { 'oidc-exchange-url': `https://u:p4ss@id.${OTHER}/token` },
    refusal: ['oidc-exchange-url', /^must not contain a user name or password/]
  },
  {
    what: 'a subject token type that is neither id_token nor a URN is refused',
    inputs: { 'oidc-subject-token-type': 'jwt' },
    refusal: ['oidc-subject-token-type', /is not a token type URN nor id_token/]
  },
  {
    what: 'no request variables: the permissions line, for the job',
    env: { ACTIONS_ID_TOKEN_REQUEST_URL: '', ACTIONS_ID_TOKEN_REQUEST_TOKEN: '' },
    refusal: [
      'oidc-policy-id',
      /to the job that runs this step \(not to the whole workflow\) "permissions: \{ id-token: write, contents: read \}"/
    ]
  },
  {
    what: 'no request token alone is the same',
    env: { ACTIONS_ID_TOKEN_REQUEST_TOKEN: '' },
    refusal: ['oidc-policy-id', /the job has none/]
  },
  {
    what: 'a fork: GitHub gives it no OIDC token',
    env: { ACTIONS_ID_TOKEN_REQUEST_URL: '' },
    fork: 'the fork someone/app',
    refusal: [
      'oidc-policy-id',
      /comes from the fork someone\/app, and GitHub gives workflows run for fork pull requests no OIDC token/
    ]
  },
  {
    what: 'a request URL over plain http to another host is refused',
    env: { ACTIONS_ID_TOKEN_REQUEST_URL: 'http://pipelines.example.net/x?a=1' },
    refusal: ['oidc-policy-id', /is not an https:\/\/ URL/]
  }
]

describe('readOidcSettings', () => {
  it.each(cases.map((c) => [c.what, c] as const))('%s', async (_, c) => {
    const inputs = { ...defaults.inputs, ...c.inputs }
    const env = { ...defaults.env, ...c.env }
    const read = readOidcSettings(
      (name) => inputs[name] ?? '',
      env,
      c.baseUrl ?? defaults.baseUrl,
      async () => c.fork
    )
    if (c.refusal) {
      const error = await read.then(
        () => undefined,
        (e: unknown) => e
      )
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
  const jwt = (claims: unknown): string =>
    `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${randomToken()}`

  it('quotes each shown claim, says (none) for a missing one, and shows nothing else of the token', () => {
    const sub = `repo:${randomSlug()}/app:ref:refs/heads/main`
    const secret = randomToken()
    const text = describeClaims(
      jwt({
        sub,
        repository: 'acme/app',
        ref: 'refs/heads/main',
        event_name: 'push',
        job_workflow_ref: 'acme/app/.github/workflows/ci.yml@refs/heads/main',
        actor: secret
      })
    )
    expect(text).toBe(
      `sub "${sub}", repository "acme/app", ref "refs/heads/main", event_name "push", environment (none), job_workflow_ref "acme/app/.github/workflows/ci.yml@refs/heads/main"`
    )
    expect(text).not.toContain(secret)
  })

  it('a token that is not a JWT shows every claim as (none)', () => {
    expect(describeClaims(randomToken())).toBe(
      'sub (none), repository (none), ref (none), event_name (none), environment (none), job_workflow_ref (none)'
    )
  })
})

describe('refusalMessage', () => {
  const jwt = (claims: unknown): string =>
    `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${randomToken()}`
  const settings = { policyId: POLICY, audience: `app.${DOMAIN}`, exchangeUrl: `https://app.${DOMAIN}/oidc/token` }

  it('names the policy id, then the audience, then the claims, and never asks to change the policy to fit', () => {
    const event = ['push', 'schedule', 'workflow_run', 'issue_comment'][randomInt(4)]
    const text = refusalMessage(
      settings,
      jwt({ sub: `repo:acme/${randomSlug()}:ref:refs/heads/main`, event_name: event }),
      'invalid_token',
      400
    )
    const at = ['(1) the trust policy', '(2) the audience', '(3) the claims the policy matches'].map((part) =>
      text.indexOf(part)
    )
    expect(at.every((index) => index > 0)).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
    expect(text).toContain(`event_name "${event}"`)
    expect(text).not.toMatch(/to fit them|change the policy|matching rules to fit/i)
  })

  it("tells a pull request's job that the policy is right to refuse it, and is not to be widened", () => {
    const claims = randomInt(2)
      ? { sub: 'repo:acme/app:pull_request', event_name: 'pull_request' }
      : { sub: 'repo:acme/app:ref:refs/heads/main', event_name: 'pull_request_target' }
    const text = refusalMessage(settings, jwt(claims), 'invalid_token', 400)
    expect(text).toContain(
      'This job runs for a pull request: a policy that trusts a branch, an environment or another event is right to refuse it, and is not to be widened to fit'
    )
  })
})
