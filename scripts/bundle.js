/**
 * The one bundle configuration: esbuild bundles and minifies the action, and bundles the emulator,
 * for dist/ and emulator/dist/ (`npm run build`, scripts/build.js) and for the dev bundle the tests
 * run outside CI (scripts/dev-bundle.js), so what the tests run is what ships. The action's shape,
 * which the runner and the tests rely on:
 *
 * - ES modules (`package.json` says `"type": "module"`), `index.js` the entry, and every dynamic
 *   `import()` of src/ a chunk of its own under `chunks/`, loaded on first use;
 * - the sub-action entries `sub/<folder>.js` (scripts/sub-actions.js), which name the sub-action
 *   under `Symbol.for('service-ci-action.sub-action')`, then import `../index.js`;
 * - `licenses.txt`: the name, licence and licence text of every package bundled in.
 *
 * The output is deterministic (esbuild's chunk names hash their content), so building twice gives
 * the same bytes and the check that dist/ is current holds.
 */
import { build } from 'esbuild'
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { loadSubActionSources, renderEntries } from './sub-actions.js'

/** Options both bundles share: Node 20 ES modules, the packages bundled in, their licences in a file of their own. */
const COMMON = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  logLevel: 'warning',
  legalComments: 'none',
  metafile: true
}

const MODULE_PACKAGE_JSON = '{\n  "type": "module"\n}\n'

/** The packages under node_modules/ that a build's metafile lists as inputs, by folder. */
function bundledPackages(root, metafile) {
  const folders = new Set()
  for (const input of Object.keys(metafile.inputs)) {
    const parts = input.split(/[\\/]/)
    const at = parts.lastIndexOf('node_modules')
    if (at < 0) continue
    const depth = parts[at + 1]?.startsWith('@') ? 2 : 1
    folders.add(join(root, ...parts.slice(0, at + 1 + depth)))
  }
  return [...folders].sort()
}

/** ncc's licences file shape: per package its name, its licence, its licence text, a blank line. */
function licensesText(folders) {
  const parts = []
  for (const folder of folders) {
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'))
    const file = readdirSync(folder)
      .sort()
      .find((name) => /^(licen[cs]e|copying)(\.|$)/i.test(name))
    const text = file ? readFileSync(join(folder, file), 'utf8').trim() : '(no licence file in the package)'
    parts.push(`${manifest.name}\n${manifest.license ?? 'UNKNOWN'}\n${text}\n`)
  }
  return parts.join('\n')
}

/** Each module's static imports (`import … from`), from an esbuild metafile, by path. */
function staticGraph(metafile) {
  const graph = new Map()
  for (const [path, input] of Object.entries(metafile.inputs))
    graph.set(
      path,
      input.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => i.path)
    )
  return graph
}

/** Every module `start` loads statically, itself included. */
function closure(graph, start) {
  const seen = new Set()
  const stack = [start]
  while (stack.length > 0) {
    const path = stack.pop()
    if (seen.has(path)) continue
    seen.add(path)
    stack.push(...(graph.get(path) ?? []))
  }
  return seen
}

/**
 * What each dynamic import's target of src/ also imports, so that a step loads few files. Left
 * alone, esbuild puts the modules shared by the entry and the chunks, or by several chunks, into
 * one chunk per set of entries reaching them: a refused step would load 14 files and a `trigger` 48
 * (each one more file to find, read and link). So every target
 * also imports src/main.ts (which the entry imports anyway: everything the entry reaches lands in
 * one chunk) and every module of src/ that at least two targets reach (they land in one chunk
 * more, which any operation loads). A module reached by one target stays in that target's chunk,
 * loaded only when it is. Found from a first build's metafile.
 */
async function coarseChunks(root, entry) {
  const { metafile } = await build({
    ...COMMON,
    absWorkingDir: root,
    entryPoints: [entry],
    outdir: root,
    splitting: true,
    write: false
  })
  const graph = staticGraph(metafile)
  const targets = new Set()
  for (const input of Object.values(metafile.inputs))
    for (const i of input.imports) if (i.kind === 'dynamic-import' && !i.external) targets.add(i.path)
  const core = closure(graph, relative(root, entry).split(sep).join('/'))
  const reached = new Map()
  for (const target of targets)
    for (const path of closure(graph, target))
      if (path.startsWith('src/') && !core.has(path) && !targets.has(path))
        reached.set(path, (reached.get(path) ?? 0) + 1)
  const shared = [...reached].filter(([, count]) => count >= 2).map(([path]) => path)
  const extra = ['src/main.ts', ...shared.sort()].map((path) => `import ${JSON.stringify(join(root, path))}`).join('\n')
  const absoluteTargets = new Set([...targets].map((path) => join(root, path)))
  return {
    name: 'coarse-chunks',
    setup(pluginBuild) {
      // The imports go last, after the module's own: main.ts has run by the time a chunk loads,
      // and the shared modules are definitions, so no module runs before one it ran after.
      pluginBuild.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
        if (!absoluteTargets.has(args.path)) return undefined
        const contents = `${readFileSync(args.path, 'utf8')}\n${extra}\n`
        return { contents, loader: args.path.endsWith('.ts') ? 'ts' : 'js', resolveDir: dirname(args.path) }
      })
    }
  }
}

/**
 * Builds the action into `out` (an empty or missing folder), minified; returns esbuild's result.
 * `scaledClock` builds the bench's and the pace tests' variant, whose waits read the service's
 * clock scale from the environment (src/sleep.ts); dist/ and the dev bundle never do.
 */
export async function buildAction(root, out, { scaledClock = false } = {}) {
  const entry = join(root, 'src', 'index.ts')
  const [sources, coarse] = await Promise.all([loadSubActionSources(root), coarseChunks(root, entry)])
  const result = await build({
    ...COMMON,
    absWorkingDir: root,
    entryPoints: { index: entry },
    outdir: out,
    splitting: true,
    minify: true,
    define: { SCALED_SERVICE_CLOCK: String(scaledClock) },
    plugins: [coarse],
    chunkNames: 'chunks/[name]-[hash]'
  })
  for (const [path, text] of Object.entries(renderEntries(sources))) {
    mkdirSync(dirname(join(out, path)), { recursive: true })
    writeFileSync(join(out, path), text)
  }
  writeFileSync(join(out, 'package.json'), MODULE_PACKAGE_JSON)
  writeFileSync(join(out, 'licenses.txt'), licensesText(bundledPackages(root, result.metafile)))
  return result
}

/**
 * Builds the emulator's command line into `out/index.js`. Not minified: a user reads its stack
 * traces, and its start-up is not on a step's path.
 */
export async function buildEmulator(root, out) {
  const result = await build({
    ...COMMON,
    absWorkingDir: root,
    entryPoints: { index: join(root, 'emulator', 'cli.ts') },
    outdir: out
  })
  writeFileSync(join(out, 'package.json'), MODULE_PACKAGE_JSON)
  if (!existsSync(join(out, 'index.js'))) throw new Error(`the emulator's bundle is missing from ${out}`)
  return result
}
