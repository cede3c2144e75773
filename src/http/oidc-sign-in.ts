/**
 * Signing in with the job's OIDC token instead of a stored token: the runner's token endpoint
 * gives the job a signed OIDC token for the exchange's audience, the service's exchange turns
 * it into a short-lived Workspace API token, and the client sends that. The three tokens are
 * reported to `mask` the moment they exist; none is kept anywhere but in this object. The
 * request is the one the service documents (bitrise-io/docs, "OIDC for Bitrise", section
 * "Crafting a token request"): a form POST of grant_type, subject_token_type, policy_id and
 * subject_token, nothing else; docs/oidc.md says what is still not confirmed.
 */
import { USER_AGENT } from '../constants.js'
import { quote } from '../safe-text.js'
import { sleep } from '../sleep.js'
import { attemptSignal } from './attempt-signal.js'
import type { RawResponse } from './failure.js'
import { send, type TransportRequest } from './transport.js'

/** Attempts of each request to the runner's token endpoint and to the exchange. */
const SEND_ATTEMPTS = 3

/** How the step signs in: read from the inputs and the runner's environment (inputs/common.ts). */
export interface OidcSettings {
  policyId: string
  /** The `aud` asked for: the exchange's host (or the api. host of an app. exchange), checked in inputs/oidc-settings.ts. */
  audience: string
  exchangeUrl: string
  subjectTokenType: string
  /** ACTIONS_ID_TOKEN_REQUEST_URL: already holds a query string. */
  requestUrl: string
  /** ACTIONS_ID_TOKEN_REQUEST_TOKEN: the bearer token of that request. */
  requestToken: string
}

export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange'

/** The claims a refusal shows, so the job can be compared with the trust policy: never the token itself. */
export const SHOWN_CLAIMS = ['sub', 'repository', 'ref', 'event_name', 'environment', 'job_workflow_ref'] as const

/** What the client needs of a sign-in: the token to send now, and a fresh one after a refusal. */
export interface Credentials {
  token(signal?: AbortSignal): Promise<string>
  renew(signal?: AbortSignal): Promise<string>
  /** The claims of JOB_CLAIMS in the job's last OIDC token, as text; never the token. */
  claims?(): Record<string, string>
}

/** The claims of the job's token the access check reports: what a trust policy matches a job by. */
export const JOB_CLAIMS = ['repository', 'ref', 'event_name', 'job_workflow_ref'] as const

export interface SignInOptions {
  mask: (value: string) => void
  timeoutMs: number
  debug?: (message: string) => void
  now?: () => number
}

/** The exchange refused the job's token: the message names the claims the trust policy saw. */
export class OidcRefusal extends Error {
  readonly permanent = true
  constructor(message: string) {
    super(message)
    this.name = 'OidcRefusal'
  }
}

/** A short-lived token from the exchange, renewed when it is about to expire or was refused. */
export class OidcSignIn implements Credentials {
  private current: { token: string; renewAt: number } | undefined
  private jobClaims: Record<string, string> = {}
  private pending: Promise<string> | undefined
  private readonly now: () => number

  constructor(
    private readonly settings: OidcSettings,
    private readonly options: SignInOptions
  ) {
    this.now = options.now ?? Date.now
    options.mask(settings.requestToken)
  }

  /** The claims of JOB_CLAIMS of the job's last OIDC token. */
  claims(): Record<string, string> {
    return { ...this.jobClaims }
  }

  /** The token to send: exchanged on first use, and again once it is near its end. */
  async token(signal?: AbortSignal): Promise<string> {
    if (this.current && this.now() < this.current.renewAt) return this.current.token
    return this.renew(signal)
  }

  /** Asks the runner for a new OIDC token and exchanges it; calls made meanwhile (a dry run sends 16 at once) share that one exchange. */
  renew(signal?: AbortSignal): Promise<string> {
    this.pending ??= this.signIn(signal).finally(() => (this.pending = undefined))
    return this.pending
  }

  private async signIn(signal?: AbortSignal): Promise<string> {
    const idToken = await this.requestIdToken(signal)
    const all = jwtClaims(idToken) ?? {}
    this.jobClaims = Object.fromEntries(
      JOB_CLAIMS.flatMap((name) => (typeof all[name] === 'string' ? [[name, all[name] as string]] : []))
    )
    const answer = await this.exchange(idToken, signal)
    const started = this.now()
    const lifetimeMs = answer.expiresIn > 0 ? answer.expiresIn * 1000 : 60 * 60 * 1000
    // Renewed before the end, by a fifth of its life (at most 30 s), so no call is sent with a token about to lapse.
    const margin = Math.min(30_000, lifetimeMs / 5)
    this.current = { token: answer.token, renewAt: started + lifetimeMs - margin }
    this.options.debug?.(
      `Signed in with the job's OIDC token; the short-lived token lasts ${Math.round(lifetimeMs / 1000)} s`
    )
    return answer.token
  }

  private async requestIdToken(signal?: AbortSignal): Promise<string> {
    const { requestUrl, requestToken, audience } = this.settings
    const url = new URL(`${requestUrl}${requestUrl.includes('?') ? '&' : '?'}audience=${encodeURIComponent(audience)}`)
    const raw = await this.send(
      {
        method: 'GET',
        url,
        peer: 'oidc-runner',
        headers: { authorization: `Bearer ${requestToken}`, accept: 'application/json', 'user-agent': USER_AGENT }
      },
      signal,
      "the runner's OIDC token endpoint"
    )
    const value = raw.status === 200 ? (parseJson(raw.text) as { value?: unknown } | undefined)?.value : undefined
    if (typeof value === 'string' && value !== '') {
      this.options.mask(value)
      return value
    }
    const why = raw.status === 200 ? 'an answer without a token' : `HTTP ${raw.status}`
    throw new Error(
      `The runner's OIDC token endpoint (ACTIONS_ID_TOKEN_REQUEST_URL) gave ${why}; the job's OIDC token could not be read, so nothing was sent to the service.`
    )
  }

  private async exchange(idToken: string, signal?: AbortSignal): Promise<{ token: string; expiresIn: number }> {
    const { exchangeUrl, subjectTokenType, policyId } = this.settings
    const form = new URLSearchParams({
      grant_type: TOKEN_EXCHANGE_GRANT,
      subject_token_type: subjectTokenType,
      policy_id: policyId,
      subject_token: idToken
    })
    const headers = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      'user-agent': USER_AGENT
    }
    const raw = await this.send(
      { method: 'POST', url: new URL(exchangeUrl), headers, body: form.toString(), peer: 'oidc-exchange' },
      signal,
      `the token exchange at ${quote(exchangeUrl)}`
    )
    const body = parseJson(raw.text) as { access_token?: unknown; expires_in?: unknown; error?: unknown } | undefined
    // eslint-disable-next-line house/service-words -- the token exchange's answer, in OAuth's words (RFC 8693)
    const { access_token: token, expires_in: expiresIn } = body ?? {}
    if (raw.status === 200 && typeof token === 'string' && token !== '') {
      this.options.mask(token)
      return { token, expiresIn: typeof expiresIn === 'number' ? expiresIn : Number(expiresIn) || 0 }
    }
    const code = typeof body?.error === 'string' ? body.error : `HTTP ${raw.status}`
    if (raw.status >= 500 || raw.status === 429)
      throw new Error(
        `The token exchange at ${quote(exchangeUrl)} failed (${quote(code)}, HTTP ${raw.status}); try again later.`
      )
    throw new OidcRefusal(refusalMessage(this.settings, idToken, code, raw.status))
  }

  /**
   * One request to the runner or the exchange, sent again up to twice (after 0.5 and 1 s) when
   * no answer came or the answer was 5xx or 429: both ends are sometimes briefly unavailable,
   * and a refusal (4xx) is never sent again.
   */
  private async send(
    request: Omit<TransportRequest, 'signal'>,
    signal: AbortSignal | undefined,
    what: string
  ): Promise<RawResponse> {
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.sendOnce(request, signal, what)
      const transient = outcome instanceof Error || outcome.status >= 500 || outcome.status === 429
      if (!transient || attempt >= SEND_ATTEMPTS || signal?.aborted) {
        if (outcome instanceof Error) throw outcome
        return outcome
      }
      this.options.debug?.(
        `${what}: ${outcome instanceof Error ? outcome.message : `HTTP ${outcome.status}`}; attempt ${attempt + 1} of ${SEND_ATTEMPTS}`
      )
      await sleep(500 * 2 ** (attempt - 1), signal)
    }
  }

  private async sendOnce(
    request: Omit<TransportRequest, 'signal'>,
    signal: AbortSignal | undefined,
    what: string
  ): Promise<RawResponse | Error> {
    const attempt = attemptSignal(this.options.timeoutMs, signal)
    try {
      return await send({ ...request, signal: attempt.signal })
    } catch (error) {
      const reason = attempt.timedOut() ? `no answer within ${this.options.timeoutMs} ms` : (error as Error).message
      return new Error(`Could not reach ${what}: ${reason}`, { cause: error })
    } finally {
      attempt.release()
    }
  }
}

/**
 * Why the exchange may have refused, most likely first: the policy id, the audience, then the
 * claims the policy matches. A refusal is the policy working as set; the message never asks to
 * widen it, and says so plainly for a pull request's job.
 */
export function refusalMessage(
  settings: Pick<OidcSettings, 'policyId' | 'audience' | 'exchangeUrl'>,
  idToken: string,
  code: string,
  status: number
): string {
  const claims = jwtClaims(idToken) ?? {}
  const pullRequest =
    // eslint-disable-next-line house/service-words -- a claim of GitHub's OIDC token, in GitHub's words
    /^pull_request/.test(String(claims.event_name ?? '')) || /:pull_request$/.test(String(claims.sub ?? ''))
  return (
    `The service refused the job's OIDC token (${quote(code)}, HTTP ${status}) at ${quote(settings.exchangeUrl)}. Likely causes, most likely first: ` +
    `(1) the trust policy ${quote(settings.policyId)} is not one of the service's: oidc-policy-id takes the id the policy's page shows; ` +
    `(2) the audience: the token was asked for ${quote(settings.audience)}; the service's documentation names its own host as the audience (what oidc-audience gives when empty), and a comment in its CLI (bitrise-io/bitrise-cli, internal/oauth/oauth.go) says its exchange accepts any *.bitrise.io audience; ` +
    `(3) the claims the policy matches, which for this job are ${describeClaims(idToken)}. ` +
    (pullRequest
      ? 'This job runs for a pull request: a policy that trusts a branch, an environment or another event is right to refuse it, and is not to be widened to fit; give pull requests a policy of their own with the least role they need (docs/oidc.md, "Pull requests").'
      : 'A policy that should not trust this job is right to refuse it: sign the job in with a policy made for it (docs/oidc.md, "Which claims to trust").')
  )
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The payload of a JWT, decoded only (its signature is the service's to check), or undefined. */
export function jwtClaims(jwt: string): Record<string, unknown> | undefined {
  const payload = jwt.split('.')[1]
  if (!payload) return undefined
  const claims = parseJson(Buffer.from(payload, 'base64url').toString('utf8'))
  return claims && typeof claims === 'object' && !Array.isArray(claims)
    ? (claims as Record<string, unknown>)
    : undefined
}

/** The shown claims in words: each quoted, or "(none)". */
export function describeClaims(jwt: string): string {
  const claims = jwtClaims(jwt) ?? {}
  return SHOWN_CLAIMS.map(
    (name) => `${name} ${typeof claims[name] === 'string' ? quote(claims[name] as string) : '(none)'}`
  ).join(', ')
}
