/**
 * Runs a bundled action (dist/index.js by default) the way the runner runs a step:
 * a child process with INPUT_<NAME> variables (the runner keeps the hyphens:
 * INPUT_APP-SLUG), and fresh runner files for GITHUB_OUTPUT, GITHUB_STATE,
 * GITHUB_STEP_SUMMARY and GITHUB_EVENT_PATH, read back when it exits. Shared by
 * the tests, the demo (`npm start`) and the bench (`npm run bench`); plain
 * JavaScript, so the demo and the bench run without a build step.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'

/** The bundle the runner runs. */
export const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'index.js')

/** @param {Record<string, string>} inputs @param {import('./run-action.d.ts').RunOptions} [options] @returns {Promise<import('./run-action.d.ts').RunResult>} */
export async function runAction(inputs, options = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'action-run-'))
  const workspace = options.workspace ?? join(dir, 'workspace')
  const files = {
    output: join(dir, 'output'),
    state: join(dir, 'state'),
    summary: join(dir, 'summary'),
    event: join(dir, 'event.json')
  }
  for (const file of [files.output, files.state, files.summary]) writeFileSync(file, '')
  if (!options.workspace) mkdirSync(workspace, { recursive: true })
  const env = runnerEnv(dir, files, workspace, inputs, options)
  const run = await runChild(
    options.node ?? process.execPath,
    [...(options.nodeArgs ?? []), options.bundle ?? DIST],
    env,
    workspace,
    files.output,
    options
  )
  const raw = {
    output: readFileSync(files.output, 'utf8'),
    state: readFileSync(files.state, 'utf8'),
    summary: readFileSync(files.summary, 'utf8')
  }
  rmSync(dir, { recursive: true, force: true, maxRetries: 2 })
  return {
    ...run,
    outputs: parseCommandFile(raw.output),
    state: parseCommandFile(raw.state),
    summary: decodeCharacterReferences(raw.summary),
    files: raw,
    workspace
  }
}

/** The environment of one step: the runner's files, the event, saved state and the inputs, then `options.env`. */
function runnerEnv(dir, files, workspace, inputs, options) {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    GITHUB_OUTPUT: files.output,
    GITHUB_STATE: files.state,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_WORKSPACE: workspace,
    GITHUB_ACTIONS: 'true',
    RUNNER_TEMP: dir
  }
  if (options.event) {
    writeFileSync(files.event, JSON.stringify(options.event.payload))
    env.GITHUB_EVENT_NAME = options.event.name
    env.GITHUB_EVENT_PATH = files.event
    if (options.event.ref) env.GITHUB_REF = options.event.ref
    if (options.event.sha) env.GITHUB_SHA = options.event.sha
  }
  for (const [key, value] of Object.entries(options.state ?? {})) env[`STATE_${key}`] = value
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value
  return Object.assign(env, options.env)
}

/** Runs the process to its end; times are performance.now() values, `outputAt` the first write to the output file. */
function runChild(command, args, env, cwd, outputFile, options) {
  return new Promise((done, fail) => {
    let outputAt
    const watcher = options.watchOutput ? watch(outputFile, () => (outputAt ??= performance.now())) : undefined
    const startedAt = performance.now()
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    options.onSpawn?.(child)
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (options.onStdout ? options.onStdout(d) : (stdout += d.toString())))
    child.stderr.on('data', (d) => (stderr += d.toString()))
    let exitAt = startedAt
    child.on('exit', () => (exitAt = performance.now()))
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, options.timeoutMs ?? 20_000)
    child.on('error', fail)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      watcher?.close()
      done({
        code,
        signal,
        timedOut,
        stdout,
        stderr,
        durationMs: Math.round(exitAt - startedAt),
        startedAt,
        exitAt,
        outputAt
      })
    })
  })
}

/** Reads the runner's `name<<delimiter` file format; the last value of a name wins, as on the runner. */
export function parseCommandFile(text) {
  const values = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[i])
    if (match) {
      const [, name, delimiter] = match
      const body = []
      for (i++; i < lines.length && lines[i] !== delimiter; i++) body.push(lines[i])
      values[name] = body.join('\n')
    } else if (lines[i].includes('=')) {
      const eq = lines[i].indexOf('=')
      values[lines[i].slice(0, eq)] = lines[i].slice(eq + 1)
    }
  }
  return values
}

/** The ::error:: line the action printed, with the runner's escapes undone. */
export function errorLine(result) {
  const line = result.stdout.split('\n').find((l) => l.startsWith('::error::')) ?? ''
  return line.slice('::error::'.length).replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%25/g, '%')
}

/** Decodes the character references the action writes into the summary (`&amp;`, `&#40;`, ...). */
export function decodeCharacterReferences(html) {
  const named = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
  return html.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref) => {
    if (ref[0] !== '#') return named[ref.toLowerCase()] ?? whole
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
    return String.fromCodePoint(code)
  })
}
