#!/usr/bin/env node
/**
 * Runs every randomized test file N times in a row (default 20), each run with a fresh seed, and
 * says which runs were green. A file is randomized when it draws from __tests__/helpers/random.ts,
 * directly or through the helpers it imports. A failed run prints its seed, so
 * `TEST_SEED=N npm test -- <file>` draws its values again.
 *
 *   node scripts/repeat-random.js [--runs N] [--max-workers N] [--stop-on-failure] [files or folders…]
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const TESTS = join(ROOT, '__tests__')
const RANDOM = join(TESTS, 'helpers', 'random.ts')

function parseArgs(argv) {
  const options = { runs: 20, maxWorkers: undefined, stopOnFailure: false, only: [] }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--runs') options.runs = Number(argv[++i])
    else if (arg === '--max-workers') options.maxWorkers = argv[++i]
    else if (arg === '--stop-on-failure') options.stopOnFailure = true
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`)
    else options.only.push(resolve(arg))
  }
  if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error('--runs takes a whole number of 1 or more')
  return options
}

function filesUnder(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return filesUnder(path)
    return /\.(ts|js|mjs)$/.test(entry.name) ? [path] : []
  })
}

/** The files each test-side module imports by a relative path (the .js of an import names its .ts). */
function relativeImports(file) {
  const text = readFileSync(file, 'utf8')
  const found = []
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = resolve(dirname(file), match[1])
    for (const candidate of [target, target.replace(/\.js$/, '.ts'), `${target}.ts`]) {
      if (candidate.startsWith(TESTS) && statSync(candidate, { throwIfNoEntry: false })?.isFile()) {
        found.push(candidate)
        break
      }
    }
  }
  return found
}

/** Test files that reach random.ts through their imports. */
export function randomizedFiles() {
  const modules = filesUnder(TESTS)
  const draws = new Map([[RANDOM, true]])
  const visit = (file, seen) => {
    if (draws.has(file)) return draws.get(file)
    if (seen.has(file)) return false
    seen.add(file)
    const result = relativeImports(file).some((target) => visit(target, seen))
    draws.set(file, result)
    return result
  }
  return modules.filter((file) => file.endsWith('.test.ts') && visit(file, new Set())).sort()
}

function runOnce(files, options, run) {
  const seed = String((Date.now() + run * 7919) % 1_000_000_007)
  const dir = mkdtempSync(join(tmpdir(), 'repeat-random-'))
  const report = join(dir, 'report.json')
  const args = ['--experimental-vm-modules', join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), '--json']
  args.push(`--outputFile=${report}`, '--silent')
  if (options.maxWorkers) args.push(`--maxWorkers=${options.maxWorkers}`)
  const started = Date.now()
  const child = spawnSync(process.execPath, [...args, ...files], {
    cwd: ROOT,
    env: { ...process.env, TEST_SEED: seed },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024
  })
  let result = {}
  try {
    result = JSON.parse(readFileSync(report, 'utf8'))
  } catch {
    // No report: the run itself failed (counted below).
  }
  rmSync(dir, { recursive: true, force: true })
  const failedFiles = (result.testResults ?? []).filter((suite) => suite.status !== 'passed')
  return {
    seed,
    seconds: (Date.now() - started) / 1000,
    passed: result.numPassedTests ?? 0,
    failed: result.numFailedTests ?? 0,
    failedFiles: failedFiles.map((suite) => relative(ROOT, suite.name)),
    green: child.status === 0 && failedFiles.length === 0 && result.numFailedTests === 0
  }
}

function main() {
  const options = parseArgs(process.argv.slice(2))
  const files = randomizedFiles().filter(
    (file) => options.only.length === 0 || options.only.some((given) => file === given || file.startsWith(given + '/'))
  )
  if (files.length === 0) throw new Error('no randomized test file matches')
  console.log(`${files.length} randomized test files, ${options.runs} runs, a fresh seed each`)
  const runs = []
  for (let run = 1; run <= options.runs; run++) {
    const outcome = runOnce(files, options, run)
    runs.push(outcome)
    const what = outcome.green ? 'green' : `RED: ${outcome.failedFiles.join(', ') || 'the run did not finish'}`
    console.log(
      `run ${run}: seed ${outcome.seed}, ${outcome.passed} passed, ${outcome.failed} failed, ${outcome.seconds.toFixed(0)} s, ${what}`
    )
    if (!outcome.green && options.stopOnFailure) break
  }
  const green = runs.filter((outcome) => outcome.green).length
  console.log(`${green} of ${runs.length} runs green`)
  process.exitCode = green === runs.length && runs.length === options.runs ? 0 : 1
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main()
