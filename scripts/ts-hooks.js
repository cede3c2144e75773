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
import ts from 'typescript'

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
  const { outputText } = ts.transpileModule(await readFile(path, 'utf8'), {
    fileName: path,
    compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022, isolatedModules: true }
  })
  return { format: 'module', source: outputText, shortCircuit: true }
}
