/**
 * A test file's use of the scaled-clock bundle (scaled-clock-bundle.ts): the hooks that get it
 * before the file's tests and let it go after them, close the emulators a test started, and the
 * run options that put a step on the same clock.
 */
import { afterAll, afterEach, beforeAll } from '@jest/globals'
import { buildScaledClockBundle } from './scaled-clock-bundle.js'

/** What a test file's tests need to run steps on the scaled clock. */
export interface ScaledClock {
  /** The variant's entry (there from the file's first test to its last). */
  readonly bundle: string
  /** Emulators a test started: each is closed after the test. */
  readonly running: Array<{ close(): Promise<void> }>
  /** Run options for a step on the clock `scale` times the wall clock from `origin`. */
  options(
    scale: number,
    origin: number,
    timeoutMs?: number
  ): { env: Record<string, string>; bundle: string; timeoutMs: number }
}

/** Registers a test file's hooks for the scaled-clock bundle and the emulators its tests start. */
export function useScaledClock(): ScaledClock {
  let built: ReturnType<typeof buildScaledClockBundle> | undefined
  const running: ScaledClock['running'] = []
  beforeAll(() => {
    built = buildScaledClockBundle()
  })
  afterAll(() => built?.remove())
  afterEach(async () => {
    for (const emu of running.splice(0)) await emu.close()
  })
  const bundle = (): string => {
    if (built === undefined) throw new Error('the scaled-clock bundle is got in beforeAll: read it inside a test')
    return built.bundle
  }
  return {
    get bundle() {
      return bundle()
    },
    running,
    options: (scale, origin, timeoutMs = 100_000) => ({
      env: { SERVICE_TIME_SCALE: String(scale), SERVICE_TIME_ORIGIN: String(origin) },
      bundle: bundle(),
      timeoutMs
    })
  }
}
