/**
 * A small forward proxy on 127.0.0.1 for the proxy tests: CONNECT is piped to the
 * target, an absolute-form request is forwarded. Host names are looked up only in
 * `hosts` (e.g. service.test → 127.0.0.1), so a name the action cannot resolve is
 * reachable through the proxy alone. It records what it saw, refuses more than
 * `maxRequests`, and stops by itself after `lifetimeMs`.
 */
import { afterEach } from '@jest/globals'
import { createServer, request, type IncomingHttpHeaders } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'

export interface ForwardProxy {
  url: string
  port: number
  /** Every CONNECT: its target and headers. */
  connects: { authority: string; headers: IncomingHttpHeaders }[]
  /** Every absolute-form request: its request target and headers. */
  requests: { method: string; target: string; headers: IncomingHttpHeaders }[]
  /** TCP connections the proxy accepted. */
  connections: number
  close(): Promise<void>
}

export interface ForwardProxyOptions {
  hosts: Record<string, string>
  /** Answer every CONNECT with this status instead of opening the tunnel. */
  refuseConnect?: number
  /** Answer every absolute-form request with this status instead of forwarding it. */
  refuseRequests?: number
  maxRequests?: number
  lifetimeMs?: number
}

const running: ForwardProxy[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((proxy) => proxy.close()))
})

/** Starts a forward proxy; it is closed after each test. */
export async function startForwardProxy(options: ForwardProxyOptions): Promise<ForwardProxy> {
  const maxRequests = options.maxRequests ?? 50
  const sockets = new Set<Socket>()
  let seen = 0
  const resolveHost = (host: string): string | undefined => options.hosts[host.replace(/^\[|\]$/g, '')]

  const server = createServer((req, res) => {
    if (++seen > maxRequests) return void res.writeHead(503).end('request limit')
    proxy.requests.push({ method: req.method ?? '', target: req.url ?? '', headers: req.headers })
    if (options.refuseRequests)
      return void res.writeHead(options.refuseRequests, { 'content-type': 'text/plain' }).end('refused by the proxy')
    let target: URL
    try {
      target = new URL(req.url ?? '')
    } catch {
      return void res.writeHead(400).end('not absolute form')
    }
    const address = resolveHost(target.hostname)
    if (!address) return void res.writeHead(502).end('unknown host')
    const headers = { ...req.headers }
    delete headers['proxy-authorization']
    const upstream = request(
      {
        host: address,
        port: target.port || 80,
        method: req.method,
        path: `${target.pathname}${target.search}`,
        headers
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      }
    )
    upstream.on('error', () => res.writeHead(502).end('upstream failed'))
    req.pipe(upstream)
  })
  server.on('connection', (socket: Socket) => {
    proxy.connections++
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  server.on('connect', (req, client: Socket, head: Buffer) => {
    proxy.connects.push({ authority: req.url ?? '', headers: req.headers })
    const [host, port] = splitAuthority(req.url ?? '')
    const address = resolveHost(host)
    if (++seen > maxRequests || options.refuseConnect || !address) {
      client.end(`HTTP/1.1 ${options.refuseConnect ?? 502} Refused\r\nContent-Length: 0\r\n\r\n`)
      return
    }
    const upstream = connect(Number(port), address, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length > 0) upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    sockets.add(upstream)
    upstream.on('close', () => sockets.delete(upstream))
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const stop = setTimeout(() => void proxy.close(), options.lifetimeMs ?? 30_000)
  stop.unref()
  const proxy: ForwardProxy = {
    url: `http://127.0.0.1:${port}`,
    port,
    connects: [],
    requests: [],
    connections: 0,
    close: () =>
      new Promise<void>((resolve) => {
        clearTimeout(stop)
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
  running.push(proxy)
  return proxy
}

function splitAuthority(authority: string): [string, string] {
  const at = authority.lastIndexOf(':')
  return [authority.slice(0, at), authority.slice(at + 1)]
}
