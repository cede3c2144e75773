/**
 * The wire trace: when the step asks for it (the trace input), every exchange the transport
 * makes is appended, as it ends, to a JSON Lines file, one object per exchange, shaped by
 * trace-shape.ts so no value that could name someone or open something is in it. No header of
 * any request or answer is written but their content types. Every line is passed through the
 * action's redaction as well, so a secret that slipped into a key or a word is removed there too.
 * The file stops at TRACE_LIMIT bytes with a closing note.
 */
import { closeSync, openSync, writeSync } from 'node:fs'
import { redact } from '../safe-text.js'
import { shapeBody, shapeUrl, type TracePeer } from './trace-shape.js'

export type { TracePeer } from './trace-shape.js'

/** The most a trace file holds, the closing note included. */
export const TRACE_LIMIT = 10 * 1024 * 1024

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

  constructor(
    private readonly fd: number,
    header: object
  ) {
    this.write(JSON.stringify(header))
  }

  record(exchange: ExchangeRecord): void {
    if (this.closed) return
    this.seq += 1
    const line = JSON.stringify({
      seq: this.seq,
      peer: exchange.peer,
      method: exchange.method,
      url: shapeUrl(exchange.url, exchange.peer),
      status: exchange.status ?? null,
      ms: Date.now() - exchange.started,
      ...(exchange.error ? { error: exchange.error } : {}),
      request: part(exchange.peer, exchange.requestType, exchange.requestBody),
      answer: part(exchange.peer, exchange.answerType, exchange.answerText, exchange.answerBytes)
    })
    this.write(redact(line))
  }

  private write(line: string): void {
    const bytes = Buffer.byteLength(line) + 1
    const note = JSON.stringify({
      note: `The trace was cut here: it reached ${TRACE_LIMIT} bytes, the most it holds; later exchanges are not in it.`
    })
    try {
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

function part(
  peer: TracePeer,
  contentType: string | undefined,
  text: string | undefined,
  announced?: number
): { type: string | null; bytes: number | null; body: unknown } {
  const type = contentType ? contentType.split(';')[0].trim().toLowerCase() || null : null
  if (text === undefined) {
    const bytes = announced !== undefined && Number.isFinite(announced) ? announced : null
    return { type, bytes, body: bytes ? { kind: type ?? 'unknown', bytes } : null }
  }
  return { type, bytes: Buffer.byteLength(text), body: shapeBody(text, contentType ?? '', peer) }
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
