/**
 * What a traced exchange keeps of a URL and of a body: the shape, not the values. A string
 * becomes `<string:N>` (its length) or `<hex:N>` (a hex identifier's length), a timestamp
 * `<time:FORMAT>` (where each letter says what it counts); only the fixed words of the contracts
 * (trace-fields.ts) stay as they are, each where its contract puts it. Keys, numbers, booleans,
 * nulls and array lengths stay. Pure: the recorder (trace.ts) writes.
 */
import { redact } from '../safe-text.js'
import {
  KEPT_WORD_FIELDS,
  keptWord,
  MEDIA_TYPES,
  QUERY_WORDS,
  ROUTE_WORDS,
  SECRET_QUERY,
  type TracePeer
} from './trace-fields.js'

export type { TracePeer } from './trace-fields.js'

/** A traced body: its JSON with values replaced, or for any other kind of body its kind and size alone. */
export type TracedBody = { json: unknown } | { kind: string; bytes: number } | null

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})([T ])(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}| UTC)?$/
/** A hex identifier (a commit hash, a build slug): letters and digits of base 16, both present. */
const HEX = /^(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,}$/
const NUMBER = /^-?\d{1,15}$/
const VERSION = /^v\d{1,3}(\.\d{1,3}){0,2}$/
const NAME = /^[A-Za-z][A-Za-z0-9_.[\]-]{0,39}$/

/** The format of a timestamp (`YYYY-MM-DDThh:mm:ss.fffZ`), or undefined when the text is not one. */
export function timeFormat(text: string): string | undefined {
  const m = ISO_TIME.exec(text)
  if (!m) return undefined
  const seconds = m[7] === undefined ? '' : `:ss${m[8] ? `.${'f'.repeat(m[8].length - 1)}` : ''}`
  const zone =
    m[9] === undefined ? '' : m[9] === 'Z' || m[9] === ' UTC' ? m[9] : m[9].includes(':') ? '+hh:mm' : '+hhmm'
  return `YYYY-MM-DD${m[4]}hh:mm${seconds}${zone}`
}

/**
 * What one trace remembers across its lines, so a replay can keep identity and timing: each
 * distinct identifier's number (`#k`, the k-th met; its value is never written) and the time the
 * trace began, which a timestamp is written relative to (`@seconds`).
 */
export interface ShapeContext {
  ids: Map<string, number>
  start: number
}

/** How many distinct identifiers one trace numbers; past it they go unnumbered, so memory stays bounded. */
const MAX_IDS = 100_000
/** A field whose value identifies something: its placeholder is numbered. */
const ID_KEY = /(^|_)(slug|id)$/

function identity(ctx: ShapeContext, value: string): string {
  let index = ctx.ids.get(value)
  if (index === undefined && ctx.ids.size < MAX_IDS) ctx.ids.set(value, (index = ctx.ids.size + 1))
  return index === undefined ? '' : `#${index}`
}

/**
 * A text that is not kept: a timestamp's format (and, in a trace, its offset in seconds from the
 * trace's start), a hex identifier's length, or its length; an identifier (hex, a path segment,
 * a slug or id field) numbered by the trace.
 */
export function placeholder(value: string, ctx?: ShapeContext, id = false): string {
  const format = timeFormat(value)
  if (format) {
    const at = Date.parse(value.replace(' UTC', 'Z').replace(' ', 'T'))
    const offset = ctx && Number.isFinite(at) ? `@${((at - ctx.start) / 1000).toFixed(3)}` : ''
    return `<time:${format}${offset}>`
  }
  const kind = HEX.test(value) ? 'hex' : 'string'
  return `<${kind}:${value.length}${ctx && (id || kind === 'hex') ? identity(ctx, value) : ''}>`
}

/**
 * A key as the trace keeps it: itself when it has the shape of the contracts' field names
 * (lower-case snake_case, at most 40 characters), else `<key:N>`: a key of a map is data like a
 * value, and GraphQL's camelCase names are not worth that doubt.
 */
const FIELD_NAME = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/
function shapeKey(key: string): string {
  return key.length <= 40 && FIELD_NAME.test(key) && redact(key) === key ? key : `<key:${key.length}>`
}

/**
 * A parsed JSON value with every string replaced by its placeholder, but the words `fields`
 * lists for the field they are the value of (the service's unless said).
 */
export function shapeJson(
  value: unknown,
  key?: string,
  fields = KEPT_WORD_FIELDS.service,
  ctx?: ShapeContext
): unknown {
  if (typeof value === 'string')
    return keptWord(fields, key, value) && redact(value) === value
      ? value
      : placeholder(value, ctx, key !== undefined && ID_KEY.test(key))
  if (Array.isArray(value)) return value.map((item) => shapeJson(item, key, fields, ctx))
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [name, item] of Object.entries(value)) out[shapeKey(name)] = shapeJson(item, name, fields, ctx)
    return out
  }
  return value
}

/** A content type as the trace keeps it: a known media type, `other`, or null when there was none. */
export function mediaType(contentType: string | undefined): string | null {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase()
  if (type === '') return null
  return MEDIA_TYPES.has(type) ? type : 'other'
}

/**
 * Whether the body of a request or an answer is JSON by its contract: every service route but
 * the configuration file's (text/plain), every GitHub REST and GraphQL route, the runner's token
 * endpoint and the OIDC exchange's answer (its request is a form). A signed download (the archived
 * log, an artifact) never is, whatever its text.
 */
export function jsonByContract(peer: TracePeer, method: string, url: URL, part: 'request' | 'answer'): boolean {
  if (peer === 'signed-url') return false
  if (peer === 'oidc-exchange') return part === 'answer'
  if (peer === 'service')
    return !/\/(service|bitrise)\.yml$/.test(url.pathname) || method !== 'GET' || part !== 'answer'
  return true
}

/** A body as the trace keeps it: shaped JSON when `json` (by contract) and it parses, else its kind and size; null when there was none. */
export function shapeBody(
  text: string | undefined,
  contentType: string,
  peer: TracePeer = 'service',
  json = true,
  ctx?: ShapeContext
): TracedBody {
  if (text === undefined || text === '') return null
  if (json) {
    try {
      return { json: shapeJson(JSON.parse(text), undefined, KEPT_WORD_FIELDS[peer], ctx) }
    } catch {
      // Not JSON after all: its kind and size only.
    }
  }
  return { kind: mediaType(contentType) ?? 'unknown', bytes: Buffer.byteLength(text) }
}

/** A path segment as the trace keeps it: a route word, a version or a number, else its placeholder. */
function shapeSegment(segment: string, ctx?: ShapeContext): string {
  if (segment === '' || ROUTE_WORDS.has(segment) || VERSION.test(segment) || NUMBER.test(segment)) return segment
  let text = segment
  try {
    text = decodeURIComponent(segment)
  } catch {
    // Kept undecoded: only its length is written.
  }
  return placeholder(text, ctx, true)
}

/** A query value as the trace keeps it: a number, a boolean or its parameter's enum word, else its placeholder. */
function shapeQueryValue(name: string, value: string, ctx?: ShapeContext): string {
  if (SECRET_QUERY.test(name) || redact(value) !== value) return '<redacted>'
  if (NUMBER.test(value) || value === 'true' || value === 'false' || QUERY_WORDS[name]?.has(value)) return value
  return placeholder(value, ctx, ID_KEY.test(name))
}

/**
 * The path and query of a URL as the trace keeps it. A signed URL and the runner's token
 * endpoint keep only their shape (each path segment's length, the query's parameter names); any
 * other keeps its route words, numbers and enum values, and a placeholder for every other
 * segment and value.
 */
export function shapeUrl(url: URL, peer: TracePeer, ctx?: ShapeContext): string {
  const names = [...url.searchParams.keys()]
  const queryName = (name: string): string => (NAME.test(name) && redact(name) === name ? name : `<key:${name.length}>`)
  if (peer === 'signed-url' || peer === 'oidc-runner') {
    const path = url.pathname
      .split('/')
      .map((segment) => (segment === '' ? '' : `<segment:${segment.length}>`))
      .join('/')
    return names.length === 0 ? path : `${path}?${names.map((name) => `${queryName(name)}=<redacted>`).join('&')}`
  }
  const query = [...url.searchParams.entries()].map(
    ([name, value]) => `${queryName(name)}=${shapeQueryValue(name, value, ctx)}`
  )
  const path = url.pathname
    .split('/')
    .map((segment) => shapeSegment(segment, ctx))
    .join('/')
  return query.length === 0 ? path : `${path}?${query.join('&')}`
}
