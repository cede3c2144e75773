/**
 * Signing in with a foreign OIDC token: the service's exchange at `POST /oidc/token` (it lives
 * beside the API, not under /v0.1), and, for tests, the emulator as the issuer under `/_oidc`:
 * the runner's token endpoint (`GET /_oidc/token?audience=…` with the job's request token as
 * bearer, answering `{"value": "<jwt>"}` as GitHub's runner does), its discovery document and
 * its JWKS. The model checks and mints (model/oidc.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { answer, readBody, type Reply } from '../http/io.js'
import type { ServiceModel } from '../model/model.js'
import { ExchangeRefusal } from '../model/oidc.js'

export const EXCHANGE_PATH = '/oidc/token'
export const ISSUER_PREFIX = '/_oidc'

/** Whether the path is one of the routes below. */
export function isOidcPath(pathname: string): boolean {
  return pathname === EXCHANGE_PATH || pathname.startsWith(`${ISSUER_PREFIX}/`)
}

/** Answers the exchange and the issuer's endpoints. */
export async function serveOidc(
  model: ServiceModel,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  origin: string
): Promise<void> {
  const issuer = `${origin}${ISSUER_PREFIX}`
  const method = req.method ?? 'GET'
  const route = `${method} ${url.pathname}`
  if (route === `POST ${EXCHANGE_PATH}`)
    return answer(
      req,
      res,
      exchange(model, await readBody(req, res), req.headers['content-type'], issuer, new URL(origin).host)
    )
  if (route === `GET ${ISSUER_PREFIX}/token`) return answer(req, res, idToken(model, req, url, issuer))
  if (route === `GET ${ISSUER_PREFIX}/.well-known/openid-configuration`) {
    return answer(req, res, {
      status: 200,
      json: {
        issuer,
        jwks_uri: `${issuer}/.well-known/jwks`,
        id_token_signing_alg_values_supported: ['RS256'],
        response_types_supported: ['id_token'],
        subject_types_supported: ['public']
      }
    })
  }
  if (route === `GET ${ISSUER_PREFIX}/.well-known/jwks`)
    return answer(req, res, { status: 200, json: model.oidc.jwks() })
  answer(req, res, { status: 404, json: { message: `no endpoint ${route}` } })
}

/**
 * The exchange takes a form, or the same fields as JSON: the service documents both. Any other
 * body is refused the way the service refuses (invalid_token).
 */
function exchange(
  model: ServiceModel,
  raw: string,
  contentType: string | undefined,
  issuer: string,
  audience: string
): Reply {
  const request = exchangeFields(raw, contentType ?? '')
  if (!request) return { status: 400, json: { error: 'invalid_token' } }
  try {
    return {
      status: 200,
      json: model.oidc.exchange(request, issuer, audience, model.now()),
      headers: { 'cache-control': 'no-store' }
    }
  } catch (error) {
    if (error instanceof ExchangeRefusal) return { status: 400, json: { error: 'invalid_token' } }
    throw error
  }
}

function exchangeFields(
  raw: string,
  contentType: string
): { encoding: 'form' | 'json'; fields: Record<string, string> } | undefined {
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
    const entries = [...new URLSearchParams(raw)]
    // A field given twice is not the documented request either.
    return new Set(entries.map(([name]) => name)).size === entries.length
      ? { encoding: 'form', fields: Object.fromEntries(entries) }
      : undefined
  }
  if (!/^application\/json\b/i.test(contentType)) return undefined
  try {
    const body = JSON.parse(raw) as unknown
    if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined
    return {
      encoding: 'json',
      fields: Object.fromEntries(
        Object.entries(body).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)])
      )
    }
  } catch {
    return undefined
  }
}

function idToken(model: ServiceModel, req: IncomingMessage, url: URL, issuer: string): Reply {
  const bearer = /^bearer\s+(\S+)$/i.exec(req.headers.authorization?.trim() ?? '')?.[1]
  const audience = url.searchParams.get('audience') ?? ''
  const token = bearer && audience ? model.oidc.issueIdToken(bearer, audience, issuer, model.now()) : null
  if (token === null)
    return {
      status: 401,
      json: {
        message: bearer
          ? audience
            ? 'unknown request token'
            : 'the audience parameter is missing'
          : 'missing bearer token'
      }
    }
  return { status: 200, json: { value: token } }
}
