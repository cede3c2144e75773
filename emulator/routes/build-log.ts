/**
 * The build log: its lines at a moment, the log endpoint's answer as the service gives it, and the
 * archived log behind its signed URL.
 *
 * - Without `after_timestamp` only the last LOG_WINDOW chunks come (recorded real answers hold 10
 *   chunks of 42: Kesin11/CIAnalyzer tests/fixture/bitrise_build_log/), with
 *   `generated_log_chunks_num` counting them all.
 * - With `after_timestamp` set to an earlier answer's `next_after_timestamp`, the chunks written
 *   since (bitrise-io/bitrise-cli bitriseapi/builds.go, BuildLogManifest).
 * - Once the build has finished the log `is_archived` at once: `log_chunks` is the window again
 *   and the whole text is at `expiring_raw_log_url`, signed, valid ten minutes (the published
 *   contract's description of the endpoint), to be fetched without an Authorization header
 *   (bitrise-cli streamRawLog; a signed storage URL refuses a second credential).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { badRequest } from '../http/errors.js'
import { answer } from '../http/io.js'
import { progressOf } from '../model/build-progress.js'
import type { ServiceModel } from '../model/model.js'
import type { BuildRecord } from '../model/types.js'

const LINES_PER_TICK = 3
const TICK_MS = 100
const MAX_TICKS = 300

/**
 * The log as it stands at `now`, or null before it exists (held, or within `logDelayMs` of
 * the start). It grows by a few lines every 100 ms and ends with a closing line; each chunk
 * carries the time it was written (`at`), which the log's cursor compares with.
 */
export function logAt(build: BuildRecord, now: number, logDelayMs: number): { chunks: { chunk: string; position: number; at: number }[]; finished: boolean } | null {
  if (build.startedAt === null || now < build.startedAt + logDelayMs) return null
  const progress = progressOf(build, now)
  const until = progress.finishedAt ?? now
  const ticks = Math.min(MAX_TICKS, Math.max(0, Math.floor((until - build.startedAt) / TICK_MS)))
  const chunks: { chunk: string; position: number; at: number }[] = [
    { chunk: `Build #${build.buildNumber} of workflow ${build.triggeredWorkflow} started (checkout ${build.checkout.kind} ${build.checkout.value})\n`, position: 0, at: build.startedAt }
  ]
  for (let tick = 1; tick <= ticks; tick++) {
    const lines: string[] = []
    for (let line = 1; line <= LINES_PER_TICK; line++) lines.push(`[${tick * TICK_MS} ms] step output line ${(tick - 1) * LINES_PER_TICK + line}`)
    chunks.push({ chunk: lines.join('\n') + '\n', position: tick, at: build.startedAt + tick * TICK_MS })
  }
  if (progress.finishedAt !== null) {
    const reason = build.abort?.reason ? `: ${build.abort.reason}` : ''
    chunks.push({ chunk: `Build finished with status ${progress.statusText}${reason}\n`, position: ticks + 1, at: progress.finishedAt })
  }
  return { chunks, finished: progress.finishedAt !== null }
}

/** Chunks an answer without a cursor holds. */
export const LOG_WINDOW = 10

/** Where the archived logs live, outside the API: their signed links carry no token. */
export const RAW_LOG_PREFIX = '/_raw-logs'

/** How long an archived log's link works (the contract: "expiring in 10 minutes"). */
export const RAW_LOG_TTL_MS = 10 * 60_000

const SIGNING_KEY = randomBytes(32)

const sign = (buildSlug: string, expires: number): Buffer => createHmac('sha256', SIGNING_KEY).update(`raw-log/${buildSlug}/${expires}`).digest()

const iso = (ms: number): string => new Date(ms).toISOString()

/** The answer of `GET …/log` at `now`, or null while the log does not exist yet (a 404). */
export function logAnswer(build: BuildRecord, now: number, logDelayMs: number, afterTimestamp: string | null, origin: string): Record<string, unknown> | null {
  const log = logAt(build, now, logDelayMs)
  if (log === null) return null
  let after: number | undefined
  if (afterTimestamp !== null && afterTimestamp !== '') {
    after = Date.parse(afterTimestamp)
    if (Number.isNaN(after)) throw badRequest('after_timestamp is not a time: give the next_after_timestamp of an earlier answer')
  }
  const chunks = log.finished || after === undefined ? log.chunks.slice(-LOG_WINDOW) : log.chunks.filter((c) => c.at > after)
  const expires = now + RAW_LOG_TTL_MS
  return {
    log_chunks: chunks.map(({ chunk, position }) => ({ chunk, position })),
    generated_log_chunks_num: log.chunks.length,
    is_archived: log.finished,
    expiring_raw_log_url: log.finished ? `${origin}${RAW_LOG_PREFIX}/${build.slug}?expires=${expires}&signature=${sign(build.slug, expires).toString('hex')}` : null,
    // Every chunk written up to now is in the log already, so "now" is a cursor that misses none.
    timestamp: log.finished ? null : iso(now),
    next_after_timestamp: log.finished ? null : iso(now)
  }
}

/** Answers `GET /_raw-logs/{build}?expires=…&signature=…` with the whole archived log as text. */
export function serveRawLog(model: ServiceModel, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const slug = url.pathname.slice(RAW_LOG_PREFIX.length + 1)
  const build = model.state.builds.get(slug)
  const log = build ? logAt(build, model.now(), 0) : null
  if (req.method !== 'GET' || !build || !log?.finished) {
    answer(req, res, { status: 404, json: { message: 'no such archived log' } })
    return Promise.resolve()
  }
  if (req.headers.authorization !== undefined) {
    answer(req, res, { status: 400, json: { message: 'only one auth mechanism allowed: the link is signed, so no Authorization header may come with it' } })
    return Promise.resolve()
  }
  const expiresText = url.searchParams.get('expires') ?? ''
  const signature = url.searchParams.get('signature') ?? ''
  const expires = Number(expiresText)
  const valid = /^\d{1,16}$/.test(expiresText) && /^[0-9a-f]{64}$/.test(signature) && timingSafeEqual(sign(slug, expires), Buffer.from(signature, 'hex'))
  if (!valid || model.now() > expires) {
    answer(req, res, { status: 403, json: { message: valid ? 'the archived log link has expired' : 'the archived log link is not valid' } })
    return Promise.resolve()
  }
  const text = Buffer.from(log.chunks.map((c) => c.chunk).join(''), 'utf8')
  res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': String(text.length) })
  res.end(text)
  return Promise.resolve()
}
