/**
 * Runs once before any test file loads, in jest's main process, so every worker sees what it sets:
 *
 * - the run's random seed (TEST_SEED=<n> replays a run, or one file of it; each file mixes in its
 *   own path, see random.ts);
 * - outside CI, a fresh dev bundle (scripts/dev-bundle.js, dist/'s configuration, about two
 *   seconds), which the bundle tests run instead of the committed dist/ (see bundle.js), so they
 *   never run a bundle older than src/;
 * - where the scaled-clock bundle goes (scaled-clock-bundle.ts: the first file that needs it
 *   builds it, the others of the run reuse it; global-teardown.js removes it).
 */
import { spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundleKind } from './bundle.js'

const DEV_BUNDLE_SCRIPT = fileURLToPath(new URL('../../scripts/dev-bundle.js', import.meta.url))

export default function globalSetup() {
  process.env.TEST_SEED ??= String(Date.now() % 1_000_000_007)
  process.env.TEST_BUNDLE = bundleKind()
  process.env.TEST_SCALED_CLOCK_DIR = join(tmpdir(), `scaled-clock-${process.pid}-${Date.now()}`)
  if (process.env.TEST_BUNDLE !== 'dev') return
  const built = spawnSync(process.execPath, [DEV_BUNDLE_SCRIPT], { encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`the dev bundle did not build:\n${built.stdout}${built.stderr}`)
}
