import * as core from './runner.js'
import type { OutputName } from './constants.js'
import { redact } from './secrets.js'

/** A part of the job summary, described as data so operations need not know the runner. */
export interface SummarySection {
  heading: string
  /** Plain lines, rendered as paragraphs (HTML is escaped). */
  lines?: string[]
  /** Two-column facts, rendered as a table. */
  facts?: Array<[string, string | number | boolean | undefined]>
  /** A table: the first row is the header. */
  table?: string[][]
  link?: { text: string; href: string }
}

/** Where operations put their results: step outputs and the job summary. */
export interface Reporter {
  output(name: OutputName, value: string | number | boolean | object | undefined): void
  summary(section: SummarySection): void
}

/** Writes outputs and summary sections through the runner's files, with secrets removed. */
export class RunnerReporter implements Reporter {
  private readonly sections: SummarySection[] = []

  output(name: OutputName, value: string | number | boolean | object | undefined): void {
    if (value === undefined) return
    const text = typeof value === 'string' ? value : JSON.stringify(value)
    core.setOutput(name, redact(text))
  }

  summary(section: SummarySection): void {
    this.sections.push(section)
  }

  /** Appends the collected sections to the job summary, once, at the end of the step. */
  async flush(): Promise<void> {
    if (this.sections.length === 0 || !process.env.GITHUB_STEP_SUMMARY) return
    // Loaded here, not at start: @actions/core's entry also loads its HTTP client (see runner.ts).
    const { summary } = await import('@actions/core')
    for (const section of this.sections.splice(0)) {
      summary.addHeading(escape(section.heading), 3)
      if (section.link) summary.addLink(escape(section.link.text), section.link.href)
      for (const line of section.lines ?? []) summary.addRaw(`<p>${escape(line)}</p>`, true)
      const facts = (section.facts ?? []).filter(([, value]) => value !== undefined && value !== '')
      if (facts.length > 0) {
        summary.addTable([
          [{ data: 'Field', header: true }, { data: 'Value', header: true }],
          ...facts.map(([key, value]) => [escape(key), `<code>${escape(String(value))}</code>`])
        ])
      }
      if (section.table && section.table.length > 0) {
        const [header, ...rows] = section.table
        summary.addTable([header.map((data) => ({ data: escape(data), header: true })), ...rows.map((row) => row.map(escape))])
      }
    }
    await summary.write()
  }
}

function escape(text: string): string {
  return redact(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
