#!/usr/bin/env node
/**
 * `npm run duplicates`: fails when a run of lines is written twice in the action's or the
 * emulator's sources (src/, emulator/, without the bundles), or when the tests (__tests__/)
 * repeat themselves more than TESTS_MOST times. Lines are compared with their indentation and
 * trailing commas dropped; blank lines, comments, imports and lines of brackets alone are
 * skipped, so a repeat is code that says the same thing twice. The tests have a bound rather
 * than none, since a test may spell out a case; a scenario's setup written again belongs in
 * __tests__/helpers/. Generated code (the bundles) is not held to it.
 *
 *   node scripts/duplicates.js [--lines N] [--root DIR] [--tests-most N]
 *     (default 6 lines, this checkout, TESTS_MOST)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The value after `flag` on the command line, or `fallback`. */
const option = (flag, fallback) => {
  const at = process.argv.indexOf(flag)
  return at > 0 ? process.argv[at + 1] : fallback
}
const ROOT = resolve(option('--root', join(dirname(fileURLToPath(import.meta.url)), '..')))
/**
 * The repeats the tests may hold: it only comes down, as scenario setup moves into helpers. 41 when
 * the tests were first held to it, 50 once the tests written beside that work came in, 14 once the
 * fake-service steps, the release pipeline, the park world and the scaled clock were shared, 12 once
 * the flaky pipeline of the rebuild tests was (the approval and comment-gate scenarios, and the
 * build-log setup, are next).
 */
const TESTS_MOST = 12
const GROUPS = [
  { folders: ['src', 'emulator'], most: 0 },
  { folders: ['__tests__'], most: Number(option('--tests-most', String(TESTS_MOST))) }
]
const SKIPPED_FOLDERS = new Set(['dist', 'node_modules'])
const RUN = Number(option('--lines', '6'))

/** Every .ts file below `folder`, bundles left out. */
function sources(folder) {
  const found = []
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) found.push(...sources(path))
    } else if (entry.name.endsWith('.ts')) found.push(path)
  }
  return found
}

/** The lines of a file that carry code, each with its line number, comments and layout dropped. */
function codeLines(text) {
  const lines = []
  let inComment = false
  let inImport = false
  text.split('\n').forEach((raw, index) => {
    let line = raw.trim()
    if (inComment) {
      if (line.includes('*/')) inComment = false
      return
    }
    // The names of an import written over several lines are part of the import, skipped with it.
    if (inImport || /^(import|export) (type )?\{$/.test(line)) {
      inImport = !/^\} from\b/.test(line)
      return
    }
    if (line.startsWith('/*')) {
      inComment = !line.includes('*/')
      return
    }
    line = line.replace(/\s*\/\/.*$/, '').replace(/,$/, '')
    if (line === '' || /^import\b|^export \{.*\} from\b/.test(line) || /^[\])}{([;,]*$/.test(line)) return
    lines.push({ text: line, number: index + 1 })
  })
  return lines
}

/** The repeated runs of RUN code lines among the .ts files below `folders`, each as a line. */
function repeatsIn(folders) {
  const seen = new Map()
  const repeats = []
  const roots = folders.map((folder) => join(ROOT, folder)).filter((folder) => existsSync(folder))
  for (const file of roots.flatMap(sources)) {
    const name = relative(ROOT, file)
    const lines = codeLines(readFileSync(file, 'utf8'))
    let lastReported = -RUN
    for (let i = 0; i + RUN <= lines.length; i++) {
      const key = lines
        .slice(i, i + RUN)
        .map((line) => line.text)
        .join('\n')
      const first = seen.get(key)
      const here = `${name}:${lines[i].number}`
      if (first === undefined) seen.set(key, here)
      else if (i >= lastReported + RUN) {
        repeats.push(`${here} repeats ${first} (${RUN} lines or more)`)
        lastReported = i
      }
    }
  }
  return repeats
}

let failed = false
for (const { folders, most } of GROUPS) {
  const repeats = repeatsIn(folders)
  for (const repeat of repeats) console.log(repeat)
  const over = repeats.length > most
  console.log(
    `${repeats.length} repeated runs of ${RUN} code lines in ${folders.join('/, ')}/ (at most ${most})${over ? ': too many' : ''}`
  )
  failed ||= over
}
process.exitCode = failed ? 1 : 0
