/** Checks shared by the security tests: commands in the log, and what the job summary may contain. */
import { expect } from '@jest/globals'
import { randomHostileMarkdown, randomHostileText, randomSlug } from '../random.js'
import type { RunResult } from '../run-action.js'
import { foreignCommands, honouredLines } from './honoured-commands.js'

/** The only tags the action writes into a summary. */
const OWN_TAGS = /<\/?(?:h3|p|table|tr|th|td|code|details|summary|b)>|<a href="[^"<>\s]*">|<\/a>/g

/** A pipeline's Mermaid block, the one Markdown the action writes: set off by blank lines, its labels only letters, digits and `#code;` entities. */
const MERMAID = /\n\n```mermaid\n([\s\S]*?)\n```\n\n/g
const MERMAID_LINE =
  /^(flowchart LR|\s+(p0|w\d+)\["[A-Za-z0-9 .,_#;-]*"\]:::\w+|\s+subgraph s\d+ \["[A-Za-z0-9 .,_#;-]*"\]|\s+direction TB|\s+end|\s+(p0|s\d+) --> s\d+|\s+style s\d+ [\w:#,]+|\s+classDef \w+ [\w:#,]+)$/

/**
 * Asserts the run issued no command but its own, that none of `hostileLines`
 * acted as a command, and that the summary file holds no Markdown or HTML but
 * the action's own tags, no blank line, and none of `fragments` as written.
 */
export function expectInert(
  result: RunResult,
  secrets: string[],
  hostileLines: string[],
  fragments: string[] = []
): void {
  expect(foreignCommands(result.stdout, secrets)).toEqual([])
  expect(honouredLines(result.stdout, hostileLines)).toEqual([])
  expectInertSummary(result.files.summary, fragments)
}

/** Asserts the summary's text (outside the action's own tags) has no Markdown or HTML punctuation left raw. */
export function expectInertSummary(whole: string, fragments: string[] = []): void {
  for (const [, flow] of whole.matchAll(MERMAID))
    for (const line of flow.split('\n')) expect(line).toMatch(MERMAID_LINE)
  const summary = whole.replace(MERMAID, '\n')
  const text = summary.replace(OWN_TAGS, '')
  expect(text.match(/[<>[\]()!|*_`\\]/g) ?? []).toEqual([])
  expect(summary).not.toMatch(/\n[ \t]*\n/)
  for (const fragment of fragments) expect(summary).not.toContain(fragment)
}

/** Text a hostile build could write (a step's title, an error, a test's message): commands, Markdown and a mention. */
export function hostileBuildText(): { text: string; commandLines: string[]; fragments: string[] } {
  const text = randomHostileText()
  const markdown = randomHostileMarkdown()
  return {
    text: `${text.text}\n${markdown.text} @${randomSlug()}`,
    commandLines: text.commandLines,
    fragments: markdown.fragments
  }
}
