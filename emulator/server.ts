/** The emulator's HTTP server: the API under `/v0.1`, control endpoints under `/_emulator`. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { API_PREFIX, errorReply, handleApi, type ApiServer } from './http/handler.js'
import { handleControl } from './control/endpoints.js'
import { DOWNLOAD_PREFIX, serveDownload } from './routes/downloads.js'
import { RAW_LOG_PREFIX, serveRawLog } from './routes/build-log.js'
import { isOidcPath, serveOidc } from './routes/oidc.js'
import {
  CONTROL_TOKEN_HEADER,
  controlTokenMatches,
  controlTokenRequired,
  isLoopbackHost,
  newControlToken
} from './control/token.js'
import { applyFault, FaultInjector } from './control/faults.js'
import { ReplayPlayer } from './control/replay.js'
import { readTrace } from './control/replay-check.js'
import { answer, parseBody, readBody, type Reply } from './http/io.js'
import { MemoryModel, type ServiceModel } from './model/model.js'
import { API_ROUTES } from './routes/index.js'
import { RequestLog } from './control/request-log.js'
import { bundledSeed, checkSeed, loadSeedFile } from './model/seed.js'
import type { EmulatorState } from './model/state.js'
import type { Seed } from './model/types.js'

export { API_PREFIX }
const CONTROL_PREFIX = '/_emulator'

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
  /** Builds kept in memory; the oldest and their logs are dropped beyond it (default 10,000). */
  maxBuilds?: number
  /**
   * How long after a pipeline rebuild is asked for its new attempt shows (default 3000 ms); reads
   * before then show the previous attempt, as the service's may (emulator/docs/pipelines.md).
   */
  rebuildDelayMs?: number
  /** How long after a build starts its log answers 404 (default 200 ms). */
  logDelayMs?: number
  /** How long after a build ends its log is archived (default 1000 ms). */
  logArchiveDelayMs?: number
  /** Enables `POST /_emulator/faults`. */
  enableFaults?: boolean
  /**
   * Makes the control endpoints need the `x-emulator-control-token` header. The emulator turns
   * this on by itself whenever it is bound beyond loopback; `false` cannot turn it off there.
   */
  requireControlToken?: boolean
  /** Clock, for tests that want to move time by hand. */
  now?: () => number
  /** A wire trace (JSON Lines) whose recorded answers the API gives instead of the model's (control/replay.ts). */
  replayFile?: string
  /**
   * How many times faster than the wall clock the emulator's clock runs (default 1), from
   * `timeOrigin` (default: the start): the bench waits for builds of minutes in seconds, with the
   * action's scaled-clock build given the same scale and origin (SERVICE_TIME_SCALE,
   * SERVICE_TIME_ORIGIN; see src/sleep.ts).
   */
  timeScale?: number
  timeOrigin?: number
  /** Told of each request under the API prefix as it arrives, with the emulator's clock then (in-process tests time the reads by it). */
  onRequest?: (request: { method: string; path: string; at: number }) => void
}

export interface RunningEmulator {
  /** Base URL of the API, e.g. http://127.0.0.1:PORT/v0.1 */
  url: string
  /** Scheme, host and port, e.g. http://127.0.0.1:PORT (control endpoints live at origin + /_emulator). */
  origin: string
  port: number
  /** The model every state change goes through. */
  model: ServiceModel
  /** The model's world, for reading. */
  state: EmulatorState
  /** The token the control endpoints need, or null when they are open (loopback only). */
  controlToken: string | null
  /** The instant the scaled clock starts from (with timeScale), in wall-clock ms. */
  timeOrigin: number
  close(): Promise<void>
}

/** Timers the server starts (fault delays), all cleared when it closes. */
class Timers {
  private readonly pending = new Set<NodeJS.Timeout>()

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(timer)
        resolve()
      }, ms)
      this.pending.add(timer)
    })
  }

  clear(): void {
    for (const timer of this.pending) clearTimeout(timer)
    this.pending.clear()
  }
}

function seedOf(options: EmulatorOptions): Seed {
  if (options.seed) return checkSeed(structuredClone(options.seed))
  return options.seedFile ? loadSeedFile(options.seedFile) : bundledSeed()
}

/** Sends a request to the API, the control endpoints or a 404, by its path. */
function dispatcher(api: ApiServer, control: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    let url: URL
    try {
      url = new URL(req.url ?? '/', 'http://emulator.invalid')
    } catch {
      // An absolute-form target such as `http://[x/` is not a URL; without this it would end the process.
      answer(req, res, { status: 400, json: { message: 'the request target is not a valid URL path' } })
      return
    }
    let work: Promise<void>
    if (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)) work = handleApi(api, req, res, url)
    else if (url.pathname.startsWith(`${CONTROL_PREFIX}/`)) work = control(req, res, url)
    else if (url.pathname.startsWith(`${DOWNLOAD_PREFIX}/`)) work = serveDownload(api.model, req, res, url)
    else if (url.pathname.startsWith(`${RAW_LOG_PREFIX}/`))
      work = serveRawLog(api.model, req, res, url, { delayMs: api.logDelayMs, archiveDelayMs: api.logArchiveDelayMs })
    else if (isOidcPath(url.pathname)) work = serveOidc(api.model, req, res, url, api.origin())
    else
      work = Promise.resolve(
        answer(req, res, {
          status: 404,
          json: { message: `no endpoint ${url.pathname}; the API lives under ${API_PREFIX}` }
        })
      )
    work.catch((error: unknown) => answer(req, res, errorReply(error, 'message')))
  }
}

/** Binds the server and resolves with the address it got. */
async function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  return server.address() as AddressInfo
}

/** The emulator's clock: the wall clock, or one `scale` times faster from `origin` (the bench's --time-scale). */
function scaledClock(scale: number, origin: number): () => number {
  return scale === 1 ? Date.now : () => origin + (Date.now() - origin) * scale
}

/** Answers a request with `reply`; true, as the interception has dealt with it. */
function replied(req: IncomingMessage, res: ServerResponse, reply: Reply): true {
  answer(req, res, reply)
  return true
}

/** The trace player of `--replay`, when one is asked for. */
function replayOf(options: EmulatorOptions): ReplayPlayer | undefined {
  return options.replayFile ? new ReplayPlayer(readTrace(options.replayFile), options.now ?? Date.now) : undefined
}

/** A few seconds: long enough that a client reading at once sees the previous attempt first. */
export const DEFAULT_REBUILD_DELAY_MS = 3000

/** The model the emulator serves, on its clock from `timeOrigin`. */
function modelOf(options: EmulatorOptions, timeOrigin: number): MemoryModel {
  return new MemoryModel(seedOf(options), {
    buildDurationMs: options.buildDurationMs ?? 2000,
    now: options.now ?? scaledClock(options.timeScale ?? 1, timeOrigin),
    maxBuilds: options.maxBuilds,
    rebuildDelayMs: options.rebuildDelayMs ?? DEFAULT_REBUILD_DELAY_MS
  })
}

/** Starts the emulator and resolves once it listens. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const timeOrigin = options.timeOrigin ?? Date.now()
  const model = modelOf(options, timeOrigin)
  const host = options.host ?? '127.0.0.1'
  const timers = new Timers()
  let origin = ''
  const requests = new RequestLog()
  const faults = new FaultInjector()
  const replay = replayOf(options)
  const api: ApiServer = {
    model,
    routes: API_ROUTES,
    origin: () => origin,
    logDelayMs: options.logDelayMs ?? 200,
    logArchiveDelayMs: options.logArchiveDelayMs ?? 1000,
    async intercept(req, res, url, apiPath, raw) {
      const method = req.method ?? 'GET'
      requests.add(method, url, req, raw)
      options.onRequest?.({ method, path: url.pathname, at: model.now() })
      // A route the trace does not hold is answered by the model, as the emulator would.
      const replayed = replay?.answer(method, apiPath, origin)
      if (replayed) return replied(req, res, replayed)
      const fault = faults.take(method, url.pathname, apiPath)
      return fault !== null && (await applyFault(fault, req, res, (ms) => timers.sleep(ms)))
    }
  }
  // Decided before listening; checked again against the address actually bound.
  let controlToken = controlTokenRequired(host, options.requireControlToken === true) ? newControlToken() : null

  async function handleControlRequest(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (controlToken !== null && !controlTokenMatches(req.headers[CONTROL_TOKEN_HEADER], controlToken)) {
      const message = `the control endpoints need the ${CONTROL_TOKEN_HEADER} header, with the token the emulator printed at start`
      answer(req, res, { status: 401, json: { message } })
      return
    }
    try {
      const body = parseBody(await readBody(req, res), req.headers['content-type'])
      const context = { body, model, requests, faults, faultsEnabled: options.enableFaults === true }
      answer(req, res, handleControl(req.method ?? 'GET', url.pathname.slice(CONTROL_PREFIX.length), context))
    } catch (error) {
      answer(req, res, errorReply(error, 'message'))
    }
  }

  const handle = dispatcher(api, handleControlRequest)
  const server = createServer(handle)
  // Answered by the same handler, which sends 100 Continue only once it means to read the body.
  server.on('checkContinue', handle)
  const { port, address } = await listen(server, options.port ?? 0, host)
  if (controlToken === null && !isLoopbackHost(address)) controlToken = newControlToken()
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  const close = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      timers.clear()
      server.close((error) => (error ? reject(error) : resolve()))
      server.closeAllConnections()
    })
  return { url: `${origin}${API_PREFIX}`, origin, port, model, state: model.state, controlToken, timeOrigin, close }
}
