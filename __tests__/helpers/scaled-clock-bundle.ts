/**
 * The bundle whose waits scale the service's clock by SERVICE_TIME_SCALE (src/sleep.ts): built by
 * `scripts/dev-bundle.js --scaled-clock` into a folder of its own, for the tests that wait for
 * builds of minutes on an emulator whose clock runs faster. dist/ and the dev bundle never read
 * the variable; this variant exists only here and in the bench.
 */
import { afterAll, afterEach, beforeAll } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const SCRIPT = fileURLToPath(new URL('../../scripts/dev-bundle.js', import.meta.url))

/** Builds the variant; returns its entry and a function that removes it. */
export function buildScaledClockBundle(): { bundle: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'scaled-clock-'))
  const built = spawnSync(process.execPath, [SCRIPT, join(dir, 'bundle'), '--scaled-clock'], { encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`the scaled-clock bundle did not build:\n${built.stdout}${built.stderr}`)
  return { bundle: join(dir, 'bundle', 'index.js'), remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** A file's scaled clock: what its tests need to run steps on it, with the hooks that clean up after them. */
export interface ScaledClock {
  /** The variant's entry (built before the file's tests, removed after them). */
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

/** Registers a test file's hooks for the scaled-clock variant and the emulators its tests start. */
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
    if (built === undefined) throw new Error('the scaled-clock bundle is built in beforeAll: read it inside a test')
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
