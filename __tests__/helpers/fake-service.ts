/**
 * A scriptable stand-in for the service on 127.0.0.1: it records every request
 * and answers from a route table. It stops itself after a time limit and a
 * request limit, so a forgotten server never outlives the test run.
 */
import { afterAll, afterEach } from '@jest/globals'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  headers: IncomingMessage['headers']
  rawBody: string
  body: unknown
  at: number
}

export interface Reply {
  status?: number
  /** Sent as JSON unless `raw` is given. */
  body?: unknown
  raw?: string
  headers?: Record<string, string>
  /** drop: close the socket without answering; hang: never answer. */
  action?: 'drop' | 'hang'
  delayMs?: number
  /** Sends the status and headers at once, then the body in `chunks` pieces, `intervalMs` apart. */
  trickle?: { chunks: number; intervalMs: number }
}

export type Responder = (req: RecordedRequest, count: number) => Reply | Promise<Reply>

/** Route key: "METHOD /path" without the /v0.1 prefix; a value, a list of successive replies, or a function. */
export type Routes = Record<string, Reply | Reply[] | Responder>

export interface FakeService {
  /** Base URL including the version segment. */
  url: string
  origin: string
  requests: RecordedRequest[]
  /** Requests matching "METHOD /path". */
  calls(route: string): RecordedRequest[]
  close(): Promise<void>
}

export interface FakeServiceLimits {
  maxRequests: number
  lifetimeMs: number
  /** Listen on this 127.0.0.1 port instead of a free one (e.g. one a test saw refused). */
  port?: number
}

export async function startFakeService(
  routes: Routes,
  limits: FakeServiceLimits = { maxRequests: 500, lifetimeMs: 60_000 }
): Promise<FakeService> {
  const requests: RecordedRequest[] = []
  const counts = new Map<string, number>()
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => void handle(req, res))
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const rawBody = Buffer.concat(chunks).toString('utf8')
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const path = url.pathname.replace(/^\/v0\.1/, '')
    let body: unknown
    try {
      body = rawBody ? JSON.parse(rawBody) : undefined
    } catch {
      body = rawBody
    }
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      rawBody,
      body,
      at: Date.now()
    }
    requests.push(recorded)
    if (requests.length > limits.maxRequests) {
      res.writeHead(503).end('{"message":"fake service request limit reached"}')
      return
    }
    const key = `${recorded.method} ${path}`
    const count = (counts.get(key) ?? 0) + 1
    counts.set(key, count)
    const route = routes[key]
    let reply: Reply
    if (route === undefined) reply = { status: 404, body: { message: `no route for ${key}` } }
    else if (typeof route === 'function') reply = await route(recorded, count)
    else if (Array.isArray(route)) reply = route[Math.min(count, route.length) - 1]
    else reply = route
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs))
    if (reply.action === 'drop') {
      req.socket.destroy()
      return
    }
    if (reply.action === 'hang') return
    const headers = {
      ...(reply.raw === undefined && reply.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...reply.headers
    }
    res.writeHead(reply.status ?? 200, headers)
    const text = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body))
    if (reply.trickle) return trickle(res, text, reply.trickle)
    res.end(text)
  }

  async function trickle(
    res: ServerResponse,
    text: string,
    { chunks, intervalMs }: { chunks: number; intervalMs: number }
  ): Promise<void> {
    res.flushHeaders()
    const size = Math.max(1, Math.ceil(text.length / Math.max(1, chunks)))
    for (let at = 0; at < text.length; at += size) {
      await new Promise((resolve) => setTimeout(resolve, intervalMs))
      if (res.destroyed) return
      res.write(text.slice(at, at + size))
    }
    if (!res.destroyed) res.end()
  }

  await new Promise<void>((resolve) => server.listen(limits.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const stopTimer = setTimeout(() => void close(), limits.lifetimeMs)
  stopTimer.unref()
  let closed: Promise<void> | undefined
  function close(): Promise<void> {
    closed ??= new Promise<void>((resolve) => {
      clearTimeout(stopTimer)
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    })
    return closed
  }
  const origin = `http://127.0.0.1:${port}`
  return {
    url: `${origin}/v0.1`,
    origin,
    requests,
    calls: (route) => requests.filter((r) => `${r.method} ${r.path}` === route),
    close
  }
}

/**
 * A `serve(routes, limits?)` for one test file, the usual way to start the fake
 * service: every service it starts is closed after the test that started it
 * (`'test'`), or after the whole file (`'suite'`).
 */
export function fakeServices(
  scope: 'test' | 'suite' = 'test'
): (routes: Routes, limits?: FakeServiceLimits) => Promise<FakeService> {
  const running: FakeService[] = []
  const closeAll = async (): Promise<void> => {
    await Promise.all(running.splice(0).map((service) => service.close()))
  }
  if (scope === 'test') afterEach(closeAll)
  else afterAll(closeAll)
  return async (routes, limits) => {
    const service = await startFakeService(routes, limits)
    running.push(service)
    return service
  }
}
