/** The one error type of a failed call to the service, built through named factories. */

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response' | 'cancelled'

/** Everything an ApiError carries; the factories fill in what their kind implies. */
export interface ApiErrorOptions {
  kind: ApiErrorKind
  message: string
  method: string
  path: string
  status?: number
  serviceMessage?: string
  /** True when a non-idempotent call may have taken effect despite the error. */
  mayHaveTakenEffect?: boolean
  /**
   * True when an earlier attempt of this call failed in a way that may have
   * applied it (a dropped connection, a timeout, a 5xx), so a definite refusal of a
   * later attempt can be the answer to a change already made.
   */
  earlierAttemptMayHaveApplied?: boolean
  cause?: unknown
}

/** Where an answer the action cannot use came from, and what was wrong with it. */
export interface InvalidResponseOptions {
  method: string
  path: string
  status?: number
  /** The whole message: what the answer lacked or held, with the call named. */
  message: string
  /** Set when the call may have acted although its answer is unusable (a trigger, a registration). */
  mayHaveTakenEffect?: boolean
}

/** A failed call, with what a person needs to act on it. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind
  readonly method: string
  readonly path: string
  readonly status?: number
  readonly serviceMessage?: string
  readonly mayHaveTakenEffect: boolean
  readonly earlierAttemptMayHaveApplied: boolean

  constructor(options: ApiErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'ApiError'
    this.kind = options.kind
    this.method = options.method
    this.path = options.path
    this.status = options.status
    this.serviceMessage = options.serviceMessage
    this.mayHaveTakenEffect = options.mayHaveTakenEffect ?? false
    this.earlierAttemptMayHaveApplied = options.earlierAttemptMayHaveApplied ?? false
  }

  /** An answer that arrived but cannot be used: no JSON, a missing field, a list that never ends. */
  static invalidResponse(options: InvalidResponseOptions): ApiError {
    return new ApiError({ kind: 'invalid-response', ...options })
  }

  /** The answer has no `field` of the expected kind, e.g. `the answer has no "data" list`. */
  static missingField(options: Omit<InvalidResponseOptions, 'message'> & { what: string }): ApiError {
    const { what, ...rest } = options
    return ApiError.invalidResponse({ ...rest, message: `${options.method} ${options.path}: the answer ${what}` })
  }

  /** A refusal or failure the service answered with an HTTP status outside 2xx. */
  static http(options: Omit<ApiErrorOptions, 'kind'> & { status: number }): ApiError {
    return new ApiError({ kind: 'http', ...options })
  }

  /** The same error with words added to its message; every other field is kept. */
  withSuffix(suffix: string): ApiError {
    return new ApiError({ ...this.options(), message: `${this.message}${suffix}`, cause: this })
  }

  private options(): ApiErrorOptions {
    const { kind, message, method, path, status, serviceMessage, mayHaveTakenEffect, earlierAttemptMayHaveApplied } =
      this
    return { kind, message, method, path, status, serviceMessage, mayHaveTakenEffect, earlierAttemptMayHaveApplied }
  }
}

/** Whether `error` is the service refusing with one of `statuses` (any status when none is given). */
export function isHttpError(error: unknown, ...statuses: number[]): error is ApiError {
  return (
    error instanceof ApiError &&
    error.kind === 'http' &&
    (statuses.length === 0 || statuses.includes(error.status ?? 0))
  )
}

/**
 * Whether a failed read is one a wait rides out: no usable answer arrived (a dropped
 * connection, a timeout, an unreadable body) or the service was busy (429, 5xx), even
 * after the client's own retries. A refusal (401, 403, 404, …) is not.
 */
export function isPassingFault(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || error.kind === 'cancelled') return false
  return error.kind !== 'http' || error.status === 429 || (error.status ?? 0) >= 500
}
