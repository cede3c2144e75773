/**
 * The pace of a wait whose poll-interval is not set: reads far apart while the build is far
 * from the end its workflow's recent successful builds predict, close together around it, and
 * further apart again when it runs long. With no history it keeps today's fixed interval.
 */
import { recentPipelineSuccesses, recentSuccesses, type RanBuild } from '../../api/build-history.js'
import type { ServiceClient } from '../../http/service-client.js'
import { describeDuration } from '../../inputs/durations.js'
import { serviceNow } from '../../sleep.js'
import { readBudget } from './read-budget.js'

/** The pause around the expected end: a build ending there is seen about a second late, on average. */
export const CLOSE_MS = 2_000
/**
 * The shortest pause between two reads of one build an aimed wait ever takes, whatever its
 * record says (a start that moves at every read, a start in the future, a history of runs of no
 * length): the floor under the pace.
 */
export const FLOOR_MS = 2_000
/** The longest pause far from the end: a build that fails early is still seen within it. */
export const FAR_MS = 30_000
/** Builds of the same branch needed before the branch's alone predict the end. */
export const BRANCH_SAMPLES = 3
/** Builds used for the prediction: the most recent ones. */
const SAMPLES = 10

/** The range of run times the history predicts, in ms: the shortest, the median and the longest. */
export interface Expected {
  shortestMs: number
  medianMs: number
  longestMs: number
  samples: number
  /** The branch whose builds gave it, when the branch had enough of them. */
  branch?: string
}

/** What the recent builds predict: the branch's when it has BRANCH_SAMPLES, else the workflow's; undefined with no history. */
export function expectedRun(history: RanBuild[], branch: string | undefined): Expected | undefined {
  const onBranch = branch === undefined ? [] : history.filter((b) => b.branch === branch)
  const chosen = (onBranch.length >= BRANCH_SAMPLES ? onBranch : history).slice(0, SAMPLES)
  if (chosen.length === 0) return undefined
  const sorted = chosen.map((b) => b.durationMs).sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return {
    shortestMs: sorted[0],
    medianMs: sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2,
    longestMs: sorted[sorted.length - 1],
    samples: sorted.length,
    branch: onBranch.length >= BRANCH_SAMPLES ? branch : undefined
  }
}

/**
 * The pause before the next read, `ranMs` into a build expected to run as `expected`: up to
 * FAR_MS at a time until a little before the shortest run, CLOSE_MS from there to the longest,
 * then growing with the overrun up to `fixedMs` (today's pace).
 */
export function nextPauseMs(expected: Expected, ranMs: number, fixedMs: number): number {
  const closeFrom = expected.shortestMs - CLOSE_MS
  if (ranMs < closeFrom) return Math.min(Math.max(FAR_MS, fixedMs), closeFrom - ranMs)
  const over = ranMs - expected.longestMs
  if (over <= 0) return CLOSE_MS
  return Math.min(Math.max(fixedMs, CLOSE_MS), Math.max(CLOSE_MS, over / 2))
}

/** One history per app, workflow and branch: several builds of one workflow and branch share its reads. */
const histories = new Map<string, Promise<RanBuild[]>>()

/**
 * The recent successful builds of the workflow on the branch, or of the workflow on any branch
 * when the branch has fewer than BRANCH_SAMPLES (a second read); none when the list cannot be
 * read, and the wait keeps its fixed pace.
 */
export function historyOf(
  client: ServiceClient,
  appSlug: string,
  target: { workflow: string; branch?: string },
  signal: AbortSignal
): Promise<RanBuild[]> {
  const key = [appSlug, target.workflow, target.branch ?? ''].join('\n')
  let read = histories.get(key)
  if (!read) {
    read = (async () => {
      const onBranch = target.branch === undefined ? [] : await recentSuccesses(client, appSlug, target, signal)
      if (onBranch.length >= BRANCH_SAMPLES) return onBranch
      return recentSuccesses(client, appSlug, { workflow: target.workflow }, signal)
    })().catch(() => [])
    histories.set(key, read)
  }
  return read
}

/** The recent successful runs of the pipeline, read once per app and pipeline; none when the list cannot be read. */
export function pipelineHistoryOf(
  client: ServiceClient,
  appSlug: string,
  pipeline: string,
  signal: AbortSignal
): Promise<RanBuild[]> {
  const key = [appSlug, 'pipeline', pipeline].join('\n')
  let read = histories.get(key)
  if (!read) {
    read = recentPipelineSuccesses(client, appSlug, pipeline, signal).catch(() => [])
    histories.set(key, read)
  }
  return read
}

/** The pace of one build's wait: fixed until its start and history are known, then aimed at the expected end. */
export class Pace {
  private expected: Expected | undefined
  private startedAt: number | undefined
  private asked = false

  constructor(
    private readonly fixedMs: number,
    private readonly adaptive: boolean
  ) {}

  /**
   * Takes what a read tells (the workflow or pipeline, branch and start); reads the history once,
   * and says what it expects. `kind` names what ran: workflow (of builds) or pipeline.
   */
  async learn(
    seen: { kind: 'workflow' | 'pipeline'; name?: string; branch?: string; startedAt?: number },
    read: (target: { workflow: string; branch?: string }) => Promise<RanBuild[]>,
    say: (line: string) => void
  ): Promise<void> {
    if (seen.startedAt !== undefined) this.startedAt = seen.startedAt
    if (!this.adaptive || this.asked || seen.name === undefined) return
    this.asked = true
    this.expected = expectedRun(await read({ workflow: seen.name, branch: seen.branch }), seen.branch)
    const e = this.expected
    const runs = seen.kind === 'workflow' ? `build(s) of workflow ${seen.name}` : `run(s) of pipeline ${seen.name}`
    if (e)
      say(
        `The last ${e.samples} successful ${runs}${e.branch ? ` on ${e.branch}` : ''} ran ${describeDuration(e.shortestMs)} to ${describeDuration(e.longestMs)}: reading the status more often around then.`
      )
  }

  /** The pause before the next read: never under FLOOR_MS when the action aims it. */
  nextMs(): number {
    if (!this.expected || this.startedAt === undefined) return this.fixedMs
    const pause = nextPauseMs(this.expected, serviceNow() - this.startedAt, this.fixedMs)
    return Number.isFinite(pause) ? Math.max(FLOOR_MS, pause) : this.fixedMs
  }

  /** Waits for the read's turn in the step's budget, shared by every aimed wait (read-budget.ts). */
  turn(signal: AbortSignal): Promise<void> {
    return this.adaptive ? readBudget.take(signal) : Promise.resolve()
  }
}
