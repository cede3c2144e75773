#!/usr/bin/env node
/**
 * Minifies the chunks that ncc writes for dynamic import() (ncc --minify minifies
 * only the entry file), so a step loads and compiles less. Deterministic: the same
 * input gives the same bytes, so the check that dist/ is current still holds.
 *
 *   node scripts/minify-chunks.js [dir]     (default: dist)
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import uglify from 'uglify-js'

const dir = resolve(process.argv[2] ?? 'dist')
let before = 0
let after = 0
for (const name of readdirSync(dir)
  .filter((file) => /^\d+\.index\.js$/.test(file))
  .sort()) {
  const path = join(dir, name)
  const code = readFileSync(path, 'utf8')
  const result = uglify.minify(code, {
    module: true,
    compress: { passes: 2 },
    mangle: true,
    output: { comments: false }
  })
  if (result.error) throw new Error(`${name}: ${result.error.message}`)
  writeFileSync(path, result.code)
  before += Buffer.byteLength(code)
  after += Buffer.byteLength(result.code)
}
if (process.argv.includes('--verbose')) console.log(`chunks: ${before} -> ${after} bytes`)
