/** Reading request bodies and writing answers, shared by the API and the control endpoints. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { HttpError } from './errors.js'

export const MAX_BODY_BYTES = 1024 * 1024

/** What a handler answers; `json` and `text` are mutually exclusive, neither means no body. */
export interface Reply {
  status: number
  json?: unknown
  text?: string
  headers?: Record<string, string>
}

const tooLarge = (limit: number): HttpError => new HttpError(413, `request body is larger than ${limit} bytes`)

/** Whether the request declares a body (a length above zero or a chunked one) that has not been read to its end. */
export function bodyPending(req: IncomingMessage): boolean {
  if (req.complete) return false
  const length = req.headers['content-length']
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length.trim() !== '0')
}

/**
 * Reads the whole body. A declared length above `limit` is refused before a byte is read, and
 * a body that grows past `limit` is refused as soon as it does: nothing past the limit is kept,
 * and the rest is left unread (the caller answers and closes the connection).
 */
export function readBody(req: IncomingMessage, res: ServerResponse, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit))
  // The client waited for a go-ahead before sending; give it only now that the request is accepted.
  if (/100-continue/i.test(req.headers.expect ?? '')) res.writeContinue()
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = (): void => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
      req.off('close', onClose)
    }
    const onData = (chunk: Buffer): void => {
      size += chunk.length
      if (size > limit) {
        stop()
        chunks.length = 0
        req.pause()
        reject(tooLarge(limit))
        return
      }
      chunks.push(chunk)
    }
    const onEnd = (): void => {
      stop()
      resolve(Buffer.concat(chunks).toString('utf8'))
    }
    const onError = (error: Error): void => {
      stop()
      reject(error)
    }
    // A client that goes away mid-body emits no 'end'; without this the chunks would be held forever.
    const onClose = (): void => {
      if (req.complete) return
      stop()
      reject(new HttpError(400, 'the connection closed before the request body ended'))
    }
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onError)
    req.on('close', onClose)
  })
}

/** Parses a body as JSON or as a form; an empty body is `undefined`. */
export function parseBody(raw: string, contentType: string | undefined): unknown {
  if (raw.trim() === '') return undefined
  // A JSON text sent with a form content type (curl -d does this) is still read as JSON.
  const looksLikeJson = /^\s*[[{"]/.test(raw)
  if ((contentType ?? '').includes('application/x-www-form-urlencoded') && !looksLikeJson) {
    return Object.fromEntries(new URLSearchParams(raw))
  }
  try {
    return JSON.parse(raw)
  } catch {
    throw new HttpError(400, 'request body is not valid JSON')
  }
}

/** Writes a reply; a body is sent with its length so keep-alive clients see the end. */
export function send(res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) return
  const headers: Record<string, string> = { ...(reply.headers ?? {}) }
  let payload: string | undefined
  if (reply.json !== undefined) {
    payload = JSON.stringify(reply.json)
    headers['content-type'] = 'application/json; charset=utf-8'
  } else if (reply.text !== undefined) {
    payload = reply.text
    headers['content-type'] ??= 'text/plain; charset=utf-8'
  }
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload))
  res.writeHead(reply.status, headers)
  res.end(payload)
}

/** Writes a reply; when the request's body was left unread, the connection is closed after it instead of reading on. */
export function answer(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
  send(res, bodyPending(req) ? { ...reply, headers: { ...(reply.headers ?? {}), connection: 'close' } } : reply)
}
