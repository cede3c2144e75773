#!/usr/bin/env node
/**
 * The dev bundle: the action and the emulator bundled by esbuild into dev-dist/ (git-ignored) in
 * about a second, so a local run of the bundle tests sees a source change without `npm run build`
 * (`node scripts/build.js --times` says how long that takes). It has dist/'s shape, which is what the runner and the tests rely on:
 *
 * - ES modules (`package.json` says `"type": "module"`), `index.js` the entry, and every dynamic
 *   `import()` of src/ a chunk of its own, loaded on first use as in dist/;
 * - the sub-action entries `sub/<folder>.js` (scripts/sub-actions.js writes them for both), which
 *   name the sub-action under `Symbol.for('service-ci-action.sub-action')`, then import `../index.js`;
 * - `emulator/index.js`, the emulator's command line, as emulator/dist/index.js.
 *
 * It is built into a fresh folder and swapped in whole, so a run never sees half a bundle. The
 * committed dist/ stays ncc's: CI builds and checks it, and runs every bundle test against it.
 *
 *   node scripts/dev-bundle.js [out-dir]     (default: dev-dist)
 */
import { build } from 'esbuild'
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { loadSubActionSources, renderEntries } from './sub-actions.js'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** Where the dev bundle goes unless told otherwise. */
export const DEV_DIST = join(ROOT, 'dev-dist')

/** Options both bundles share: Node 20 ES modules, readable code, the packages bundled in. */
const COMMON = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  logLevel: 'warning',
  legalComments: 'none'
}

/** Builds the dev bundle into `out`, replacing what was there. */
export async function buildDevBundle(out = DEV_DIST) {
  const fresh = `${out}.${process.pid}.tmp`
  rmSync(fresh, { recursive: true, force: true })
  const [sources] = await Promise.all([
    loadSubActionSources(ROOT),
    build({
      ...COMMON,
      entryPoints: { index: join(ROOT, 'src', 'index.ts') },
      outdir: fresh,
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]'
    }),
    build({ ...COMMON, entryPoints: { index: join(ROOT, 'emulator', 'cli.ts') }, outdir: join(fresh, 'emulator') })
  ])
  for (const [path, text] of Object.entries(renderEntries(sources))) {
    mkdirSync(dirname(join(fresh, path)), { recursive: true })
    writeFileSync(join(fresh, path), text)
  }
  writeFileSync(join(fresh, 'package.json'), '{\n  "type": "module"\n}\n')
  rmSync(out, { recursive: true, force: true })
  renameSync(fresh, out)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now()
  const out = resolve(process.argv[2] ?? DEV_DIST)
  await buildDevBundle(out)
  console.log(`dev bundle in ${Math.round((Date.now() - started) / 100) / 10} s: ${out}`)
}
