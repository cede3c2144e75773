/**
 * The emulator's folders import one way — the root (process, options, composition) over
 * control/ over routes/ over http/ over model/ — and no file imports itself back through others.
 * The lint rule is proven on planted imports; circles are found by walking the imports, since
 * the lint rule sees one import at a time.
 */
import { describe, expect, it } from '@jest/globals'
import { ESLint } from 'eslint'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const ROOT = process.cwd()
const EMULATOR = join(ROOT, 'emulator')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'dist' || entry.name === 'node_modules' ? [] : sources(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

/** Every relative import of a file, type imports and `import('…')` types included, as source paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)'(\.{1,2}\/[^']+)'/gm)].map(
    (m) => m[1]
  )
  return specifiers
    .map((spec) => resolve(dirname(file), spec.replace(/\.js$/, '.ts')))
    .filter((path) => path.endsWith('.ts'))
}

/** The circles of the import graph, each as the files it passes through. */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const visit = (file: string, path: string[]): void => {
    if (state.get(file) === 'done' || !graph.has(file)) return
    if (state.get(file) === 'open') {
      found.push(path.slice(path.indexOf(file)))
      return
    }
    state.set(file, 'open')
    for (const next of graph.get(file) ?? []) visit(next, [...path, file])
    state.set(file, 'done')
  }
  for (const file of graph.keys()) visit(file, [])
  return found
}

describe('emulator import graph', () => {
  const files = sources(EMULATOR)
  const graph = new Map(files.map((file) => [file, importsOf(file)]))

  it('has no circle, type imports included', () => {
    expect(circles(graph).map((circle) => circle.map((file) => relative(ROOT, file)))).toEqual([])
  })

  it('reads type imports, and finds a circle when one is planted', () => {
    expect(files.length).toBeGreaterThan(30)
    const types = join(EMULATOR, 'model', 'types.ts')
    const state = join(EMULATOR, 'model', 'state.ts')
    // `import type { … } from './types.js'`
    expect(graph.get(state)).toContain(types)
    const planted = new Map(graph)
    planted.set(types, [...(graph.get(types) ?? []), state])
    expect(circles(planted).some((circle) => circle.includes(state) && circle.includes(types))).toBe(true)
  })
})

describe('emulator import zones (eslint)', () => {
  const eslint = new ESLint({ cwd: ROOT })
  const planted = async (file: string, specifier: string): Promise<string[]> => {
    const [result] = await eslint.lintText(`import { x } from '${specifier}'\nexport const y = x\n`, {
      filePath: join(ROOT, file)
    })
    return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
  }

  it.each([
    ['emulator/model/planted.ts', '../http/io.js'],
    ['emulator/model/planted.ts', '../routes/index.js'],
    ['emulator/model/planted.ts', '../control/faults.js'],
    ['emulator/model/planted.ts', '../server.js'],
    ['emulator/http/planted.ts', '../routes/index.js'],
    ['emulator/http/planted.ts', '../control/request-log.js'],
    ['emulator/http/planted.ts', '../args.js'],
    ['emulator/routes/planted.ts', '../control/faults.js'],
    ['emulator/routes/planted.ts', '../server.js'],
    ['emulator/control/planted.ts', '../server.js'],
    ['emulator/control/planted.ts', '../cli.js']
  ])('refuses %s importing %s (upward)', async (file, specifier) => {
    expect(await planted(file, specifier)).toHaveLength(1)
  })

  it.each([
    ['emulator/model/planted.ts', './types.js'],
    ['emulator/http/planted.ts', '../model/errors.js'],
    ['emulator/routes/planted.ts', '../http/io.js'],
    ['emulator/control/planted.ts', '../routes/build-views.js'],
    ['emulator/server.ts', './control/faults.js']
  ])('lets %s import %s (downward)', async (file, specifier) => {
    expect(await planted(file, specifier)).toEqual([])
  })
})
