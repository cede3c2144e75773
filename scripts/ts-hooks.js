/**
 * Module hooks (node:module register) that let a plain Node script import src/ as it is
 * written: a relative `./x.js` import resolves to `./x.ts` when only that exists, and a .ts
 * file is loaded as its TypeScript-to-JavaScript transpilation (types dropped, nothing
 * checked). scripts/sub-actions.js uses them to read the operation modules themselves, so the
 * generated sub-actions need no build first.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { transformSync } from 'esbuild'

/** A relative .js import from a .ts file goes to the .ts file beside it when there is one. */
export async function resolve(specifier, context, next) {
  if (/^\.\.?\//.test(specifier) && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
    const url = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL)
    if (existsSync(fileURLToPath(url))) return { url: url.href, shortCircuit: true }
  }
  return next(specifier, context)
}

/** A .ts file loads as an ES module of its transpiled text. */
export async function load(url, context, next) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return next(url, context)
  const path = fileURLToPath(url)
  // esbuild's transform, not the TypeScript compiler's: the same JavaScript for these files, and
  // loaded in milliseconds rather than a second (the build and the dev bundle go through here).
  const { code } = transformSync(await readFile(path, 'utf8'), {
    loader: 'ts',
    format: 'esm',
    target: 'es2022',
    sourcefile: path
  })
  return { format: 'module', source: code, shortCircuit: true }
}
