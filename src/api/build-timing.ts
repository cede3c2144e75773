/**
 * How long a build (a pipeline, or a pipeline's workflow) waited and ran, and what it cost,
 * from the times and the `credit_cost` of its record. Every field may be missing: the service
 * leaves `credit_cost` null on plans without credits, and the times of an unfinished build
 * empty. A value that is absent, null or unreadable gives no figure, never an error.
 */

/** Whole seconds and credits; each undefined when the record does not tell. */
export interface BuildTiming {
  /** From the start on a worker to the end. */
  durationSeconds?: number
  /** From the trigger to the start on a worker. */
  queueSeconds?: number
  creditCost?: number
}

/** The record's fields, as received. */
export interface RawTimes {
  triggered?: unknown
  started?: unknown
  finished?: unknown
  credits?: unknown
}

/** The timing the record's fields give. */
export function timingOf(raw: RawTimes): BuildTiming {
  const triggered = instant(raw.triggered)
  const started = instant(raw.started)
  const finished = instant(raw.finished)
  return {
    durationSeconds: seconds(started, finished),
    queueSeconds: seconds(triggered, started),
    creditCost: credits(raw.credits)
  }
}

/** The timing as the `builds` output lists it per build: only the figures known. */
export function timingFields(timing: BuildTiming): {
  'duration-seconds'?: number
  'queue-seconds'?: number
  'credit-cost'?: number
} {
  return {
    ...(timing.durationSeconds !== undefined ? { 'duration-seconds': timing.durationSeconds } : {}),
    ...(timing.queueSeconds !== undefined ? { 'queue-seconds': timing.queueSeconds } : {}),
    ...(timing.creditCost !== undefined ? { 'credit-cost': timing.creditCost } : {})
  }
}

/** Milliseconds of an ISO 8601 date and time with a zone; undefined for anything else. */
function instant(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)$/i.test(value))
    return undefined
  const ms = Date.parse(value)
  return Number.isFinite(ms) ? ms : undefined
}

/** Whole seconds from one instant to a later one (the service's clocks may disagree by a little: never below 0). */
function seconds(from: number | undefined, to: number | undefined): number | undefined {
  if (from === undefined || to === undefined) return undefined
  return Math.max(0, Math.round((to - from) / 1000))
}

/** A cost of 0 or more credits (a number, or a numeric string); undefined when absent, null or anything else. */
function credits(value: unknown): number | undefined {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN
  return Number.isFinite(n) && n >= 0 ? n : undefined
}
