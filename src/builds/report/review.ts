/**
 * The reviewer's view of a finished build: its steps (the step summary) and its tests (the test
 * results), read once the build has ended. Neither is needed to know how the build ended, so a
 * summary or results the service does not have, or refuses, change nothing else: the log says
 * so once. Test results the service has not written yet (400 right after the end) are asked for
 * again a few times within a bounded time; a 502 is retried by the client as a transient fault.
 */
import { readStepSummary, type BuildStep } from '../../api/step-summary.js'
import { readTestResults, type TestResultsAnswer, type TestSuite } from '../../api/test-results.js'
import { Output } from '../../constants.js'
import { sleep } from '../../sleep.js'
import type { HandlerContext } from '../../step/context.js'
import {
  broke,
  caseTitle,
  failedSteps,
  firstFailedCases,
  MAX_MESSAGE_CHARS,
  reviewSections,
  testCounts
} from './review-render.js'

/** The outputs reportReview sets. */
export const REVIEW_OUTPUTS = [Output.failedSteps, Output.testsTotal, Output.testsFailed, Output.testResults] as const

/** What the reviewer's view holds: undefined where nothing could be read. */
export interface ReviewView {
  steps?: BuildStep[]
  tests?: TestSuite[]
}

/** How many times results not written yet (400) are asked for again, and the longest pause before each. */
export const RESULTS_RETRIES = 3
export const MAX_RESULTS_PAUSE_MS = 3_000

/** Reads the steps and tests of a finished build; never throws but on a cancelled job. */
export async function readReview(
  appSlug: string,
  buildSlug: string,
  pollIntervalMs: number,
  ctx: HandlerContext,
  fallback = false
): Promise<ReviewView> {
  // With test-report-artifacts, the tests the service cannot give are read from the artifacts next.
  const instead = fallback
    ? 'so the tests are read from the artifacts test-report-artifacts names'
    : 'so no tests are shown'
  return {
    steps: await readSteps(appSlug, buildSlug, ctx),
    tests: await readTests(appSlug, buildSlug, pollIntervalMs, ctx, instead)
  }
}

/** Whether the view has no test case to show: the service refused, had none, or gave empty suites. */
export function noTests(view: ReviewView): boolean {
  return !view.tests?.some((suite) => suite.total > 0)
}

async function readSteps(appSlug: string, buildSlug: string, ctx: HandlerContext): Promise<BuildStep[] | undefined> {
  try {
    const answer = await readStepSummary(ctx.client, appSlug, buildSlug, ctx.signal)
    if (answer.kind === 'read') return answer.steps
    ctx.info(
      answer.why === 'refused'
        ? `The service refused the step summary of build ${buildSlug} (403), so the steps are not shown; the build's result is not affected.`
        : `The service has no step summary of build ${buildSlug} (404), so the steps are not shown; the build's result is not affected.`
    )
  } catch (error) {
    if (ctx.signal.aborted) throw error
    ctx.info(
      `The step summary of build ${buildSlug} could not be read, so the steps are not shown: ${(error as Error).message}`
    )
  }
  return undefined
}

async function readTests(
  appSlug: string,
  buildSlug: string,
  pollIntervalMs: number,
  ctx: HandlerContext,
  instead: string
): Promise<TestSuite[] | undefined> {
  const pause = Math.min(pollIntervalMs, MAX_RESULTS_PAUSE_MS)
  let answer: TestResultsAnswer
  try {
    for (let asked = 1; ; asked++) {
      answer = await readTestResults(ctx.client, appSlug, buildSlug, ctx.signal)
      if (answer.kind !== 'none' || answer.why !== 'not-finished' || asked > RESULTS_RETRIES || ctx.signal.aborted)
        break
      await sleep(pause, ctx.signal)
    }
  } catch (error) {
    if (ctx.signal.aborted) throw error
    ctx.info(`The test results of build ${buildSlug} could not be read, ${instead}: ${(error as Error).message}`)
    return undefined
  }
  if (answer.kind === 'read') return answer.suites
  if (answer.why === 'plan')
    ctx.notice(
      `The Workspace's plan on the service does not include test reports (it answered 403 to the test results of build ${buildSlug}), ${instead}; the build's result is not affected.`
    )
  else
    ctx.info(
      answer.why === 'not-found'
        ? `The service has no test results of build ${buildSlug} (404), ${instead}.`
        : `The service still said build ${buildSlug} was not finished when asked for its test results (400, asked ${RESULTS_RETRIES + 1} times), ${instead}.`
    )
  return undefined
}

/** Annotations of failed test cases: GitHub shows ten errors of a step, and the summary names the rest. */
export const MAX_CASE_ANNOTATIONS = 10

/**
 * The view in the step's outputs, annotations and job summary: each failed step an error titled
 * by the step, each failed case (the first few) an error on its file and line when it names them,
 * and a section each for the steps and the tests after the build's own.
 */
export function reportReview(view: ReviewView, ctx: HandlerContext): void {
  if (view.steps) {
    ctx.output(Output.failedSteps, failedSteps(view.steps))
    for (const step of view.steps.filter(broke))
      ctx.annotate('error', step.errors.join('\n').slice(0, 4 * MAX_MESSAGE_CHARS) || `The step ${step.status}.`, {
        title: `Step ${step.state}: ${step.title.slice(0, 200)}`
      })
  }
  if (view.tests) {
    const counts = testCounts(view.tests)
    ctx.output(Output.testsTotal, counts.total)
    ctx.output(Output.testsFailed, counts.failed)
    ctx.output(Output.testResults, view.tests)
    for (const { suite, case: one } of firstFailedCases(view.tests, MAX_CASE_ANNOTATIONS))
      ctx.annotate('error', (one.message ?? 'The test failed.').slice(0, 4 * MAX_MESSAGE_CHARS), {
        title: `Test failed: ${caseTitle(suite, one).slice(0, 200)}`,
        file: one.file,
        line: one.file ? one.line : undefined
      })
  }
  for (const section of reviewSections(view)) ctx.summary(section)
}
