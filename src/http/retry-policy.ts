/**
 * When a failed call is sent again, how long to wait first, and the words of the
 * error when it is not: pure functions over a Failure, unit-tested without sockets.
 */
import { ApiError } from './api-error.js'
import type { Failure } from './failure.js'

/**
 * How a call may be repeated after a failure.
 * - `idempotent`: repeating it has the same effect as sending it once; retried on
 *   connection errors, timeouts, 429, 5xx and unreadable 2xx bodies.
 * - `once`: repeating it could act twice (a build trigger, an app registration);
 *   retried only when the request provably never reached the service
 *   (connection refused, unknown host) or the service answered 429.
 */
export type RetryMode = 'idempotent' | 'once'

/** The words an error adds about the call's effect (see RequestOptions). */
export interface EffectHints {
  /** After an error that leaves the effect unknown, e.g. "the build may have started". */
  ambiguousHint?: string
  /** After an error after which the call provably had no effect, e.g. "no build was started". */
  noEffectHint?: string
}

/** The backoff settings of a client. */
export interface BackoffSettings {
  /** First delay; doubled on every retry, with jitter, up to 10 s. */
  retryBaseMs: number
  /** Longest wait accepted from a Retry-After header. */
  maxRetryAfterMs: number
}

const MAX_BACKOFF_MS = 10_000

/** The retry mode a method has unless a call says otherwise: POST and PATCH may act twice. */
export function defaultRetryMode(method: string): RetryMode {
  return method === 'POST' || method === 'PATCH' ? 'once' : 'idempotent'
}

/** Whether a failure may be retried under `mode`. */
export function isRetriable(failure: Failure, mode: RetryMode): boolean {
  // A failure that will not change on a repeat (a proxy refusing the credentials) is not repeated, even one that never arrived.
  if (!failure.transient) return false
  return mode === 'idempotent' || failure.neverArrived || failure.status === 429
}

/**
 * The wait before attempt `attempt + 1`: the service's Retry-After when it gave one
 * (undefined when that is longer than the action accepts), else an exponential
 * backoff with jitter. `random` is Math.random, injectable for tests.
 */
export function backoffDelay(
  attempt: number,
  retryAfterMs: number | undefined,
  settings: BackoffSettings,
  random: () => number = Math.random
): number | undefined {
  if (retryAfterMs !== undefined) return retryAfterMs > settings.maxRetryAfterMs ? undefined : retryAfterMs
  const base = settings.retryBaseMs * 2 ** (attempt - 1)
  return Math.round(Math.min(base, MAX_BACKOFF_MS) * (0.5 + random() / 2))
}

/** Whether a failed attempt may still have been applied: it reached the service and no definite refusal came back. */
export function mayHaveApplied(failure: Failure): boolean {
  if (failure.neverArrived || failure.kind === 'cancelled') return false
  return failure.kind !== 'http' || (failure.status ?? 0) >= 500
}

/**
 * Whether a `once` call's failure leaves its effect unknown. A 5xx may come from a
 * gateway after the service acted, so it is as uncertain as a dropped connection.
 */
export function isAmbiguous(failure: Failure, mode: RetryMode): boolean {
  return mode === 'once' && !failure.neverArrived && (failure.kind !== 'http' || (failure.status ?? 0) >= 500)
}

/** What the last attempt of a call came to, for its final error. */
export interface FinalAttempt {
  method: string
  path: string
  failure: Failure
  mode: RetryMode
  attempts: number
  hints: EffectHints
  /** Why the retries stopped early, when they did. */
  extra?: string
  earlierMayHaveApplied: boolean
}

/** The error message of a call that is given up on: what failed, how often, and what it means for its effect. */
export function finalMessage({ method, path, failure, mode, attempts, hints, extra }: FinalAttempt): string {
  const parts = [`${method} ${path} failed: ${failure.reason}`]
  if (extra) parts.push(extra)
  if (attempts > 1) parts.push(`gave up after ${attempts} attempts`)
  if (isAmbiguous(failure, mode)) {
    parts.push(
      `the request may have reached the service, so it was not sent again${hints.ambiguousHint ? `: ${hints.ambiguousHint}` : ''}`
    )
  } else if (mode === 'once' && hints.noEffectHint) {
    // The two failures after which a `once` call is repeated: it provably had no effect.
    if (failure.neverArrived) parts.push(`the request never reached the service, so ${hints.noEffectHint}`)
    else if (failure.status === 429) parts.push(`the service declined it (rate limit), so ${hints.noEffectHint}`)
  }
  return parts.join('; ')
}

/** The ApiError of a call that is given up on. */
export function finalError(attempt: FinalAttempt): ApiError {
  const { method, path, failure, mode, earlierMayHaveApplied } = attempt
  return new ApiError({
    kind: failure.kind,
    message: finalMessage(attempt),
    method,
    path,
    status: failure.status,
    serviceMessage: failure.serviceMessage,
    mayHaveTakenEffect: isAmbiguous(failure, mode),
    earlierAttemptMayHaveApplied: earlierMayHaveApplied
  })
}
