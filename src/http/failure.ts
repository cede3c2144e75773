/**
 * What went wrong with one attempt of a call, classified from what the transport
 * saw: pure functions, so every case is testable without a socket.
 */
import { excerpt } from '../safe-text.js'
import type { ApiErrorKind } from './api-error.js'

/** One failed attempt: what happened and what it means for a retry. */
export interface Failure {
  kind: ApiErrorKind
  reason: string
  /** A repeat may succeed (timeouts, dropped connections, 429, 5xx, unreadable 2xx). */
  transient: boolean
  /** The request provably never reached the service (connection refused, unknown host). */
  neverArrived: boolean
  status?: number
  serviceMessage?: string
  retryAfterMs?: number
}

/** A response as the transport hands it over. */
export interface RawResponse {
  status: number
  contentType: string
  retryAfter?: string
  text: string
}

/** How the body of a 2xx is read: parsed as JSON, or returned as text. */
export type Expect = 'json' | 'text'

const CONNECTION_NEVER_MADE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])
const MAX_ERROR_TEXT = 300

/** Classifies an error thrown while sending: a cancelled job, a timeout, or a network error. */
export function failureFromError(
  error: unknown,
  seen: { cancelled: boolean; timedOut: boolean; timeoutMs: number }
): Failure {
  if (seen.cancelled)
    return { kind: 'cancelled', reason: 'the job was cancelled', transient: false, neverArrived: false }
  if (seen.timedOut)
    return {
      kind: 'timeout',
      reason: `no complete answer within ${seen.timeoutMs} ms`,
      transient: true,
      neverArrived: false
    }
  // Past the size limit: the same answer would be as large again.
  if (error instanceof Error && error.name === 'AnswerTooLarge')
    return { kind: 'invalid-response', reason: error.message, transient: false, neverArrived: false }
  const code = errorCode(error)
  // The proxy module's errors say themselves which proxy failed and how; a bad proxy variable stays bad on a retry.
  const viaProxy = error as { proxyFailure?: unknown; permanent?: unknown } | undefined
  const reason = typeof viaProxy?.proxyFailure === 'string' ? viaProxy.proxyFailure : describeNetworkError(code, error)
  return {
    kind: 'network',
    reason,
    transient: viaProxy?.permanent !== true,
    neverArrived: code !== undefined && CONNECTION_NEVER_MADE.has(code)
  }
}

/** Reads a response: the parsed body of a usable 2xx, or the failure it stands for. */
export function readResponse(
  method: string,
  response: RawResponse,
  expect: Expect = 'json'
): { ok: true; body: unknown } | { ok: false; failure: Failure } {
  const { status, text } = response
  if (status < 200 || status >= 300) return { ok: false, failure: httpFailure(response) }
  const unreadable = unreadableReason(method, response)
  if (unreadable) return { ok: false, failure: invalid(status, unreadable) }
  if (expect === 'text') return { ok: true, body: text }
  if (status === 204 || text.trim() === '') return { ok: true, body: undefined }
  try {
    return { ok: true, body: JSON.parse(text) }
  } catch {
    return {
      ok: false,
      failure: invalid(status, `the service answered ${status} with a body that is not JSON (${serviceExcerpt(text)})`)
    }
  }
}

function httpFailure({ status, text, retryAfter }: RawResponse): Failure {
  const serviceMessage = extractMessage(text)
  const reason =
    status >= 300 && status < 400
      ? `the service answered ${status} (a redirect, which the action does not follow)`
      : `the service answered ${status}${serviceMessage ? `: ${serviceMessage}` : ''}`
  return {
    kind: 'http',
    status,
    serviceMessage,
    reason,
    transient: status === 429 || status >= 500,
    neverArrived: false,
    retryAfterMs: parseRetryAfter(retryAfter)
  }
}

/**
 * A proxy's or login page's HTML is never the service's answer (JSON, or YAML as
 * text), and every GET of the service answers with a body: both are unreadable.
 */
function unreadableReason(method: string, { status, contentType, text }: RawResponse): string | undefined {
  if (/^\s*text\/html/i.test(contentType))
    return `the service answered ${status} with an HTML page, not its JSON or text answer (${serviceExcerpt(text)})`
  if (method === 'GET' && text.trim() === '')
    return `the service answered ${status} with an empty body where an answer was expected`
  return undefined
}

function invalid(status: number, reason: string): Failure {
  return { kind: 'invalid-response', status, reason, transient: true, neverArrived: false }
}

/**
 * Reads the service's error text from `{message}` or `{error_msg}` (the published contract's two
 * error models), `{error}`, or `{errors: [...]}` (strings, or objects with one of those fields),
 * which parts of the service answer too; any other body is quoted as it came.
 */
function extractMessage(text: string): string | undefined {
  if (text.trim() === '') return undefined
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return serviceExcerpt(text) // not JSON: the raw text is the message
  }
  const message = messageOf(body)
  return serviceExcerpt(message !== undefined && message !== '' ? message : text)
}

const MESSAGE_FIELDS = ['message', 'error_msg', 'error'] as const

/** The text of one error body or item: a string, a known field, or the texts of `errors` joined. */
function messageOf(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value !== 'object' || value === null || depth > 2) return undefined
  const record = value as Record<string, unknown>
  for (const field of MESSAGE_FIELDS) {
    const text = messageOf(record[field], depth + 1)
    if (text) return text
  }
  if (!Array.isArray(record.errors)) return undefined
  const texts = record.errors.map((item) => messageOf(item, depth + 1)).filter((text): text is string => Boolean(text))
  return texts.length > 0 ? texts.join('; ') : undefined
}

/** The service's text for an error message: secrets removed before it is cut, so no part of one shows. */
function serviceExcerpt(text: string): string {
  return excerpt(text, MAX_ERROR_TEXT)
}

/** Parses Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000)
  const date = Date.parse(value)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - now)
}

/** The system error code behind a transport error, looked for down its chain of causes. */
export function errorCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && code.startsWith('E') && !code.startsWith('ERR_')) return code
    if (typeof code === 'string' && code === 'UND_ERR_SOCKET') return 'ECONNRESET'
    current = (current as { cause?: unknown }).cause
  }
  const code = (error as { code?: unknown })?.code
  return typeof code === 'string' ? code : undefined
}

function describeNetworkError(code: string | undefined, error: unknown): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'the connection was refused (nothing listens at the base URL)'
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name of the base URL could not be resolved'
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'the connection was closed before a complete answer arrived'
    default:
      return `a network error occurred (${code ?? (error instanceof Error ? error.message : String(error))})`
  }
}
