/**
 * One request and its response over undici, nothing more: no retries, no reading
 * of the body's meaning. undici is loaded by the first call, so a step that fails
 * on its inputs never loads it.
 */
import type { Dispatcher } from 'undici'
import type { RawResponse } from './failure.js'

export interface TransportRequest {
  method: string
  url: URL
  headers: Record<string, string>
  body?: string
  signal: AbortSignal
  dispatcher?: Dispatcher
}

let loadRequest: Promise<typeof import('undici').request> | undefined

/** Sends one request and reads the whole answer; throws what undici throws. Redirects are never followed. */
export async function send(request: TransportRequest): Promise<RawResponse> {
  const undiciRequest = await (loadRequest ??= import('undici').then((undici) => undici.request))
  const res = await undiciRequest(request.url, {
    method: request.method as Dispatcher.HttpMethod,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    maxRedirections: 0,
    dispatcher: request.dispatcher
  })
  const header = res.headers['retry-after']
  return {
    status: res.statusCode,
    retryAfter: Array.isArray(header) ? header[0] : header,
    contentType: String(res.headers['content-type'] ?? ''),
    text: await res.body.text()
  }
}
