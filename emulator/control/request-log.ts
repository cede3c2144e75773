/** The log of requests received under the API prefix, for tests and rehearsals to inspect. */
import type { IncomingMessage } from 'node:http'
import { parseBody } from '../http/io.js'
import { redactBody, unparsedBody } from '../model/redaction.js'

const MAX_LOGGED_REQUESTS = 10_000

/** One request received under the API prefix, without its Authorization header. */
export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
}

/** A body as the request log keeps it: parsed and redacted; one that does not parse only by its size, since it may hold a secret. */
function bodyForLog(raw: string, contentType: string | undefined): unknown {
  let parsed: unknown
  try {
    parsed = parseBody(raw, contentType)
  } catch {
    return unparsedBody(raw)
  }
  return redactBody(parsed) ?? null
}

export class RequestLog {
  entries: RecordedRequest[] = []

  /** Adds a request; `raw` is null when the body was not read. */
  add(method: string, url: URL, req: IncomingMessage, raw: string | null): void {
    // Bounded, so a long rehearsal cannot grow the log without end.
    if (this.entries.length >= MAX_LOGGED_REQUESTS) this.entries.shift()
    this.entries.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: raw === null ? null : bodyForLog(raw, req.headers['content-type'])
    })
  }

  clear(): void {
    this.entries = []
  }
}
