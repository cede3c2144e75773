/**
 * Requests through the runner's proxy, as HTTPS_PROXY, HTTP_PROXY and NO_PROXY ask. The
 * transport loads this module only when one of the proxy variables is set, so a step on a
 * runner without a proxy never loads nor runs any of it. Written here rather than taken
 * from Node: `proxyEnv` on agents exists only from Node 24, and the action runs on 20 and 22 too.
 *
 * https goes through a tunnel (CONNECT to the proxy, then TLS to the service over it);
 * http goes to the proxy in absolute form. Both use keep-alive agents of their own, so the
 * requests of a long list or a dry run share a few tunnels instead of opening one each.
 */
import * as http from 'node:http'
import * as https from 'node:https'
import type { Duplex } from 'node:stream'
import * as tls from 'node:tls'
import { bareHost, bypassesProxy, parseNoProxy, portOf } from './no-proxy.js'
import { bareHostName } from './addresses.js'

/** The variables that name a proxy, in the order they are read for each protocol: lower case first. */
export const PROXY_VARIABLES = {
  'https:': ['https_proxy', 'HTTPS_PROXY'],
  'http:': ['http_proxy', 'HTTP_PROXY']
} as const

/** A proxy read from its variable; `label` names it in messages and never holds a password. */
interface Proxy {
  url: URL
  label: string
  authorization?: string
}

/** How one request goes: which of Node's modules sends it, and the options that address it. */
export interface ProxyRoute {
  protocol: 'http:' | 'https:'
  options: http.RequestOptions & { proxySignal?: AbortSignal }
  headers: Record<string, string>
  /** What an error of the request means: one that never reached the proxy says so, naming it. */
  failure?: (error: Error) => Error
  /** The error an answer of the proxy itself stands for (its 407 to a request in absolute form), if any. */
  refusal?: (status: number) => Error | undefined
}

/** Decides per request whether it goes through a proxy, and how. */
export interface ProxyRouter {
  /** The route through a proxy, or undefined to connect directly. */
  route(url: URL, signal: AbortSignal): ProxyRoute | undefined
}

/** An error on the way through a proxy: `proxyFailure` is the reason a person reads (it names the proxy, never its password). */
/** Hears each secret a proxy variable holds (its password, its Authorization header), so the step masks it; `what` names it in a warning. */
export type ReportSecret = (value: string, what?: string) => void

export type ProxyError = Error & { code?: string; proxyFailure: string; permanent?: boolean }

function proxyError(reason: string, extra: { code?: string; cause?: unknown; permanent?: boolean } = {}): ProxyError {
  return Object.assign(new Error(reason, extra.cause === undefined ? undefined : { cause: extra.cause }), {
    proxyFailure: reason,
    code: extra.code,
    permanent: extra.permanent
  })
}

/** Added to a proxy's 407: the credentials it asks for come from the proxy variable. */
const PROXY_AUTHENTICATION_HINT = ' (proxy authentication required: check the user and password in the proxy variable)'

/** Codes of a connection to the proxy that was never made. */
const UNREACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])

/** Reads one proxy variable; a value without a scheme is taken as http://, as the runner's own tools do. */
function readProxy(name: string, value: string, reportSecret: ReportSecret): Proxy {
  let url: URL
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`)
  } catch {
    throw proxyError(`the proxy variable ${name} is not a URL`, { permanent: true })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw proxyError(
      `the proxy variable ${name} names a ${url.protocol.replace(':', '')} proxy; only http and https proxies are supported`,
      { permanent: true }
    )
  }
  const label = `${url.hostname}:${portOf(url)}`
  if (!url.username && !url.password) return { url, label }
  let user: string
  let password: string
  try {
    user = decodeURIComponent(url.username)
    password = decodeURIComponent(url.password)
  } catch {
    throw proxyError(`the user or password in the proxy variable ${name} has a broken percent escape`, {
      permanent: true
    })
  }
  reportSecret(password, `The password in ${name}`)
  reportSecret(url.password)
  const authorization = `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`
  reportSecret(authorization)
  return { url, label, authorization }
}

/**
 * Opens a tunnel through `proxy` to `authority` (host:port) with CONNECT; resolves with the
 * socket once the proxy answers 200. Any other answer, or no connection, rejects naming the proxy.
 */
function openTunnel(proxy: Proxy, authority: string, signal: AbortSignal | undefined): Promise<Duplex> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: authority }
    if (proxy.authorization) headers['proxy-authorization'] = proxy.authorization
    const send = proxy.url.protocol === 'https:' ? https.request : http.request
    const req = send({
      hostname: bareHost(proxy.url),
      port: portOf(proxy.url),
      method: 'CONNECT',
      path: authority,
      headers,
      agent: false
    })
    // The request's own signal is not given to Node: it would outlive the tunnel, which later requests reuse.
    const onAbort = (): void => {
      req.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'))
    }
    const done = (): void => signal?.removeEventListener('abort', onAbort)
    if (signal?.aborted) onAbort()
    else signal?.addEventListener('abort', onAbort, { once: true })
    req.once('connect', (res: http.IncomingMessage, socket: Duplex, head: Buffer) => {
      done()
      if (res.statusCode === 200) {
        if (head.length > 0) socket.unshift(head)
        resolve(socket)
        return
      }
      socket.destroy()
      const hint = res.statusCode === 407 ? PROXY_AUTHENTICATION_HINT : ''
      // Refused before anything reached the service; a 407 stays a 407 until the credentials change, so it is not tried again.
      reject(
        proxyError(
          `the proxy ${proxy.label} refused the tunnel to ${authority}: it answered ${res.statusCode}${hint}`,
          { code: 'ECONNREFUSED', permanent: res.statusCode === 407 }
        )
      )
    })
    req.once('error', (error: Error & { code?: string }) => {
      done()
      if (signal?.aborted) reject(error)
      else
        reject(
          proxyError(`the proxy ${proxy.label} could not be reached (${error.code ?? error.message})`, {
            code: error.code,
            cause: error
          })
        )
    })
    req.end()
  })
}

/** A keep-alive https agent whose connections are TLS sessions with the service inside tunnels through the proxy. */
class TunnelAgent extends https.Agent {
  constructor(private readonly proxy: Proxy) {
    super({ keepAlive: true })
  }

  override createConnection(
    options: http.ClientRequestArgs & tls.ConnectionOptions & { proxySignal?: AbortSignal },
    callback?: (err: Error | null, stream: Duplex) => void
  ): undefined {
    const host = String(options.hostname ?? options.host ?? '')
    const authority = `${host.includes(':') ? `[${host}]` : host}:${options.port}`
    openTunnel(this.proxy, authority, options.proxySignal).then(
      (socket) => {
        // eslint-disable-next-line @typescript-eslint/no-unused-vars
        const { host: _host, hostname: _hostname, port: _port, path: _path, agent: _agent, ...rest } = options
        const servername = tlsServerName(options.servername, host)
        // `host` is what the certificate is checked against. Without it, an IP address (which
        // gets no SNI name) would be checked against the tunnel socket's host: the proxy.
        callback?.(null, tls.connect({ ...rest, socket, servername, host: bareHostName(host) }))
      },
      (error: Error) => callback?.(error, undefined as unknown as Duplex)
    )
    return undefined
  }
}

/** SNI carries names only: an IP address target gets none. */
function tlsServerName(given: string | undefined, host: string): string | undefined {
  const name = given || host
  return /^[\d.]+$/.test(name) || name.includes(':') ? undefined : name
}

/**
 * The proxy router for `env`, or undefined when no proxy variable is set. Reading a bad variable throws a ProxyError.
 * The secrets a variable holds go to `reportSecret`: this layer does not write to the runner.
 */
export function createProxyRouter(env: NodeJS.ProcessEnv, reportSecret: ReportSecret): ProxyRouter | undefined {
  const proxies: Partial<Record<'http:' | 'https:', Proxy>> = {}
  for (const protocol of ['https:', 'http:'] as const) {
    const [lower, upper] = PROXY_VARIABLES[protocol]
    const name = env[lower] ? lower : env[upper] ? upper : undefined
    if (name) proxies[protocol] = readProxy(name, env[name] as string, reportSecret)
  }
  if (!proxies['https:'] && !proxies['http:']) return undefined
  // eslint-disable-next-line house/service-words -- no_proxy is the conventional environment variable, not the service's word
  const noProxy = parseNoProxy(env.no_proxy || env.NO_PROXY || '')
  const agents = new Map<Proxy, http.Agent>()
  const agentFor = (proxy: Proxy, make: () => http.Agent): http.Agent => {
    let agent = agents.get(proxy)
    if (!agent) agents.set(proxy, (agent = make()))
    return agent
  }
  return {
    route(url, signal) {
      const protocol = url.protocol === 'https:' ? 'https:' : 'http:'
      const proxy = proxies[protocol]
      if (!proxy || bypassesProxy(url, noProxy)) return undefined
      if (protocol === 'https:') {
        const agent = agentFor(proxy, () => new TunnelAgent(proxy))
        return {
          protocol,
          headers: {},
          options: {
            hostname: bareHost(url),
            port: portOf(url),
            path: `${url.pathname}${url.search}`,
            agent,
            proxySignal: signal
          }
        }
      }
      return plainRoute(proxy, url, agentFor)
    }
  }
}

/** A plain http request through the proxy: the whole URL as the path, the proxy's credentials in a header. */
function plainRoute(
  proxy: Proxy,
  url: URL,
  agentFor: (proxy: Proxy, make: () => http.Agent) => http.Agent
): ProxyRoute {
  const proxyProtocol = proxy.url.protocol === 'https:' ? 'https:' : 'http:'
  const agent = agentFor(proxy, () =>
    proxyProtocol === 'https:' ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true })
  )
  const headers: Record<string, string> = { host: url.host }
  if (proxy.authorization) headers['proxy-authorization'] = proxy.authorization
  return {
    protocol: proxyProtocol,
    headers,
    refusal: (status: number) =>
      status === 407
        ? proxyError(
            `the proxy ${proxy.label} refused the request to ${url.host}: it answered 407${PROXY_AUTHENTICATION_HINT}`,
            { code: 'ECONNREFUSED', permanent: true }
          )
        : undefined,
    failure: (error: Error & { code?: string }) =>
      error.code && UNREACHED.has(error.code)
        ? proxyError(`the proxy ${proxy.label} could not be reached (${error.code})`, {
            code: error.code,
            cause: error
          })
        : error,
    options: {
      hostname: bareHost(proxy.url),
      port: portOf(proxy.url),
      path: `${url.protocol}//${url.host}${url.pathname}${url.search}`,
      agent
    }
  }
}
