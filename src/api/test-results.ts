/**
 * The tests of a finished build: `GET /apps/{app-slug}/builds/{build-slug}/test-results`, "Get the
 * test results of a build" in the service's API reference (not in the published contract). The
 * reference gives 200 (suites and cases with status, duration and failure message), 400 while the
 * build is not finished, 403 when the Workspace's plan lacks test reports, 404 and 502 ("try again
 * later"). It shows no field names, so each is read under its likely spellings (`test_suites` or
 * `suites` or `data`; `test_cases`, `cases` or `tests`; `failure_message`, `message` or `failure`),
 * and counts come from the cases themselves.
 */
import { isHttpError } from '../http/api-error.js'
import type { ServiceClient } from '../http/service-client.js'
import { recordOf, textOf } from './field.js'
import { buildPath } from './paths.js'

/** A test case's outcome in one word. */
export type CaseState = 'passed' | 'failed' | 'skipped' | 'other'

/** One test case, as the action's own type. */
export interface TestCase {
  name: string
  className?: string
  state: CaseState
  flaky: boolean
  durationSeconds?: number
  message?: string
  file?: string
  line?: number
}

/** One suite: its counts over every case, and the cases kept (the failed ones first, at most MAX_CASES_KEPT). */
export interface TestSuite {
  name: string
  total: number
  failed: number
  skipped: number
  flaky: number
  failedCases: TestCase[]
}

/** The suites read, or why none: not finished yet (400), the plan lacks test reports (403), none (404). */
export type TestResultsAnswer =
  { kind: 'read'; suites: TestSuite[] } | { kind: 'none'; why: 'not-finished' | 'plan' | 'not-found' }

/** Failed cases kept per suite: the rest are counted, not held. */
export const MAX_CASES_KEPT = 50
const MAX_SUITES = 200

const STATES: Record<string, CaseState> = {
  passed: 'passed',
  pass: 'passed',
  success: 'passed',
  succeeded: 'passed',
  ok: 'passed',
  failed: 'failed',
  fail: 'failed',
  failure: 'failed',
  error: 'failed',
  errored: 'failed',
  skipped: 'skipped',
  skip: 'skipped',
  ignored: 'skipped',
  disabled: 'skipped',
  flaky: 'passed'
}

/** The build's test results, or why there are none; any other failure (502 after its retries) is thrown. */
export async function readTestResults(
  client: ServiceClient,
  appSlug: string,
  buildSlug: string,
  signal?: AbortSignal
): Promise<TestResultsAnswer> {
  try {
    const res = await client.request<unknown>('GET', buildPath(appSlug, buildSlug, 'test-results'), { signal })
    return { kind: 'read', suites: suitesIn(res.body) }
  } catch (error) {
    if (isHttpError(error, 400)) return { kind: 'none', why: 'not-finished' }
    if (isHttpError(error, 403)) return { kind: 'none', why: 'plan' }
    if (isHttpError(error, 404)) return { kind: 'none', why: 'not-found' }
    throw error
  }
}

function list(holder: Record<string, unknown> | undefined, names: string[]): unknown[] | undefined {
  for (const name of names) if (Array.isArray(holder?.[name])) return holder[name] as unknown[]
  return undefined
}

/** The suites of an answer, under their likely names, or the answer itself when it is a list. */
export function suitesIn(body: unknown): TestSuite[] {
  const top = recordOf(body)
  const data = recordOf(top?.data)
  const suites =
    (Array.isArray(body) ? body : undefined) ??
    list(top, ['test_suites', 'suites', 'testsuites', 'data']) ??
    list(data, ['test_suites', 'suites', 'testsuites']) ??
    []
  return suites.slice(0, MAX_SUITES).flatMap((raw) => {
    const suite = recordOf(raw)
    return suite ? [suiteOf(suite)] : []
  })
}

function suiteOf(suite: Record<string, unknown>): TestSuite {
  const cases = list(suite, ['test_cases', 'cases', 'tests', 'testcases']) ?? []
  const out: TestSuite = {
    name: textOf(suite.name) ?? textOf(suite.title) ?? '(unnamed suite)',
    total: 0,
    failed: 0,
    skipped: 0,
    flaky: 0,
    failedCases: []
  }
  for (const raw of cases) {
    const item = recordOf(raw)
    if (!item) continue
    const one = caseOf(item)
    out.total++
    if (one.flaky) out.flaky++
    if (one.state === 'skipped') out.skipped++
    if (one.state !== 'failed') continue
    out.failed++
    if (out.failedCases.length < MAX_CASES_KEPT) out.failedCases.push(one)
  }
  return out
}

function caseOf(item: Record<string, unknown>): TestCase {
  const status = (textOf(item.status) ?? textOf(item.result) ?? '').toLowerCase()
  const failure = recordOf(item.failure) ?? recordOf(item.error)
  const message =
    textOf(item.failure_message) ??
    textOf(item.message) ??
    textOf(item.failure) ??
    textOf(item.error) ??
    textOf(failure?.message) ??
    textOf(failure?.text)
  const seconds = Number(item.duration ?? item.time ?? item.duration_seconds)
  const line = Number(item.line)
  return {
    name: textOf(item.name) ?? textOf(item.title) ?? '(unnamed case)',
    className: textOf(item.classname) ?? textOf(item.class_name),
    state: STATES[status] ?? (message !== undefined ? 'failed' : 'other'),
    flaky: status === 'flaky' || item.is_flaky === true || item.flaky === true,
    durationSeconds: Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined,
    message,
    file: textOf(item.file) ?? textOf(item.file_path),
    line: Number.isInteger(line) && line > 0 ? line : undefined
  }
}
