#!/usr/bin/env node
/**
 * `npm run build`: the committed bundles, dist/ (the action) and emulator/dist/ (the emulator),
 * both with ncc. The two ncc builds run side by side, since each spends most of its time in
 * one core (TypeScript's checker and webpack); then the action's chunks are minified (on every
 * core, scripts/minify-chunks.js) and its sub-action entries written (scripts/sub-actions.js).
 * `--times` prints how long each part took.
 *
 *   node scripts/build.js [--times]
 */
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const NCC = createRequire(import.meta.url).resolve('@vercel/ncc/dist/ncc/cli.js')
const times = process.argv.includes('--times')

/** Runs `node args…` in the repository root; resolves when it exits 0, rejects otherwise. */
function node(label, args) {
  const started = Date.now()
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' })
    child.on('error', fail)
    child.on('close', (code, signal) => {
      if (times) console.log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`)
      if (code === 0) done()
      else fail(new Error(`${label} failed (${signal ?? `exit code ${code}`})`))
    })
  })
}

async function action() {
  rmSync(join(ROOT, 'dist'), { recursive: true, force: true })
  await node('ncc dist/', [
    NCC,
    'build',
    'src/index.ts',
    '-o',
    'dist',
    '--license',
    'licenses.txt',
    '--minify',
    '--quiet'
  ])
  await node('chunks minified', ['scripts/minify-chunks.js', 'dist'])
  await node('sub-action entries', ['scripts/sub-actions.js', '--entries', 'dist'])
}

const started = Date.now()
const results = await Promise.allSettled([
  action(),
  node('ncc emulator/dist/', [NCC, 'build', 'emulator/cli.ts', '-o', 'emulator/dist', '--quiet'])
])
const failures = results.filter((result) => result.status === 'rejected')
for (const failure of failures) console.error(failure.reason.message)
if (times) console.log(`build: ${((Date.now() - started) / 1000).toFixed(1)} s`)
process.exitCode = failures.length > 0 ? 1 : 0
