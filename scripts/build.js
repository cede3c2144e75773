#!/usr/bin/env node
/**
 * `npm run build`: the committed bundles, dist/ (the action, minified) and emulator/dist/ (the
 * emulator), both by esbuild with the configuration of scripts/bundle.js, which the dev bundle the
 * tests run shares. Each is built into a fresh folder and swapped in whole. `--times` prints how
 * long each part took.
 *
 *   node scripts/build.js [--times]
 */
import { renameSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildAction, buildEmulator } from './bundle.js'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const times = process.argv.includes('--times')

/** Builds into `<out>.<pid>.tmp` with `make`, then puts it in place of `out`. */
async function fresh(label, out, make) {
  const started = Date.now()
  const tmp = `${out}.${process.pid}.tmp`
  rmSync(tmp, { recursive: true, force: true })
  try {
    await make(tmp)
    rmSync(out, { recursive: true, force: true })
    renameSync(tmp, out)
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
  if (times) console.log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

const started = Date.now()
const results = await Promise.allSettled([
  fresh('dist/', join(ROOT, 'dist'), (out) => buildAction(ROOT, out)),
  fresh('emulator/dist/', join(ROOT, 'emulator', 'dist'), (out) => buildEmulator(ROOT, out))
])
const failures = results.filter((result) => result.status === 'rejected')
for (const failure of failures) console.error(failure.reason?.message ?? failure.reason)
if (times) console.log(`build: ${((Date.now() - started) / 1000).toFixed(1)} s`)
process.exitCode = failures.length > 0 ? 1 : 0
