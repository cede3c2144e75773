/**
 * What a step refused on its inputs loads, the start-up every such step pays (CONTRIBUTING,
 * "Performance and the bench"): none of Node's own modules that an empty ES module does not load
 * (an `import` of node:fs alone builds its ES facade, which loads fs/promises and the stream
 * stack), and, on a missing input, not the modules the operations share.
 */
import { describe, expect, it } from '@jest/globals'
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { randomInt } from '../../helpers/random.js'
import { ACTION_BUNDLE, errorLine, runAction } from '../../helpers/run-action.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const DIR = dirname(ACTION_BUNDLE)
const work = tempDir('refused-start-')

// A CommonJS preload: it takes node:fs by require, which builds no ES facade, so it adds nothing to the list.
const PRELOAD = join(work, 'module-list.cjs')
writeFileSync(
  PRELOAD,
  "const { writeFileSync } = require('node:fs')\nprocess.on('exit', () => writeFileSync(process.env.MODULE_LIST_FILE, process.moduleLoadList.join('\\n')))\n"
)
// The floor: an empty ES module, run as the step is.
const EMPTY = join(work, 'empty', 'index.js')
mkdirSync(dirname(EMPTY))
writeFileSync(join(work, 'empty', 'package.json'), '{ "type": "module" }\n')
writeFileSync(EMPTY, '')

/** Node's own JavaScript modules a step loads (process.moduleLoadList, its `NativeModule` lines). */
async function nodeModules(inputs: Record<string, string>, bundle = ACTION_BUNDLE): Promise<Set<string>> {
  const file = join(work, `list-${randomInt(1e9)}`)
  const run = await runAction(inputs, { bundle, nodeArgs: ['--require', PRELOAD], env: { MODULE_LIST_FILE: file } })
  if (bundle === ACTION_BUNDLE) expect(run.code).toBe(1)
  return new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('NativeModule '))
  )
}

/** Node's modules a step refused with `inputs` loads that an empty ES module, run alike, does not. */
async function beyondEmptyModule(inputs: Record<string, string>): Promise<string[]> {
  const [empty, step] = await Promise.all([nodeModules({}, EMPTY), nodeModules(inputs)])
  return [...step].filter((name) => !empty.has(name))
}

/** A random word that is no operation. */
function noOperation(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz'
  return `${Array.from({ length: 3 + randomInt(12) }, () => letters[randomInt(letters.length)]).join('')}-x${randomInt(1000)}`
}

/** The files a module loads before it runs: itself and its static imports, transitively. */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+)["']/g))
    staticClosure(resolve(dirname(file), specifier), seen)
  return seen
}

describe('a step refused on its inputs', () => {
  it("loads none of Node's modules that an empty ES module does not, on an unknown operation", async () => {
    const operation = noOperation()
    const extra = await beyondEmptyModule({ operation, token: `tok-${'x'.repeat(8 + randomInt(30))}` })
    expect(extra).toEqual([])
  })

  it('loads none of them on a missing token either', async () => {
    const extra = await beyondEmptyModule({ operation: 'trigger', 'app-slug': `app-${randomInt(1e6)}` })
    expect(extra).toEqual([])
  })

  it("says which input is missing, having loaded under 12 KB beyond the entry's files", async () => {
    const run = await runAction({ operation: 'trigger' })
    expect(errorLine(run)).toMatch(/^Input "token": is required/)
    // The check of a slip in an input's key, loaded on a missing input, with what it imports.
    const slipCheck = readdirSync(join(DIR, 'chunks')).filter((name) => name.startsWith('input-use-'))
    expect(slipCheck).toHaveLength(1)
    const entry = staticClosure(ACTION_BUNDLE)
    const more = [...staticClosure(join(DIR, 'chunks', slipCheck[0]))].filter((file) => !entry.has(file))
    const bytes = more.reduce((sum, file) => sum + statSync(file).size, 0)
    expect(bytes).toBeLessThan(12 * 1024)
  })
})
