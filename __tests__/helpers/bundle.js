/**
 * Which bundle the bundle tests run. Under CI (`CI` set) it is the committed dist/ (which .ci/run
 * has just rebuilt and checked current); on a developer's machine it is the dev bundle in dev-dist/,
 * built by the same code with the same options (scripts/bundle.js), which the global setup rebuilds
 * at the start of every run (scripts/dev-bundle.js), so a source change is tested without
 * `npm run build`. `TEST_BUNDLE=dist` or `TEST_BUNDLE=dev` chooses.
 */
import { createHash } from 'node:crypto'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** `dist` or `dev`, from TEST_BUNDLE, else from CI. */
export function bundleKind(env = process.env) {
  if (env.TEST_BUNDLE === 'dist' || env.TEST_BUNDLE === 'dev') return env.TEST_BUNDLE
  if (env.TEST_BUNDLE) throw new Error(`TEST_BUNDLE=${env.TEST_BUNDLE}: expected dist or dev`)
  return env.CI && env.CI !== 'false' && env.CI !== '0' ? 'dist' : 'dev'
}

/** The folder of the chosen bundle, relative to the repository root (`dist` or `dev-dist`). */
export const BUNDLE_FOLDER = bundleKind() === 'dist' ? 'dist' : 'dev-dist'

/** The action's entry, as the runner runs it. */
export const ACTION_BUNDLE = join(ROOT, BUNDLE_FOLDER, 'index.js')

/** The emulator's command line. */
export const EMULATOR_BUNDLE =
  BUNDLE_FOLDER === 'dist'
    ? join(ROOT, 'emulator', 'dist', 'index.js')
    : join(ROOT, BUNDLE_FOLDER, 'emulator', 'index.js')

/**
 * The tests' build of the action (scripts/dev-bundle.js --scaled-clock): the one build that reads
 * SERVICE_RETRY_BASE_MS, SERVICE_HEARTBEAT_MS and SERVICE_TIME_SCALE (src/sleep.ts), which dist/
 * and the dev bundle never do. Built by the global setup once per run, under CI too, into a folder
 * of the temporary directory named after this checkout; the global teardown removes it.
 */
export const HOOKS_BUNDLE = join(
  tmpdir(),
  `service-ci-action-hooks-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}`,
  'index.js'
)
