/**
 * One request and its response, nothing more: no retries, no reading of the body's
 * meaning. It uses Node's built-in fetch: the HTTP library ships inside Node, so the
 * bundle carries no copy of it (a bundled undici was 935 KB of dist/ and cost every
 * step that sends a request the time to load and compile it).
 */
import type { RawResponse } from './failure.js'

export interface TransportRequest {
  method: string
  url: URL
  headers: Record<string, string>
  body?: string
  signal: AbortSignal
}

/** Sends one request and reads the whole answer; throws what fetch throws. Redirects are never followed. */
export async function send(request: TransportRequest): Promise<RawResponse> {
  const res = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    redirect: 'manual'
  })
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after') ?? undefined,
    contentType: res.headers.get('content-type') ?? '',
    text: await res.text()
  }
}
