/**
 * The bundle whose waits scale the service's clock by SERVICE_TIME_SCALE (src/sleep.ts): built by
 * `scripts/dev-bundle.js --scaled-clock` into a folder of its own, for the tests that wait for
 * builds of minutes on an emulator whose clock runs faster. dist/ and the dev bundle never read
 * the variable; this variant exists only here and in the bench.
 *
 * A build takes two to three seconds of a busy machine and five files use it, so a run builds it
 * once: into the folder the global setup names (TEST_SCALED_CLOCK_DIR, removed by the global
 * teardown), by the first worker that needs it, while any other that needs it meanwhile waits.
 * The build is swapped in whole (dev-bundle.js), so a bundle that is there is complete.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const SCRIPT = fileURLToPath(new URL('../../scripts/dev-bundle.js', import.meta.url))
/** Longer than any build seen on a loaded machine; a worker waiting on another's build gives up then. */
const BUILD_WAIT_MS = 120_000

function build(out: string): void {
  const built = spawnSync(process.execPath, [SCRIPT, out, '--scaled-clock'], { encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`the scaled-clock bundle did not build:\n${built.stdout}${built.stderr}`)
}

/** Builds the variant, or finds this run's; returns its entry and a function that removes a bundle of its own. */
export function buildScaledClockBundle(): { bundle: string; remove: () => void } {
  const shared = process.env.TEST_SCALED_CLOCK_DIR
  if (!shared) {
    const dir = mkdtempSync(join(tmpdir(), 'scaled-clock-'))
    build(join(dir, 'bundle'))
    return { bundle: join(dir, 'bundle', 'index.js'), remove: () => rmSync(dir, { recursive: true, force: true }) }
  }
  const bundle = join(shared, 'index.js')
  const lock = `${shared}.lock`
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (const deadline = Date.now() + BUILD_WAIT_MS; !existsSync(bundle); Atomics.wait(pause, 0, 0, 100)) {
    if (Date.now() > deadline) throw new Error(`the scaled-clock bundle was not in ${shared} after ${BUILD_WAIT_MS} ms`)
    try {
      mkdirSync(lock)
    } catch {
      continue // another worker is building it
    }
    try {
      if (!existsSync(bundle)) build(shared)
    } finally {
      rmSync(lock, { recursive: true, force: true })
    }
  }
  return { bundle, remove: () => undefined }
}
