/** The job summary file: sections appended once, within what GitHub shows of a step's summary. */
import { appendFileSync, existsSync, statSync } from 'node:fs'
import { renderSummary } from '../summary/render.js'
import type { SummarySection } from '../summary/section.js'
import { MAX_SUMMARY_BYTES } from '../summary/text.js'

/** Appends the sections to GITHUB_STEP_SUMMARY; nothing when the runner gives no summary file. */
export function writeSummary(sections: SummarySection[]): void {
  const file = process.env.GITHUB_STEP_SUMMARY
  if (sections.length === 0 || !file) return
  if (!existsSync(file)) throw new Error(`the summary file ${file} does not exist`)
  appendFileSync(file, renderSummary(sections, MAX_SUMMARY_BYTES - statSync(file).size), { encoding: 'utf8' })
}
