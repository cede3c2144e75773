/**
 * The job summary as HTML: every piece of text escaped (Markdown punctuation
 * included), links only to plain http(s) URLs, and the whole kept within
 * GitHub's size limit. Its escaping is also the one way text reaches GitHub's
 * other pages (the pull request comment, the check run, the commit status), so
 * text from outside pings nobody and adds no link anywhere.
 */
import { redact } from '../safe-text.js'
import type { SummaryCell, SummaryLead, SummaryLink, SummarySection } from './section.js'
import { escape, LEAD_SEPARATOR, leadParts, MAX_LINE_CHARS, MAX_LINES } from './text.js'

const MAX_TABLE_ROWS = 500
const MAX_CELL_CHARS = 1_000

/**
 * The sections as HTML of at most `budget` bytes. Each element starts a line and
 * no line is blank, so the whole summary stays HTML blocks, in which Markdown is
 * not read; text is escaped besides, Markdown punctuation included. When the
 * budget runs out, the rest is left out and a closing note says so.
 */
export function renderSummary(sections: SummarySection[], budget: number): string {
  const cutNote = `<p>${escape("The summary was cut here: GitHub shows at most 1 MiB of a step's summary. The step's outputs, and the files they name, hold everything.")}</p>\n`
  const html = new BoundedHtml(budget - Buffer.byteLength(cutNote))
  for (const section of sections) if (!putSection(html, section)) return html.out + cutNote
  return html.out
}

/** Puts one section; false when the budget ran out on it. */
function putSection(html: BoundedHtml, section: SummarySection): boolean {
  const first = section.lead ? leadHtml(section.lead) : escape(section.heading, MAX_LINE_CHARS)
  if (!html.put(`<h3>${first}</h3>`)) return false
  if (section.link && !section.lead && !html.put(`<p>${linkHtml(section.link)}</p>`)) return false
  const lines = section.lines ?? []
  for (const line of lines.slice(0, MAX_LINES)) if (!html.put(`<p>${escape(line, MAX_LINE_CHARS)}</p>`)) return false
  if (
    lines.length > MAX_LINES &&
    !html.put(`<p>${escape(`${lines.length - MAX_LINES} more line(s) are not shown here.`)}</p>`)
  )
    return false
  // A fenced block is Markdown: blank lines around it end the HTML block before and start the next.
  if (section.mermaid && !html.put(`\n\`\`\`mermaid\n${section.mermaid}\n\`\`\`\n`)) return false
  if (!putTable(html, section)) return false
  const folded = section.fold === true && facts(section).length > 0
  const close = '</details>'
  if (folded && !html.put('<details><summary>Details</summary>', close)) return false
  const fitted = putFacts(html, section)
  if (folded) html.close(close)
  if (!fitted) return false
  return !section.note || html.put(`<p><b>Note:</b> ${escape(section.note, MAX_LINE_CHARS)}</p>`)
}

function facts(section: SummarySection): Array<[string, string | number | boolean | undefined]> {
  return (section.facts ?? []).filter(([, value]) => value !== undefined && value !== '')
}

function putFacts(html: BoundedHtml, section: SummarySection): boolean {
  const shown = facts(section)
  if (shown.length === 0) return true
  const rows = shown.map(
    ([key, value]) =>
      `<tr><td>${escape(key, MAX_CELL_CHARS)}</td><td><code>${escape(String(value), MAX_CELL_CHARS)}</code></td></tr>`
  )
  return html.putTable('<tr><th>Field</th><th>Value</th></tr>', rows, rows.length)
}

function putTable(html: BoundedHtml, section: SummarySection): boolean {
  if (!section.table || section.table.length === 0) return true
  const [header, ...rows] = section.table
  const head = `<tr>${header.map((cell) => `<th>${cellHtml(cell)}</th>`).join('')}</tr>`
  const body = rows
    .slice(0, MAX_TABLE_ROWS)
    .map((row) => `<tr>${row.map((cell) => `<td>${cellHtml(cell)}</td>`).join('')}</tr>`)
  return html.putTable(head, body, rows.length)
}

function cellHtml(cell: SummaryCell): string {
  return typeof cell === 'string' ? escape(cell, MAX_CELL_CHARS) : linkHtml(cell, MAX_CELL_CHARS)
}

/** A link to a plain http(s) URL, or its text alone when the URL is anything else. */
function linkHtml(link: SummaryLink, max = MAX_LINE_CHARS): string {
  const href = link.href && safeHref(link.href)
  const text = escape(link.text, max)
  return href ? `<a href="${href}">${text}</a>` : text
}

/** The first line: mark, result, subject, duration and links, separated by middle dots. */
function leadHtml(lead: SummaryLead): string {
  const parts = leadParts(lead.mark, lead.result, lead.subject)
  if (lead.durationSeconds !== undefined) parts.push(escape(shortDuration(lead.durationSeconds)))
  if (lead.creditCost !== undefined) parts.push(escape(credits(lead.creditCost)))
  for (const link of lead.links ?? []) parts.push(linkHtml(link, 200))
  return parts.join(LEAD_SEPARATOR)
}

/** A cost in credits, in words: `1 credit`, `12 credits`. */
export function credits(cost: number): string {
  return `${cost} credit${cost === 1 ? '' : 's'}`
}

/** Seconds as a person reads them at a glance: `45s`, `3m 12s`, `1h 4m`. */
export function shortDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return `${s}s`
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`
}

/** HTML lines appended while they fit in a byte budget. */
class BoundedHtml {
  out = ''

  constructor(private left: number) {}

  /** Appends one line; false (and nothing appended) when it does not fit, with room kept for the `closing` line. */
  put(html: string, closing = ''): boolean {
    const size = Buffer.byteLength(html) + 1
    const kept = closing === '' ? 0 : Buffer.byteLength(closing) + 1
    if (size + kept > this.left) return false
    this.out += `${html}\n`
    this.left -= size + kept
    return true
  }

  /** Appends the closing line whose room `put` kept. */
  close(closing: string): void {
    this.left += Buffer.byteLength(closing) + 1
    this.put(closing)
  }

  /** A table with as many rows as fit; false when not all of them do. */
  putTable(head: string, rows: string[], total: number): boolean {
    const note = (shown: number): string => `<p>${escape(`The table shows the first ${shown} of ${total} rows.`)}</p>`
    const reserve = Buffer.byteLength(`</table>${note(total)}`) + 2
    let html = `<table>${head}`
    if (Buffer.byteLength(html) + reserve > this.left) return false
    let used = Buffer.byteLength(html)
    let shown = 0
    for (const row of rows) {
      const size = Buffer.byteLength(row)
      if (used + size + reserve > this.left) break
      html += row
      used += size
      shown += 1
    }
    this.put(`${html}</table>`)
    if (shown < total) this.put(note(shown))
    return shown === rows.length
  }
}

/** The URL for an href, or undefined unless it is a plain http(s) URL. */
function safeHref(url: string): string | undefined {
  const clean = redact(url)
  return /^https?:\/\/[^\s"'<>`\\\p{Cc}]+$/iu.test(clean) ? clean.replace(/&/g, '&amp;') : undefined
}
