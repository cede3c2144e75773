/**
 * The check a wire trace passes before the emulator replays it. A trace may come from anyone (it
 * is attached to public bug reports), so it is read as hostile: the file, each placeholder and
 * each answer have a size cap, every line must be of the one format this emulator knows, and a
 * trace that breaks any rule is refused before a request is served, naming its line. What passes
 * fills to a bounded size, so the emulator's memory stays bounded whatever the file held.
 */
import { readFileSync, statSync } from 'node:fs'

/** The most a trace file holds: the action's own cap (src/http/trace.ts TRACE_LIMIT). */
export const TRACE_FILE_LIMIT = 10 * 1024 * 1024
/** The longest text one placeholder (or one literal string) may fill to. */
export const REPLAY_STRING_LIMIT = 1024 * 1024
/** The largest answer one recorded exchange may fill to: the trace's own cap. */
export const REPLAY_ANSWER_LIMIT = TRACE_FILE_LIMIT
/** How deep a recorded body may nest; the action's traces nest a handful of levels. */
const DEPTH_LIMIT = 64
/** The trace formats this emulator knows (the header's `format`). */
export const KNOWN_FORMATS: readonly number[] = [1]

const PEERS = new Set(['service', 'github', 'oidc-runner', 'oidc-exchange', 'signed-url'])
const EXCHANGE_KEYS = new Set(['seq', 'peer', 'method', 'url', 'status', 'ms', 'error', 'request', 'answer', 'cut'])
const MEDIA_TYPE = /^[a-z0-9][a-z0-9.+-]{0,63}\/[a-z0-9][a-z0-9.+-]{0,63}$/
/** A placeholder of a text of N characters, as the trace writes it. */
export const TEXT_PLACEHOLDER = /^<(string|hex|key):(\d{1,12})(?:#(\d{1,9}))?>$/

/** A recorded answer, as checked. */
export interface CheckedAnswer {
  type: string | null
  body: null | { json: unknown } | { kind: string; bytes: number }
}

/** One recorded exchange, as checked, with its line number in the file and its time since the step began. */
export interface CheckedExchange {
  line: number
  peer: string
  method: string
  url: string
  status: number
  ms: number
  answer: CheckedAnswer
}

class Refusal extends Error {}

const refuse = (line: number, why: string): never => {
  throw new Refusal(`the trace's line ${line} ${why}; the trace is refused`)
}

/** Reads a trace file, refusing one over the cap before reading it. */
export function readTrace(path: string): CheckedExchange[] {
  const size = statSync(path).size
  if (size > TRACE_FILE_LIMIT)
    throw new Error(`the trace is ${size} bytes, over the ${TRACE_FILE_LIMIT} a trace holds; the trace is refused`)
  return checkTrace(readFileSync(path, 'utf8'))
}

/** The exchanges of a trace's text, every line checked; throws naming the first line that breaks a rule. */
export function checkTrace(text: string): CheckedExchange[] {
  if (Buffer.byteLength(text) > TRACE_FILE_LIMIT)
    throw new Error(`the trace is over the ${TRACE_FILE_LIMIT} bytes a trace holds; the trace is refused`)
  const exchanges: CheckedExchange[] = []
  let header = false
  for (const [index, raw] of text.split('\n').entries()) {
    const line = index + 1
    if (raw.trim() === '') continue
    let entry: unknown
    try {
      entry = JSON.parse(raw)
    } catch {
      refuse(line, 'is not JSON')
    }
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) refuse(line, 'is not a JSON object')
    const fields = entry as Record<string, unknown>
    if ('trace' in fields) {
      if (header) refuse(line, 'is a second header')
      checkHeader(line, fields)
      header = true
      continue
    }
    if (!header) refuse(line, "comes before the trace's header (its first line)")
    if ('note' in fields) {
      if (Object.keys(fields).length !== 1 || typeof fields.note !== 'string' || fields.note.length > 4096)
        refuse(line, 'is not a closing note of the known format')
      continue
    }
    exchanges.push(checkExchange(line, fields))
  }
  if (!header) throw new Error('the trace has no header line; the trace is refused')
  return exchanges
}

function checkHeader(line: number, fields: Record<string, unknown>): void {
  if (fields.trace !== 'service-ci-action') refuse(line, "is not the header of this action's wire trace")
  if (typeof fields.format !== 'number' || !KNOWN_FORMATS.includes(fields.format))
    refuse(
      line,
      `is of format ${JSON.stringify(fields.format ?? null).slice(0, 40)}, not one this emulator knows (${KNOWN_FORMATS.join(', ')})`
    )
}

function checkExchange(line: number, fields: Record<string, unknown>): CheckedExchange {
  const unknown = Object.keys(fields).find((key) => !EXCHANGE_KEYS.has(key))
  if (unknown !== undefined) refuse(line, `has a field of an unknown version (${JSON.stringify(unknown.slice(0, 40))})`)
  const { peer, method, url, status, ms } = fields
  if (typeof peer !== 'string' || !PEERS.has(peer)) refuse(line, 'names no known peer')
  if (typeof method !== 'string' || !/^[A-Z]{1,10}$/.test(method)) refuse(line, 'has no method')
  if (typeof url !== 'string' || !url.startsWith('/') || url.length > 8192 || /[\s\\]/.test(url))
    refuse(line, 'has no path, or one over 8192 characters')
  if (status !== null && !(Number.isInteger(status) && (status as number) >= 200 && (status as number) <= 599))
    refuse(line, 'has a status that is neither null nor 200 to 599')
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) refuse(line, 'has no time (ms)')
  if (fields.error !== undefined && (typeof fields.error !== 'string' || fields.error.length > 64))
    refuse(line, 'has an error that is not a short code')
  checkPart(line, 'request', fields.request)
  const answer = checkPart(line, 'answer', fields.answer)
  return {
    line,
    peer: peer as string,
    method: method as string,
    url: url as string,
    status: (status as number | null) ?? 0,
    ms: ms as number,
    answer
  }
}

function checkPart(line: number, name: string, part: unknown): CheckedAnswer {
  if (part === null || part === undefined) return { type: null, body: null }
  if (typeof part !== 'object' || Array.isArray(part)) refuse(line, `has a ${name} that is not an object`)
  const { type, bytes, body } = part as Record<string, unknown>
  if (type !== null && type !== undefined && type !== 'other' && (typeof type !== 'string' || !MEDIA_TYPE.test(type)))
    refuse(line, `has a ${name} content type that is not a media type`)
  if (bytes !== null && bytes !== undefined && !(Number.isSafeInteger(bytes) && (bytes as number) >= 0))
    refuse(line, `has a ${name} size that is not a count of bytes`)
  const checked: CheckedAnswer = { type: (type as string | null | undefined) ?? null, body: null }
  if (body === null || body === undefined) return checked
  if (typeof body !== 'object' || Array.isArray(body)) refuse(line, `has a ${name} body of no known kind`)
  const shape = body as Record<string, unknown>
  if ('json' in shape && Object.keys(shape).length === 1) {
    const filled = filledSize(line, shape.json, 0)
    if (filled > REPLAY_ANSWER_LIMIT)
      refuse(line, `has a ${name} that fills to ${filled} bytes, over the ${REPLAY_ANSWER_LIMIT} an answer may be`)
    checked.body = { json: shape.json }
    return checked
  }
  const { kind, bytes: size } = shape
  if (typeof kind !== 'string' || !(MEDIA_TYPE.test(kind) || /^[a-z]{1,20}$/.test(kind)))
    refuse(line, `has a ${name} body of no known kind`)
  if (!(Number.isSafeInteger(size) && (size as number) >= 0)) refuse(line, `has a ${name} body of no size`)
  if ((size as number) > REPLAY_ANSWER_LIMIT)
    refuse(line, `has a ${name} of ${size as number} bytes, over the ${REPLAY_ANSWER_LIMIT} an answer may be`)
  checked.body = { kind: kind as string, bytes: size as number }
  return checked
}

/** A text's filled length: a placeholder's N (capped), a literal's own. */
function textSize(line: number, text: string): number {
  const placeholder = TEXT_PLACEHOLDER.exec(text)
  const length = placeholder ? Number(placeholder[2]) : text.length
  if (length > REPLAY_STRING_LIMIT)
    refuse(line, `has a text of ${length} characters, over the ${REPLAY_STRING_LIMIT} one may fill to`)
  // A filled character is at most 6 bytes of JSON (a \u escape); placeholders fill with ASCII.
  return placeholder ? length + 2 : Buffer.byteLength(JSON.stringify(text))
}

/** An upper bound of the bytes a recorded JSON body fills to, refusing past the caps as it goes. */
function filledSize(line: number, value: unknown, depth: number): number {
  if (depth > DEPTH_LIMIT) refuse(line, `nests deeper than ${DEPTH_LIMIT} levels`)
  if (typeof value === 'string') return textSize(line, value)
  if (Array.isArray(value)) {
    let size = 2
    for (const item of value) {
      size += filledSize(line, item, depth + 1) + 1
      if (size > REPLAY_ANSWER_LIMIT) break
    }
    return size
  }
  if (value !== null && typeof value === 'object') {
    let size = 2
    for (const [key, item] of Object.entries(value)) {
      size += textSize(line, key) + 1 + filledSize(line, item, depth + 1) + 1
      if (size > REPLAY_ANSWER_LIMIT) break
    }
    return size
  }
  return String(value).length
}
