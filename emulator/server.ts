/** The emulator's HTTP server: the API under `/v0.1`, control endpoints under `/_emulator`. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { handleControl } from './control.js'
import { CONTROL_TOKEN_HEADER, controlTokenMatches, controlTokenRequired, isLoopbackHost, newControlToken } from './control-token.js'
import { FaultInjector, type Fault } from './faults.js'
import { HttpError } from './http-error.js'
import { answer, parseBody, readBody, type Reply } from './http-io.js'
import { redactBody, unparsedBody } from './redact.js'
import { decodeParams, matchRoute, type ErrorStyle, type Route } from './router.js'
import { appRoutes } from './routes/apps.js'
import { buildRoutes } from './routes/builds.js'
import { configRoutes } from './routes/config.js'
import { roleRoutes } from './routes/roles.js'
import { bundledSeed, checkSeed, loadSeedFile } from './seed.js'
import { EmulatorState } from './state.js'
import type { Seed } from './types.js'

export const API_PREFIX = '/v0.1'
const CONTROL_PREFIX = '/_emulator'
const MAX_LOGGED_REQUESTS = 10_000

const ROUTES: Route[] = [...appRoutes, ...configRoutes, ...roleRoutes, ...buildRoutes]

export interface EmulatorOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number
  /** Interface to bind; 127.0.0.1 unless told otherwise. */
  host?: string
  /** Seed data; wins over `seedFile`. Without either, the bundled demo seed is used. */
  seed?: Seed
  /** Path of a JSON or YAML seed file. */
  seedFile?: string
  /** How long a build runs before it finishes (default 2000 ms). */
  buildDurationMs?: number
  /** How long after a build starts its log answers 404 (default 200 ms). */
  logDelayMs?: number
  /** Enables `POST /_emulator/faults`. */
  enableFaults?: boolean
  /**
   * Makes the control endpoints need the `x-emulator-control-token` header. The emulator turns
   * this on by itself whenever it is bound beyond loopback; `false` cannot turn it off there.
   */
  requireControlToken?: boolean
  /** Clock, for tests that want to move time by hand. */
  now?: () => number
}

export interface RunningEmulator {
  /** Base URL of the API, e.g. http://127.0.0.1:PORT/v0.1 */
  url: string
  /** Scheme, host and port, e.g. http://127.0.0.1:PORT (control endpoints live at origin + /_emulator). */
  origin: string
  port: number
  state: EmulatorState
  /** The token the control endpoints need, or null when they are open (loopback only). */
  controlToken: string | null
  close(): Promise<void>
}

/** Reads the token from `Authorization: <token>`, `token <token>` or `Bearer <token>`. */
function tokenOf(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization
  if (!header || header.trim() === '') return undefined
  return header.trim().replace(/^(token|bearer)\s+/i, '')
}

/** A body as the request log keeps it: parsed and redacted; one that does not parse only by its size, since it may hold a secret. */
function bodyForLog(raw: string, contentType: string | undefined): unknown {
  let parsed: unknown
  try {
    parsed = parseBody(raw, contentType)
  } catch {
    return unparsedBody(raw)
  }
  return redactBody(parsed) ?? null
}

function errorReply(error: unknown, style: ErrorStyle): Reply {
  if (error instanceof HttpError) {
    return { status: error.status, json: { [style]: error.message }, headers: error.headers }
  }
  // Only the message goes to the console: request data may carry keys or tokens.
  console.error(`service emulator: internal error: ${(error as Error)?.message ?? String(error)}`)
  return { status: 500, json: { [style]: 'internal emulator error' } }
}

/** Starts the emulator and resolves once it listens. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const seed = options.seed ? checkSeed(structuredClone(options.seed)) : options.seedFile ? loadSeedFile(options.seedFile) : bundledSeed()
  const state = new EmulatorState(seed)
  const faults = new FaultInjector()
  const now = options.now ?? Date.now
  const host = options.host ?? '127.0.0.1'
  const buildDurationMs = options.buildDurationMs ?? 2000
  const logDelayMs = options.logDelayMs ?? 200
  const timers = new Set<NodeJS.Timeout>()
  let origin = ''
  // Decided before listening; checked again against the address actually bound.
  let controlToken = controlTokenRequired(host, options.requireControlToken === true) ? newControlToken() : null

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer)
        resolve()
      }, ms)
      timers.add(timer)
    })

  /** Applies a fault; true when the request has been dealt with (answered, dropped or left hanging). */
  async function applyFault(fault: Fault, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    switch (fault.action) {
      case 'drop':
        req.socket.destroy()
        return true
      case 'hang':
        return true
      case 'delay':
        await sleep(fault.ms ?? 0)
        return false
      case 'status': {
        const headers: Record<string, string> = fault.retryAfter !== undefined ? { 'retry-after': fault.retryAfter } : {}
        answer(req, res, { status: fault.status ?? 503, json: fault.body ?? { message: `injected fault: status ${fault.status}` }, headers })
        return true
      }
    }
  }

  /** Adds a request to the log; `raw` is null when the body was not read. */
  function record(method: string, url: URL, req: IncomingMessage, raw: string | null): void {
    // Bounded, so a long rehearsal cannot grow the log without end.
    if (state.requests.length >= MAX_LOGGED_REQUESTS) state.requests.shift()
    state.requests.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: raw === null ? null : bodyForLog(raw, req.headers['content-type'])
    })
  }

  /** Who is calling, or the refusal to send without reading the body. */
  function authenticate(req: IncomingMessage): { user: string } | { refusal: HttpError } {
    const token = tokenOf(req)
    if (token === undefined) return { refusal: new HttpError(401, 'missing access token in the Authorization header') }
    const user = state.tokens.get(token)
    if (user === undefined) return { refusal: new HttpError(401, 'invalid access token') }
    return { user }
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET'
    const apiPath = url.pathname.slice(API_PREFIX.length) || '/'
    const match = matchRoute(ROUTES, method, apiPath)
    const style: ErrorStyle = match?.route.errorStyle ?? 'message'
    // Refusals come before the body is read: an unknown path or a caller without a valid token costs no buffering.
    const caller = match ? authenticate(req) : { refusal: new HttpError(404, `no endpoint ${method} ${url.pathname}`) }
    if ('refusal' in caller) {
      record(method, url, req, null)
      const fault = faults.take(method, url.pathname, apiPath)
      if (fault && (await applyFault(fault, req, res))) return
      answer(req, res, errorReply(caller.refusal, style))
      return
    }
    let raw: string
    try {
      raw = await readBody(req, res)
    } catch (error) {
      answer(req, res, errorReply(error, style))
      return
    }
    record(method, url, req, raw)
    const fault = faults.take(method, url.pathname, apiPath)
    if (fault && (await applyFault(fault, req, res))) return
    try {
      const reply = match!.route.handler({
        method,
        path: apiPath,
        params: decodeParams(match!),
        query: url.searchParams,
        headers: req.headers,
        body: parseBody(raw, req.headers['content-type']),
        user: caller.user,
        origin,
        state,
        now: now(),
        buildDurationMs,
        logDelayMs
      })
      answer(req, res, reply)
    } catch (error) {
      answer(req, res, errorReply(error, style))
    }
  }

  async function handleControlRequest(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (controlToken !== null && !controlTokenMatches(req.headers[CONTROL_TOKEN_HEADER], controlToken)) {
      const message = `the control endpoints need the ${CONTROL_TOKEN_HEADER} header, with the token the emulator printed at start`
      answer(req, res, { status: 401, json: { message } })
      return
    }
    try {
      const raw = await readBody(req, res)
      const reply = handleControl({
        method: req.method ?? 'GET',
        path: url.pathname.slice(CONTROL_PREFIX.length),
        body: parseBody(raw, req.headers['content-type']),
        state,
        faults,
        faultsEnabled: options.enableFaults === true,
        now: now()
      })
      answer(req, res, reply)
    } catch (error) {
      answer(req, res, errorReply(error, 'message'))
    }
  }

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    let url: URL
    try {
      url = new URL(req.url ?? '/', 'http://emulator.invalid')
    } catch {
      // An absolute-form target such as `http://[x/` is not a URL; without this it would end the process.
      answer(req, res, { status: 400, json: { message: 'the request target is not a valid URL path' } })
      return
    }
    let work: Promise<void>
    if (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)) work = handleApi(req, res, url)
    else if (url.pathname.startsWith(`${CONTROL_PREFIX}/`)) work = handleControlRequest(req, res, url)
    else work = Promise.resolve(answer(req, res, { status: 404, json: { message: `no endpoint ${url.pathname}; the API lives under ${API_PREFIX}` } }))
    work.catch((error: unknown) => answer(req, res, errorReply(error, 'message')))
  }
  const server = createServer(handle)
  // Answered by the same handler, which sends 100 Continue only once it means to read the body.
  server.on('checkContinue', handle)

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port, address } = server.address() as AddressInfo
  if (controlToken === null && !isLoopbackHost(address)) controlToken = newControlToken()
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`

  return {
    url: `${origin}${API_PREFIX}`,
    origin,
    port,
    state,
    controlToken,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer)
        timers.clear()
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      })
  }
}
