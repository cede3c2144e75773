/**
 * The runner's workflow commands the action uses, in the runner's own format.
 * @actions/core is not used for them: its entry module loads its OIDC client, and
 * with it @actions/http-client, undici and @actions/exec, before any of it is used:
 * 165 to 198 ms of every step on the development machine, even one that fails on
 * its inputs (see CONTRIBUTING.md). A parity test compares its bytes with
 * @actions/core's (__tests__/unit/runner/workflow-commands.test.ts).
 *
 * Everything written here passes through `redact`, and no text given to these
 * functions can act as a workflow command: plain text that could is printed
 * between `::stop-commands::` and its resume line (see `info`), and the data of a
 * command is escaped so it stays on the command's line.
 */
import { appendFileSync, existsSync, writeSync } from 'node:fs'
import { redact } from '../safe-text.js'

/**
 * node:crypto, loaded on first use: loading it (with the streams it pulls in) is about a fifth
 * of a bare `node -e 0`, and a step that fails on its inputs, or prints no command-like text,
 * never needs it.
 */
function crypto(): typeof import('node:crypto') {
  return process.getBuiltinModule('node:crypto')
}

/** The runner's line break, as node:os gives it, without loading node:os for it. */
const EOL = process.platform === 'win32' ? '\r\n' : '\n'

/** Longest pause, in ms, before a full descriptor is tried again. */
const FULL_PAUSE_MS = 50

/** Blocks the thread for `ms`: the only way to wait inside a synchronous write. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/**
 * Writes text to the step's log. It goes straight to file descriptor 1: process.stdout,
 * created on first use, loads Node's stream modules, about a tenth of a step that fails on
 * its inputs. A descriptor that is non-blocking and full answers EAGAIN: the write waits
 * for the reader and tries again, as a blocking descriptor would. Handing the rest to
 * process.stdout instead would queue it in memory with no bound: a build log printed
 * faster than the runner reads it held hundreds of MiB there.
 */
function write(text: string): void {
  const bytes = Buffer.from(text, 'utf8')
  let written = 0
  let wait = 1
  while (written < bytes.length) {
    try {
      written += writeSync(1, bytes, written)
      wait = 1
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error
      pause(wait)
      wait = Math.min(wait * 2, FULL_PAUSE_MS)
    }
  }
}

/** An input's value, trimmed unless asked otherwise; '' when not set. */
export function getInput(name: string, options?: { trimWhitespace?: boolean }): string {
  const value = process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] || ''
  return options?.trimWhitespace === false ? value : value.trim()
}

/** Asks the runner to mask a value in the log. */
export function setSecret(secret: string): void {
  issue('add-mask', secret, {}, false)
}

/** Sets a step output, with known secrets removed. */
export function setOutput(name: string, value: unknown): void {
  const text = redact(commandValue(value))
  if (process.env.GITHUB_OUTPUT) return fileCommand('OUTPUT', keyValue(name, text))
  write(EOL)
  issue('set-output', text, { name })
}

/** Saves a value for the post step, with known secrets removed. */
export function saveState(name: string, value: unknown): void {
  const text = redact(commandValue(value))
  if (process.env.GITHUB_STATE) return fileCommand('STATE', keyValue(name, text))
  issue('save-state', text, { name })
}

/** A value the main step saved, in the post step; '' when none. */
export function getState(name: string): string {
  return process.env[`STATE_${name}`] || ''
}

/**
 * Prints text to the log as it is, whatever its source. Text in which the runner
 * could find a command (`::` or `##[` anywhere: the runner trims lines before it
 * looks, splits them at a bare carriage return, and finds `##[` anywhere in a
 * line) is printed with command processing stopped, behind a token drawn afresh
 * for each print and written nowhere else, so the text cannot resume it.
 */
export function info(message: string): void {
  const text = redact(message)
  if (!text.includes('::') && !text.includes('##[')) {
    write(text + EOL)
    return
  }
  const token = crypto().randomBytes(16).toString('hex')
  write(`::stop-commands::${token}${EOL}${text}${EOL}::${token}::${EOL}`)
}

/**
 * A debug line, written only when the run has step debug logging on (the runner then sets
 * RUNNER_DEBUG to 1): otherwise the runner drops it unseen, and a step that sends thousands of
 * requests would spend a fifth of its time writing them.
 */
export function debug(message: string): void {
  if (process.env.RUNNER_DEBUG === '1') issue('debug', message)
}

/** A notice annotation. */
export function notice(message: string): void {
  issue('notice', message)
}

/** Where an annotation points: a file of the repository, a line of it, and a title. */
export interface AnnotationProperties {
  title?: string
  file?: string
  line?: number
  col?: number
}

/**
 * An annotation on a file's line, written as @actions/core's error, warning and notice with
 * `AnnotationProperties` write it (title, file, line, col, in that order); an error annotation
 * does not fail the step.
 */
export function annotate(level: 'error' | 'warning' | 'notice', message: string, place: AnnotationProperties): void {
  const properties: Record<string, string> = {}
  for (const key of ['title', 'file', 'line', 'col'] as const)
    if (place[key] !== undefined) properties[key] = redact(String(place[key]))
  issue(level, message, properties)
}

/** A warning annotation. */
export function warning(message: string): void {
  issue('warning', message)
}

/** Fails the step: exit code 1 and the message as an error annotation. */
export function setFailed(message: string): void {
  process.exitCode = 1
  issue('error', message)
}

/** Starts a foldable group of log lines. */
export function startGroup(name: string): void {
  issue('group', name)
}

/** Ends the group `startGroup` started. */
export function endGroup(): void {
  issue('endgroup', '')
}

/** Writes one command; its data and properties are escaped, so they cannot leave the command's line. */
function issue(command: string, message: string, properties: Record<string, string> = {}, redacted = true): void {
  const props = Object.entries(properties)
    .filter(([, value]) => value)
    .map(([key, value]) => `${key}=${escapeProperty(value)}`)
    .join(',')
  const data = redacted ? redact(message) : message
  write(`::${command}${props ? ` ${props}` : ''}::${escapeData(data)}${EOL}`)
}

function fileCommand(command: 'OUTPUT' | 'STATE', message: string): void {
  const file = process.env[`GITHUB_${command}`] as string
  if (!existsSync(file)) throw new Error(`Missing file at path: ${file}`)
  appendFileSync(file, `${message}${EOL}`, { encoding: 'utf8' })
}

/**
 * One entry of an output or state file. A value on one line is written `name=value`, the
 * form the runner reads up to the line's end; only a value with a line break needs the
 * `name<<delimiter` form, whose delimiter is drawn at random so the value cannot end it.
 * So most steps never load node:crypto.
 */
function keyValue(key: string, value: unknown): string {
  const converted = commandValue(value)
  if (!/[\r\n]/.test(converted) && !/[\r\n=]|<</.test(key)) return `${key}=${converted}`
  const delimiter = `ghadelimiter_${crypto().randomUUID()}`
  if (key.includes(delimiter)) throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`)
  if (converted.includes(delimiter))
    throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`)
  return `${key}<<${delimiter}${EOL}${converted}${EOL}${delimiter}`
}

function commandValue(value: unknown): string {
  if (value === null || value === undefined) return ''
  return typeof value === 'string' || value instanceof String ? String(value) : JSON.stringify(value)
}

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C')
}
