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
import type { RawResponse } from './failure.js'
import type { ProxyRouter } from './proxy.js'

export interface TransportRequest {
  method: string
  url: URL
  headers: Record<string, string>
  body?: string
  signal: AbortSignal
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
    open = protocol === 'https:' ? import('node:https').then((m) => m.request) : import('node:http').then((m) => m.request)
    loaded.set(protocol, open)
  }
  return open
}

/** false when no proxy variable is set; otherwise the router, built once from the environment. */
let proxying: false | Promise<ProxyRouter | undefined> | undefined

function proxyRouter(): false | Promise<ProxyRouter | undefined> {
  if (proxying === undefined) {
    const env = process.env
    proxying = env.https_proxy || env.HTTPS_PROXY || env.http_proxy || env.HTTP_PROXY ? import('./proxy.js').then((m) => m.createProxyRouter(env)) : false
  }
  return proxying
}

/** The whole body as text; rejects when the response ends early or the request is aborted. */
function readText(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    res.on('data', (chunk: Buffer) => chunks.push(chunk))
    res.on('error', reject)
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    // A connection that closes before the end emits 'error' (aborted) as well; this catches any other early close.
    res.on('close', () => {
      if (!res.complete) reject(Object.assign(new Error('the connection closed before the response ended'), { code: 'ECONNRESET' }))
    })
  })
}

/** Sends one request and reads the whole answer; throws what Node's http throws. Redirects are never followed. */
export async function send(request: TransportRequest): Promise<RawResponse> {
  const router = proxyRouter()
  const via = router ? (await router)?.route(request.url, request.signal) : undefined
  const open = await requestFunction(via ? via.protocol : request.url.protocol)
  const headers = request.body === undefined ? request.headers : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) }
  const { method, signal } = request
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = via ? open({ ...via.options, method, headers: { ...headers, ...via.headers }, signal }, resolve) : open(request.url, { method, headers, signal }, resolve)
    req.on('error', via?.failure ? (error) => reject(via.failure?.(error)) : reject)
    req.end(request.body)
  })
  const text = await readText(res)
  const refusal = via?.refusal?.(res.statusCode ?? 0)
  if (refusal) throw refusal
  const header = res.headers['retry-after']
  return {
    status: res.statusCode ?? 0,
    retryAfter: Array.isArray(header) ? header[0] : header,
    contentType: String(res.headers['content-type'] ?? ''),
    text
  }
}
