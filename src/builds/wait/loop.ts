/**
 * The one loop every wait runs: reads until an answer ends the wait, riding out passing
 * faults, with the heartbeat filling long silences between the reads.
 */
import type { ApiError } from '../../http/api-error.js'
import { Heartbeat } from './heartbeat.js'
import { wallMs } from '../../sleep.js'

/** What one wait needs: where it reads, what it rides out, and how it takes each answer. */
export interface WaitLoop<T, R> {
  /** Aborted when the job is cancelled (or, for several builds, by fail-fast). */
  signal: AbortSignal
  deadline: number
  pollIntervalMs: number
  /** The pause before the next read, when it changes as the wait goes on (see pace.ts); else pollIntervalMs. */
  nextPollMs?: () => number
  /** Sleeps between the reads, filling long silences; none fills them when left out. */
  heartbeat?: Heartbeat
  /** Cuts the pause short once it aborts (the log says the build has ended); the next read still keeps `floorMs` after the last. */
  wake?: () => AbortSignal | undefined
  /** The shortest time between two reads after a pause cut short, on the service's clock. */
  floorMs?: number
  /** Waits for the read's turn, when the step's reads share a budget. */
  turn?(): Promise<void>
  /** One read; a failure it throws ends the wait unless `tolerated`. */
  read(): Promise<T>
  /** A failure the wait rides out (a passing fault); none when left out. */
  tolerated?(error: unknown): error is ApiError
  /** Told of the first failure ridden out, once. */
  warn?(error: ApiError): void
  /** Takes one read's answer (undefined after a failure ridden out); a result ends the wait. */
  round(answer: T | undefined): Promise<R | undefined> | R | undefined
}

/** How a wait ended: what ended it, or the deadline, or a cancel. */
export type LoopEnd<R> = { kind: 'finished'; result: R } | { kind: 'timed-out' } | { kind: 'cancelled' }

/**
 * The one poll loop of every wait (a build, a pipeline, several of them, an approval): read, ride
 * out a passing fault (said once), take the answer, and sleep to the next read with the
 * heartbeat, until the answer ends the wait, the deadline passes or the signal aborts.
 */
export async function waitFor<T, R>(loop: WaitLoop<T, R>): Promise<LoopEnd<R>> {
  let warned = false
  const heartbeat = loop.heartbeat ?? new Heartbeat(Infinity, () => {})
  for (;;) {
    if (loop.signal.aborted) return { kind: 'cancelled' }
    let answer: T | undefined
    await loop.turn?.()
    if (loop.signal.aborted) return { kind: 'cancelled' }
    const readAt = Date.now()
    try {
      answer = await loop.read()
    } catch (error) {
      if (loop.signal.aborted) return { kind: 'cancelled' }
      if (!loop.tolerated?.(error)) throw error
      if (!warned) loop.warn?.(error)
      warned = true
    }
    const result = await loop.round(answer)
    if (result !== undefined) return { kind: 'finished', result }
    if (loop.signal.aborted) return { kind: 'cancelled' }
    if (Date.now() >= loop.deadline) return { kind: 'timed-out' }
    const pause = wallMs(loop.nextPollMs?.() ?? loop.pollIntervalMs)
    const woken = loop.wake?.()
    const until = Math.min(Date.now() + pause, loop.deadline)
    await heartbeat.sleepUntil(until, woken ? AbortSignal.any([loop.signal, woken]) : loop.signal)
    if (woken?.aborted) {
      const floor = Math.min(until, readAt + wallMs(loop.floorMs ?? 0))
      await heartbeat.sleepUntil(floor, loop.signal)
    }
  }
}

/** The line a wait prints, once, when a read of `what` fails in a way it rides out. */
export function stillWaiting(what: string, error: ApiError): string {
  return `Reading ${what} failed (${error.message}); still waiting.`
}

/**
 * A bounded wait for an answer the service writes a little after a build's end: asked once, then
 * again after `pauseMs` while `final` says it is not the last word, `retries` more times at most.
 * It runs waitFor, so every wait of the action sleeps in one place. A failure of `ask` ends it.
 */
export async function askAgain<T>(
  retries: number,
  pauseMs: number,
  signal: AbortSignal,
  ask: () => Promise<T>,
  final: (answer: T) => boolean
): Promise<{ answer: T; asked: number }> {
  let asked = 0
  let last: { answer: T } | undefined
  let failure: { error: unknown } | undefined
  const end = await waitFor<T, T>({
    signal,
    deadline: Infinity,
    pollIntervalMs: pauseMs,
    read: async () => {
      asked++
      try {
        return await ask()
      } catch (error) {
        failure = { error }
        throw error
      }
    },
    round: (answer) => {
      last = { answer: answer as T }
      return final(answer as T) || asked > retries || signal.aborted ? (answer as T) : undefined
    }
  })
  if (end.kind === 'finished') return { answer: end.result, asked }
  // Cancelled: an ask that failed on it fails; else the last answer stands; before the first, the ask meets the cancel itself.
  if (failure) throw failure.error
  if (last) return { answer: last.answer, asked }
  asked++
  return { answer: await ask(), asked }
}
