/**
 * The bundle whose waits scale the service's clock by SERVICE_TIME_SCALE (src/sleep.ts): built by
 * `scripts/dev-bundle.js --scaled-clock` into a folder of its own, for the tests that wait for
 * builds of minutes on an emulator whose clock runs faster. dist/ and the dev bundle never read
 * the variable; this variant exists only here and in the bench.
 */
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
