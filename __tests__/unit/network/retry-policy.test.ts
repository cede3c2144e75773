/** The retry policy's pure functions, without a socket: which failures are retried, how long to wait, and the final words. */
import { describe, expect, it } from '@jest/globals'
import { ApiError } from '../../../src/http/api-error.js'
import type { Failure } from '../../../src/http/failure.js'
import { failureFromError, readResponse } from '../../../src/http/failure.js'
import {
  backoffDelay,
  defaultRetryMode,
  finalError,
  finalMessage,
  isRetriable,
  mayHaveApplied,
  type FinalAttempt
} from '../../../src/http/retry-policy.js'

const failures: Record<string, Failure> = {
  refused: { kind: 'network', reason: 'the connection was refused', transient: true, neverArrived: true },
  proxyAuthentication: {
    kind: 'network',
    reason: 'the proxy refused the tunnel: it answered 407',
    transient: false,
    neverArrived: true
  },
  dropped: { kind: 'network', reason: 'the connection was closed', transient: true, neverArrived: false },
  timeout: { kind: 'timeout', reason: 'no complete answer within 1000 ms', transient: true, neverArrived: false },
  rateLimited: { kind: 'http', status: 429, reason: 'the service answered 429', transient: true, neverArrived: false },
  serverError: { kind: 'http', status: 502, reason: 'the service answered 502', transient: true, neverArrived: false },
  notFound: { kind: 'http', status: 404, reason: 'the service answered 404', transient: false, neverArrived: false },
  notJson: { kind: 'invalid-response', status: 200, reason: 'not JSON', transient: true, neverArrived: false },
  cancelled: { kind: 'cancelled', reason: 'the job was cancelled', transient: false, neverArrived: false }
}

describe('isRetriable and mayHaveApplied', () => {
  it.each([
    ['refused', true, true, false],
    ['proxyAuthentication', false, false, false],
    ['dropped', true, false, true],
    ['timeout', true, false, true],
    ['rateLimited', true, true, false],
    ['serverError', true, false, true],
    ['notFound', false, false, false],
    ['notJson', true, false, true],
    ['cancelled', false, false, false]
  ] as const)('%s: idempotent %s, once %s, may have applied %s', (name, idempotent, once, applied) => {
    const failure = failures[name]
    expect({
      idempotent: isRetriable(failure, 'idempotent'),
      once: isRetriable(failure, 'once'),
      applied: mayHaveApplied(failure)
    }).toEqual({ idempotent, once, applied })
  })

  it('POST and PATCH are sent once by default; GET, PUT and DELETE may be repeated', () => {
    expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map(defaultRetryMode)).toEqual([
      'idempotent',
      'once',
      'idempotent',
      'once',
      'idempotent'
    ])
  })
})

describe('backoffDelay', () => {
  const settings = { retryBaseMs: 500, maxRetryAfterMs: 60_000 }

  it('doubles from the base, with jitter between half and all of it, up to 10 s', () => {
    expect([1, 2, 3].map((attempt) => backoffDelay(attempt, undefined, settings, () => 1))).toEqual([500, 1000, 2000])
    expect(backoffDelay(1, undefined, settings, () => 0)).toBe(250)
    expect(backoffDelay(10, undefined, settings, () => 1)).toBe(10_000)
  })

  it('takes Retry-After as given, and refuses one longer than allowed', () => {
    expect(backoffDelay(1, 3000, settings)).toBe(3000)
    expect(backoffDelay(1, 61_000, settings)).toBeUndefined()
  })
})

describe('the final error', () => {
  const base: FinalAttempt = {
    method: 'POST',
    path: '/apps/a/builds',
    failure: failures.dropped,
    mode: 'once',
    attempts: 1,
    hints: { ambiguousHint: 'the build may have started', noEffectHint: 'no build was started' },
    earlierMayHaveApplied: false
  }

  it('says a once call that may have arrived was not sent again', () => {
    expect(finalMessage(base)).toBe(
      'POST /apps/a/builds failed: the connection was closed; the request may have reached the service, so it was not sent again: the build may have started'
    )
    expect(finalError(base)).toMatchObject({ kind: 'network', mayHaveTakenEffect: true })
  })

  it('says a once call that never arrived had no effect, after how many attempts', () => {
    expect(finalMessage({ ...base, failure: failures.refused, attempts: 3 })).toBe(
      'POST /apps/a/builds failed: the connection was refused; gave up after 3 attempts; the request never reached the service, so no build was started'
    )
    expect(finalMessage({ ...base, failure: failures.rateLimited, attempts: 2 })).toMatch(
      /the service declined it \(rate limit\), so no build was started$/
    )
  })

  it('adds why the retries stopped, and keeps an idempotent call free of effect words', () => {
    expect(
      finalMessage({
        ...base,
        mode: 'idempotent',
        failure: failures.serverError,
        extra: 'the service asked for a longer wait than the action allows'
      })
    ).toBe(
      'POST /apps/a/builds failed: the service answered 502; the service asked for a longer wait than the action allows'
    )
    const error = finalError({ ...base, mode: 'idempotent', failure: failures.notFound, earlierMayHaveApplied: true })
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      kind: 'http',
      status: 404,
      mayHaveTakenEffect: false,
      earlierAttemptMayHaveApplied: true
    })
  })
})

describe('classifying what the transport saw', () => {
  it('reads a 2xx body, an error status, HTML and an empty GET', () => {
    expect(readResponse('GET', { status: 200, contentType: 'application/json', text: '{"a":1}' })).toEqual({
      ok: true,
      body: { a: 1 }
    })
    expect(readResponse('PUT', { status: 204, contentType: '', text: '' })).toEqual({ ok: true, body: undefined })
    const refused = readResponse('GET', {
      status: 503,
      contentType: 'application/json',
      text: '{"error_msg":"down"}',
      retryAfter: '2'
    })
    expect(refused).toEqual({
      ok: false,
      failure: {
        kind: 'http',
        status: 503,
        serviceMessage: 'down',
        reason: 'the service answered 503: down',
        transient: true,
        neverArrived: false,
        retryAfterMs: 2000
      }
    })
    expect(readResponse('GET', { status: 200, contentType: 'text/html', text: '<html>' })).toMatchObject({
      ok: false,
      failure: { kind: 'invalid-response' }
    })
    expect(readResponse('GET', { status: 200, contentType: 'application/json', text: ' ' })).toMatchObject({
      ok: false,
      failure: { reason: expect.stringContaining('empty body') }
    })
  })

  it('tells a cancelled job, a timeout and a refused connection apart', () => {
    const refused = Object.assign(new Error('connect'), { cause: { code: 'ECONNREFUSED' } })
    expect(failureFromError(refused, { cancelled: true, timedOut: false, timeoutMs: 5 }).kind).toBe('cancelled')
    expect(failureFromError(refused, { cancelled: false, timedOut: true, timeoutMs: 5 }).kind).toBe('timeout')
    expect(failureFromError(refused, { cancelled: false, timedOut: false, timeoutMs: 5 })).toMatchObject({
      kind: 'network',
      neverArrived: true
    })
  })
})
