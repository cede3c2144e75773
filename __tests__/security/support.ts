/** Checks shared by the security tests: commands in the log, and what the job summary may contain. */
import { expect } from '@jest/globals'
import type { RunResult } from '../helpers/run-action.js'
import { foreignCommands, honouredLines } from '../helpers/workflow-commands.js'

/** The only tags the action writes into a summary. */
const OWN_TAGS = /<\/?(?:h3|p|table|tr|th|td|code)>|<a href="[^"<>\s]*">|<\/a>/g

/**
 * Asserts the run issued no command but its own, that none of `hostileLines`
 * acted as a command, and that the summary file holds no Markdown or HTML but
 * the action's own tags, no blank line, and none of `fragments` as written.
 */
export function expectInert(result: RunResult, secrets: string[], hostileLines: string[], fragments: string[] = []): void {
  expect(foreignCommands(result.stdout, secrets)).toEqual([])
  expect(honouredLines(result.stdout, hostileLines)).toEqual([])
  expectInertSummary(result.files.summary, fragments)
}

/** Asserts the summary's text (outside the action's own tags) has no Markdown or HTML punctuation left raw. */
export function expectInertSummary(summary: string, fragments: string[] = []): void {
  const text = summary.replace(OWN_TAGS, '')
  expect(text.match(/[<>[\]()!|*_`\\]/g) ?? []).toEqual([])
  expect(summary).not.toMatch(/\n[ \t]*\n/)
  for (const fragment of fragments) expect(summary).not.toContain(fragment)
}
