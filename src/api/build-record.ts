import { ApiError } from '../http/api-error.js'
import { timingOf, type BuildTiming } from './build-timing.js'

/** The service's record of a build (GET /apps/{app}/builds/{build}): the fields the action reads, checked, typed and named in the action's words. */
export interface ServiceBuild {
  slug?: string
  buildNumber?: number
  /** 0 not finished, 1 success, 2 failed, 3 aborted, 4 aborted with success. */
  status?: number
  statusText?: string
  isOnHold?: boolean
  abortReason?: string
  triggeredWorkflow?: string
  branch?: string
  /** When it started on a worker: the wait aims its reads at the end it expects from there. */
  startedOnWorkerAt?: string
  finishedAt?: string
  /** How long it waited and ran, and its cost, when the record tells. */
  timing: BuildTiming
}

/** How a build ended: the service's status code mapped to a word. */
export type BuildStatus = 'success' | 'failed' | 'aborted' | 'aborted-with-success'

const STATUS_WORDS: Record<number, BuildStatus> = { 1: 'success', 2: 'failed', 3: 'aborted', 4: 'aborted-with-success' }

/** The word for a finished build's status; undefined while it runs (status 0). */
export function statusWord(status: number): BuildStatus | undefined {
  return STATUS_WORDS[status]
}

/**
 * Checks a build record as received. Whole numbers may arrive as numeric strings
 * (some clients of the service send them so); any other value of `status` or
 * `build_number` is refused, naming the field, the value and its JSON type.
 */
export function readServiceBuild(data: unknown, method: string, path: string): ServiceBuild {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw invalid(method, path, `the build record is ${describeValue(data)}, not an object`)
  }
  const raw = data as Record<string, unknown>
  let status: number | undefined
  let buildNumber: number | undefined
  try {
    status = wholeNumber(raw.status, 'status')
    buildNumber = wholeNumber(raw.build_number, 'build_number', true)
  } catch (error) {
    throw invalid(method, path, (error as Error).message)
  }
  if (status !== undefined && status !== 0 && statusWord(status) === undefined) {
    throw invalid(
      method,
      path,
      `unknown build status ${describeValue(raw.status)}; known: 0 (running), 1 (success), 2 (failed), 3 (aborted), 4 (aborted with success)`
    )
  }
  return {
    slug: text(raw.slug),
    buildNumber: buildNumber,
    status,
    statusText: text(raw.status_text),
    isOnHold: raw.is_on_hold === true,
    abortReason: text(raw.abort_reason),
    triggeredWorkflow: text(raw.triggered_workflow),
    branch: text(raw.branch),
    startedOnWorkerAt: text(raw.started_on_worker_at),
    finishedAt: text(raw.finished_at),
    timing: timingOf({
      triggered: raw.triggered_at,
      started: raw.started_on_worker_at,
      finished: raw.finished_at,
      credits: raw.credit_cost
    })
  }
}

/**
 * A whole number, or a string of digits standing for one; undefined when absent
 * (and, where `nullable`, when null). Anything else throws naming the field, the
 * value and its JSON type.
 */
export function wholeNumber(value: unknown, field: string, nullable = false): number | undefined {
  if (value === undefined || (nullable && value === null)) return undefined
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value)
  throw new Error(`${field} is ${describeValue(value)}, not a whole number`)
}

/** A value from an answer, for an error message: its JSON text, cut short, and its JSON type, e.g. `"abc" (a string)`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'missing'
  if (value === null) return 'null'
  const json = JSON.stringify(value) ?? String(value)
  const shown = json.length > 60 ? `${json.slice(0, 60)}...` : json
  const type = Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`
  return `${shown} (${type})`
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

function invalid(method: string, path: string, what: string): ApiError {
  return ApiError.invalidResponse({
    method,
    path,
    message: `${method} ${path} answered a build record the action cannot read: ${what}`
  })
}
