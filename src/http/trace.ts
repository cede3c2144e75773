/**
 * The wire trace: when the step asks for it (the trace input), every exchange the transport
 * makes is appended, as it ends, to a JSON Lines file, one object per exchange, shaped by
 * trace-shape.ts so no value that could name someone or open something is in it. No header of
 * any request or answer is written but their content types. Every line is passed through the
 * action's redaction as well, so a secret that slipped into a key or a word is removed there too.
 * One answer whose shape would take more than LINE_LIMIT bytes is written as its kind and size,
 * saying so, and the trace goes on; the file stops at TRACE_LIMIT bytes with a closing note that
 * says how much it holds and why it stopped.
 */
import { closeSync, openSync, writeSync } from 'node:fs'
import { redact } from '../safe-text.js'
import { jsonByContract, mediaType, shapeBody, shapeUrl, type ShapeContext, type TracePeer } from './trace-shape.js'

export type { TracePeer } from './trace-shape.js'

/** The most a trace file holds, the closing note included. */
export const TRACE_LIMIT = 10 * 1024 * 1024
/** The most one exchange's line holds: past it, its bodies are written as their kind and size. */
export const LINE_LIMIT = 1024 * 1024

/** What the transport tells the trace of one exchange. */
export interface ExchangeRecord {
  peer: TracePeer
  method: string
  url: URL
  requestType?: string
  requestBody?: string
  started: number
  status?: number
  answerType?: string
  /** The answer's text when it was read whole; for a streamed answer its announced size alone. */
  answerText?: string
  answerBytes?: number
  /** The error's code or name, when no answer came. */
  error?: string
}

class TraceFile {
  private written = 0
  private seq = 0
  private closed = false
  /** Identifiers numbered and times made relative across the whole file. */
  private readonly context: ShapeContext = { ids: new Map(), start: Date.now() }

  constructor(
    private readonly fd: number,
    header: object
  ) {
    this.write(JSON.stringify(header))
  }

  record(exchange: ExchangeRecord): void {
    if (this.closed) return
    this.seq += 1
    const { peer, method, url } = exchange
    const entry = {
      seq: this.seq,
      peer,
      method,
      url: shapeUrl(url, peer, this.context),
      status: exchange.status ?? null,
      ms: Date.now() - exchange.started,
      ...(exchange.error ? { error: exchange.error } : {}),
      request: part(
        this.context,
        peer,
        exchange.requestType,
        exchange.requestBody,
        jsonByContract(peer, method, url, 'request')
      ),
      answer: part(
        this.context,
        peer,
        exchange.answerType,
        exchange.answerText,
        jsonByContract(peer, method, url, 'answer'),
        exchange.answerBytes
      )
    }
    let line = redact(JSON.stringify(entry))
    if (Buffer.byteLength(line) > LINE_LIMIT) {
      // The shape of a big body (a long list) is cut to its kind and size; the trace goes on.
      const shortened = { ...entry, request: sizeOnly(entry.request), answer: sizeOnly(entry.answer) }
      const cut = `its bodies' shapes took ${Buffer.byteLength(line)} bytes, over the ${LINE_LIMIT} a line holds: kind and size only`
      line = redact(JSON.stringify({ ...shortened, cut }))
    }
    this.write(line)
  }

  private write(line: string): void {
    const bytes = Buffer.byteLength(line) + 1
    try {
      const note = JSON.stringify({
        note: `The trace was cut here: it holds ${this.written} bytes and the next exchange's line of ${bytes} would have taken it past the ${TRACE_LIMIT} it may hold; later exchanges are not in it.`
      })
      if (this.written + bytes + Buffer.byteLength(note) + 1 > TRACE_LIMIT) {
        writeSync(this.fd, `${note}\n`)
        this.close()
        return
      }
      writeSync(this.fd, `${line}\n`)
      this.written += bytes
    } catch {
      // A trace that cannot be written (a full disk) must not fail the step: it stops.
      this.close()
    }
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    try {
      closeSync(this.fd)
    } catch {
      // Already closed.
    }
  }
}

interface TracedPart {
  type: string | null
  bytes: number | null
  body: unknown
}

function part(
  context: ShapeContext,
  peer: TracePeer,
  contentType: string | undefined,
  text: string | undefined,
  json: boolean,
  announced?: number
): TracedPart {
  const type = mediaType(contentType)
  if (text === undefined) {
    const bytes = announced !== undefined && Number.isSafeInteger(announced) && announced >= 0 ? announced : null
    return { type, bytes, body: bytes ? { kind: type ?? 'unknown', bytes } : null }
  }
  return { type, bytes: Buffer.byteLength(text), body: shapeBody(text, contentType ?? '', peer, json, context) }
}

/** A part with its body's shape replaced by its kind and size. */
function sizeOnly(traced: TracedPart): TracedPart {
  if (traced.body === null || traced.bytes === null) return traced
  return { ...traced, body: { kind: traced.type ?? 'unknown', bytes: traced.bytes } }
}

let current: TraceFile | undefined

/** Starts the trace into a new file at `path`; `header` is its first line. */
export function startTrace(path: string, header: object): void {
  current?.close()
  current = new TraceFile(openSync(path, 'wx', 0o600), header)
}

/** Appends one exchange, when a trace is on. */
export function traceExchange(exchange: ExchangeRecord): void {
  current?.record(exchange)
}

/** Whether a trace is on: the transport shapes nothing when it is not. */
export function tracing(): boolean {
  return current !== undefined
}
