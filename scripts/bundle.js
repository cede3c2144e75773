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
 * The dynamic imports on the way of a step refused on its inputs: the check of a slip in an input's
 * key (on a missing input), the secret environments, the OIDC inputs. Of the imports coarseChunks
 * adds they get main.ts alone, not the modules the operations share (200 KB, which such a step would
 * load for nothing), and the modules of src/ they reach go into the entry's chunk (a few KB), so
 * such a step loads the entry, its chunk and a small chunk or two. A path here that is no dynamic
 * import fails the build.
 */
const REFUSAL_TARGETS = ['src/inputs/input-use.ts', 'src/inputs/environments.ts', 'src/inputs/oidc-settings.ts']

/**
 * What each dynamic import's target of src/ also imports, so that a step loads few files. Left
 * alone, esbuild puts the modules shared by the entry and the chunks, or by several chunks, into
 * one chunk per set of entries reaching them: a refused step would load 14 files and a `trigger` 48
 * (each one more file to find, read and link). So every target
 * also imports src/main.ts (which the entry imports anyway: everything the entry reaches lands in
 * one chunk) and every module of src/ that at least two targets reach (they land in one chunk
 * more, which any operation loads). A module reached by one target stays in that target's chunk,
 * loaded only when it is. The targets of REFUSAL_TARGETS are the exception: they import main.ts
 * alone, and main.ts imports the modules of src/ they reach. Found from a first build's metafile:
 * the targets' paths, and the import lines to add to each target and to main.ts (actionSources
 * adds them).
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
  const missing = REFUSAL_TARGETS.filter((path) => !targets.has(path))
  if (missing.length > 0)
    throw new Error(`REFUSAL_TARGETS in scripts/bundle.js: ${missing.join(', ')} is no dynamic import`)
  const core = closure(graph, relative(root, entry).split(sep).join('/'))
  const own = (path) => path.startsWith('src/') && !core.has(path) && !targets.has(path)
  // The check of the inputs' use itself too: every step that runs an operation loads it, and so
  // does a step refused for a missing input, which then loads no chunk but a stub more.
  const lean = new Set([
    'src/inputs/input-use.ts',
    ...REFUSAL_TARGETS.flatMap((target) => [...closure(graph, target)].filter(own))
  ])
  const reached = new Map()
  for (const target of targets)
    if (!REFUSAL_TARGETS.includes(target))
      for (const path of closure(graph, target))
        if (own(path) && !lean.has(path)) reached.set(path, (reached.get(path) ?? 0) + 1)
  const shared = [...reached].filter(([, count]) => count >= 2).map(([path]) => path)
  const imports = (paths) => paths.map((path) => `import ${JSON.stringify(join(root, path))}`).join('\n')
  const extra = new Map()
  for (const target of targets)
    extra.set(join(root, target), imports(['src/main.ts', ...(REFUSAL_TARGETS.includes(target) ? [] : shared.sort())]))
  if (lean.size > 0) extra.set(join(root, 'src', 'main.ts'), imports([...lean].sort()))
  return extra
}

/** `import { a, b as c } from 'node:x'` and the like, on one line, the only forms src/ writes. */
const BUILTIN_IMPORT = /^import\s+(?!type\s)(.+?)\s+from\s+['"](node:[\w/]+)['"];?[ \t]*$/gm

/**
 * The same import as a `process.getBuiltinModule` call, or undefined for a form it does not know
 * (which the build then refuses: see moduleImportsOfBuiltins). Type-only names are dropped: esbuild
 * strips types without resolving them.
 */
function builtinTaken(clause, id) {
  const take = `process.getBuiltinModule(${JSON.stringify(id)})`
  const namespace = /^\*\s+as\s+([\w$]+)$/.exec(clause)
  if (namespace) return `const ${namespace[1]} = ${take}`
  if (/^[\w$]+$/.test(clause)) return `const ${clause} = ${take}`
  const named = /^\{([^}]*)\}$/.exec(clause)
  if (!named) return undefined
  const names = named[1]
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '' && !name.startsWith('type '))
    .map((name) => name.replace(/^([\w$]+)\s+as\s+([\w$]+)$/, '$1: $2'))
  return names.length > 0 ? `const { ${names.join(', ')} } = ${take}` : ''
}

/**
 * The action's sources as the bundle takes them: each import of one of Node's own modules made a
 * `process.getBuiltinModule` call, and the imports of coarseChunks added.
 *
 * Why not the import itself: an `import … from 'node:fs'` makes Node build the module's ES facade,
 * which reads every export once, lazy getters included: `fs.promises` then loads fs/promises with
 * the whole stream stack and readline, about a sixth of a bare `node -e 0` (measured under Node
 * 24), in every step, one refused on its inputs too. getBuiltinModule hands over the module's
 * object, whose exports are read only where the code reads them. A module Node has not loaded yet
 * (node:v8, node:crypto) still loads where the call runs, so the code a refused step runs takes
 * those on first use (src/http/garbage.ts).
 */
function actionSources(extra) {
  return {
    name: 'action-sources',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
        const source = /[\\/]src[\\/].*\.ts$/.test(args.path)
        const more = extra.get(args.path)
        if (!source && more === undefined) return undefined
        let contents = readFileSync(args.path, 'utf8')
        if (source) contents = contents.replace(BUILTIN_IMPORT, (line, clause, id) => builtinTaken(clause, id) ?? line)
        // The imports go last, after the module's own: main.ts has run by the time a chunk loads,
        // and the shared modules are definitions, so no module runs before one it ran after.
        if (more !== undefined) contents = `${contents}\n${more}\n`
        return { contents, loader: args.path.endsWith('.ts') ? 'ts' : 'js', resolveDir: dirname(args.path) }
      })
    }
  }
}

/** The output files that still import one of Node's modules as an ES module (see actionSources). */
function moduleImportsOfBuiltins(out) {
  const found = []
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (
        entry.name.endsWith('.js') &&
        /\bfrom\s*["']node:|\bimport\s*\(\s*["']node:/.test(readFileSync(path, 'utf8'))
      )
        found.push(relative(out, path))
    }
  }
  walk(out)
  return found
}

/**
 * Builds the action into `out` (an empty or missing folder), minified; returns esbuild's result.
 * `scaledClock` builds the bench's and the tests' variant, whose waits read the service's clock
 * scale from the environment (src/sleep.ts), and its retry pause and heartbeat too
 * (src/inputs/common.ts, src/builds/wait/settings.ts); dist/ and the dev bundle never do.
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
    plugins: [actionSources(coarse)],
    chunkNames: 'chunks/[name]-[hash]'
  })
  for (const [path, text] of Object.entries(renderEntries(sources))) {
    mkdirSync(dirname(join(out, path)), { recursive: true })
    writeFileSync(join(out, path), text)
  }
  const imports = moduleImportsOfBuiltins(out)
  if (imports.length > 0)
    throw new Error(
      `${imports.join(', ')}: still import(s) a module of Node's as an ES module; write it \`import { name } from 'node:…'\` on one line, or take it with process.getBuiltinModule (see actionSources in scripts/bundle.js)`
    )
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
