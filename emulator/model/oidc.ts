/**
 * Signing in with a foreign OIDC token, as the service's Workspace trust policies and its token
 * exchange are documented (bitrise-io/docs, docs/bitrise-platform/integrations/oidc-authentication/
 * oidc-for-bitrise.mdx, section "Crafting a token request", and oidc-authentication-overview.mdx,
 * "OIDC token request"): grant_type, subject_token_type=id_token, policy_id and subject_token,
 * the policy found by its id alone. For tests the emulator is also the issuer: a stand-in for the
 * runner's token endpoint that signs tokens with its own RS256 key and publishes it as a JWKS.
 * Only Node's crypto is used.
 */
import { createPublicKey, generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto'
import type { EmulatorState } from './state.js'
import type { SeedOidc, TeamRole } from './types.js'
import { normaliseRole } from './seed.js'

export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange'
/** The subject token type the service documents; a seed may name others (`oidc.subject_token_types`). */
export const DOCUMENTED_SUBJECT_TOKEN_TYPE = 'id_token'
/** The fields of the documented request, and no other: an exchange request with more is refused. */
export const EXCHANGE_FIELDS = ['grant_type', 'subject_token_type', 'policy_id', 'subject_token']
const ID_TOKEN_LIFETIME_S = 300

/** A refusal of the exchange: the service answers only `invalid_token` (release v3.15.0), whatever the reason. */
export class ExchangeRefusal extends Error {
  constructor(readonly reason: string) {
    super('invalid_token')
  }
}

type Claims = Record<string, unknown>

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url')

/** The issuer's key, the jobs it signs tokens for, and the exchange against the seed's trust policies. */
export class OidcWorld {
  private key: { privateKey: KeyObject; publicKey: KeyObject; kid: string } | undefined
  /** How many exchanges succeeded, for tests. */
  exchanges = 0
  /** The last tokens the issuer signed (at most 100), so tests can check none of them leaks. */
  readonly issued: string[] = []
  /** The last exchange requests (at most 100): how each was encoded and its fields, so tests can check what was sent. */
  readonly requests: Array<{ encoding: 'form' | 'json'; fields: Record<string, string> }> = []

  constructor(
    private readonly seed: SeedOidc,
    private readonly state: EmulatorState
  ) {}

  /** Forgets the counts and the tokens signed; the key stays. */
  reset(): void {
    this.exchanges = 0
    this.issued.length = 0
    this.requests.length = 0
  }

  private signingKey(): { privateKey: KeyObject; publicKey: KeyObject; kid: string } {
    this.key ??= { ...generateKeyPairSync('rsa', { modulusLength: 2048 }), kid: randomBytes(8).toString('hex') }
    return this.key
  }

  /** The JWKS the issuer publishes. */
  jwks(): { keys: Claims[] } {
    const { publicKey, kid } = this.signingKey()
    return { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' }] }
  }

  /** The runner's answer to a job's request: a signed token for `audience`, or null when the request token is not a job's. */
  issueIdToken(requestToken: string, audience: string, issuer: string, nowMs: number): string | null {
    const job = this.seed.jobs?.[requestToken]
    if (!job) return null
    const now = Math.floor(nowMs / 1000)
    const claims = {
      jti: randomBytes(12).toString('hex'),
      ...job,
      aud: audience,
      iss: issuer,
      iat: now,
      nbf: now,
      exp: now + ID_TOKEN_LIFETIME_S
    }
    const { privateKey, kid } = this.signingKey()
    const input = `${b64({ alg: 'RS256', typ: 'JWT', kid })}.${b64(claims)}`
    const jwt = `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`
    this.issued.push(jwt)
    if (this.issued.length > 100) this.issued.shift()
    return jwt
  }

  /**
   * Checks the request, the token and the policy, and mints a short-lived token; throws
   * ExchangeRefusal. `audience` is the one a policy without its own asks for: the emulator's
   * host, as the service asks for its own (`app.bitrise.io`).
   */
  exchange(
    request: { encoding: 'form' | 'json'; fields: Record<string, string> },
    issuer: string,
    audience: string,
    nowMs: number
  ): { access_token: string; token_type: string; expires_in: number } {
    this.requests.push(request)
    if (this.requests.length > 100) this.requests.shift()
    const { fields } = request
    const extra = Object.keys(fields).filter((name) => !EXCHANGE_FIELDS.includes(name))
    if (extra.length > 0) throw new ExchangeRefusal(`fields the documented request does not have: ${extra.join(', ')}`)
    if (fields.grant_type !== TOKEN_EXCHANGE_GRANT) throw new ExchangeRefusal('unsupported grant_type')
    if (!(this.seed.subject_token_types ?? [DOCUMENTED_SUBJECT_TOKEN_TYPE]).includes(fields.subject_token_type ?? ''))
      throw new ExchangeRefusal('unsupported subject_token_type')
    // The service finds the policy by its id alone ("matches the policy ID in the request").
    const policy = (this.seed.trust_policies ?? []).find((p) => p.id === fields.policy_id)
    if (!policy) throw new ExchangeRefusal('no such trust policy')
    const claims = this.verified(
      fields.subject_token ?? '',
      policy.issuer ?? issuer,
      policy.audience ?? audience,
      nowMs
    )
    for (const [name, wanted] of Object.entries(policy.rules)) {
      if (claims[name] !== wanted) throw new ExchangeRefusal(`claim ${name} does not match`)
    }
    const token = `oidc-${randomBytes(24).toString('base64url')}`
    const user = `oidc-policy:${policy.id}`
    this.state.tokens.set(token, user)
    this.state.tokenExpiry.set(token, nowMs + policy.session_duration_s * 1000)
    this.state.policyRoles.set(user, { org: policy.workspace, role: normaliseRole(policy.role) as TeamRole })
    this.exchanges++
    return { access_token: token, token_type: 'Bearer', expires_in: policy.session_duration_s }
  }

  /** The token's claims once its signature, issuer, audience and times hold. */
  private verified(jwt: string, issuer: string, audience: string, nowMs: number): Claims {
    const parts = jwt.split('.')
    if (parts.length !== 3) throw new ExchangeRefusal('not a JWT')
    const [header, payload] = parts
      .slice(0, 2)
      .map((part) => parseJson(Buffer.from(part, 'base64url').toString('utf8')))
    const key = this.jwks().keys.find((k) => k.kid === header?.kid)
    if (header?.alg !== 'RS256' || !key) throw new ExchangeRefusal('unknown signing key')
    const publicKey = createPublicKey({ key: key as import('node:crypto').JsonWebKey, format: 'jwk' })
    if (!verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), publicKey, Buffer.from(parts[2], 'base64url')))
      throw new ExchangeRefusal('bad signature')
    if (!payload || payload.iss !== issuer) throw new ExchangeRefusal('wrong issuer')
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud]
    if (!audiences.includes(audience)) throw new ExchangeRefusal('wrong audience')
    const now = nowMs / 1000
    if (typeof payload.exp !== 'number' || payload.exp <= now) throw new ExchangeRefusal('expired')
    if (typeof payload.nbf === 'number' && payload.nbf > now + 60) throw new ExchangeRefusal('not yet valid')
    return payload
  }
}

function parseJson(text: string): Claims | undefined {
  try {
    const value = JSON.parse(text) as unknown
    return value && typeof value === 'object' ? (value as Claims) : undefined
  } catch {
    return undefined
  }
}
