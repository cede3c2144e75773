/**
 * Runs once before any test file loads, in jest's main process, so every worker sees what it sets:
 *
 * - the run's random seed (TEST_SEED=<n> replays a run, or one file of it; each file mixes in its
 *   own path, see random.ts);
 * - outside CI, a fresh dev bundle (scripts/dev-bundle.js, dist/'s configuration, about two
 *   seconds), which the bundle tests run instead of the committed dist/ (see bundle.js), so they
 *   never run a bundle older than src/;
 * - beside it, under CI too, the tests' build that reads the test hooks (HOOKS_BUNDLE in bundle.js).
 */
import { spawn } from 'node:child_process'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundleKind, HOOKS_BUNDLE } from './bundle.js'

const DEV_BUNDLE_SCRIPT = fileURLToPath(new URL('../../scripts/dev-bundle.js', import.meta.url))

/** Runs the dev bundle script with `args`; rejects with its output when it fails. */
function devBundle(args) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [DEV_BUNDLE_SCRIPT, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (data) => (output += data))
    child.stderr.on('data', (data) => (output += data))
    child.on('error', fail)
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`the dev bundle did not build:\n${output}`))))
  })
}

export default async function globalSetup() {
  process.env.TEST_SEED ??= String(Date.now() % 1_000_000_007)
  process.env.TEST_BUNDLE = bundleKind()
  await Promise.all([
    ...(process.env.TEST_BUNDLE === 'dev' ? [devBundle([])] : []),
    devBundle([dirname(HOOKS_BUNDLE), '--scaled-clock'])
  ])
}
