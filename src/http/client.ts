/**
 * The one HTTP client of the action, in pieces: the transport sends, `readResponse`
 * classifies, the retry policy decides, and this loop ties them together.
 */
import { USER_AGENT } from '../constants.js'
import { attemptSignal } from './attempt-signal.js'
import { sleep } from '../sleep.js'
import { errorCode, failureFromError, readResponse, type Failure } from './failure.js'
import { listAll } from './pagination.js'
import { backoffDelay, defaultRetryMode, finalError, isRetriable, mayHaveApplied } from './retry-policy.js'
import type { ApiResponse, Method, RequestOptions, ServiceClient, SignIn } from './service-client.js'
import { send } from './transport.js'
import type { Credentials } from './oidc-sign-in.js'

export type { ApiResponse, Method, RequestOptions, ServiceClient }

export interface ClientOptions {
  /** Base URL ending in the version segment, e.g. https://api.bitrise.io/v0.1 */
  baseUrl: string
  token: string
  /** Signed in with the job's OIDC token: its short-lived token is sent instead of `token`. */
  credentials?: Credentials
  /** Per attempt: connect, headers and body together. */
  timeoutMs: number
  /** Attempts per call, the first included. */
  maxAttempts: number
  /** The most items read of any one list (the list-limit input). */
  listLimit?: number
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

  get listLimit(): number | undefined {
    return this.options.listLimit
  }

  /** How this client signs in; for OIDC, the claims of the job's token once it was read (never the token). */
  signIn(): SignIn {
    const credentials = this.options.credentials
    return credentials ? { kind: 'oidc', claims: credentials.claims?.() ?? {} } : { kind: 'token' }
  }

  // get, post, put and listAll: shorthands for `request` that only the client's own tests call
  // (__tests__/unit/network/client.test.ts, answer-limit.test.ts); the service's calls go through the
  // ServiceClient port, which has `request` alone. Kept so those tests read as calls, not options.

  /** A GET of `path`. */
  get<T>(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<ApiResponse<T>> {
    return this.request<T>('GET', path, options)
  }

  /** A POST of `body` to `path`. */
  post<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.request<T>('POST', path, { ...options, body })
  }

  /** A PUT of `body` to `path`. */
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
    const settings = {
      retryBaseMs: this.options.retryBaseMs ?? 500,
      maxRetryAfterMs: this.options.maxRetryAfterMs ?? 60_000
    }
    let earlierMayHaveApplied = false
    let renewed = false
    for (let attempt = 1; ; attempt++) {
      const hold = method === 'GET' ? this.rateLimitedUntil - Date.now() : 0
      if (hold > 0) await sleep(hold, options.signal)
      let outcome = await this.attempt<T>(method, path, url, options)
      // A short-lived token refused (it ran out during a long wait): exchanged again, once per call, and the call sent again.
      if (!outcome.ok && outcome.failure.status === 401 && this.options.credentials && !renewed) {
        renewed = true
        this.options.debug?.(
          `${method} ${path}: the short-lived token was refused; signing in again with the job's OIDC token`
        )
        await this.options.credentials.renew(options.signal)
        outcome = await this.attempt<T>(method, path, url, options)
      }
      if (outcome.ok) return outcome.response
      const { failure } = outcome
      const final = { method, path, failure, mode, attempts: attempt, hints: options, earlierMayHaveApplied }
      if (!isRetriable(failure, mode) || attempt >= maxAttempts) throw finalError(final)
      const delay = backoffDelay(attempt, failure.retryAfterMs, settings)
      if (delay === undefined)
        throw finalError({ ...final, extra: 'the service asked for a longer wait than the action allows' })
      earlierMayHaveApplied ||= mayHaveApplied(failure)
      if (failure.status === 429) this.rateLimitedUntil = Math.max(this.rateLimitedUntil, Date.now() + delay)
      this.options.debug?.(
        `${method} ${path}: ${failure.reason}; attempt ${attempt + 1} of ${maxAttempts} in ${delay} ms`
      )
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

  private headers(options: RequestOptions, token: string): Record<string, string> {
    return {
      authorization: token,
      'user-agent': USER_AGENT,
      accept: options.expect === 'text' ? 'text/plain, application/json' : 'application/json',
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {})
    }
  }

  /** One attempt: sent by the transport, its answer or error classified. */
  private async attempt<T>(method: Method, path: string, url: URL, options: RequestOptions): Promise<Attempt<T>> {
    // Before the attempt's timer, outside its try: a refused sign-in is the step's failure, not a network error to retry.
    const token = this.options.credentials ? await this.options.credentials.token(options.signal) : this.options.token
    const started = Date.now()
    const attempt = attemptSignal(this.options.timeoutMs, options.signal)
    const body = options.body === undefined ? undefined : JSON.stringify(options.body)
    let raw
    try {
      raw = await send({
        method,
        url,
        headers: this.headers(options, token),
        body,
        signal: attempt.signal,
        maxBytes: options.maxBytes
      })
    } catch (error) {
      const failure = failureFromError(error, {
        cancelled: options.signal?.aborted ?? false,
        timedOut: attempt.timedOut(),
        timeoutMs: this.options.timeoutMs
      })
      if (failure.kind === 'network')
        this.options.debug?.(`${method} ${path}: ${errorCode(error) ?? 'error'} after ${Date.now() - started} ms`)
      return { ok: false, failure }
    } finally {
      attempt.release()
    }
    this.options.debug?.(`${method} ${path} -> ${raw.status} in ${Date.now() - started} ms`)
    const read = readResponse(method, raw, options.expect)
    return read.ok ? { ok: true, response: { status: raw.status, body: read.body as T, text: raw.text } } : read
  }
}
