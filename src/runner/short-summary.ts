/**
 * The job summary of a step that failed before it wrote any: its first line and what was wrong,
 * written without loading the summary's renderer (summary/render.ts), so a step refused on its inputs
 * starts no more code than it needs. The HTML is the renderer's, byte for byte, which a test
 * holds to; a section with more than a lead and lines, or one that would bring the summary file
 * near GitHub's limit, is left to the renderer.
 */
import { appendFileSync, existsSync, statSync } from 'node:fs'
import { escape, LEAD_SEPARATOR, leadParts, MAX_LINE_CHARS, MAX_LINES, MAX_SUMMARY_BYTES } from '../summary/text.js'
import type { SummarySection } from '../summary/section.js'

/** Room left for the renderer's note that the summary was cut, and more. */
const MARGIN_BYTES = 4096

/** The section's HTML, or undefined when it holds more than this writer renders. */
export function shortSummaryHtml(section: SummarySection): string | undefined {
  const { lead, lines = [] } = section
  const plain =
    section.facts === undefined &&
    section.table === undefined &&
    section.mermaid === undefined &&
    section.note === undefined &&
    section.link === undefined
  if (
    !lead ||
    !plain ||
    lines.length > MAX_LINES ||
    lead.durationSeconds !== undefined ||
    lead.creditCost !== undefined ||
    (lead.links ?? []).length > 0
  )
    return undefined
  const first = leadParts(lead.mark, lead.result, lead.subject).join(LEAD_SEPARATOR)
  return [`<h3>${first}</h3>`, ...lines.map((line) => `<p>${escape(line, MAX_LINE_CHARS)}</p>`)]
    .map((html) => `${html}\n`)
    .join('')
}

/**
 * Appends the section to GITHUB_STEP_SUMMARY; true when done (or when the runner gives no
 * summary file), false when the renderer must write it instead.
 */
export function writeShortSummary(section: SummarySection): boolean {
  const file = process.env.GITHUB_STEP_SUMMARY
  if (!file) return true
  const html = shortSummaryHtml(section)
  if (html === undefined) return false
  if (!existsSync(file)) throw new Error(`the summary file ${file} does not exist`)
  if (statSync(file).size + Buffer.byteLength(html) + MARGIN_BYTES > MAX_SUMMARY_BYTES) return false
  appendFileSync(file, html, { encoding: 'utf8' })
  return true
}
