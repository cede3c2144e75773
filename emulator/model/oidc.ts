/**
 * Signing in with a foreign OIDC token, as the service's Workspace trust policies and its RFC 8693
 * exchange do (docs.bitrise.io "OIDC for Bitrise"; bitrise-io/bitrise-build-cache-cli
 * internal/oauth/token.go and release v3.15.0). For tests the emulator is also the issuer: a
 * stand-in for the runner's token endpoint that signs tokens with its own RS256 key and
 * publishes it as a JWKS. Only Node's crypto is used.
 */
import { createPublicKey, generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto'
import type { EmulatorState } from './state.js'
import type { SeedOidc, TeamRole } from './types.js'
import { normaliseRole } from './seed.js'

export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange'
/** Subject token types the exchange takes: the service's CLI sends access_token; jwt and id_token are RFC 8693's names for this token. */
export const SUBJECT_TOKEN_TYPES = ['urn:ietf:params:oauth:token-type:access_token', 'urn:ietf:params:oauth:token-type:jwt', 'urn:ietf:params:oauth:token-type:id_token']
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

  constructor(
    private readonly seed: SeedOidc,
    private readonly state: EmulatorState
  ) {}

  /** Forgets the counts and the tokens signed; the key stays. */
  reset(): void {
    this.exchanges = 0
    this.issued.length = 0
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
    const claims = { jti: randomBytes(12).toString('hex'), ...job, aud: audience, iss: issuer, iat: now, nbf: now, exp: now + ID_TOKEN_LIFETIME_S }
    const { privateKey, kid } = this.signingKey()
    const input = `${b64({ alg: 'RS256', typ: 'JWT', kid })}.${b64(claims)}`
    const jwt = `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`
    this.issued.push(jwt)
    if (this.issued.length > 100) this.issued.shift()
    return jwt
  }

  /** Checks the token and the policy and mints a short-lived token; throws ExchangeRefusal. */
  exchange(form: URLSearchParams, issuer: string, origin: string, nowMs: number): { access_token: string; token_type: string; expires_in: number } {
    if (form.get('grant_type') !== TOKEN_EXCHANGE_GRANT) throw new ExchangeRefusal('unsupported grant_type')
    if (!SUBJECT_TOKEN_TYPES.includes(form.get('subject_token_type') ?? '')) throw new ExchangeRefusal('unsupported subject_token_type')
    const policy = (this.seed.trust_policies ?? []).find((p) => p.id === form.get('policy_id') && p.workspace === form.get('workspace_id'))
    if (!policy) throw new ExchangeRefusal('no such trust policy in that Workspace')
    const claims = this.verified(form.get('subject_token') ?? '', policy.issuer ?? issuer, policy.audience ?? origin, nowMs)
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
    const [header, payload] = parts.slice(0, 2).map((part) => parseJson(Buffer.from(part, 'base64url').toString('utf8')))
    const key = this.jwks().keys.find((k) => k.kid === header?.kid)
    if (header?.alg !== 'RS256' || !key) throw new ExchangeRefusal('unknown signing key')
    const publicKey = createPublicKey({ key: key as import('node:crypto').JsonWebKey, format: 'jwk' })
    if (!verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), publicKey, Buffer.from(parts[2], 'base64url'))) throw new ExchangeRefusal('bad signature')
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
