/**
 * What a traced exchange keeps of a URL and of a body: the shape, not the values. A string
 * becomes `<string:N>` (its length), a timestamp `<time:FORMAT>` (where each digit is a letter
 * saying what it counts), and only the words of the fields in trace-fields.ts stay as they are.
 * Keys, numbers, booleans, nulls and array lengths stay. Pure: the recorder (trace.ts) writes.
 */
import { redact } from '../safe-text.js'
import { KEPT_WORD_FIELDS, SECRET_QUERY, WORD, type TracePeer } from './trace-fields.js'

export type { TracePeer } from './trace-fields.js'

/** A traced body: its JSON with values replaced, or for any other kind of body its kind and size alone. */
export type TracedBody = { json: unknown } | { kind: string; bytes: number } | null

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})([T ])(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}| UTC)?$/

/** The format of a timestamp (`YYYY-MM-DDThh:mm:ss.fffZ`), or undefined when the text is not one. */
export function timeFormat(text: string): string | undefined {
  const m = ISO_TIME.exec(text)
  if (!m) return undefined
  const seconds = m[7] === undefined ? '' : `:ss${m[8] ? `.${'f'.repeat(m[8].length - 1)}` : ''}`
  const zone =
    m[9] === undefined ? '' : m[9] === 'Z' || m[9] === ' UTC' ? m[9] : m[9].includes(':') ? '+hh:mm' : '+hhmm'
  return `YYYY-MM-DD${m[4]}hh:mm${seconds}${zone}`
}

/** A string value as the trace keeps it: a word of a kept field, a timestamp's format, or its length. */
function shapeString(key: string | undefined, value: string, kept: ReadonlySet<string>): string {
  if (key !== undefined && kept.has(key) && WORD.test(value) && redact(value) === value) return value
  const format = timeFormat(value)
  return format ? `<time:${format}>` : `<string:${value.length}>`
}

/** A key as the trace keeps it: itself, unless it holds a secret, or is long enough to be data rather than a name. */
function shapeKey(key: string): string {
  return redact(key) === key && key.length <= 64 ? key : `<key:${key.length}>`
}

/**
 * A parsed JSON value with every string replaced as shapeString says; `key` is the field it is the
 * value of, `kept` the fields whose words stay (the service's unless said).
 */
export function shapeJson(value: unknown, key?: string, kept = KEPT_WORD_FIELDS.service): unknown {
  if (typeof value === 'string') return shapeString(key, value, kept)
  if (Array.isArray(value)) return value.map((item) => shapeJson(item, key, kept))
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [name, item] of Object.entries(value)) out[shapeKey(name)] = shapeJson(item, name, kept)
    return out
  }
  return value
}

/** The kind of a body by its content type, `json` when it parses as JSON. */
function kindOf(contentType: string): string {
  const type = contentType.split(';')[0].trim().toLowerCase()
  return /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(type) ? type : 'unknown'
}

/** A body as the trace keeps it: shaped JSON, or the kind and size of anything else; null when there was none. */
export function shapeBody(text: string | undefined, contentType: string, peer: TracePeer = 'service'): TracedBody {
  if (text === undefined || text === '') return null
  const bytes = Buffer.byteLength(text)
  if (/json/i.test(contentType) || /^\s*[[{]/.test(text)) {
    try {
      return { json: shapeJson(JSON.parse(text), undefined, KEPT_WORD_FIELDS[peer]) }
    } catch {
      // Not JSON after all: its kind and size only.
    }
  }
  return { kind: kindOf(contentType), bytes }
}

/**
 * The path and query of a URL as the trace keeps it. A signed URL and the runner's token
 * endpoint keep only their shape (each path segment's length, the query's parameter names); any
 * other keeps its path, and the query's values but those whose name may hold a credential.
 */
export function shapeUrl(url: URL, peer: TracePeer): string {
  const names = [...url.searchParams.keys()]
  if (peer === 'signed-url' || peer === 'oidc-runner') {
    const path = url.pathname
      .split('/')
      .map((segment) => (segment === '' ? '' : `<segment:${segment.length}>`))
      .join('/')
    return names.length === 0 ? path : `${path}?${names.map((name) => `${shapeKey(name)}=<redacted>`).join('&')}`
  }
  const query = [...url.searchParams.entries()].map(([name, value]) => {
    const shown = SECRET_QUERY.test(name) || redact(value) !== value ? '<redacted>' : encodeURIComponent(value)
    return `${encodeURIComponent(shapeKey(name))}=${shown}`
  })
  const path = redact(url.pathname)
  return query.length === 0 ? path : `${path}?${query.join('&')}`
}
