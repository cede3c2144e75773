import { ApiError, sleep, type ApiClient } from '../client.js'
import { describeDuration } from '../durations.js'
import { buildPath, readBuildRecord, statusWord, type BuildRecord, type BuildStatus } from './build-record.js'

export type { BuildRecord, BuildStatus } from './build-record.js'

export type WaitResult =
  | { kind: 'finished'; status: BuildStatus; succeeded: boolean; record: BuildRecord; response: string }
  | { kind: 'timed-out'; record?: BuildRecord }
  | { kind: 'cancelled'; record?: BuildRecord }

export interface WaitParams {
  appSlug: string
  buildSlug: string
  timeoutMs: number
  pollIntervalMs: number
  streamLogs: boolean
  /** Aborted when the job is cancelled. */
  signal: AbortSignal
  /** The build's page on the service, when known: where a held build is approved. */
  buildUrl?: string
  /** Called once when the build is first seen on hold. */
  onHold?: () => void
  /** Longest time without a line printed: a heartbeat line (elapsed time, status) fills the silence. */
  heartbeatMs?: number
  log: (line: string) => void
  /** Prints build log text as it arrives. */
  printLog?: (text: string) => void
}

/** How long a 404 for the build (or its log) is taken as "not there yet" after waiting starts. */
const NOT_FOUND_GRACE_MS = 30_000

/**
 * Polls the build until it finishes, the wait times out or the job is cancelled.
 * Failures of the status call (5xx, timeouts, a 404 right after the trigger) do
 * not end the wait; a 401 or 403 does.
 */
export async function waitForBuild(client: ApiClient, params: WaitParams): Promise<WaitResult> {
  const started = Date.now()
  const deadline = started + params.timeoutMs
  const heartbeatMs = params.heartbeatMs ?? 60_000
  const statusPath = buildPath(params.appSlug, params.buildSlug)
  let lastPrinted = started
  const log = (line: string): void => {
    lastPrinted = Date.now()
    params.log(line)
  }
  const printLog = params.printLog
  const logs =
    params.streamLogs && printLog
      ? new LogStreamer(client, `${statusPath}/log`, (text) => {
          lastPrinted = Date.now()
          printLog(text)
        })
      : undefined
  let record: BuildRecord | undefined
  let reportedHold = false
  let warnedFailure = false
  let lastPhase: string | undefined

  for (;;) {
    if (params.signal.aborted) return { kind: 'cancelled', record }
    let response = ''
    let data: unknown
    try {
      const res = await client.get<{ data?: unknown } | undefined>(statusPath, { signal: params.signal })
      data = res.body?.data
      response = res.text
    } catch (error) {
      if (params.signal.aborted) return { kind: 'cancelled', record }
      if (!(error instanceof ApiError)) throw error
      const tolerated =
        error.kind !== 'http' ||
        error.status === 429 ||
        (error.status ?? 0) >= 500 ||
        (error.status === 404 && Date.now() - started < NOT_FOUND_GRACE_MS)
      if (!tolerated) throw error
      if (!warnedFailure) {
        log(`Reading the build status failed (${error.message}); still waiting.`)
        warnedFailure = true
      }
    }
    // Checked outside the call's error handling: a record the action cannot read is not a passing fault.
    if (data !== undefined) record = readBuildRecord(data, 'GET', statusPath)
    const word = record?.status === undefined ? undefined : statusWord(record.status)
    if (record && !word) {
      const phase = phaseOf(record)
      if (record.is_on_hold && !reportedHold) {
        log(
          `Build ${params.buildSlug} is on hold, waiting for approval: someone must approve it on the service before it runs${params.buildUrl ? ` (${params.buildUrl})` : ''}.`
        )
        params.onHold?.()
        reportedHold = true
      } else if (phase !== lastPhase) {
        log(`Build ${params.buildSlug}: ${phase}`)
      }
      lastPhase = phase
    }
    // Read after the status, so once the build is seen finished this read has its whole log.
    if (logs) await logs.poll(params.signal)
    if (record && word) {
      return { kind: 'finished', status: word, succeeded: word === 'success' || word === 'aborted-with-success', record, response }
    }
    if (Date.now() >= deadline) return { kind: 'timed-out', record }
    // Sleep until the next poll, waking to print a heartbeat when nothing was printed for a while.
    const pollAt = Math.min(Date.now() + params.pollIntervalMs, deadline)
    for (;;) {
      const now = Date.now()
      if (params.signal.aborted || now >= pollAt) break
      const beatAt = lastPrinted + heartbeatMs
      if (now >= beatAt) {
        log(`Still waiting for build ${params.buildSlug}: ${describeDuration(Math.floor((now - started) / 1000) * 1000)} elapsed, ${lastPhase ?? 'status not known yet'}`)
        continue
      }
      await sleep(Math.min(pollAt, beatAt) - now, params.signal)
    }
  }
}

/** The state of an unfinished build, in words: on hold, or running with the service's own word. */
function phaseOf(record: BuildRecord): string {
  if (record.is_on_hold) return 'on hold, waiting for approval'
  return `running${record.status_text ? ` (${record.status_text})` : ''}`
}

interface LogChunk {
  chunk?: string
  position?: number
}

/** Prints a build's log as it grows: chunks in position order, each once. */
class LogStreamer {
  private readonly printed = new Set<number>()
  private failed = false

  constructor(
    private readonly client: ApiClient,
    private readonly path: string,
    private readonly print: (text: string) => void
  ) {}

  async poll(signal: AbortSignal): Promise<void> {
    if (this.failed || signal.aborted) return
    let chunks: LogChunk[]
    try {
      const res = await this.client.get<{ log_chunks?: LogChunk[] }>(this.path, { signal })
      chunks = Array.isArray(res.body?.log_chunks) ? res.body.log_chunks : []
    } catch (error) {
      // The log does not exist for a moment after the trigger; other failures stop the streaming, not the wait.
      if (error instanceof ApiError && error.status !== 404 && error.kind !== 'cancelled') this.failed = true
      return
    }
    const fresh = chunks
      .filter((c) => typeof c.position === 'number' && typeof c.chunk === 'string' && !this.printed.has(c.position))
      .sort((a, b) => (a.position as number) - (b.position as number))
    for (const c of fresh) {
      this.printed.add(c.position as number)
      this.print((c.chunk as string).replace(/\n$/, ''))
    }
  }
}
