/**
 * A build log served the way the service's log endpoint answers, for the fake service:
 * without a cursor only the last WINDOW chunks (recorded real answers hold 10 chunks of 42:
 * Kesin11/CIAnalyzer tests/fixture/bitrise_build_log/); with `after_timestamp` set to the
 * previous answer's `next_after_timestamp`, the chunks written since; chunks may come out of
 * order across polls; once the build has finished, `is_archived` with the whole text only behind
 * `expiring_raw_log_url`, fetched without an Authorization header (bitrise-io/bitrise-cli
 * bitriseapi/builds.go, internal/build/service.go). Line content is random for every run.
 */
import type { RecordedRequest, Reply, Routes } from '../fake-service.js'
import { random, randomInt, randomString } from '../random.js'

export const WINDOW = 10

export interface WindowedLogOptions {
  lines: number
  /** Chunks the build writes between two log reads. */
  perPoll: number
  /** Positions held back from the answer that should carry them, sent with the next one instead. */
  late?: Set<number>
  /** Positions never sent as chunks: only the raw log has them. */
  lost?: Set<number>
  /** Chunks the first read finds written (default perPoll); the whole log when the build ended before the wait. */
  firstPoll?: number
  /** Log reads answered 404 first, as right after a trigger. */
  earlyNotFound?: number
  /** What the raw log URL answers; by default the whole text (400 when an Authorization header comes with it). */
  rawReply?: Reply
  /** Where the raw log lives on the fake service (its path). */
  rawPath?: string
}

export interface WindowedLog {
  lines: string[]
  text: string
  chunks: string[]
  routes(buildPath: string, origin: () => string): Routes
  /** The raw log requests, with their headers. */
  rawRequests: RecordedRequest[]
  logRequests: RecordedRequest[]
}

/** Random printable lines, none of them a workflow command, each unique. */
export function randomLines(count: number): string[] {
  return Array.from(
    { length: count },
    (_v, i) => `L${i}-${randomString(4 + randomInt(30), 'abcdefghijklmnopqrstuvwxyz0123456789 -_=+.,;')}`
  )
}

/** Cuts the text into chunks at random places, some of them inside a line. */
function cut(text: string, lines: number): string[] {
  const count = Math.max(1, Math.floor(lines * (0.6 + random() * 0.6)))
  const cuts = new Set<number>()
  while (cuts.size < count - 1) cuts.add(1 + randomInt(text.length - 1))
  const points = [0, ...[...cuts].sort((a, b) => a - b), text.length]
  return points.slice(1).map((end, i) => text.slice(points[i], end))
}

export function windowedLog(options: WindowedLogOptions): WindowedLog {
  const lines = randomLines(options.lines)
  const text = lines.map((l) => `${l}\n`).join('')
  const chunks = cut(text, options.lines)
  const rawPath = options.rawPath ?? `/raw-logs/${randomString(24)}.log`
  const rawRequests: RecordedRequest[] = []
  const logRequests: RecordedRequest[] = []
  let written = 0
  const sent = new Set<number>()
  const stamp = (position: number): string => `2026-01-01T00:00:${String(position).padStart(4, '0')}Z`
  const visible = (p: number): boolean => p < written && !options.lost?.has(p)

  function logAnswer(req: RecordedRequest, count: number): Reply {
    logRequests.push(req)
    if (count <= (options.earlyNotFound ?? 0)) return { status: 404, body: { message: 'Not Found' } }
    if (written === 0 && (options.firstPoll ?? 0) >= chunks.length) written = chunks.length
    const finished = written >= chunks.length
    const cursor = req.query.after_timestamp
    const before = written
    written = Math.min(
      chunks.length,
      written + (before === 0 ? (options.firstPoll ?? options.perPoll) : options.perPoll)
    )
    let positions = [...Array(written).keys()].filter(visible)
    if (cursor === undefined || finished) positions = positions.slice(-WINDOW)
    else {
      // What is new since the cursor; a late chunk is left out of the answer that should carry it and comes with the next.
      positions = positions.filter((p) => !sent.has(p) && !(options.late?.has(p) && p >= before))
      // Answers after a cursor may repeat a chunk already sent (lifeomic/bitrise src/build.js).
      if (sent.size > 0) positions.push([...sent][randomInt(sent.size)])
    }
    for (const p of positions) sent.add(p)
    const log_chunks = positions.map((position) => ({ chunk: chunks[position], position })).sort(() => random() - 0.5)
    const archived = finished
    return {
      body: {
        log_chunks,
        is_archived: archived,
        generated_log_chunks_num: written,
        expiring_raw_log_url: archived
          ? `${origin()}${rawPath}?X-Amz-Expires=600&X-Amz-Signature=${randomString(40)}`
          : null,
        timestamp: archived ? null : stamp(written - 1),
        next_after_timestamp: archived ? null : stamp(written - 1)
      }
    }
  }

  let origin: () => string = () => ''
  return {
    lines,
    text,
    chunks,
    rawRequests,
    logRequests,
    routes(buildPath, originOf) {
      origin = originOf
      const running = { body: { data: { slug: 'b', status: 0, status_text: 'in-progress', is_on_hold: false } } }
      const done = {
        body: {
          data: { slug: 'b', status: 1, status_text: 'success', is_on_hold: false, finished_at: '2026-01-01T00:10:00Z' }
        }
      }
      return {
        [`GET ${buildPath}`]: () => (written >= chunks.length ? done : running),
        [`GET ${buildPath}/log`]: logAnswer,
        [`GET ${rawPath.replace(/^\/v0\.1/, '')}`]: (req) => {
          rawRequests.push(req)
          if (options.rawReply) return options.rawReply
          if (req.headers.authorization)
            return {
              status: 400,
              raw: '<Error><Code>InvalidArgument</Code><Message>Only one auth mechanism allowed</Message></Error>'
            }
          return { raw: text, headers: { 'content-type': 'text/plain' } }
        }
      }
    }
  }
}
