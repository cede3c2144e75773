/**
 * The service's AI summary of a failed build: `GET /builds/{build-slug}/ai-summary`.
 *
 * The published contract gives the 404 (no such build, no access, or no summary: the feature is
 * off, the build did not fail, or the summary is not written yet) and a 200 "OK" of JSON with no
 * schema; no public client of the service reads it. The product shows the summary in three parts,
 * "Failure details", "Reason" and "Suggested solution" (bitrise-io/docs, "AI build summary"), and
 * no source names their fields. So the answer is read in whichever likely shape arrives: the three
 * parts under their likely spellings, or a text under `summary`, `ai_summary`, `text` or
 * `content`, or a JSON string, at the top or under `data`; any other answer that is not empty is
 * the summary as the service sent it, shown as text like every service text.
 */
import { isHttpError } from '../http/api-error.js'
import type { ServiceClient } from '../http/service-client.js'
import { redact } from '../safe-text.js'
import { buildOutsideAppPath } from './paths.js'

/** The longest summary kept, in characters; the rest is cut (after secrets are removed, so no cut leaves part of one). */
export const MAX_SUMMARY_CHARS = 4_000

/** How the summary was found: its three parts, a text field (or a JSON string), or an answer of another shape shown as sent. */
export type SummaryShape = 'parts' | 'text' | 'as-sent'

/** A summary read, or none: the service answered 404, or a 200 with nothing in it. */
export type AiSummaryAnswer =
  { kind: 'read'; text: string; shape: SummaryShape } | { kind: 'absent'; why: 'not-found' | 'empty' }

const TEXT_FIELDS = ['summary', 'ai_summary', 'text', 'content'] as const

/** The three parts the product shows, with the field names (letters only, lower case) that may hold each. */
const PARTS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['Failure details', ['failuredetails', 'failuredetail', 'details']],
  ['Reason', ['reason', 'failurereason', 'rootcause', 'cause']],
  ['Suggested solution', ['suggestedsolution', 'solution', 'suggestedsolutions', 'suggestion', 'suggestedfix']]
]

/** The summary, or why there is none. A failure other than the 404 is thrown: the summary could not be read. */
export async function readAiSummary(
  client: ServiceClient,
  buildSlug: string,
  signal?: AbortSignal
): Promise<AiSummaryAnswer> {
  try {
    const res = await client.request<string>('GET', buildOutsideAppPath(buildSlug, 'ai-summary'), {
      expect: 'text',
      signal
    })
    const found = summaryIn(res.text)
    return found ? { kind: 'read', ...found } : { kind: 'absent', why: 'empty' }
  } catch (error) {
    if (isHttpError(error, 404)) return { kind: 'absent', why: 'not-found' }
    throw error
  }
}

/** The summary in an answer body of any shape, secrets removed and cut to MAX_SUMMARY_CHARS; undefined when the body holds nothing. */
export function summaryIn(body: string): { text: string; shape: SummaryShape } | undefined {
  const found = find(body)
  return found && { ...found, text: capped(redact(found.text)) }
}

function find(body: string): { text: string; shape: SummaryShape } | undefined {
  const plain = body.trim()
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return plain === '' ? undefined : { text: plain, shape: 'as-sent' }
  }
  const parts = partsIn(parsed)
  if (parts !== undefined) return { text: parts, shape: 'parts' }
  const text = textIn(parsed, 2)
  if (text !== undefined) return { text, shape: 'text' }
  return holdsSomething(parsed) ? { text: plain, shape: 'as-sent' } : undefined
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

/** Non-blank text, or a list of non-blank texts one to a line. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim()
  if (!Array.isArray(value)) return undefined
  const lines = value.map(textOf).filter((line): line is string => line !== undefined)
  return lines.length > 0 ? lines.join('\n') : undefined
}

/** The three parts, labelled one to a line (after the summary's own text when it has one), from the first object that holds any. */
function partsIn(parsed: unknown): string | undefined {
  const top = record(parsed)
  const data = record(top?.data)
  const holders = [top, data, ...[top, data].flatMap((r) => [record(r?.summary), record(r?.ai_summary)])]
  for (const holder of holders) {
    if (!holder) continue
    const byName = new Map(
      Object.entries(holder).map(([key, value]) => [key.toLowerCase().replace(/[^a-z]/g, ''), value])
    )
    const lines = PARTS.flatMap(([label, names]) => {
      const text = names.map((name) => textOf(byName.get(name))).find((t) => t !== undefined)
      return text === undefined ? [] : [`${label}: ${text}`]
    })
    if (lines.length === 0) continue
    const intro = TEXT_FIELDS.map((field) => textOf(holder[field])).find((t) => t !== undefined)
    return [...(intro === undefined ? [] : [intro]), ...lines].join('\n')
  }
  return undefined
}

function textIn(value: unknown, depth: number): string | undefined {
  if (typeof value === 'string') return textOf(value)
  const holder = record(value)
  if (!holder || depth === 0) return undefined
  for (const field of TEXT_FIELDS) {
    const found = textIn(holder[field], 0)
    if (found !== undefined) return found
  }
  return textIn(holder.data, depth - 1)
}

/** Whether a JSON value holds anything: a number, a boolean or a non-blank text somewhere in it. */
function holdsSomething(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== ''
  if (typeof value === 'number' || typeof value === 'boolean') return true
  if (value === null || typeof value !== 'object') return false
  return Object.values(value as Record<string, unknown>).some(holdsSomething)
}

/** At most MAX_SUMMARY_CHARS characters, saying how long the whole was; never half a surrogate pair. */
function capped(text: string): string {
  if (text.length <= MAX_SUMMARY_CHARS) return text
  const end = /[\ud800-\udbff]/.test(text[MAX_SUMMARY_CHARS - 1]) ? MAX_SUMMARY_CHARS - 1 : MAX_SUMMARY_CHARS
  return `${text.slice(0, end)}... (cut: the service's summary is ${text.length} characters long)`
}
