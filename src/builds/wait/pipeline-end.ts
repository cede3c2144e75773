/**
 * A wait for a pipeline's end: its state read until it finishes, its end given in a build's words
 * so one table and one rule judge pipelines and builds alike. The lone pipeline's wait
 * (pipeline.ts) and the wait beside other builds (builds.ts) both run it, as the build waits run
 * build-end.ts. Reads that fail for a while are ridden out as a build's wait rides them out, and
 * an aimed wait takes its turn in the step's budget of status reads as a build's does.
 */
import {
  PIPELINE_AS_BUILD,
  PIPELINE_FINISHED,
  pipelineRecord,
  requestPipeline,
  showsAttempt,
  type AttemptMark,
  type PipelineRecord
} from '../../api/pipelines.js'
import type { BuildStatus } from '../../api/build-record.js'
import type { BuildTiming } from '../../api/build-timing.js'
import { isPassingFault, type ApiError } from '../../http/api-error.js'
import type { ServiceClient } from '../../http/service-client.js'
import type { Heartbeat } from './heartbeat.js'
import { waitFor } from './loop.js'
import { FLOOR_MS, Pace, pipelineHistoryOf } from './pace.js'
import { instantMs } from '../../api/build-history.js'
import type { WaitSettings } from './settings.js'

/** How a wait for a pipeline's end ended: finished, with its status in a build's words, or stopped. */
export type PipelineWaitEnd =
  | { kind: 'finished'; status: BuildStatus; timing?: BuildTiming; record: PipelineRecord }
  | { kind: 'timed-out' }
  | { kind: 'cancelled' }

/** What the waiter hears as the wait goes on; every hook may be left out. */
export interface PipelineWaitHooks {
  /** Fills long silences; none by default (the builds waited for beside a pipeline print their own). */
  heartbeat?: Heartbeat
  /**
   * The attempt a rebuild follows: a read that still shows it is the new attempt not visible
   * yet, never the rebuild's end. Once a read shows another attempt, none is held back.
   */
  previous?: AttemptMark
  /** Each record read of the attempt waited for. */
  seen?(pipeline: PipelineRecord): void
  /** A read that still shows `previous`. */
  hidden?(pipeline: PipelineRecord): void
  /** A line to print (what the pace expects). */
  log?(line: string): void
  /** The first read failure ridden out, once. */
  warn?(error: ApiError): void
}

/** Waits for one pipeline; `signal` stops the wait (a cancel, or fail-fast). */
export async function waitForPipelineEnd(
  client: ServiceClient,
  target: { appSlug: string; pipelineId: string },
  settings: WaitSettings,
  signal: AbortSignal,
  hooks: PipelineWaitHooks = {}
): Promise<PipelineWaitEnd> {
  const { appSlug, pipelineId } = target
  const pace = new Pace(settings.pollIntervalMs, settings.adaptive)
  let before = hooks.previous
  const end = await waitFor({
    signal,
    deadline: Date.now() + settings.timeoutMs,
    pollIntervalMs: settings.pollIntervalMs,
    nextPollMs: () => pace.nextMs(),
    heartbeat: hooks.heartbeat,
    turn: () => pace.turn(signal),
    floorMs: FLOOR_MS,
    read: () => requestPipeline(client, appSlug, pipelineId, signal),
    tolerated: isPassingFault,
    warn: hooks.warn,
    round: async (answer) => {
      if (answer === undefined) return undefined
      // Checked outside the read's error handling: a record the action cannot read is not a passing fault.
      const pipeline = pipelineRecord(answer, appSlug, pipelineId)
      if (before && showsAttempt(pipeline, before)) {
        hooks.hidden?.(pipeline)
        return undefined
      }
      before = undefined
      hooks.seen?.(pipeline)
      if (PIPELINE_FINISHED.has(pipeline.status)) return pipeline
      await pace.learn(
        { kind: 'pipeline', name: pipeline.name, startedAt: instantMs(pipeline.startedAt) },
        (t) => pipelineHistoryOf(client, appSlug, t.workflow, signal),
        (line) => hooks.log?.(line)
      )
      return undefined
    }
  })
  return end.kind === 'finished'
    ? { kind: 'finished', status: PIPELINE_AS_BUILD[end.result.status], timing: end.result.timing, record: end.result }
    : end
}
