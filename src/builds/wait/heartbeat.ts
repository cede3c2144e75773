/**
 * The heartbeat of a wait: a line with the time waited and the state, printed whenever
 * nothing was printed for a while, so a long quiet wait never looks stuck in the log.
 * The build wait and the pipeline wait share it.
 */
import { describeDuration } from '../../inputs/durations.js'
import { sleep } from '../../sleep.js'

/** Remembers when the wait started and when it last printed; sleeps, filling long silences. */
export class Heartbeat {
  readonly started = Date.now()
  private lastPrinted = this.started

  /** `everyMs` is the longest silence; `beat` prints the heartbeat line, given the time waited in words. */
  constructor(
    private readonly everyMs: number,
    private readonly beat: (elapsed: string) => void
  ) {}

  /** Whether a heartbeat line falls due within `ms`: what it names is worth reading before then. */
  dueWithin(ms: number): boolean {
    return Date.now() + ms >= this.lastPrinted + this.everyMs
  }

  /** Notes that the wait printed something: the silence starts again. */
  printed(): void {
    this.lastPrinted = Date.now()
  }

  /** Sleeps until `until` (or until `signal` aborts), printing a heartbeat each time the silence reaches `everyMs`. */
  async sleepUntil(until: number, signal: AbortSignal): Promise<void> {
    for (;;) {
      const now = Date.now()
      if (signal.aborted || now >= until) return
      const beatAt = this.lastPrinted + this.everyMs
      if (now >= beatAt) {
        // Whole seconds: the line is read by a person, and a fraction only adds noise.
        this.beat(describeDuration(Math.floor((now - this.started) / 1000) * 1000))
        this.printed()
        continue
      }
      await sleep(Math.min(until, beatAt) - now, signal)
    }
  }
}
