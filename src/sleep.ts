/** Waits `ms`, or less when the signal aborts; never rejects. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done(): void {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done, { once: true })
  })
}

/**
 * How many times faster than the wall clock the service's clock runs: 1 on the real service.
 * SERVICE_TIME_SCALE (with SERVICE_TIME_ORIGIN, the instant both clocks agree on, in ms) is for
 * the bench, whose emulator runs with the same `--time-scale`, so a build of ten minutes is
 * waited for in seconds; it scales only a wait's pauses and its reading of the service's clock.
 */
function timeScale(): { scale: number; origin: number } {
  const scale = Number(process.env.SERVICE_TIME_SCALE)
  const origin = Number(process.env.SERVICE_TIME_ORIGIN)
  return scale > 0 && Number.isFinite(scale) && Number.isFinite(origin) ? { scale, origin } : { scale: 1, origin: 0 }
}

/** The service's time now, in ms since the epoch (the wall clock unless the bench scales it). */
export function serviceNow(): number {
  const { scale, origin } = timeScale()
  return origin + (Date.now() - origin) * scale
}

/** Wall-clock ms of a pause of `ms` on the service's clock. */
export function wallMs(ms: number): number {
  return ms / timeScale().scale
}
