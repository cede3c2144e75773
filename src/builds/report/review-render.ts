/**
 * The reviewer's view as text, from plain data (the steps and suites of src/api/), so every place
 * that shows a build's end renders it the same way: the job summary's sections, the Markdown of a
 * check run and a pull request comment, the outputs and the annotations. Every text from the
 * service is escaped where it lands, and every list is capped.
 */
import type { BuildStep } from '../../api/step-summary.js'
import type { TestCase, TestSuite } from '../../api/test-results.js'
import type { SummarySection } from '../../summary/section.js'
import { escape } from '../../summary/text.js'

/** Rows and cases shown in the comment and the check run; the outputs hold every one. */
export const MAX_STEP_ROWS = 30
export const MAX_SUITE_ROWS = 20
export const MAX_FAILED_CASES_SHOWN = 10
/** Characters of one error or failure message shown. */
export const MAX_MESSAGE_CHARS = 300
/**
 * Characters of the whole view in a comment or a check run: GitHub takes 65,536 in either, and
 * the state line and the AI summary share them; escaping can make a text several times longer.
 */
export const MAX_MARKDOWN_CHARS = 30_000

/** A failed step as the failed-steps output gives it. */
export interface FailedStep {
  workflow: string
  step: string
  errors: string[]
}

/** A step that failed or was aborted: what the reviewer looks for first. */
export const broke = (step: BuildStep): boolean => step.state === 'failed' || step.state === 'aborted'

/** The failed-steps output: each failed or aborted step with its workflow and errors. */
export function failedSteps(steps: BuildStep[]): FailedStep[] {
  return steps.filter(broke).map((step) => ({ workflow: step.workflow, step: step.title, errors: step.errors }))
}

/** The counts over every suite. */
export function testCounts(suites: TestSuite[]): { total: number; failed: number; skipped: number; flaky: number } {
  const sum = (pick: (suite: TestSuite) => number): number => suites.reduce((all, suite) => all + pick(suite), 0)
  return {
    total: sum((s) => s.total),
    failed: sum((s) => s.failed),
    skipped: sum((s) => s.skipped),
    flaky: sum((s) => s.flaky)
  }
}

/** The failed cases with their suite, in order, the first `max`. */
export function firstFailedCases(suites: TestSuite[], max: number): Array<{ suite: string; case: TestCase }> {
  return suites.flatMap((suite) => suite.failedCases.map((one) => ({ suite: suite.name, case: one }))).slice(0, max)
}

/** A duration in seconds, short: "1.5 s", or "" when unknown. */
export function seconds(value: number | undefined): string {
  return value === undefined ? '' : `${Math.round(value * 10) / 10} s`
}

/** The title of a failed case: its suite, its class when it differs, and its name. */
export function caseTitle(suite: string, one: TestCase): string {
  const klass = one.className && one.className !== suite ? ` › ${one.className}` : ''
  return `${suite}${klass} › ${one.name}`
}

/** "1 failed of 3 steps" and "2 failed of 40 tests in 3 suites", the heads of each part. */
export function stepsHead(steps: BuildStep[]): string {
  const failed = steps.filter(broke).length
  return failed > 0 ? `Steps: ${failed} failed of ${steps.length}` : `Steps: all ${steps.length} passed or skipped`
}

export function testsHead(suites: TestSuite[]): string {
  const counts = testCounts(suites)
  const flaky = counts.flaky > 0 ? `, ${counts.flaky} flaky` : ''
  const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : ''
  const lead = counts.failed > 0 ? `${counts.failed} failed of ${counts.total}` : `all ${counts.total} passed`
  return `Tests: ${lead}${skipped}${flaky} in ${suites.length} suite(s)`
}

/** The job summary's sections of the view: one for the steps, one for the tests, each led by its result. */
export function reviewSections(view: { steps?: BuildStep[]; tests?: TestSuite[] }): SummarySection[] {
  const sections: SummarySection[] = []
  if (view.steps && view.steps.length > 0) {
    const rows = view.steps.map((step) => [step.title, step.status, seconds(step.durationSeconds), step.workflow])
    sections.push({
      heading: stepsHead(view.steps),
      table: [['Step', 'Status', 'Duration', 'Workflow'], ...rows],
      lines: view.steps.filter(broke).flatMap((step) => stepErrors(step).map((error) => `${step.title}: ${error}`))
    })
  }
  if (view.tests && view.tests.length > 0) {
    const rows = view.tests.map((s) => [s.name, String(s.total), String(s.failed), String(s.skipped), String(s.flaky)])
    sections.push({
      heading: testsHead(view.tests),
      table: [['Suite', 'Tests', 'Failed', 'Skipped', 'Flaky'], ...rows],
      lines: firstFailedCases(view.tests, MAX_FAILED_CASES_SHOWN).map(
        ({ suite, case: one }) =>
          `${caseTitle(suite, one)}${place(one)}: ${(one.message ?? 'failed').slice(0, MAX_MESSAGE_CHARS)}`
      )
    })
  }
  return sections
}

function stepErrors(step: BuildStep): string[] {
  return step.errors.length > 0 ? step.errors.map((e) => e.slice(0, MAX_MESSAGE_CHARS)) : [step.status || 'failed']
}

function place(one: TestCase): string {
  return one.file ? ` (${one.file}${one.line !== undefined ? `:${one.line}` : ''})` : ''
}

/** The view as Markdown for a check run's summary or a pull request comment; every service text escaped; empty without a view. */
export function reviewMarkdown(view: { steps?: BuildStep[]; tests?: TestSuite[] }): string {
  const parts: string[] = []
  if (view.steps && view.steps.length > 0) {
    const shown = [...view.steps.filter(broke), ...view.steps.filter((s) => !broke(s))].slice(0, MAX_STEP_ROWS)
    const kept = view.steps.filter((s) => shown.includes(s))
    const rows = kept.map(
      (s) => `| ${escape(s.title, 100)} | ${escape(s.status, 30)} | ${seconds(s.durationSeconds)} |`
    )
    const more = view.steps.length > kept.length ? [`\n${view.steps.length - kept.length} more step(s) not shown.`] : []
    const errors = view.steps
      .filter(broke)
      .slice(0, MAX_STEP_ROWS)
      .map(
        (s) =>
          `> **${escape(s.title, 100)}**: ${stepErrors(s)
            .map((e) => escape(e, MAX_MESSAGE_CHARS))
            .join('; ')}`
      )
    parts.push(
      [`**${stepsHead(view.steps)}**`, '', '| Step | Status | Duration |', '|---|---|---|', ...rows, ...more].join(
        '\n'
      ),
      ...(errors.length > 0 ? [errors.join('\n>\n')] : [])
    )
  }
  if (view.tests && view.tests.length > 0) {
    const suites = view.tests.slice(0, MAX_SUITE_ROWS)
    const rows = suites.map((s) => `| ${escape(s.name, 100)} | ${s.total} | ${s.failed} | ${s.skipped} | ${s.flaky} |`)
    const more =
      view.tests.length > suites.length ? [`\n${view.tests.length - suites.length} more suite(s) not shown.`] : []
    const cases = firstFailedCases(view.tests, MAX_FAILED_CASES_SHOWN).map(
      ({ suite, case: one }) =>
        `- **${escape(caseTitle(suite, one), 200)}**${escape(place(one), 200)}: ${escape(one.message ?? 'failed', MAX_MESSAGE_CHARS)}`
    )
    parts.push(
      [
        `**${escape(testsHead(view.tests))}**`,
        '',
        '| Suite | Tests | Failed | Skipped | Flaky |',
        '|---|---|---|---|---|',
        ...rows,
        ...more
      ].join('\n'),
      ...(cases.length > 0 ? [cases.join('\n')] : [])
    )
  }
  return capped(parts.join('\n\n'))
}

/** At most MAX_MARKDOWN_CHARS, cut at a line's end (no character reference is split), saying so. */
function capped(text: string): string {
  if (text.length <= MAX_MARKDOWN_CHARS) return text
  const end = text.lastIndexOf('\n', MAX_MARKDOWN_CHARS)
  return `${text.slice(0, end)}\n\n(cut here: the job summary and the outputs hold the rest)`
}
