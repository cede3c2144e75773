/**
 * One request and its response, nothing more: no retries, no reading of the body's
 * meaning. It uses Node's own http and https modules: they ship inside Node, so the
 * bundle carries no HTTP library (a bundled undici was 935 KB of dist/ and cost every
 * step that sends a request the time to load and compile it), and unlike fetch they
 * reach a service on any port. Connections are kept alive and reused by Node's global
 * agents (keep-alive is their default since Node 19; idle sockets never hold the
 * process open), so the 100 pages of a 5,000-app list share one connection.
 *
 * Behind a proxy (HTTPS_PROXY / HTTP_PROXY, with NO_PROXY, as the runner sets them) every
 * request, to the service and to GitHub alike, goes through it: proxy.ts decides and
 * addresses each one. That module is loaded only when a proxy variable is set, which is
 * looked at once, so a step without a proxy pays one look at the environment and no more.
 */
import type { IncomingMessage } from 'node:http'
import type { LookupFunction } from 'node:net'
import type { RawResponse } from './failure.js'
import type { ProxyRouter, ReportSecret } from './proxy.js'
import { traceExchange, tracing, type TracePeer } from './trace.js'

export interface TransportRequest {
  method: string
  url: URL
  headers: Record<string, string>
  body?: string
  signal: AbortSignal
  /** Most bytes of the answer read before the request fails; ANSWER_LIMIT unless set. */
  maxBytes?: number
  /** How a direct connection resolves the host (the download's address check); not used through a proxy, which resolves it. */
  lookup?: LookupFunction
  /** Who the request goes to, for the wire trace (trace.ts); the service when not said. */
  peer?: TracePeer
}

/**
 * The most an answer of the service or of GitHub may be: their JSON pages are kilobytes, and
 * a larger answer is read into memory whole, so one of gigabytes would end the process
 * without a word. Logs and downloads pass their own, larger limit.
 */
export const ANSWER_LIMIT = 8 * 1024 * 1024

/** Bytes in words: `8 MiB`, `1.5 GiB`, or bytes under 1 KiB. */
export function byteSize(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return unit === 0 ? `${bytes} bytes` : `${Number(value.toFixed(1))} ${units[unit]}`
}

/** An answer larger than the request's limit: never retried, and it says the limit. */
export class AnswerTooLarge extends Error {
  readonly permanent = true
  constructor(readonly limit: number) {
    super(
      `the answer was larger than ${byteSize(limit)}${limit >= 1024 ? ` (${limit} bytes)` : ''}, the most the action reads of one answer; it was not read further`
    )
    this.name = 'AnswerTooLarge'
  }
}

type RequestFunction = (typeof import('node:http'))['request']

/**
 * Loaded once per protocol: a step that sends no request never loads them, and a dry run
 * of 5,000 apps does not rebuild the module's namespace for each request (about 5 % of its time).
 */
const loaded = new Map<string, Promise<RequestFunction>>()

function requestFunction(protocol: string): Promise<RequestFunction> {
  let open = loaded.get(protocol)
  if (!open) {
    // Taken, not imported: an import() of Node's module builds its ES facade, reading every export.
    open = Promise.resolve(process.getBuiltinModule(protocol === 'https:' ? 'node:https' : 'node:http').request)
    loaded.set(protocol, open)
  }
  return open
}

/** false when no proxy variable is set; otherwise the router, built once from the environment. */
let proxying: false | Promise<ProxyRouter | undefined> | undefined

/** Where the secrets of the proxy variables go; the step setup points it at the runner's masking. */
let reportProxySecret: ReportSecret = () => {}

/** Sets where the proxy variables' secrets are reported, before the first request reads them. */
export function reportProxySecretsTo(report: ReportSecret): void {
  reportProxySecret = report
}

function proxyRouter(): false | Promise<ProxyRouter | undefined> {
  if (proxying === undefined) {
    const env = process.env
    proxying =
      // eslint-disable-next-line house/service-words -- https_proxy and http_proxy are the conventional environment variables, not the service's words
      env.https_proxy || env.HTTPS_PROXY || env.http_proxy || env.HTTP_PROXY
        ? import('./proxy.js').then((m) => m.createProxyRouter(env, reportProxySecret))
        : false
  }
  return proxying
}

/** The whole body as text, up to `maxBytes`; rejects when the response ends early, grows past the limit, or the request is aborted. */
function readText(res: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    if (Number(res.headers['content-length']) > maxBytes) {
      res.destroy()
      return reject(new AnswerTooLarge(maxBytes))
    }
    const chunks: Buffer[] = []
    let bytes = 0
    let tooLarge = false
    res.on('data', (chunk: Buffer) => {
      bytes += chunk.length
      if (bytes <= maxBytes) return void chunks.push(chunk)
      tooLarge = true
      chunks.length = 0
      res.destroy()
      reject(new AnswerTooLarge(maxBytes))
    })
    res.on('error', reject)
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    // A connection that closes before the end emits 'error' (aborted) as well; this catches any other early close.
    res.on('close', () => {
      if (!res.complete && !tooLarge)
        reject(Object.assign(new Error('the connection closed before the response ended'), { code: 'ECONNRESET' }))
    })
  })
}

/** Sends one request and hands over the answer unread, to be streamed; throws what Node's http throws. Redirects are never followed. */
export async function open(request: TransportRequest): Promise<IncomingMessage> {
  if (!tracing()) return openUntraced(request)
  const started = Date.now()
  try {
    const res = await openUntraced(request)
    const header = res.headers['content-length']
    traceExchange({
      ...traced(request, started),
      status: res.statusCode ?? 0,
      answerType: String(res.headers['content-type'] ?? ''),
      answerBytes: header === undefined ? undefined : Number(header)
    })
    return res
  } catch (error) {
    traceExchange({ ...traced(request, started), error: errorName(error) })
    throw error
  }
}

/** What the trace takes of a request. */
function traced(request: TransportRequest, started: number) {
  const { method, url, body, headers } = request
  return {
    peer: request.peer ?? 'service',
    method,
    url,
    requestBody: body,
    requestType: headers['content-type'],
    started
  }
}

/** An error's code or name, never its message (which may quote a URL). */
function errorName(error: unknown): string {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown }
  return typeof code === 'string' && /^[A-Z_]+$/.test(code) ? code : typeof name === 'string' ? name : 'Error'
}

async function openUntraced(request: TransportRequest): Promise<IncomingMessage> {
  const router = proxyRouter()
  const via = router ? (await router)?.route(request.url, request.signal) : undefined
  const sendRequest = await requestFunction(via ? via.protocol : request.url.protocol)
  const headers =
    request.body === undefined
      ? request.headers
      : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) }
  const { method, signal } = request
  const direct = request.lookup ? { method, headers, signal, lookup: request.lookup } : { method, headers, signal }
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = via
      ? sendRequest({ ...via.options, method, headers: { ...headers, ...via.headers }, signal }, resolve)
      : sendRequest(request.url, direct, resolve)
    req.on('error', via?.failure ? (error) => reject(via.failure?.(error)) : reject)
    req.end(request.body)
  })
  const refusal = via?.refusal?.(res.statusCode ?? 0)
  if (refusal) {
    res.destroy()
    throw refusal
  }
  return res
}

/** Sends one request and reads the whole answer, up to the request's limit; throws what Node's http throws. Redirects are never followed. */
export async function send(request: TransportRequest): Promise<RawResponse> {
  if (!tracing()) return sendUntraced(request)
  const started = Date.now()
  try {
    const raw = await sendUntraced(request)
    traceExchange({
      ...traced(request, started),
      status: raw.status,
      answerType: raw.contentType,
      answerText: raw.text
    })
    return raw
  } catch (error) {
    traceExchange({ ...traced(request, started), error: errorName(error) })
    throw error
  }
}

async function sendUntraced(request: TransportRequest): Promise<RawResponse> {
  const res = await openUntraced(request)
  const text = await readText(res, request.maxBytes ?? ANSWER_LIMIT)
  const header = res.headers['retry-after']
  return {
    status: res.statusCode ?? 0,
    retryAfter: Array.isArray(header) ? header[0] : header,
    contentType: String(res.headers['content-type'] ?? ''),
    text
  }
}
