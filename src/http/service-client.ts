/**
 * What a call to the service needs of a client: the port the service's calls, pagination and
 * the operations' tests use. ApiClient (client.ts) implements it; kept apart so pagination,
 * which ApiClient uses, depends on the port and not on the client.
 */
import type { Expect } from './failure.js'
import type { EffectHints, RetryMode } from './retry-policy.js'

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

/** How a client signs in: a stored token, or the job's OIDC token (with the claims of it that a trust policy matches). */
export type SignIn = { kind: 'token' } | { kind: 'oidc'; claims: Record<string, string> }

/** What the service's calls need of a client; the operations' tests pass a plain object. */
export interface ServiceClient {
  /** The service's origin (scheme, host, port), where the token goes; absent in tests' plain clients. */
  readonly origin?: string
  /** The most items read of any one list (the list-limit input); pagination.ts's default when absent. */
  readonly listLimit?: number
  request<T>(method: Method, path: string, options?: RequestOptions): Promise<ApiResponse<T>>
  /** The service's base URL, where known: a service on this machine lets its downloads come from this machine too. */
  readonly base?: URL
  /** How it signs in; absent in tests' plain clients. */
  signIn?(): SignIn
}
