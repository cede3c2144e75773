/**
 * One API request, start to end: find the route, authenticate, read the body, log it, apply an
 * injected fault, check the route's access rule, and let the handler talk to the model.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { authorize, type AccessTarget } from '../model/access.js'
import type { FaultInjector, Fault } from '../control/faults.js'
import { HttpError } from './errors.js'
import { answer, parseBody, readBody, type Reply } from './io.js'
import type { ServiceModel } from '../model/model.js'
import type { RequestLog } from '../control/request-log.js'
import { decodeParams, matchRoute, type ApiRoute, type ErrorStyle, type RequestContext } from './router.js'
import { API_ROUTES } from '../routes/index.js'

export const API_PREFIX = '/v0.1'

/** What the API handler needs from the running server. */
export interface ApiServer {
  model: ServiceModel
  requests: RequestLog
  faults: FaultInjector
  origin: () => string
  logDelayMs: number
  /** Applies a fault; true when the request has been dealt with (answered, dropped or left hanging). */
  applyFault: (fault: Fault, req: IncomingMessage, res: ServerResponse) => Promise<boolean>
}

/** Reads the token from `Authorization: <token>`, `token <token>` or `Bearer <token>`. */
function tokenOf(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization
  if (!header || header.trim() === '') return undefined
  return header.trim().replace(/^(token|bearer)\s+/i, '')
}

/** An error as an answer in the endpoint's error shape; anything but an HttpError is a 500. */
export function errorReply(error: unknown, style: ErrorStyle): Reply {
  if (error instanceof HttpError) {
    return { status: error.status, json: { [style]: error.message }, headers: error.headers }
  }
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
  return { user }
}

function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the route's access rule provides no ${what}`)
  return value
}

/** Checks the route's access rule, then runs its handler. */
function dispatch(server: ApiServer, route: ApiRoute, base: Omit<RequestContext, 'model' | 'app' | 'org' | 'origin' | 'logDelayMs'>): Reply {
  const { model } = server
  model.settle()
  const target: AccessTarget = authorize(route.access, model.state, base.user, base.params)
  return route.handler({
    ...base,
    model,
    origin: server.origin(),
    logDelayMs: server.logDelayMs,
    app: () => found(target.app, 'app'),
    org: () => found(target.org, 'Workspace')
  })
}

/** Handles a request whose path starts with the API prefix. */
export async function handleApi(server: ApiServer, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const method = req.method ?? 'GET'
  const apiPath = url.pathname.slice(API_PREFIX.length) || '/'
  const match = matchRoute(API_ROUTES, method, apiPath)
  const style: ErrorStyle = match?.route.errorStyle ?? 'message'
  // Refusals come before the body is read: an unknown path or a caller without a valid token costs no buffering.
  const caller = match ? authenticate(server.model, req) : { refusal: new HttpError(404, `no endpoint ${method} ${url.pathname}`) }
  const logAndFault = async (raw: string | null): Promise<boolean> => {
    server.requests.add(method, url, req, raw)
    const fault = server.faults.take(method, url.pathname, apiPath)
    return fault !== null && (await server.applyFault(fault, req, res))
  }
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
    const base = { method, path: apiPath, params: decodeParams(match!), query: url.searchParams, headers: req.headers, user: caller.user }
    answer(req, res, dispatch(server, match!.route, { ...base, body: parseBody(raw, req.headers['content-type']) }))
  } catch (error) {
    answer(req, res, errorReply(error, style))
  }
}
