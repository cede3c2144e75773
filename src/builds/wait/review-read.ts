/**
 * The reviewer's view of a finished build: its steps (the step summary) and its tests (the test
 * results), read once the build has ended. Neither is needed to know how the build ended, so a
 * summary or results the service does not have, or refuses, change nothing else: the log says
 * so once. Test results the service has not written yet (400 right after the end) are asked for
 * again a few times within a bounded time; a 502 is retried by the client as a transient fault.
 * What the step shows of the view is report/review.ts.
 */
import { readStepSummary, type BuildStep } from '../../api/step-summary.js'
import { readTestResults, type TestResultsAnswer, type TestSuite } from '../../api/test-results.js'
import type { HandlerContext } from '../../step/context.js'
import type { ReviewView } from '../report/review.js'
import { askAgain } from './loop.js'

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
    ;({ answer } = await askAgain(
      RESULTS_RETRIES,
      pause,
      ctx.signal,
      () => readTestResults(ctx.client, appSlug, buildSlug, ctx.signal),
      (read) => read.kind !== 'none' || read.why !== 'not-finished'
    ))
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
