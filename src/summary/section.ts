/**
 * The job summary as data: what an operation hands its context (`ctx.summary`), and what the
 * renderer (render.ts) turns into HTML when the step ends.
 */

/** How a result looks at a glance: the mark that opens the summary's first line. */
export type Mark = 'success' | 'failure' | 'aborted' | 'held' | 'running' | 'stopped' | 'refused' | 'warning' | 'note'

/** A link; shown only for an http(s) URL without spaces, quotes or angle brackets, else as its text. */
export interface SummaryLink {
  text: string
  href?: string
}

/** The first line of a section: mark, result, what it is about, how long it took, and links. */
export interface SummaryLead {
  mark: Mark
  /** The result in a word or two: "Succeeded", "Failed", "Awaiting approval". */
  result: string
  /** What the result is about: app, workflow or pipeline name (never an id alone). */
  subject: string[]
  /** How long it ran, in seconds, when the service said. */
  durationSeconds?: number
  /** What it cost in credits, when the service said (plans without credits say nothing). */
  creditCost?: number
  links?: SummaryLink[]
}

/** A cell of a table: text, or text linked to a page. */
export type SummaryCell = string | SummaryLink

/** A part of the job summary, described as data so operations need not know the runner: they hand it to their context. */
export interface SummarySection {
  /** The title, when the section has no lead. */
  heading: string
  /** The first line; it replaces the heading. */
  lead?: SummaryLead
  /** Plain lines, rendered as paragraphs (escaped). */
  lines?: string[]
  /** Two-column facts, rendered as a table. */
  facts?: Array<[string, string | number | boolean | undefined]>
  /** A Mermaid diagram, already made safe by summary/mermaid.ts, shown before the table. */
  mermaid?: string
  /** A table: the first row is the header. */
  table?: SummaryCell[][]
  /** Puts the facts in a folded details block, after the table. */
  fold?: boolean
  /** A caveat, shown last as a note. */
  note?: string
  /** Shown only for an http(s) URL without spaces, quotes or angle brackets. */
  link?: { text: string; href: string }
}
