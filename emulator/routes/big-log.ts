/**
 * A build that writes its log fast (`X-Emulator-Log-Bytes-Per-Second` on the trigger), for
 * tests and the bench of big logs: the text is a function of its byte offset, so any chunk is
 * made on its own and nothing is kept, and the archived log is streamed. Every line is
 * `big <n> ` and its number, padded to LINE_BYTES with dots; chunks are CHUNK_BYTES (the longest
 * chunk recorded real answers hold, log-chunks.ts), so lines are cut across chunks; positions
 * count from 1; the last chunk, written when the build ends, holds the rest and a closing line.
 */
import type { ServerResponse } from 'node:http'
import { progressOf } from '../model/build-progress.js'
import type { BuildRecord } from '../model/build-records.js'
import type { TimedChunk } from './log-chunks.js'

/** Bytes of one chunk (ASCII text, so also its characters). */
export const CHUNK_BYTES = 8192
/** Bytes of one line, its line break included. */
export const LINE_BYTES = 100

/** The log's text from byte `from` to byte `to` (exclusive). */
function textAt(from: number, to: number): string {
  let text = ''
  for (let line = Math.floor(from / LINE_BYTES); line * LINE_BYTES < to; line++) {
    const head = `big ${line} `
    text += `${head}${'.'.repeat(LINE_BYTES - 1 - head.length)}\n`
  }
  const start = from - Math.floor(from / LINE_BYTES) * LINE_BYTES
  return text.slice(start, start + to - from)
}

/** The time chunk `position` was written. */
const writtenAt = (build: BuildRecord, position: number): number =>
  (build.startedAt ?? 0) + Math.floor((position * CHUNK_BYTES * 1000) / (build.logBytesPerSecond ?? 1))

/** What a fast build has written at `now`: its body chunks, and its closing chunk once it has ended. */
function shape(
  build: BuildRecord,
  now: number
): { chunks: number; bodyBytes: number; closing?: string; endAt?: number } {
  const rate = build.logBytesPerSecond ?? 0
  const progress = progressOf(build, now)
  const until = Math.min(progress.finishedAt ?? now, now) - (build.startedAt ?? now)
  let chunks = Math.max(0, Math.floor((rate * Math.max(0, until)) / 1000 / CHUNK_BYTES))
  while (chunks > 0 && writtenAt(build, chunks) > (build.startedAt ?? 0) + until) chunks--
  const bodyBytes = chunks * CHUNK_BYTES
  if (progress.finishedAt === null) return { chunks, bodyBytes }
  const closing = `Build finished with status ${progress.statusText}\n`
  return { chunks: chunks + 1, bodyBytes, closing, endAt: progress.finishedAt + (build.abort ? 1 : 0) }
}

/** The chunks written after `after` (or the last `window` of them without a cursor), and how many there are. */
export function fastChunks(
  build: BuildRecord,
  now: number,
  after: number | undefined,
  window: number
): { chunks: TimedChunk[]; generated: number; finished: boolean } {
  const { chunks: count, bodyBytes, closing, endAt } = shape(build, now)
  const body = bodyBytes / CHUNK_BYTES
  let first = Math.max(1, count - window + 1)
  if (after !== undefined) {
    // Chunks are written in order: the first after the cursor is found by its time.
    const rate = build.logBytesPerSecond ?? 1
    first = Math.max(1, Math.floor(((after - (build.startedAt ?? 0)) * rate) / 1000 / CHUNK_BYTES) + 1)
    while (first > 1 && writtenAt(build, first - 1) > after) first--
    while (first <= body && writtenAt(build, first) <= after) first++
  }
  const chunks: TimedChunk[] = []
  for (let p = first; p <= body; p++)
    chunks.push({ chunk: textAt((p - 1) * CHUNK_BYTES, p * CHUNK_BYTES), position: p, at: writtenAt(build, p) })
  if (closing !== undefined && (after === undefined || endAt! > after))
    chunks.push({ chunk: closing, position: count, at: endAt! })
  return { chunks, generated: count, finished: closing !== undefined }
}

/** Streams the whole archived log, a chunk at a time, waiting for the reader as it goes. */
export async function streamFastLog(build: BuildRecord, now: number, res: ServerResponse): Promise<void> {
  const { bodyBytes, closing } = shape(build, now)
  const tail = Buffer.from(closing ?? '')
  res.writeHead(200, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(bodyBytes + tail.length)
  })
  for (let at = 0; at < bodyBytes && !res.destroyed; at += CHUNK_BYTES * 16) {
    const ok = res.write(textAt(at, Math.min(bodyBytes, at + CHUNK_BYTES * 16)))
    if (!ok) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve))
  }
  res.end(tail)
}
