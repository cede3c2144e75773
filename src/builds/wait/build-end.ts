/** A wait for a build's end: its status read until it finishes, a heartbeat, and the build log as it grows. */
import { Heartbeat } from './heartbeat.js'
import { ApiError, isHttpError, isPassingFault } from '../../http/api-error.js'
import type { ServiceClient } from '../../http/service-client.js'
import { describeDuration } from '../../inputs/durations.js'
import { sleep } from '../../sleep.js'
import { LOG_MIN_POLL_MS, LOG_POLL_MS, LOG_SETTLE_POLL_MS, LOG_TAIL_MS, LogStreamer, type LogOutput } from './log.js'
import { readServiceBuild, statusWord, type ServiceBuild } from '../../api/build-record.js'
import { buildPath } from '../../api/paths.js'
import type { FinishedBuild } from '../report/build.js'
import { stillWaiting, waitFor } from './loop.js'
import { FLOOR_MS, historyOf, Pace } from './pace.js'
import { instantMs } from '../../api/build-history.js'
import { getPipeline } from '../../api/pipelines.js'
import { Input } from '../../constants.js'
import { phaseOf, runningStep } from './running-step.js'

/** How a wait for a build's end ended: finished, or stopped with the build's last record when one was read. */
export type WaitResult =
  | ({ kind: 'finished' } & FinishedBuild)
  | { kind: 'timed-out'; record?: ServiceBuild }
  | { kind: 'cancelled'; record?: ServiceBuild }

/** What one wait for a build's end reads, for how long, and where it reports. */
export interface BuildWaitOptions {
  appSlug: string
  buildSlug: string
  timeoutMs: number
  pollIntervalMs: number
  /** poll-interval not set: the reads aim at the end the workflow's recent builds predict. */
  adaptive?: boolean
  /** The slug came from the step, not from a trigger: on a 404, whether it is a pipeline's id is checked, once. */
  mayBePipeline?: boolean
  streamLogs: boolean
  /** Aborted when the job is cancelled. */
  signal: AbortSignal
  /** The build's page on the service, when known. */
  buildUrl?: string
  /** Called once when the build is first seen on hold (`is_on_hold`: no free concurrency slot yet). */
  onHold?: () => void
  /** Longest time without a line printed: a heartbeat line (elapsed time, status) fills the silence. */
  heartbeatMs?: number
  log: (line: string) => void
  /** Prints build log text as it arrives. */
  printLog?: (text: string) => void
  /** Warns once about the log (incomplete, or not readable). */
  warn?: (line: string) => void
  /** Adds a line to the step's summary: where the log's rest is, when the log shown is incomplete. */
  summaryNote?: (line: string) => void
  /** Masks a secret the service sent (the archived log's signed URL). */
  mask?: (value: string) => void
}

/** A slug the step gave that names a pipeline, not a build: the wait ends, and nothing is aborted. */
export class NotABuild extends Error {}

/** How long a 404 for the build (or its log) is taken as "not there yet" after waiting starts. */
const NOT_FOUND_GRACE_MS = 30_000

/** Reads the build until it ends, the wait times out or the job is cancelled; a 5xx, timeout or early 404 does not end it, a 401 or 403 does. */
export function waitForBuildEnd(client: ServiceClient, params: BuildWaitOptions): Promise<WaitResult> {
  return new BuildWait(client, params).run()
}

/** One wait: its rounds of the loop, and what it remembers between them. */
class BuildWait {
  private readonly heartbeat: Heartbeat
  private readonly started: number
  private readonly deadline: number
  private readonly statusPath: string
  private readonly logs: LogStreamer | undefined
  private record: ServiceBuild | undefined
  private reportedHold = false
  private lastPhase: string | undefined
  private readonly pace: Pace
  private checkedPipeline = false
  /** Ends the log's reads (the build ended and its time ran out, or the wait stopped). */
  private readonly logStop = new AbortController()
  /** Wakes the log's reads from their pause: the build has ended. */
  private logWake = new AbortController()
  private ended = false
  /** Cuts the status pause short, once: the log said the build has ended (its log is archived). */
  private readonly statusWake = new AbortController()
  private hurried = false
  /** Resolved once the status has been read (or its read failed) once: the log is not read before. */
  private statusSeen: () => void = () => {}
  private readonly firstStatus = new Promise<void>((resolve) => (this.statusSeen = resolve))
  private step: string | undefined

  constructor(
    private readonly client: ServiceClient,
    private readonly params: BuildWaitOptions
  ) {
    this.heartbeat = new Heartbeat(params.heartbeatMs ?? 60_000, (elapsed) =>
      params.log(
        `Still waiting for build ${params.buildSlug}: ${elapsed} elapsed, ${this.lastPhase ?? 'status not known yet'}${this.step ? `; ${this.step}` : ''}`
      )
    )
    this.started = this.heartbeat.started
    this.pace = new Pace(params.pollIntervalMs, params.adaptive === true)
    this.deadline = this.started + params.timeoutMs
    this.statusPath = buildPath(params.appSlug, params.buildSlug)
    const printLog = params.printLog
    this.logs =
      params.streamLogs && printLog
        ? new LogStreamer(client, params.appSlug, params.buildSlug, this.logOutput(printLog))
        : undefined
  }

  private logOutput(printLog: (text: string) => void): LogOutput {
    const { warn, mask } = this.params
    return {
      print: (text) => {
        this.heartbeat.printed()
        printLog(text)
      },
      note: (line) => this.log(line),
      warn: (line) => {
        this.heartbeat.printed()
        ;(warn ?? this.params.log)(line)
        const page = this.params.buildUrl ? ` The whole log is on the build's page: ${this.params.buildUrl}` : ''
        this.params.summaryNote?.(`${line}${page}`)
      },
      mask: (value) => mask?.(value)
    }
  }

  /** Reads the log beside the status, never in its way; closer together while its answers are big. */
  private async followLog(logs: LogStreamer): Promise<void> {
    const signal = AbortSignal.any([this.params.signal, this.logStop.signal])
    const base = Math.min(Math.max(this.params.pollIntervalMs, 50), LOG_POLL_MS)
    let pause = base
    // Not before the first status read: a build that ended without starting is known by then.
    await new Promise<void>((resolve) => {
      void this.firstStatus.then(resolve)
      if (signal.aborted) resolve()
      signal.addEventListener('abort', () => resolve(), { once: true })
    })
    // The log's own reads, in the loop every wait runs: no deadline (the status's wait ends them).
    await waitFor<void, true>({
      signal,
      deadline: Infinity,
      pollIntervalMs: base,
      nextPollMs: () => (this.ended ? Math.min(pause, LOG_SETTLE_POLL_MS) : pause),
      // Woken once, when the build ends; the pauses after that are not cut short.
      wake: () => (this.ended ? undefined : this.logWake.signal),
      read: () => logs.readNext(signal, this.ended),
      round: () => {
        if (logs.archived) this.statusWake.abort()
        pause = logs.behind ? Math.max(LOG_MIN_POLL_MS, pause / 4) : Math.min(base, pause * 2)
        return logs.done || undefined
      }
    })
  }

  /** After the build was seen finished: the log read on until printed, for LOG_TAIL_MS at most, then ended. */
  private async settleLog(logs: LogStreamer, follow: Promise<void>): Promise<void> {
    this.ended = true
    this.logWake.abort()
    const cut = new AbortController()
    await Promise.race([follow, sleep(LOG_TAIL_MS, AbortSignal.any([cut.signal, this.params.signal]))])
    cut.abort()
    this.logStop.abort()
    await follow
    logs.end(`${describeDuration(LOG_TAIL_MS)} after the build ended`)
  }

  async run(): Promise<WaitResult> {
    const follow = this.logs ? this.followLog(this.logs) : undefined
    let end
    try {
      end = await this.statusLoop()
    } finally {
      if (!end || end.kind !== 'finished') {
        this.logStop.abort()
        await follow
      }
    }
    if (end.kind === 'finished' && this.logs && follow) await this.settleLog(this.logs, follow)
    return end.kind === 'finished' ? end.result : { kind: end.kind, record: this.record }
  }

  private statusLoop() {
    return waitFor<{ data?: unknown; response: string }, WaitResult>({
      signal: this.params.signal,
      deadline: this.deadline,
      pollIntervalMs: this.params.pollIntervalMs,
      nextPollMs: () => this.nextPollMs(),
      heartbeat: this.heartbeat,
      turn: () => this.pace.turn(this.params.signal),
      wake: () => (this.hurried ? undefined : this.statusWake.signal),
      floorMs: FLOOR_MS,
      read: async () => {
        try {
          const res = await this.client.request<{ data?: unknown } | undefined>('GET', this.statusPath, {
            signal: this.params.signal
          })
          return { data: res.body?.data, response: res.text }
        } catch (error) {
          if (isHttpError(error, 404)) await this.notAPipeline()
          throw error
        }
      },
      tolerated: (error) => this.tolerated(error),
      warn: (error) => this.log(stillWaiting('the build status', error)),
      round: (read) => this.round(read)
    })
  }

  /** One round: the status read (none after a failure ridden out) taken in, and the log read on. */
  private async round(read: { data?: unknown; response: string } | undefined): Promise<WaitResult | undefined> {
    this.statusSeen()
    // Checked outside the call's error handling: a record the action cannot read is not a passing fault.
    if (read?.data !== undefined) this.record = readServiceBuild(read.data, 'GET', this.statusPath)
    const record = this.record
    const word = record?.status === undefined ? undefined : statusWord(record.status)
    if (record && !word) {
      this.reportProgress(record)
      await this.learn(record)
      if (!record.isOnHold && this.heartbeat.dueWithin(this.params.pollIntervalMs))
        this.step = await runningStep(this.client, this.params.appSlug, this.params.buildSlug, this.params.signal)
    }
    if (record && word)
      return {
        kind: 'finished',
        status: word,
        succeeded: word === 'success' || word === 'aborted-with-success',
        record,
        response: read?.response ?? ''
      }
    return undefined
  }

  /** After a first 404 of a slug the step was given: a pipeline's id as build-slug is named, never waited for or aborted. */
  private async notAPipeline(): Promise<void> {
    const { appSlug, buildSlug, signal } = this.params
    if (!this.params.mayBePipeline || this.checkedPipeline) return
    this.checkedPipeline = true
    let pipeline
    try {
      pipeline = await getPipeline(this.client, appSlug, buildSlug, signal)
    } catch {
      return
    }
    throw new NotABuild(
      `Input "${Input.buildSlug}": ${buildSlug} is not a build of ${appSlug} but a pipeline${pipeline.name ? ` (${pipeline.name})` : ''}, ${pipeline.status}: give it as ${Input.pipelineId} to wait for the pipeline. Nothing was aborted.`
    )
  }

  /** The pause before the next status read; once the log has said the build ended, the wake cuts it short. */
  private nextPollMs(): number {
    if (this.statusWake.signal.aborted && !this.hurried) {
      this.hurried = true
      return Math.min(this.pace.nextMs(), FLOOR_MS)
    }
    return this.pace.nextMs()
  }

  /** Tells the pace what the record says; the first time, the pace reads the workflow's history. */
  private learn(record: ServiceBuild): Promise<void> {
    const { client, params } = this
    return this.pace.learn(
      {
        kind: 'workflow',
        name: record.triggeredWorkflow,
        branch: record.branch,
        startedAt: instantMs(record.startedOnWorkerAt)
      },
      (target) => historyOf(client, params.appSlug, target, params.signal),
      (line) => this.log(line)
    )
  }

  private log(line: string): void {
    this.heartbeat.printed()
    this.params.log(line)
  }

  private tolerated(error: unknown): error is ApiError {
    return isPassingFault(error) || (isHttpError(error, 404) && Date.now() - this.started < NOT_FOUND_GRACE_MS)
  }

  /** Says when an unfinished build is first held, or changes phase. */
  private reportProgress(record: ServiceBuild): void {
    const phase = phaseOf(record)
    const { buildSlug, buildUrl } = this.params
    if (record.isOnHold && !this.reportedHold) {
      this.log(
        `Build ${buildSlug} is on hold, waiting for a free concurrency slot: the service starts it when one of the builds using its concurrency finishes${buildUrl ? ` (${buildUrl})` : ''}.`
      )
      this.params.onHold?.()
      this.reportedHold = true
    } else if (phase !== this.lastPhase) {
      this.log(`Build ${buildSlug}: ${phase}`)
    }
    this.lastPhase = phase
  }
}
