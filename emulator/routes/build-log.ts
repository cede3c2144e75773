/**
 * The build log endpoint's answer as the service gives it, and the archived log behind its signed
 * URL. The chunks themselves are written by log-chunks.ts.
 *
 * - Without a cursor, until the log is archived, every chunk written so far comes, with
 *   `generated_log_chunks_num` counting them: the service's CLI takes that first answer as the
 *   log's start and never reaches back (bitrise-io/bitrise-cli internal/build/service.go, Watch;
 *   its test answers it with position 0), so a window there would lose what came before it at
 *   the emulator's speed, where a build writes its chunks within seconds. Once archived, only the
 *   last LOG_WINDOW chunks come, as the recorded real answers of an archived log hold (10 chunks
 *   of 42: Kesin11/CIAnalyzer tests/fixture/bitrise_build_log/); the whole text is behind the
 *   raw URL then.
 * - The cursor is `after_timestamp`, an earlier answer's `next_after_timestamp`, as the service's
 *   CLI sends it (bitrise-io/bitrise-cli bitriseapi/builds.go, BuildLogManifest), or `timestamp`,
 *   as two community clients send it (lifeomic/bitrise src/build.js, deszip/BitBot
 *   Bitrise/Networking/Requests/BRLogsRequest.m): an ISO time or Unix seconds. It is honoured
 *   while the build runs, after it has ended and once the log is archived: the CLI's watch makes
 *   "one final call" with its last cursor after the build has ended (internal/build/service.go,
 *   Watch), and its own tests answer that call, for a finished build, with the tail of the log,
 *   not yet archived (internal/build/service_test.go, TestService_Watch_DeltaStreaming).
 * - The log is archived `archiveDelayMs` after the build has ended: `is_archived`, the cursor
 *   fields null, and the whole text at `expiring_raw_log_url`, signed, valid ten minutes (the
 *   published contract's description of the endpoint), fetched without an Authorization header
 *   (bitrise-cli streamRawLog; a signed storage URL refuses a second credential).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { badRequest } from '../http/errors.js'
import { answer } from '../http/io.js'
import type { ServiceModel } from '../model/model.js'
import type { BuildRecord } from '../model/build-records.js'
import { progressOf } from '../model/build-progress.js'
import { logAt, type LogState } from './log-chunks.js'
import { fastChunks, streamFastLog } from './big-log.js'

/** Chunks an answer without a cursor holds once the log is archived. */
export const LOG_WINDOW = 10

/** How long after a build starts its log answers 404, and how long after it ends the log is archived. */
export interface LogTiming {
  delayMs: number
  archiveDelayMs: number
}

/** Where the archived logs live, outside the API: their signed links carry no token. */
export const RAW_LOG_PREFIX = '/_raw-logs'

/** How long an archived log's link works (the contract: "expiring in 10 minutes"). */
export const RAW_LOG_TTL_MS = 10 * 60_000

const SIGNING_KEY = randomBytes(32)

const sign = (buildSlug: string, expires: number): Buffer =>
  createHmac('sha256', SIGNING_KEY).update(`raw-log/${buildSlug}/${expires}`).digest()

const iso = (ms: number): string => new Date(ms).toISOString()

/** Whether the log is archived at `now`: some time after the build has ended. */
function archived(log: LogState, now: number, archiveDelayMs: number): boolean {
  return log.finishedAt !== null && now >= log.finishedAt + archiveDelayMs
}

/** The cursor of the request, in ms: `after_timestamp` (the service's CLI) or `timestamp` (older clients); undefined without one. */
export function readCursor(query: URLSearchParams): number | undefined {
  const name = query.get('after_timestamp') ? 'after_timestamp' : 'timestamp'
  const value = query.get(name)
  if (value === null || value === '') return undefined
  const at = /^\d{1,12}(\.\d{1,9})?$/.test(value) ? Math.floor(Number(value) * 1000) : Date.parse(value)
  if (Number.isNaN(at))
    throw badRequest(
      `${name} is not a time: give the next_after_timestamp of an earlier answer (an ISO time) or Unix seconds`
    )
  return at
}

/** The answer of `GET …/log` at `now`, or null while the log does not exist yet (a 404). */
export function logAnswer(
  build: BuildRecord,
  now: number,
  timing: LogTiming,
  query: URLSearchParams,
  origin: string
): Record<string, unknown> | null {
  const after = readCursor(query)
  const log: (LogState & { generated?: number }) | null = build.logBytesPerSecond
    ? fastLogAt(build, now, timing.delayMs, after)
    : logAt(build, now, timing.delayMs)
  if (log === null) return null
  const done = archived(log, now, timing.archiveDelayMs)
  const chunks =
    after !== undefined ? log.chunks.filter((c) => c.at > after) : done ? log.chunks.slice(-LOG_WINDOW) : log.chunks
  const generated = log.generated ?? log.chunks.length
  const expires = now + RAW_LOG_TTL_MS
  // Every chunk written so far is in the log already, so a cursor at the latest of them (or now) misses none.
  const cursor = iso(Math.max(now, log.chunks.length ? log.chunks[log.chunks.length - 1].at : now))
  return {
    log_chunks: chunks.map(({ chunk, position }) => ({ chunk, position })),
    generated_log_chunks_num: generated,
    is_archived: done,
    expiring_raw_log_url: done
      ? `${origin}${RAW_LOG_PREFIX}/${build.slug}?expires=${expires}&signature=${sign(build.slug, expires).toString('hex')}`
      : null,
    timestamp: done ? null : cursor,
    next_after_timestamp: done ? null : cursor
  }
}

/** A fast build's log as it stands: only the chunks the request asks for are made (big-log.ts). */
function fastLogAt(
  build: BuildRecord,
  now: number,
  delayMs: number,
  after: number | undefined
): (LogState & { generated: number }) | null {
  if (build.startedAt === null || now < build.startedAt + delayMs) return null
  const { chunks, generated, finished } = fastChunks(build, now, after, LOG_WINDOW)
  return { chunks, generated, finishedAt: finished ? progressOf(build, now).finishedAt : null }
}

/** Answers `GET /_raw-logs/{build}?expires=…&signature=…` with the whole archived log as text. */
export function serveRawLog(
  model: ServiceModel,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  timing: LogTiming
): Promise<void> {
  const slug = url.pathname.slice(RAW_LOG_PREFIX.length + 1)
  const build = model.state.builds.get(slug)
  const log = !build
    ? null
    : build.logBytesPerSecond
      ? fastLogAt(build, model.now(), 0, Infinity)
      : logAt(build, model.now(), 0)
  if (req.method !== 'GET' || !log || !archived(log, model.now(), timing.archiveDelayMs)) {
    answer(req, res, { status: 404, json: { message: 'no such archived log' } })
    return Promise.resolve()
  }
  // The storage behind a presigned link refuses a second credential with S3's 400 InvalidArgument
  // error naming the Authorization header (emulator/docs/build-logs.md, "The archive comes a while after the end").
  if (req.headers.authorization !== undefined) {
    answer(req, res, {
      status: 400,
      headers: { 'content-type': 'application/xml' },
      text:
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InvalidArgument</Code>' +
        '<Message>The link is signed: a request may carry one credential, so no Authorization header may come with it.</Message>' +
        '<ArgumentName>Authorization</ArgumentName></Error>'
    })
    return Promise.resolve()
  }
  const expiresText = url.searchParams.get('expires') ?? ''
  const signature = url.searchParams.get('signature') ?? ''
  const expires = Number(expiresText)
  const valid =
    /^\d{1,16}$/.test(expiresText) &&
    /^[0-9a-f]{64}$/.test(signature) &&
    timingSafeEqual(sign(slug, expires), Buffer.from(signature, 'hex'))
  if (!valid || model.now() > expires) {
    answer(req, res, {
      status: 403,
      json: { message: valid ? 'the archived log link has expired' : 'the archived log link is not valid' }
    })
    return Promise.resolve()
  }
  if (build!.logBytesPerSecond) return streamFastLog(build!, model.now(), res)
  const text = Buffer.from(log.chunks.map((c) => c.chunk).join(''), 'utf8')
  res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': String(text.length) })
  res.end(text)
  return Promise.resolve()
}
