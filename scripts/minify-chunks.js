#!/usr/bin/env node
/**
 * Minifies the chunks that ncc writes for dynamic import() (ncc --minify minifies
 * only the entry file), so a step loads and compiles less. Deterministic: the same
 * input gives the same bytes, so the check that dist/ is current still holds. The
 * chunks are shared out over one worker thread per core (uglify takes most of a
 * build's time otherwise); each chunk is minified alone, so the result does not
 * depend on how they are shared.
 *
 *   node scripts/minify-chunks.js [dir] [--verbose]     (default: dist)
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import uglify from 'uglify-js'

/** Minifies each file in place; returns the bytes before and after. */
function minifyFiles(paths) {
  let before = 0
  let after = 0
  for (const path of paths) {
    const code = readFileSync(path, 'utf8')
    const result = uglify.minify(code, {
      module: true,
      compress: { passes: 2 },
      mangle: true,
      output: { comments: false }
    })
    if (result.error) throw new Error(`${path}: ${result.error.message}`)
    writeFileSync(path, result.code)
    before += Buffer.byteLength(code)
    after += Buffer.byteLength(result.code)
  }
  return { before, after }
}

/** Runs `paths` in a worker thread of this module. */
function inWorker(paths) {
  return new Promise((done, fail) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: paths })
    worker.once('message', done)
    worker.once('error', fail)
  })
}

if (!isMainThread) {
  parentPort.postMessage(minifyFiles(workerData))
} else {
  const dir = resolve(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'dist')
  const paths = readdirSync(dir)
    .filter((file) => /^\d+\.index\.js$/.test(file))
    .sort()
    .map((file) => join(dir, file))
  // Largest first, each to the least loaded share, so the shares end at about the same time.
  const shares = Array.from({ length: Math.max(1, Math.min(availableParallelism(), paths.length)) }, () => ({
    size: 0,
    paths: []
  }))
  const sized = paths.map((path) => ({ path, size: readFileSync(path).length })).sort((a, b) => b.size - a.size)
  for (const { path, size } of sized) {
    const share = shares.reduce((least, next) => (next.size < least.size ? next : least))
    share.size += size
    share.paths.push(path)
  }
  const totals = await Promise.all(
    shares.filter((share) => share.paths.length > 0).map((share) => inWorker(share.paths))
  )
  const before = totals.reduce((sum, total) => sum + total.before, 0)
  const after = totals.reduce((sum, total) => sum + total.after, 0)
  if (process.argv.includes('--verbose')) console.log(`chunks: ${before} -> ${after} bytes`)
}
