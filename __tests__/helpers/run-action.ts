/**
 * Runs the bundled action (dist/index.js) the way the runner does: a child
 * process with INPUT_<NAME> variables (hyphens kept), and the runner's files for
 * outputs, state and the job summary, which are read back after it exits.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const DIST = resolve(process.cwd(), 'dist/index.js')

export interface RunOptions {
  /** Extra environment variables (e.g. SERVICE_RETRY_BASE_MS). */
  env?: Record<string, string>
  /** The GitHub event: its name and payload (written to a file for GITHUB_EVENT_PATH). */
  event?: { name: string; payload: unknown; ref?: string; sha?: string }
  /** State saved by an earlier run (for the post step). */
  state?: Record<string, string>
  /** Working directory and GITHUB_WORKSPACE; a fresh temporary folder by default. */
  workspace?: string
  /** Kill the process after this long (the test then fails on `timedOut`). */
  timeoutMs?: number
  onSpawn?: (child: ChildProcess) => void
}

export interface RunResult {
  code: number | null
  signal: NodeJS.Signals | null
  timedOut: boolean
  stdout: string
  stderr: string
  outputs: Record<string, string>
  state: Record<string, string>
  /** The job summary as a reader sees its text: character references decoded, tags kept. The file as written is `files.summary`. */
  summary: string
  /** The raw files, for scanning for secrets. */
  files: { output: string; state: string; summary: string }
  workspace: string
  durationMs: number
}

export async function runAction(inputs: Record<string, string>, options: RunOptions = {}): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), 'action-run-'))
  const workspace = options.workspace ?? join(dir, 'workspace')
  const files = { output: join(dir, 'output'), state: join(dir, 'state'), summary: join(dir, 'summary'), event: join(dir, 'event.json') }
  for (const file of [files.output, files.state, files.summary]) writeFileSync(file, '')
  if (!options.workspace) {
    const { mkdirSync } = await import('node:fs')
    mkdirSync(workspace, { recursive: true })
  }
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    GITHUB_OUTPUT: files.output,
    GITHUB_STATE: files.state,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_WORKSPACE: workspace,
    GITHUB_ACTIONS: 'true',
    RUNNER_TEMP: dir,
    SERVICE_RETRY_BASE_MS: '20'
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
  Object.assign(env, options.env)

  const started = Date.now()
  const child = spawn(process.execPath, [DIST], { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] })
  options.onSpawn?.(child)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    child.kill('SIGKILL')
  }, options.timeoutMs ?? 20_000)
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) => child.on('close', (c, s) => done([c, s])))
  clearTimeout(timer)
  const raw = { output: readFileSync(files.output, 'utf8'), state: readFileSync(files.state, 'utf8'), summary: readFileSync(files.summary, 'utf8') }
  rmSync(dir, { recursive: true, force: true, maxRetries: 2 })
  return {
    code,
    signal,
    timedOut,
    stdout,
    stderr,
    outputs: parseCommandFile(raw.output),
    state: parseCommandFile(raw.state),
    summary: decodeCharacterReferences(raw.summary),
    files: raw,
    workspace,
    durationMs: Date.now() - started
  }
}

/** Reads the runner's `name<<delimiter` file format; the last value of a name wins, as on the runner. */
export function parseCommandFile(text: string): Record<string, string> {
  const values: Record<string, string> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[i])
    if (match) {
      const [, name, delimiter] = match
      const body: string[] = []
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
export function errorLine(result: RunResult): string {
  const line = result.stdout.split('\n').find((l) => l.startsWith('::error::')) ?? ''
  return line.slice('::error::'.length).replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%25/g, '%')
}

/** Decodes the character references the action writes into the summary (`&amp;`, `&#40;`, ...). */
export function decodeCharacterReferences(html: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
  return html.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return named[ref.toLowerCase()] ?? whole
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
    return String.fromCodePoint(code)
  })
}
