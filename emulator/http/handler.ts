/**
 * One API request, start to end: find the route, authenticate, read the body, let the server
 * intercept it (request log, injected faults), check the route's access rule, and let the
 * route's handler talk to the model. The route table and the interception come from the server.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { authorize, type AccessTarget } from '../model/access.js'
import type { ServiceModel } from '../model/model.js'
import { asHttpError, HttpError, type ErrorStyle } from './errors.js'
import { answer, parseBody, readBody, type Reply } from './io.js'
import { decodeParams, matchRoute, type ApiRoute, type RequestContext } from './router.js'

export const API_PREFIX = '/v0.1'

/** What the API handler needs from the running server. */
export interface ApiServer {
  model: ServiceModel
  routes: readonly ApiRoute[]
  origin: () => string
  logDelayMs: number
  logArchiveDelayMs: number
  /**
   * Sees every request once its body is read (`raw`; null when it is refused unread): logs it and
   * applies an injected fault. True when the request has been dealt with (answered, dropped or left hanging).
   */
  intercept: (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    apiPath: string,
    raw: string | null
  ) => Promise<boolean>
}

/** Reads the token from `Authorization: <token>`, `token <token>` or `Bearer <token>`. */
function tokenOf(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization
  if (!header || header.trim() === '') return undefined
  return header.trim().replace(/^(token|bearer)\s+/i, '')
}

/** An error as an answer in the endpoint's error shape; anything but an HTTP or a model error is a 500. */
export function errorReply(error: unknown, style: ErrorStyle): Reply {
  const known = asHttpError(error)
  if (known !== null) return { status: known.status, json: { [style]: known.message }, headers: known.headers }
  // Only the message goes to the console: request data may carry keys or tokens.
  console.error(`service emulator: internal error: ${(error as Error)?.message ?? String(error)}`)
  return { status: 500, json: { [style]: 'internal emulator error' } }
}

/** Who is calling, or the refusal to send without reading the body. */
function authenticate(model: ServiceModel, req: IncomingMessage): { user: string } | { refusal: HttpError } {
  const token = tokenOf(req)
  if (token === undefined) return { refusal: new HttpError(401, 'missing access token in the Authorization header') }
  const user = model.state.tokens.get(token)
  if (user === undefined) return { refusal: new HttpError(401, 'invalid access token') }
  const expiresAt = model.state.tokenExpiry.get(token)
  if (expiresAt !== undefined && model.now() >= expiresAt)
    return { refusal: new HttpError(401, 'the access token has expired') }
  return { user }
}

function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the route's access rule provides no ${what}`)
  return value
}

/** Checks the route's access rule, then runs its handler. */
function dispatch(
  server: ApiServer,
  route: ApiRoute,
  base: Omit<RequestContext, 'model' | 'app' | 'org' | 'origin' | 'logDelayMs' | 'logArchiveDelayMs'>
): Reply {
  const { model } = server
  model.settle()
  const target: AccessTarget = authorize(route.access, model.state, base.user, base.params)
  return route.handler({
    ...base,
    model,
    origin: server.origin(),
    logDelayMs: server.logDelayMs,
    logArchiveDelayMs: server.logArchiveDelayMs,
    app: () => found(target.app, 'app'),
    org: () => found(target.org, 'Workspace')
  })
}

/** Handles a request whose path starts with the API prefix. */
export async function handleApi(server: ApiServer, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const method = req.method ?? 'GET'
  const apiPath = url.pathname.slice(API_PREFIX.length) || '/'
  const match = matchRoute(server.routes, method, apiPath)
  const style: ErrorStyle = match?.route.errorStyle ?? 'message'
  // Refusals come before the body is read: an unknown path or a caller without a valid token costs no buffering.
  const caller = match
    ? authenticate(server.model, req)
    : { refusal: new HttpError(404, `no endpoint ${method} ${url.pathname}`) }
  const logAndFault = (raw: string | null): Promise<boolean> => server.intercept(req, res, url, apiPath, raw)
  if ('refusal' in caller) {
    if (!(await logAndFault(null))) answer(req, res, errorReply(caller.refusal, style))
    return
  }
  let raw: string
  try {
    raw = await readBody(req, res)
  } catch (error) {
    answer(req, res, errorReply(error, style))
    return
  }
  if (await logAndFault(raw)) return
  try {
    const base = {
      method,
      path: apiPath,
      params: decodeParams(match!),
      query: url.searchParams,
      headers: req.headers,
      user: caller.user
    }
    answer(req, res, dispatch(server, match!.route, { ...base, body: parseBody(raw, req.headers['content-type']) }))
  } catch (error) {
    answer(req, res, errorReply(error, style))
  }
}
