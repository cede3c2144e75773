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

declare global {
  /** A constant of the build (scripts/bundle.js `define`), not a variable: see timeScale. */
  const SCALED_SERVICE_CLOCK: boolean | undefined
}

const WALL_CLOCK = { scale: 1, origin: 0 }

/**
 * How many times faster than the wall clock the service's clock runs: 1 on the real service.
 * SCALED_SERVICE_CLOCK is a constant of the build, not of the step:
 * scripts/bundle.js defines it `false` for dist/ and the dev bundle, where the minifier drops the
 * reading of the variables below, so no workflow can change a wait's pace through them; only the
 * bundle the bench and the tests build with `--scaled-clock` defines it `true` (which also reads
 * the retry pause and the heartbeat from the environment there), and under
 * ts-jest it is not defined (the wall clock). There SERVICE_TIME_SCALE (with SERVICE_TIME_ORIGIN,
 * the instant both clocks agree on, in ms) is the emulator's `--time-scale`, so a build of ten
 * minutes is waited for in seconds; it scales only a wait's pauses and its reading of the clock.
 */
function timeScale(): { scale: number; origin: number } {
  if (typeof SCALED_SERVICE_CLOCK === 'undefined' || !SCALED_SERVICE_CLOCK) return WALL_CLOCK
  const scale = Number(process.env.SERVICE_TIME_SCALE)
  const origin = Number(process.env.SERVICE_TIME_ORIGIN)
  return scale > 0 && Number.isFinite(scale) && Number.isFinite(origin) ? { scale, origin } : WALL_CLOCK
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
