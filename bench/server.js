/**
 * A loopback stand-in for the service, for the bench only: it answers from a
 * handler, counts requests, and stops by itself after a time limit or a request
 * limit, so a bench that dies half-way leaves nothing listening.
 */
import { createServer } from 'node:http'
import { performance } from 'node:perf_hooks'

/**
 * Starts a server on 127.0.0.1. `handler(req, body)` returns `{ status, json }` or `{ status, text }`.
 * Returns `{ url, requests, close }`; `requests` holds `{ method, path, at }` for each request.
 */
export async function startServer(handler, { maxRequests = 2000, lifetimeMs = 120_000 } = {}) {
  const requests = []
  const server = createServer((req, res) => {
    const chunks = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const record = {
        method: req.method ?? 'GET',
        path: url.pathname.replace(/^\/v0\.1/, ''),
        query: Object.fromEntries(url.searchParams),
        at: performance.now()
      }
      requests.push(record)
      if (requests.length > maxRequests) {
        res
          .writeHead(503, { 'content-type': 'application/json' })
          .end('{"message":"bench server request limit reached"}')
        if (requests.length > maxRequests + 50) void close()
        return
      }
      const raw = Buffer.concat(chunks).toString('utf8')
      let reply
      try {
        reply = handler(record, raw ? JSON.parse(raw) : undefined) ?? {
          status: 404,
          json: { message: `no route for ${record.method} ${record.path}` }
        }
      } catch (error) {
        reply = { status: 500, json: { message: String(error) } }
      }
      const body = reply.text ?? JSON.stringify(reply.json)
      res.writeHead(reply.status ?? 200, {
        'content-type': reply.text === undefined ? 'application/json' : 'text/plain'
      })
      res.end(body)
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const timer = setTimeout(() => void close(), lifetimeMs)
  timer.unref()
  let closing
  function close() {
    closing ??= new Promise((resolve) => {
      clearTimeout(timer)
      server.closeAllConnections()
      server.close(() => resolve())
    })
    return closing
  }
  return { url: `http://127.0.0.1:${server.address().port}/v0.1`, requests, close }
}
