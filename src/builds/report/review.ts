/**
 * The reviewer's view of a finished build as the step shows it: its failed steps and tests in
 * the outputs, annotations and summary. The wait reads the view once the build has ended
 * (wait/review-read.ts).
 */
import type { BuildStep } from '../../api/step-summary.js'
import type { TestSuite } from '../../api/test-results.js'
import { Output } from '../../constants.js'
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

/** Whether the view has no test case to show: the service refused, had none, or gave empty suites. */
export function noTests(view: ReviewView): boolean {
  return !view.tests?.some((suite) => suite.total > 0)
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
