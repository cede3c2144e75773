/**
 * What a build reports besides its status: its steps (the step summary) and its test results,
 * both computed from the build's timestamps and outcome whenever asked, like its progress.
 *
 * Steps share the build's run time evenly; a step is listed once it has finished (the service's
 * reference: "updated as steps finish", 404 while none has). A failing build fails in the step
 * the seed marks (the last when none is marked), with its `errors`; the steps after it are
 * skipped with a `status_reason`. An aborted build's running step is aborted and the rest absent.
 * Test results answer 400 while the build runs, else the seed's status (403, 404, 502), else
 * suites whose marked cases fail when the build failed.
 */
import { progressOf } from './build-progress.js'
import type { BuildRecord } from './build-records.js'
import type { AppRecord } from './records.js'
import type { SeedStep, SeedTestResults } from './types.js'

const DEFAULT_STEPS: SeedStep[] = [
  { title: 'Git clone', step_id: 'git-clone' },
  {
    title: 'Run unit tests',
    step_id: 'script',
    fails: true,
    errors: ['Script exited with status 1: 1 test failed (LoginTests.testRejectsWrongPassword)']
  },
  { title: 'Deploy to the service', step_id: 'deploy-to-bitrise-io' }
]

const DEFAULT_TESTS: Required<SeedTestResults>['suites'] = [
  {
    name: 'LoginTests',
    cases: [
      { name: 'testAcceptsRightPassword', classname: 'LoginTests' },
      {
        name: 'testRejectsWrongPassword',
        classname: 'LoginTests',
        fails: true,
        failure_message: 'XCTAssertEqual failed: ("200") is not equal to ("401")',
        file: 'Tests/LoginTests.swift',
        line: 42
      }
    ]
  },
  { name: 'ProfileTests', cases: [{ name: 'testShowsName', classname: 'ProfileTests' }] }
]

const iso = (ms: number): string => new Date(ms).toISOString()

/** The step summary's answer, or null for the 404 of a build that has no finished step yet (or is on hold). */
export function stepSummaryOf(app: AppRecord, build: BuildRecord, now: number): Record<string, unknown> | null {
  if (build.startedAt === null) return null
  const progress = progressOf(build, now)
  const seeded = app.steps && app.steps.length > 0 ? app.steps : DEFAULT_STEPS
  const slot = build.durationMs / seeded.length
  const failing = Math.max(
    seeded.findIndex((s) => s.fails),
    0
  )
  const failAt = build.outcome === 'failure' ? (seeded.some((s) => s.fails) ? failing : seeded.length - 1) : -1
  const cut = build.abort ? build.abort.at : now
  const steps: Array<Record<string, unknown>> = []
  for (const [index, step] of seeded.entries()) {
    const started = build.startedAt + index * slot
    const finished = started + slot
    const base = {
      uuid: `${build.slug}-${index}`,
      step_id: step.step_id ?? 'script',
      title: step.title,
      version: '1.0.0'
    }
    if (build.abort && started <= cut && finished > cut) {
      steps.push({ ...base, status: 'aborted', started_at: iso(started), finished_at: iso(cut), errors: ['aborted'] })
      break
    }
    if (finished > cut) break
    if (failAt >= 0 && index > failAt) {
      steps.push({ ...base, status: 'skipped', status_reason: 'a previous step failed', started_at: iso(started) })
      continue
    }
    const failed = index === failAt
    steps.push({
      ...base,
      status: failed ? 'failed' : 'success',
      started_at: iso(started),
      finished_at: iso(finished),
      ...(failed ? { errors: step.errors ?? [`${step.title} failed`] } : {})
    })
  }
  if (steps.length === 0 && progress.status === 0) return null
  return {
    build_id: build.slug,
    execution: {
      build_environment_setup: {
        started_at: iso(build.startedAt),
        finished_at: iso(build.startedAt),
        status: 'success'
      },
      workflows: [{ uuid: `${build.slug}-wf`, workflow_id: build.triggeredWorkflow, steps }],
      with_groups: null,
      step_bundles: null
    }
  }
}

/** The test results' status and answer: 400 while the build runs, the seed's status, or the suites. */
export function testResultsOf(app: AppRecord, build: BuildRecord, now: number): { status: number; json: unknown } {
  const progress = progressOf(build, now)
  if (progress.status === 0) return { status: 400, json: { message: 'the build is not finished yet' } }
  const seeded = app.testResults
  if (seeded?.status !== undefined) return { status: seeded.status, json: { message: MESSAGES[seeded.status] } }
  const failed = progress.status === 2
  const suites = (seeded?.suites ?? DEFAULT_TESTS).map((suite) => ({
    name: suite.name,
    test_cases: suite.cases.map((one) => ({
      name: one.name,
      classname: one.classname ?? suite.name,
      status: failed && one.fails ? 'failed' : 'passed',
      duration: 0.25,
      ...(failed && one.fails
        ? { failure_message: one.failure_message ?? 'failed', file: one.file, line: one.line }
        : {})
    }))
  }))
  return { status: 200, json: { test_suites: suites } }
}

const MESSAGES: Record<number, string> = {
  403: 'the plan of the workspace does not include test reports',
  404: 'not found',
  502: 'the test results could not be fetched, try again later'
}
