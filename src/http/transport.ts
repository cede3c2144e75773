/**
 * One request and its response, nothing more: no retries, no reading of the body's
 * meaning. It uses Node's own http and https modules: they ship inside Node, so the
 * bundle carries no HTTP library (a bundled undici was 935 KB of dist/ and cost every
 * step that sends a request the time to load and compile it), and unlike fetch they
 * reach a service on any port.
 */
import type { IncomingMessage } from 'node:http'
import type { RawResponse } from './failure.js'

export interface TransportRequest {
  method: string
  url: URL
  headers: Record<string, string>
  body?: string
  signal: AbortSignal
}

/** Sends one request and reads the whole answer; throws what Node's http throws. Redirects are never followed. */
export async function send(request: TransportRequest): Promise<RawResponse> {
  const { request: open } = request.url.protocol === 'https:' ? await import('node:https') : await import('node:http')
  const headers = request.body === undefined ? request.headers : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) }
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = open(request.url, { method: request.method, headers, signal: request.signal }, resolve)
    req.on('error', reject)
    req.end(request.body)
  })
  const chunks: Buffer[] = []
  for await (const chunk of res) chunks.push(chunk as Buffer)
  const header = res.headers['retry-after']
  return {
    status: res.statusCode ?? 0,
    retryAfter: Array.isArray(header) ? header[0] : header,
    contentType: String(res.headers['content-type'] ?? ''),
    text: Buffer.concat(chunks).toString('utf8')
  }
}
