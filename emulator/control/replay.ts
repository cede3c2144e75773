/**
 * Replay of a wire trace (the action's `trace: true` file): `--replay <trace.jsonl>` makes the
 * emulator answer every API request from the trace instead of its model, with the recorded
 * status and the recorded body's shape, its placeholders filled with well-formed values. A
 * request is matched to the recorded exchanges of the same method and route (the path with
 * every identifier segment left out), taken in the trace's order; once they are used up the last
 * one is answered again, as a poll that outlasts the recording would see the end it recorded.
 * Only the service's exchanges (peer `service`) are replayed.
 */
import { createHash } from 'node:crypto'
import type { Reply } from '../http/io.js'
import { checkTrace, TEXT_PLACEHOLDER, type CheckedExchange } from './replay-check.js'

interface Recorded {
  status: number
  type: string | null
  body: unknown
}

/** The route of an API path: resource names kept, the identifier after each replaced (`/apps/:/builds/:`). */
export function routeKey(method: string, apiPath: string): string {
  const segments = apiPath
    .split('?')[0]
    .replace(/^\/v\d+(\.\d+)*/, '')
    .split('/')
    .filter(Boolean)
  return `${method.toUpperCase()} /${segments.map((segment, at) => (at % 2 === 1 ? ':' : segment)).join('/')}`
}

/** A key whose value a client may follow: a URL, wherever the trace says it points. */
const URL_KEY = /(url|uri|href)$/i
/** A recorded literal a replay serves as written: a kept word of the trace, never a URL or a path. */
const SERVED_WORD = /^[A-Za-z][A-Za-z0-9_.-]{0,39}$/

/** An address on the emulator itself of about `length` characters; `/_replay/` answers 404. */
function emulatorUrl(origin: string, length: number): string {
  const base = `${origin}/_replay/`
  return length > base.length ? base + 'x'.repeat(length - base.length) : base
}

/** Hex of `length` characters drawn from `seed`: the same seed, the same text. */
function hexOf(seed: string, length: number): string {
  let text = ''
  for (let round = 0; text.length < length; round++)
    text += createHash('sha256').update(`${seed}:${round}`).digest('hex')
  return text.slice(0, length)
}

/** Words for a text of the recorded length: still a text to read, not one letter repeated. */
const WORDS = 'replayed text of the recorded length, '

/**
 * A placeholder's length-bound text: URLs stay URLs (on the emulator itself, so nothing the
 * answer names leads off this machine); an identifier numbered by the trace (`#k`) is the same
 * hex wherever it shows; other slugs and ids stay hex, anything else words. The length was
 * capped when the trace was read (replay-check.ts).
 */
function filledString(key: string | undefined, length: number, origin: string, hex = false, id?: string): string {
  const name = (key ?? '').toLowerCase()
  if (URL_KEY.test(name)) return emulatorUrl(origin, length)
  if (id !== undefined) return hexOf(`id:${id}`, length)
  if (hex || /(^|_)(slug|id)$/.test(name)) return hexOf(`${name}:${length}`, length)
  return WORDS.repeat(Math.ceil(length / WORDS.length)).slice(0, length)
}

/** A timestamp of `format` (`YYYY-MM-DDThh:mm:ss.fffZ` and its variants), at `now`. */
export function filledTime(format: string, now: Date): string {
  const iso = now.toISOString() // YYYY-MM-DDThh:mm:ss.sssZ
  const m = /^YYYY-MM-DD([T ])hh:mm(:ss(?:\.(f+))?)?(Z| UTC|\+hh:mm|\+hhmm)?$/.exec(format)
  if (!m) return iso
  const fraction = m[3] ? `.${(iso.slice(20, 23) + '000000000').slice(0, m[3].length)}` : ''
  const seconds = m[2] ? `${iso.slice(16, 19)}${fraction}` : ''
  const zone = m[4] === '+hh:mm' ? '+00:00' : m[4] === '+hhmm' ? '+0000' : (m[4] ?? '')
  return `${iso.slice(0, 10)}${m[1]}${iso.slice(11, 16)}${seconds}${zone}`
}

/**
 * A traced JSON body with its placeholders filled: a timestamp the trace wrote with its offset
 * (`@seconds` from the trace's start) at that offset from `anchor` (when the replay began), so
 * recorded durations are kept; one without, at `now`.
 */
export function fill(value: unknown, now: Date, origin: string, key?: string, anchor = now.getTime()): unknown {
  if (typeof value === 'string') {
    // The same placeholders the check capped (replay-check.ts), no other.
    const text = TEXT_PLACEHOLDER.exec(value)
    if (text && text[1] !== 'key') return filledString(key, Number(text[2]), origin, text[1] === 'hex', text[3])
    const time = /^<time:([^@]{1,40})(?:@(-?\d{1,12}(?:\.\d{1,3})?))?>$/.exec(value)
    if (time) return filledTime(time[1], time[2] === undefined ? now : new Date(anchor + Number(time[2]) * 1000))
    // A URL points at the emulator and a literal is served only as a kept word, whatever the trace wrote.
    if (URL_KEY.test(key ?? '')) return emulatorUrl(origin, value.length)
    return SERVED_WORD.test(value) ? value : filledString(key, value.length, origin)
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, now, origin, key, anchor))
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [name, item] of Object.entries(value)) {
      const keyText = TEXT_PLACEHOLDER.exec(name)
      out[keyText ? 'k'.repeat(Number(keyText[2])) : name] = fill(item, now, origin, name, anchor)
    }
    return out
  }
  return value
}

/** The recorded answers of a trace, by route, in order. */
export class ReplayPlayer {
  private readonly byRoute = new Map<string, Recorded[]>()
  private readonly used = new Map<string, number>()
  /** When the replay began: a recorded timestamp is filled at its offset from here. */
  private readonly anchor: number

  /** `trace` is a trace's text, or its exchanges as readTrace checked them. */
  constructor(
    trace: string | CheckedExchange[],
    private readonly now: () => number = Date.now
  ) {
    for (const exchange of typeof trace === 'string' ? checkTrace(trace) : trace) {
      if (exchange.peer !== 'service' || exchange.status === 0) continue
      const key = routeKey(exchange.method, exchange.url)
      const list = this.byRoute.get(key) ?? []
      list.push({ status: exchange.status, type: exchange.answer.type, body: exchange.answer.body })
      this.byRoute.set(key, list)
    }
    if (this.byRoute.size === 0) throw new Error('the trace holds no exchange with the service')
    this.anchor = now()
  }

  /** The recorded routes and how many answers each has, for the start-up line. */
  routes(): Array<[string, number]> {
    return [...this.byRoute.entries()].map(([key, list]) => [key, list.length])
  }

  /**
   * The answer to one request: the next recorded for its route, or the route's last once used
   * up; undefined for a route the trace does not hold, which the emulator's model answers.
   */
  answer(method: string, apiPath: string, origin: string): Reply | undefined {
    const key = routeKey(method, apiPath)
    const list = this.byRoute.get(key)
    if (!list) return undefined
    const at = this.used.get(key) ?? 0
    this.used.set(key, at + 1)
    return this.reply(list[Math.min(at, list.length - 1)], origin)
  }

  private reply(recorded: Recorded, origin: string): Reply {
    const body = recorded.body as { json?: unknown; kind?: string; bytes?: number } | null
    if (recorded.status === 204 || !body) return { status: recorded.status }
    if ('json' in body)
      return { status: recorded.status, json: fill(body.json, new Date(this.now()), origin, undefined, this.anchor) }
    // The size was capped when the trace was read.
    const text = 'x'.repeat(Math.max(0, Number(body.bytes) || 0))
    return {
      status: recorded.status,
      text,
      headers: {
        'content-type': !recorded.type || recorded.type === 'other' ? 'application/octet-stream' : recorded.type
      }
    }
  }
}
