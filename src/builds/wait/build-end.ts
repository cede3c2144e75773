/** A wait for a build's end: its status read until it finishes, a heartbeat, and the build log as it grows. */
import { Heartbeat } from './heartbeat.js'
import { ApiError, isHttpError, isPassingFault } from '../../http/api-error.js'
import type { ServiceClient } from '../../http/service-client.js'
import { describeDuration } from '../../inputs/durations.js'
import { sleep } from '../../sleep.js'
import { LogStreamer, type LogOutput } from './log.js'
import { readServiceBuild, statusWord, type ServiceBuild } from '../../api/build-record.js'
import { buildPath } from '../../api/paths.js'
import type { FinishedBuild } from '../report/build.js'
import { stillWaiting, waitFor } from './loop.js'
import { historyOf, Pace } from './pace.js'
import { instantMs } from '../../api/build-history.js'
import { getPipeline } from '../../api/pipelines.js'
import { readStepSummary } from '../../api/step-summary.js'
import { Input } from '../../constants.js'

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
  /** Masks a secret the service sent (the archived log's signed URL). */
  mask?: (value: string) => void
}

/** A slug the step gave that names a pipeline, not a build: the wait ends, and nothing is aborted. */
export class NotABuild extends Error {}

/** How long a 404 for the build (or its log) is taken as "not there yet" after waiting starts. */
const NOT_FOUND_GRACE_MS = 30_000

/** How long the log is read on after the build has finished, for the service to archive it. */
const LOG_SETTLE_MS = 30_000

/** The longest pause between those reads. */
const LOG_SETTLE_POLL_MS = 2_000

/**
 * Reads the build until it finishes, the wait times out or the job is cancelled.
 * Failures of the status call (5xx, timeouts, a 404 right after the trigger) do
 * not end the wait; a 401 or 403 does.
 */
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
  private hurried = false
  private checkedPipeline = false
  /** The step the heartbeat names, from the step summary read when a heartbeat fell due. */
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
      },
      mask: (value) => mask?.(value)
    }
  }

  /** After the build has finished: reads the log until it is archived and printed, or for LOG_SETTLE_MS at most. */
  private async settleLog(logs: LogStreamer): Promise<void> {
    const { signal, pollIntervalMs } = this.params
    const until = Math.min(Date.now() + LOG_SETTLE_MS, Math.max(this.deadline, Date.now() + pollIntervalMs))
    for (;;) {
      await logs.readNext(signal, true)
      if (logs.done || signal.aborted) return
      if (Date.now() >= until) return logs.end(`${describeDuration(LOG_SETTLE_MS)} after the build ended`)
      await sleep(Math.min(pollIntervalMs, LOG_SETTLE_POLL_MS), signal)
    }
  }

  async run(): Promise<WaitResult> {
    const end = await waitFor<{ data?: unknown; response: string }, WaitResult>({
      signal: this.params.signal,
      deadline: this.deadline,
      pollIntervalMs: this.params.pollIntervalMs,
      nextPollMs: () => this.nextPollMs(),
      heartbeat: this.heartbeat,
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
    return end.kind === 'finished' ? end.result : { kind: end.kind, record: this.record }
  }

  /** One round: the status read (none after a failure ridden out) taken in, and the log read on. */
  private async round(read: { data?: unknown; response: string } | undefined): Promise<WaitResult | undefined> {
    // Checked outside the call's error handling: a record the action cannot read is not a passing fault.
    if (read?.data !== undefined) this.record = readServiceBuild(read.data, 'GET', this.statusPath)
    const record = this.record
    const word = record?.status === undefined ? undefined : statusWord(record.status)
    if (record && !word) {
      this.reportProgress(record)
      await this.learn(record)
      if (!record.isOnHold && this.heartbeat.dueWithin(this.params.pollIntervalMs)) await this.readStep()
    }
    // Read after the status; once the build is seen finished, the log is read on until it is archived.
    if (this.logs && record && word) await this.settleLog(this.logs)
    else if (this.logs) await this.logs.readNext(this.params.signal)
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

  /**
   * After the first 404 of a slug the step was given: a pipeline's id given as build-slug is named
   * (the service answers 404 for it under builds/), and never waited for or aborted as a build.
   */
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

  /**
   * The step the next heartbeat names: the running one when the summary lists it, else the last
   * finished. Read only in a round that read the status, so never more often; what cannot be
   * read names nothing (the end of the wait says why the steps are missing, once).
   */
  private async readStep(): Promise<void> {
    try {
      const answer = await readStepSummary(this.client, this.params.appSlug, this.params.buildSlug, this.params.signal)
      if (answer.kind !== 'read' || answer.steps.length === 0) return
      const running = answer.steps.filter((s) => s.state === 'running').at(-1)
      const last = running ?? answer.steps[answer.steps.length - 1]
      // eslint-disable-next-line no-control-regex
      const title = JSON.stringify(last.title.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').slice(0, 100))
      this.step = running ? `step ${title} running` : `last finished step ${title} (${last.status.slice(0, 30)})`
    } catch {
      return
    }
  }

  /** The pause before the next status read: none, once, after the log said the build has finished. */
  private nextPollMs(): number {
    if (this.logs?.archived && !this.hurried) {
      this.hurried = true
      return 0
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

/** The state of an unfinished build, in words: on hold, or running with the service's own word. */
function phaseOf(record: ServiceBuild): string {
  // is_on_hold: more builds started than the plan's concurrency allows (devcenter, Build statuses).
  if (record.isOnHold) return 'on hold, waiting for a free concurrency slot'
  return `running${record.statusText ? ` (${record.statusText})` : ''}`
}
