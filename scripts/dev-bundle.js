#!/usr/bin/env node
/**
 * The dev bundle: the action and the emulator built into dev-dist/ (git-ignored) with the very
 * configuration of dist/ (scripts/bundle.js: esbuild, the action minified, a chunk per dynamic
 * `import()`, the sub-action entries, the licences), in a second or two, so a local run of the
 * bundle tests runs what ships and sees a source change without `npm run build`. The emulator's
 * command line is `emulator/index.js` here, as emulator/dist/index.js.
 *
 * It is built into a fresh folder and swapped in whole, so a run never sees half a bundle.
 *
 * `--scaled-clock` builds the variant whose waits scale the service's clock by SERVICE_TIME_SCALE
 * (src/sleep.ts), and which takes its first retry pause from SERVICE_RETRY_BASE_MS and its
 * heartbeat from SERVICE_HEARTBEAT_MS: the bench's and the tests' build (the global setup makes it
 * once per run, see __tests__/helpers/bundle.js); no other bundle reads them.
 *
 *   node scripts/dev-bundle.js [out-dir] [--scaled-clock]     (default: dev-dist)
 */
import { renameSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { buildAction, buildEmulator } from './bundle.js'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** Where the dev bundle goes unless told otherwise. */
export const DEV_DIST = join(ROOT, 'dev-dist')

/** Builds the dev bundle into `out`, replacing what was there. */
export async function buildDevBundle(out = DEV_DIST, options = {}) {
  const fresh = `${out}.${process.pid}.tmp`
  rmSync(fresh, { recursive: true, force: true })
  try {
    await buildAction(ROOT, fresh, options)
    await buildEmulator(ROOT, join(fresh, 'emulator'))
    rmSync(out, { recursive: true, force: true })
    renameSync(fresh, out)
  } finally {
    rmSync(fresh, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now()
  const args = process.argv.slice(2)
  const out = resolve(args.find((arg) => !arg.startsWith('--')) ?? DEV_DIST)
  await buildDevBundle(out, { scaledClock: args.includes('--scaled-clock') })
  console.log(`dev bundle in ${Math.round((Date.now() - started) / 100) / 10} s: ${out}`)
}
