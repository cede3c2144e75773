/**
 * The one HTTP client of the action, in pieces: the transport sends, `readResponse`
 * classifies, the retry policy decides, and this loop ties them together.
 */
import { USER_AGENT } from '../constants.js'
import { attemptSignal } from './attempt-signal.js'
import { sleep } from '../sleep.js'
import { errorCode, failureFromError, readResponse, type Expect, type Failure } from './failure.js'
import { listAll } from './pagination.js'
import { backoffDelay, defaultRetryMode, finalError, isRetriable, mayHaveApplied, type EffectHints, type RetryMode } from './retry-policy.js'
import { send } from './transport.js'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RequestOptions extends EffectHints {
  query?: Record<string, string | number | undefined>
  body?: unknown
  /** Defaults to `idempotent` for GET, PUT and DELETE, `once` for POST and PATCH. */
  retry?: RetryMode
  /** `json` parses the body (empty and 204 give `undefined`); `text` returns it as is. */
  expect?: Expect
  /** Cancels the call and its backoff waits (job cancellation). */
  signal?: AbortSignal
  /** Most bytes of the answer read before the call fails; the transport's ANSWER_LIMIT (8 MiB) unless set, e.g. for a log. */
  maxBytes?: number
}

export interface ApiResponse<T> {
  status: number
  body: T
  /** The body as received, for the `response` output. */
  text: string
}

/** What the service's calls need of a client; the operations' tests pass a plain object. */
export interface ServiceClient {
  /** The service's origin (scheme, host, port), where the token goes; absent in tests' plain clients. */
  readonly origin?: string
  request<T>(method: Method, path: string, options?: RequestOptions): Promise<ApiResponse<T>>
  /** The service's base URL, where known: a service on this machine lets its downloads come from this machine too. */
  readonly base?: URL
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
}

type Attempt<T> = { ok: true; response: ApiResponse<T> } | { ok: false; failure: Failure }

/** The one HTTP client of the action: every call to the service goes through it. */
export class ApiClient implements ServiceClient {
  readonly base: URL
  /**
   * Set by a 429: every read (GET) of this client, not only the refused one, holds off until
   * then. Writes are not held: an abort sent when the job is cancelled must not wait.
   */
  private rateLimitedUntil = 0

  constructor(private readonly options: ClientOptions) {
    this.base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`)
  }

  get origin(): string {
    return this.base.origin
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

  /** Every item of a list endpoint, all pages read (see pagination.ts). */
  listAll<T>(path: string, maxPages?: number): Promise<{ items: T[]; pages: number; text: string }> {
    return listAll<T>(this, path, { maxPages, debug: this.options.debug })
  }

  /** Sends one call, retrying it as its retry mode allows. */
  async request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const mode = options.retry ?? defaultRetryMode(method)
    const url = this.url(path, options.query)
    const maxAttempts = Math.max(1, this.options.maxAttempts)
    const settings = { retryBaseMs: this.options.retryBaseMs ?? 500, maxRetryAfterMs: this.options.maxRetryAfterMs ?? 60_000 }
    let earlierMayHaveApplied = false
    for (let attempt = 1; ; attempt++) {
      const hold = method === 'GET' ? this.rateLimitedUntil - Date.now() : 0
      if (hold > 0) await sleep(hold, options.signal)
      const outcome = await this.attempt<T>(method, path, url, options)
      if (outcome.ok) return outcome.response
      const { failure } = outcome
      const final = { method, path, failure, mode, attempts: attempt, hints: options, earlierMayHaveApplied }
      if (!isRetriable(failure, mode) || attempt >= maxAttempts) throw finalError(final)
      const delay = backoffDelay(attempt, failure.retryAfterMs, settings)
      if (delay === undefined) throw finalError({ ...final, extra: 'the service asked for a longer wait than the action allows' })
      earlierMayHaveApplied ||= mayHaveApplied(failure)
      if (failure.status === 429) this.rateLimitedUntil = Math.max(this.rateLimitedUntil, Date.now() + delay)
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

  private headers(options: RequestOptions): Record<string, string> {
    return {
      authorization: this.options.token,
      'user-agent': USER_AGENT,
      accept: options.expect === 'text' ? 'text/plain, application/json' : 'application/json',
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {})
    }
  }

  /** One attempt: sent by the transport, its answer or error classified. */
  private async attempt<T>(method: Method, path: string, url: URL, options: RequestOptions): Promise<Attempt<T>> {
    const started = Date.now()
    const attempt = attemptSignal(this.options.timeoutMs, options.signal)
    const body = options.body === undefined ? undefined : JSON.stringify(options.body)
    let raw
    try {
      raw = await send({ method, url, headers: this.headers(options), body, signal: attempt.signal, maxBytes: options.maxBytes })
    } catch (error) {
      const failure = failureFromError(error, { cancelled: options.signal?.aborted ?? false, timedOut: attempt.timedOut(), timeoutMs: this.options.timeoutMs })
      if (failure.kind === 'network') this.options.debug?.(`${method} ${path}: ${errorCode(error) ?? 'error'} after ${Date.now() - started} ms`)
      return { ok: false, failure }
    } finally {
      attempt.release()
    }
    this.options.debug?.(`${method} ${path} -> ${raw.status} in ${Date.now() - started} ms`)
    const read = readResponse(method, raw, options.expect)
    return read.ok ? { ok: true, response: { status: raw.status, body: read.body as T, text: raw.text } } : read
  }
}
