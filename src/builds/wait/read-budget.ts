/**
 * The step's budget of status reads for the waits whose pace the action chooses (poll-interval
 * not set): every such wait of the step takes a turn from one bucket before it reads, first come
 * first served, so many builds waited for at once never send more than the budget allows.
 *
 * The service's interface says nothing of a rate limit ("Rate limits, size limits, pagination
 * limits and timeouts: not shown"), and no published page of the vendor found names one; the
 * budget takes GitHub's documented primary limit for an authenticated caller of its REST API,
 * 5,000 requests an hour, as the default, on the service's clock, with a burst of BURST reads.
 */
import { serviceNow, wallMs } from '../../sleep.js'

/** Reads an hour the step's aimed waits may send, all together. */
export const READS_PER_HOUR = 5_000
/** Reads that may go at once before the hourly pace holds them. */
export const BURST = 10

const MS_PER_READ = 3_600_000 / READS_PER_HOUR

interface Waiter {
  resolve(): void
  signal: AbortSignal
}

class ReadBudget {
  private tokens = BURST
  private last = serviceNow()
  private readonly queue: Waiter[] = []
  private timer: ReturnType<typeof setTimeout> | undefined

  /** Waits for a turn (in the order asked), or until the signal aborts. */
  take(signal: AbortSignal): Promise<void> {
    this.refill()
    if (this.queue.length === 0 && this.tokens >= 1) {
      this.tokens -= 1
      return Promise.resolve()
    }
    return new Promise((resolve) => {
      const waiter = { resolve, signal }
      this.queue.push(waiter)
      signal.addEventListener('abort', () => this.leave(waiter), { once: true })
      this.schedule()
    })
  }

  private leave(waiter: Waiter): void {
    const at = this.queue.indexOf(waiter)
    if (at >= 0) this.queue.splice(at, 1)
    waiter.resolve()
  }

  private refill(): void {
    const now = serviceNow()
    this.tokens = Math.min(BURST, this.tokens + Math.max(0, now - this.last) / MS_PER_READ)
    this.last = now
  }

  private schedule(): void {
    if (this.timer !== undefined || this.queue.length === 0) return
    const ms = Math.max(1, wallMs((1 - this.tokens) * MS_PER_READ))
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.refill()
      while (this.tokens >= 1 && this.queue.length > 0) {
        this.tokens -= 1
        this.queue.shift()!.resolve()
      }
      this.schedule()
    }, ms)
  }
}

/** The one budget of the step. */
export const readBudget = new ReadBudget()
