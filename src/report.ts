import { appendFileSync, existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as core from './runner.js'
import { LIST_OUTPUT_FILES, Output, type OutputName } from './constants.js'
import { redact } from './secrets.js'

/** A part of the job summary, described as data so operations need not know the runner. */
export interface SummarySection {
  heading: string
  /** Plain lines, rendered as paragraphs (escaped). */
  lines?: string[]
  /** Two-column facts, rendered as a table. */
  facts?: Array<[string, string | number | boolean | undefined]>
  /** A table: the first row is the header. */
  table?: string[][]
  /** Shown only for an http(s) URL without spaces, quotes or angle brackets. */
  link?: { text: string; href: string }
}

/** Where operations put their results: step outputs and the job summary. */
export interface Reporter {
  output(name: OutputName, value: string | number | boolean | object | undefined): void
  summary(section: SummarySection): void
}

/** GitHub keeps at most 1 MB of an output; the margin keeps clear of how it counts. */
export const MAX_OUTPUT_BYTES = 900_000
/** GitHub shows at most 1 MiB (1,048,576 bytes) of a step's summary. */
export const MAX_SUMMARY_BYTES = 1_000_000
const MAX_TABLE_ROWS = 500
const MAX_LINES = 100
const MAX_CELL_CHARS = 1_000
const MAX_LINE_CHARS = 2_000

/**
 * Writes outputs and summary sections through the runner's files, with secrets
 * removed and within GitHub's limits: a list output always has a companion
 * `<name>-file` output naming a JSON file (under RUNNER_TEMP) with the whole
 * list, and holds inline as many leading items as fit; a `response` too big for
 * an output goes to `response-file` instead. Every cut is warned about and
 * stated in the summary.
 */
export class RunnerReporter implements Reporter {
  private readonly sections: SummarySection[] = []
  private readonly cuts: string[] = []
  private readonly filesSet = new Set<OutputName>()
  private dir: string | undefined

  output(name: OutputName, value: string | number | boolean | object | undefined): void {
    if (value === undefined) return
    const fileOutput = LIST_OUTPUT_FILES[name]
    if (fileOutput && Array.isArray(value)) return this.listOutput(name, fileOutput, value)
    const text = redact(typeof value === 'string' ? value : JSON.stringify(value))
    const size = Buffer.byteLength(text)
    if (size <= MAX_OUTPUT_BYTES) {
      core.setOutput(name, text)
      // A file named by an earlier, bigger answer of this step would no longer be the last answer.
      if (name === Output.response && this.filesSet.has(Output.responseFile)) this.setFileOutput(Output.responseFile, '')
      return
    }
    core.setOutput(name, '')
    if (name === Output.response) {
      const path = this.writeFile('response.txt', text)
      this.setFileOutput(Output.responseFile, path)
      this.cut(`The ${name} output is empty: the service's answer (${size} bytes) is over GitHub's 1 MB limit for an output. The ${Output.responseFile} output names a file that holds it: ${path}`)
      return
    }
    this.cut(`The ${name} output is empty: its value (${size} bytes) is over GitHub's 1 MB limit for an output.`)
  }

  summary(section: SummarySection): void {
    this.sections.push(section)
  }

  /** Appends the collected sections to the job summary, once, at the end of the step. */
  async flush(): Promise<void> {
    const file = process.env.GITHUB_STEP_SUMMARY
    if ((this.sections.length === 0 && this.cuts.length === 0) || !file) return
    if (!existsSync(file)) throw new Error(`the summary file ${file} does not exist`)
    const notes: SummarySection[] = this.cuts.length > 0 ? [{ heading: 'Outputs cut to GitHub\'s limits', lines: this.cuts }] : []
    const html = renderSummary([...this.sections.splice(0), ...notes], MAX_SUMMARY_BYTES - statSync(file).size)
    appendFileSync(file, html, { encoding: 'utf8' })
  }

  private listOutput(name: OutputName, fileOutput: OutputName, items: unknown[]): void {
    const parts = items.map((item) => redact(JSON.stringify(item) ?? 'null'))
    const path = this.writeFile(`${name}.json`, `[${parts.join(',')}]`)
    this.setFileOutput(fileOutput, path)
    let size = 2
    let kept = 0
    for (const part of parts) {
      const added = Buffer.byteLength(part) + (kept > 0 ? 1 : 0)
      if (size + added > MAX_OUTPUT_BYTES) break
      size += added
      kept += 1
    }
    core.setOutput(name, `[${parts.slice(0, kept).join(',')}]`)
    if (kept < parts.length) {
      this.cut(
        `The ${name} output holds the first ${kept} of ${parts.length} items: all of them are over GitHub's 1 MB limit for an output. ` +
          `The ${fileOutput} output names a file that holds all ${parts.length}: ${path}`
      )
    }
  }

  private setFileOutput(name: OutputName, path: string): void {
    core.setOutput(name, path)
    this.filesSet.add(name)
  }

  /** Writes a file in a folder of this step's own under RUNNER_TEMP, which the runner empties after the job. */
  private writeFile(name: string, text: string): string {
    this.dir ??= mkdtempSync(join(process.env.RUNNER_TEMP || tmpdir(), 'service-ci-'))
    const path = join(this.dir, name)
    writeFileSync(path, text, { encoding: 'utf8' })
    return path
  }

  private cut(message: string): void {
    core.warning(message)
    this.cuts.push(message)
  }
}

/**
 * The sections as HTML of at most `budget` bytes. Each element starts a line and
 * no line is blank, so the whole summary stays HTML blocks, in which Markdown is
 * not read; text is escaped besides, Markdown punctuation included. When the
 * budget runs out, the rest is left out and a closing note says so.
 */
export function renderSummary(sections: SummarySection[], budget: number): string {
  const cutNote = `<p>${escape("The summary was cut here: GitHub shows at most 1 MiB of a step's summary. The step's outputs, and the files they name, hold everything.")}</p>\n`
  let left = budget - Buffer.byteLength(cutNote)
  let out = ''
  const put = (html: string): boolean => {
    const size = Buffer.byteLength(html) + 1
    if (size > left) return false
    out += `${html}\n`
    left -= size
    return true
  }
  for (const section of sections) {
    if (!put(`<h3>${escape(section.heading, MAX_LINE_CHARS)}</h3>`)) return out + cutNote
    const href = section.link && safeHref(section.link.href)
    if (section.link && href && !put(`<p><a href="${href}">${escape(section.link.text, MAX_LINE_CHARS)}</a></p>`)) return out + cutNote
    const lines = section.lines ?? []
    for (const line of lines.slice(0, MAX_LINES)) if (!put(`<p>${escape(line, MAX_LINE_CHARS)}</p>`)) return out + cutNote
    if (lines.length > MAX_LINES && !put(`<p>${escape(`${lines.length - MAX_LINES} more line(s) are not shown here.`)}</p>`)) return out + cutNote
    const facts = (section.facts ?? []).filter(([, value]) => value !== undefined && value !== '')
    if (facts.length > 0) {
      const rows = facts.map(([key, value]) => `<tr><td>${escape(key, MAX_CELL_CHARS)}</td><td><code>${escape(String(value), MAX_CELL_CHARS)}</code></td></tr>`)
      if (!putTable('<tr><th>Field</th><th>Value</th></tr>', rows, rows.length)) return out + cutNote
    }
    if (section.table && section.table.length > 0) {
      const [header, ...rows] = section.table
      const head = `<tr>${header.map((cell) => `<th>${escape(cell, MAX_CELL_CHARS)}</th>`).join('')}</tr>`
      const body = rows.slice(0, MAX_TABLE_ROWS).map((row) => `<tr>${row.map((cell) => `<td>${escape(cell, MAX_CELL_CHARS)}</td>`).join('')}</tr>`)
      if (!putTable(head, body, rows.length)) return out + cutNote
    }
  }
  return out

  /** A table with as many rows as fit; false when not even its header does. */
  function putTable(head: string, rows: string[], total: number): boolean {
    const note = (shown: number): string => `<p>${escape(`The table shows the first ${shown} of ${total} rows.`)}</p>`
    const reserve = Buffer.byteLength(`</table>${note(total)}`) + 2
    let html = `<table>${head}`
    if (Buffer.byteLength(html) + reserve > left) return false
    let used = Buffer.byteLength(html)
    let shown = 0
    for (const row of rows) {
      const size = Buffer.byteLength(row)
      if (used + size + reserve > left) break
      html += row
      used += size
      shown += 1
    }
    put(`${html}</table>`)
    if (shown < total) put(note(shown))
    return shown === rows.length
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '[': '&#91;',
  ']': '&#93;',
  '(': '&#40;',
  ')': '&#41;',
  '!': '&#33;',
  '|': '&#124;',
  '*': '&#42;',
  '_': '&#95;',
  '\\': '&#92;',
  '`': '&#96;',
  '~': '&#126;',
  '#': '&#35;',
  $: '&#36;'
}

/**
 * Text for the summary: secrets removed, cut to `max` characters, every line
 * break and control character flattened to a space (a blank line would end the
 * HTML block and let Markdown in), and HTML and Markdown punctuation written as
 * character references.
 */
export function escape(text: string, max = Infinity): string {
  let clean = redact(text)
  if (clean.length > max) clean = `${clean.slice(0, /[\ud800-\udbff]/.test(clean[max - 1]) ? max - 1 : max)}...`
  return clean
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .replace(/[&<>"'[\]()!|*_\\`~#$]/g, (c) => ENTITIES[c])
}

/** The URL for an href, or undefined unless it is a plain http(s) URL. */
function safeHref(url: string): string | undefined {
  const clean = redact(url)
  return /^https?:\/\/[^\s"'<>`\\\p{Cc}]+$/iu.test(clean) ? clean.replace(/&/g, '&amp;') : undefined
}
