import type { Dispatcher } from 'undici'
import { ACTION_NAME, ACTION_VERSION } from './constants.js'
import { excerpt as shownText } from './errors.js'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * How a call may be repeated after a failure.
 * - `idempotent`: repeating it has the same effect as sending it once; retried on
 *   connection errors, timeouts, 429, 5xx and unreadable 2xx bodies.
 * - `once`: repeating it could act twice (a build trigger, an app registration);
 *   retried only when the request provably never reached the service
 *   (connection refused, unknown host) or the service answered 429.
 */
export type RetryMode = 'idempotent' | 'once'

export interface RequestOptions {
  query?: Record<string, string | number | undefined>
  body?: unknown
  /** Defaults to `idempotent` for GET, PUT and DELETE, `once` for POST and PATCH. */
  retry?: RetryMode
  /** `json` parses the body (empty and 204 give `undefined`); `text` returns it as is. */
  expect?: 'json' | 'text'
  /** Extra words for an error after which the effect is unknown, e.g. "the build may have started". */
  ambiguousHint?: string
  /** Extra words for an error after which the call provably had no effect, e.g. "no build was started". */
  noEffectHint?: string
  /** Cancels the call and its backoff waits (job cancellation). */
  signal?: AbortSignal
}

export interface ApiResponse<T> {
  status: number
  body: T
  /** The body as received, for the `response` output. */
  text: string
}

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response' | 'cancelled'

/** A failed call, with what a person needs to act on it. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly method: string,
    readonly path: string,
    readonly status?: number,
    readonly serviceMessage?: string,
    /** True when a non-idempotent call may have taken effect despite the error. */
    readonly mayHaveTakenEffect = false,
    /**
     * True when an earlier attempt of this call failed in a way that may have
     * applied it (a dropped connection, a timeout, a 5xx), so a definite refusal of a
     * later attempt can be the answer to a change already made.
     */
    readonly earlierAttemptMayHaveApplied = false
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export interface ClientOptions {
  /** Base URL ending in the version segment, e.g. https://api.example.com/v0.1 */
  baseUrl: string
  token: string
  /** Per attempt: connect, headers and body together. */
  timeoutMs: number
  /** Attempts per call, the first included. */
  maxAttempts: number
  /** First backoff delay; doubled on every retry, with jitter. */
  retryBaseMs?: number
  /** Longest wait the client accepts from a Retry-After header. */
  maxRetryAfterMs?: number
  debug?: (message: string) => void
  dispatcher?: Dispatcher
}

/** undici is loaded by the first call, so a step that fails on its inputs never loads it. */
let loadRequest: Promise<typeof import('undici').request> | undefined

const CONNECTION_NEVER_MADE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])
const MAX_ERROR_TEXT = 300

/** The one HTTP client of the action: every call to the service goes through it. */
export class ApiClient {
  private readonly base: URL
  private readonly userAgent = `${ACTION_NAME}/${ACTION_VERSION} node/${process.versions.node}`

  constructor(private readonly options: ClientOptions) {
    this.base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`)
  }

  get<T>(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<ApiResponse<T>> {
    return this.request<T>('GET', path, options)
  }

  post<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.request<T>('POST', path, { ...options, body })
  }

  put<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.request<T>('PUT', path, { ...options, body })
  }

  patch<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.request<T>('PATCH', path, { ...options, body })
  }

  delete<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.request<T>('DELETE', path, options)
  }

  /**
   * Reads every page of a list endpoint by following `paging.next`.
   * Accepts `{data: [...]}` with or without `paging`, and a bare array.
   */
  async listAll<T>(path: string, maxPages = 200): Promise<{ items: T[]; pages: number; text: string }> {
    const items: T[] = []
    let next: string | undefined
    let pages = 0
    let text: string
    do {
      if (pages >= maxPages) {
        throw new ApiError(`GET ${path}: stopped after ${maxPages} pages; the list did not end`, 'invalid-response', 'GET', path)
      }
      const res = await this.get<unknown>(path, { query: { limit: 50, next } })
      pages += 1
      text = res.text
      const body = res.body as { data?: unknown; paging?: { next?: unknown } } | unknown[] | undefined
      const data = Array.isArray(body) ? body : body?.data
      if (!Array.isArray(data)) {
        throw new ApiError(`GET ${path}: the answer has no "data" list`, 'invalid-response', 'GET', path, res.status)
      }
      // One push per item: spreading a page of a few hundred thousand items into
      // push() overflows the call stack.
      for (const item of data as T[]) items.push(item)
      const pageNext = Array.isArray(body) ? undefined : body?.paging?.next
      next = typeof pageNext === 'string' && pageNext !== '' ? pageNext : undefined
      if (next !== undefined && data.length === 0) next = undefined
    } while (next !== undefined)
    this.options.debug?.(`GET ${path}: ${items.length} items over ${pages} page(s)`)
    return { items, pages, text }
  }

  /** Sends one call, retrying it as its retry mode allows. */
  async request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const retry = options.retry ?? (method === 'POST' || method === 'PATCH' ? 'once' : 'idempotent')
    const url = this.url(path, options.query)
    const maxAttempts = Math.max(1, this.options.maxAttempts)
    let earlierMayHaveApplied = false
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.attempt<T>(method, path, url, options)
      if (outcome.ok) return outcome.response
      const failure = outcome.failure
      const retriable = retry === 'idempotent' ? failure.transient : failure.neverArrived || failure.status === 429
      if (!retriable || attempt >= maxAttempts) {
        throw this.finalError(method, path, failure, retry, attempt, options, undefined, earlierMayHaveApplied)
      }
      const delay = this.backoff(attempt, failure.retryAfterMs)
      if (delay === undefined) {
        throw this.finalError(method, path, failure, retry, attempt, options, 'the service asked for a longer wait than the action allows', earlierMayHaveApplied)
      }
      earlierMayHaveApplied ||= mayHaveApplied(failure)
      this.options.debug?.(`${method} ${path}: ${failure.reason}; attempt ${attempt + 1} of ${maxAttempts} in ${delay} ms`)
      await sleep(delay, options.signal)
    }
  }

  private url(path: string, query?: RequestOptions['query']): URL {
    const url = new URL(path.replace(/^\//, ''), this.base)
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value))
    }
    return url
  }

  private async attempt<T>(
    method: Method,
    path: string,
    url: URL,
    options: RequestOptions
  ): Promise<{ ok: true; response: ApiResponse<T> } | { ok: false; failure: Failure }> {
    const started = Date.now()
    const timeout = AbortSignal.timeout(this.options.timeoutMs)
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout
    const headers: Record<string, string> = {
      authorization: this.options.token,
      'user-agent': this.userAgent,
      accept: options.expect === 'text' ? 'text/plain, application/json' : 'application/json'
    }
    let body: string | undefined
    if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] = 'application/json'
    }
    let status: number
    let text: string
    let retryAfter: string | undefined
    let contentType: string
    const request = await (loadRequest ??= import('undici').then((undici) => undici.request))
    try {
      const res = await request(url, {
        method,
        headers,
        body,
        signal,
        maxRedirections: 0,
        dispatcher: this.options.dispatcher
      })
      status = res.statusCode
      const header = res.headers['retry-after']
      retryAfter = Array.isArray(header) ? header[0] : header
      contentType = String(res.headers['content-type'] ?? '')
      text = await res.body.text()
    } catch (error) {
      const ms = Date.now() - started
      if (options.signal?.aborted) {
        return { ok: false, failure: { kind: 'cancelled', reason: 'the job was cancelled', transient: false, neverArrived: false } }
      }
      if (timeout.aborted) {
        return {
          ok: false,
          failure: { kind: 'timeout', reason: `no complete answer within ${this.options.timeoutMs} ms`, transient: true, neverArrived: false }
        }
      }
      const code = errorCode(error)
      this.options.debug?.(`${method} ${path}: ${code ?? 'error'} after ${ms} ms`)
      return {
        ok: false,
        failure: {
          kind: 'network',
          reason: describeNetworkError(code, error),
          transient: true,
          neverArrived: code !== undefined && CONNECTION_NEVER_MADE.has(code)
        }
      }
    }
    this.options.debug?.(`${method} ${path} -> ${status} in ${Date.now() - started} ms`)

    if (status < 200 || status >= 300) {
      const serviceMessage = extractMessage(text)
      const reason =
        status >= 300 && status < 400
          ? `the service answered ${status} (a redirect, which the action does not follow)`
          : `the service answered ${status}${serviceMessage ? `: ${serviceMessage}` : ''}`
      return {
        ok: false,
        failure: {
          kind: 'http',
          status,
          serviceMessage,
          reason,
          transient: status === 429 || status >= 500,
          neverArrived: false,
          retryAfterMs: parseRetryAfter(retryAfter)
        }
      }
    }
    // A proxy's or login page's HTML is never the service's answer (JSON, or YAML as text),
    // and every GET of the service answers with a body: both are unreadable answers.
    const unreadable = /^\s*text\/html/i.test(contentType)
      ? `the service answered ${status} with an HTML page, not its JSON or text answer (${excerpt(text)})`
      : method === 'GET' && text.trim() === ''
        ? `the service answered ${status} with an empty body where an answer was expected`
        : undefined
    if (unreadable) {
      return { ok: false, failure: { kind: 'invalid-response', status, reason: unreadable, transient: true, neverArrived: false } }
    }
    if (options.expect === 'text' || status === 204 || text.trim() === '') {
      return { ok: true, response: { status, body: (options.expect === 'text' ? text : undefined) as T, text } }
    }
    try {
      return { ok: true, response: { status, body: JSON.parse(text) as T, text } }
    } catch {
      return {
        ok: false,
        failure: {
          kind: 'invalid-response',
          status,
          reason: `the service answered ${status} with a body that is not JSON (${excerpt(text)})`,
          transient: true,
          neverArrived: false
        }
      }
    }
  }

  private backoff(attempt: number, retryAfterMs: number | undefined): number | undefined {
    if (retryAfterMs !== undefined) {
      return retryAfterMs > (this.options.maxRetryAfterMs ?? 60_000) ? undefined : retryAfterMs
    }
    const base = (this.options.retryBaseMs ?? 500) * 2 ** (attempt - 1)
    return Math.round(Math.min(base, 10_000) * (0.5 + Math.random() / 2))
  }

  private finalError(
    method: Method,
    path: string,
    failure: Failure,
    retry: RetryMode,
    attempts: number,
    hints: Pick<RequestOptions, 'ambiguousHint' | 'noEffectHint'>,
    extra?: string,
    earlierMayHaveApplied = false
  ): ApiError {
    // A 5xx may come from a gateway after the service acted, so it is as uncertain as a dropped connection.
    const ambiguous = retry === 'once' && !failure.neverArrived && (failure.kind !== 'http' || (failure.status ?? 0) >= 500)
    const parts = [`${method} ${path} failed: ${failure.reason}`]
    if (extra) parts.push(extra)
    if (attempts > 1) parts.push(`gave up after ${attempts} attempts`)
    if (ambiguous) {
      parts.push(
        `the request may have reached the service, so it was not sent again${hints.ambiguousHint ? `: ${hints.ambiguousHint}` : ''}`
      )
    } else if (retry === 'once' && hints.noEffectHint) {
      // The two failures after which a `once` call is repeated: it provably had no effect.
      if (failure.neverArrived) parts.push(`the request never reached the service, so ${hints.noEffectHint}`)
      else if (failure.status === 429) parts.push(`the service declined it (rate limit), so ${hints.noEffectHint}`)
    }
    return new ApiError(parts.join('; '), failure.kind, method, path, failure.status, failure.serviceMessage, ambiguous, earlierMayHaveApplied)
  }
}

/** Whether a failed attempt may still have been applied: it reached the service and no definite refusal came back. */
function mayHaveApplied(failure: Failure): boolean {
  if (failure.neverArrived || failure.kind === 'cancelled') return false
  return failure.kind !== 'http' || (failure.status ?? 0) >= 500
}

interface Failure {
  kind: ApiErrorKind
  reason: string
  transient: boolean
  neverArrived: boolean
  status?: number
  serviceMessage?: string
  retryAfterMs?: number
}

/** Reads the service's error text from `{message}` or `{error_msg}`, or a short plain-text body. */
function extractMessage(text: string): string | undefined {
  if (text.trim() === '') return undefined
  try {
    const body = JSON.parse(text) as { message?: unknown; error_msg?: unknown }
    const message = body?.message ?? body?.error_msg
    if (typeof message === 'string' && message !== '') return excerpt(message)
  } catch {
    // not JSON: fall through to the raw excerpt
  }
  return excerpt(text)
}

/** The service's text for an error message: secrets removed before it is cut, so no part of one shows. */
function excerpt(text: string): string {
  return shownText(text, MAX_ERROR_TEXT)
}

/** Parses Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000)
  const date = Date.parse(value)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - now)
}

function errorCode(error: unknown): string | undefined {
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

/** Waits `ms`, or less when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done(): void {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done, { once: true })
  })
}
