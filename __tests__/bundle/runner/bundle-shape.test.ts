/**
 * The shape of the bundle the tests run, which is the shape of dist/ (one configuration,
 * scripts/bundle.js): minified ES modules, a refused step loading the entry and one chunk, every
 * dynamic import a chunk that exists, the licences of what is bundled in, the same bytes from
 * the same sources.
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ACTION_BUNDLE } from '../../helpers/run-action.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const DIR = dirname(ACTION_BUNDLE)
const DEV_BUNDLE_SCRIPT = fileURLToPath(new URL('../../../scripts/dev-bundle.js', import.meta.url))

/** The action's files (not the dev bundle's emulator/), relative to the bundle's folder. */
function files(dir: string, under = ''): string[] {
  return readdirSync(join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const path = under ? `${under}/${entry.name}` : entry.name
    if (entry.name === 'emulator' && !under) return []
    return entry.isDirectory() ? files(dir, path) : [path]
  })
}

/** The files a module loads before it runs: itself and its static imports, transitively. */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  const text = readFileSync(file, 'utf8')
  for (const [, specifier] of text.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+)["']/g))
    staticClosure(resolve(dirname(file), specifier), seen)
  return seen
}

describe('the bundle', () => {
  it('loads the entry and one chunk before a step reads its inputs', () => {
    const loaded = [...staticClosure(ACTION_BUNDLE)].map((file) => relative(DIR, file))
    expect(loaded.length).toBeLessThanOrEqual(2)
    expect(loaded[0]).toBe('index.js')
  })

  it('is minified, every file of it', () => {
    const long = files(DIR)
      .filter((path) => path.endsWith('.js') && !path.startsWith('sub/'))
      .map((path) => ({ path, text: readFileSync(join(DIR, path), 'utf8') }))
      .filter(({ text }) => text.length >= 1024 && text.length / text.split('\n').length < 200)
      .map(({ path }) => path)
    expect(long).toEqual([])
  })

  it('names only chunks that exist in its dynamic imports, and has some', () => {
    const missing: string[] = []
    let imports = 0
    for (const path of files(DIR).filter((name) => name.endsWith('.js'))) {
      const text = readFileSync(join(DIR, path), 'utf8')
      for (const [, specifier] of text.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)) {
        imports++
        if (!existsSync(resolve(DIR, dirname(path), specifier))) missing.push(`${path} -> ${specifier}`)
      }
    }
    expect(missing).toEqual([])
    expect(imports).toBeGreaterThan(20)
  })

  it('says the licence of the package it bundles in', () => {
    const licenses = readFileSync(join(DIR, 'licenses.txt'), 'utf8')
    // Per package: its name, its licence, its licence text; js-yaml's is MIT's text.
    const yaml = licenses.slice(licenses.search(/(^|\n)js-yaml\nMIT\n/))
    expect(yaml).toMatch(/^\n?js-yaml\nMIT\n/)
    expect(yaml.split(/\n\n(?=[@a-z][\w./@-]*\n[\w.()+ -]+\n)/)[0]).toMatch(/Permission is hereby granted/)
    expect(JSON.parse(readFileSync(join(DIR, 'package.json'), 'utf8'))).toEqual({ type: 'module' })
  })

  it('is the same, byte for byte, when built twice from the same sources', () => {
    const dir = tempDir('bundle-twice-')
    try {
      const texts = ['a', 'b'].map((name) => {
        const built = spawnSync(process.execPath, [DEV_BUNDLE_SCRIPT, join(dir, name)], { encoding: 'utf8' })
        expect(built.status).toBe(0)
        const paths = files(join(dir, name)).sort()
        return Object.fromEntries(paths.map((path) => [path, readFileSync(join(dir, name, path), 'utf8')]))
      })
      expect(Object.keys(texts[0]).length).toBeGreaterThan(10)
      expect(texts[1]).toEqual(texts[0])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
