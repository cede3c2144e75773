/** Reading request bodies and writing answers, shared by the API and the control endpoints. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { HttpError } from './http-error.js'

export const MAX_BODY_BYTES = 1024 * 1024

/** What a handler answers; `json` and `text` are mutually exclusive, neither means no body. */
export interface Reply {
  status: number
  json?: unknown
  text?: string
  headers?: Record<string, string>
}

/** Reads the whole body, refusing more than MAX_BODY_BYTES with a 413. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        tooLarge = true
        chunks.length = 0
        return
      }
      if (!tooLarge) chunks.push(chunk)
    })
    req.on('end', () => {
      if (tooLarge) reject(new HttpError(413, `request body is larger than ${MAX_BODY_BYTES} bytes`))
      else resolve(Buffer.concat(chunks).toString('utf8'))
    })
    req.on('error', reject)
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

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
