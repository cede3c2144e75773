/**
 * The runner's workflow commands the action uses, written exactly as @actions/core
 * writes them. @actions/core's entry module loads its OIDC client, and with it
 * @actions/http-client, undici and @actions/exec, before any of it is used: about
 * 100 ms of every step, even one that fails on its inputs. Only the job summary
 * still comes from @actions/core, loaded when there is a summary to write.
 */
import { randomUUID } from 'node:crypto'
import { appendFileSync, existsSync } from 'node:fs'
import { EOL } from 'node:os'

/** An input's value, trimmed unless asked otherwise; '' when not set. */
export function getInput(name: string, options?: { trimWhitespace?: boolean }): string {
  const value = process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] || ''
  return options?.trimWhitespace === false ? value : value.trim()
}

/** Asks the runner to mask a value in the log. */
export function setSecret(secret: string): void {
  issue('add-mask', secret)
}

/** Sets a step output. */
export function setOutput(name: string, value: unknown): void {
  if (process.env.GITHUB_OUTPUT) return fileCommand('OUTPUT', keyValue(name, value))
  process.stdout.write(EOL)
  issue('set-output', commandValue(value), { name })
}

/** Saves a value for the post step. */
export function saveState(name: string, value: unknown): void {
  if (process.env.GITHUB_STATE) return fileCommand('STATE', keyValue(name, value))
  issue('save-state', commandValue(value), { name })
}

/** A value the main step saved, in the post step; '' when none. */
export function getState(name: string): string {
  return process.env[`STATE_${name}`] || ''
}

export function info(message: string): void {
  process.stdout.write(message + EOL)
}

export function debug(message: string): void {
  issue('debug', message)
}

export function notice(message: string): void {
  issue('notice', message)
}

export function warning(message: string): void {
  issue('warning', message)
}

/** Fails the step: exit code 1 and the message as an error annotation. */
export function setFailed(message: string): void {
  process.exitCode = 1
  issue('error', message)
}

export function startGroup(name: string): void {
  issue('group', name)
}

export function endGroup(): void {
  issue('endgroup', '')
}

function issue(command: string, message: string, properties: Record<string, string> = {}): void {
  const props = Object.entries(properties)
    .filter(([, value]) => value)
    .map(([key, value]) => `${key}=${escapeProperty(value)}`)
    .join(',')
  process.stdout.write(`::${command}${props ? ` ${props}` : ''}::${escapeData(message)}${EOL}`)
}

function fileCommand(command: 'OUTPUT' | 'STATE', message: string): void {
  const file = process.env[`GITHUB_${command}`] as string
  if (!existsSync(file)) throw new Error(`Missing file at path: ${file}`)
  appendFileSync(file, `${message}${EOL}`, { encoding: 'utf8' })
}

function keyValue(key: string, value: unknown): string {
  const delimiter = `ghadelimiter_${randomUUID()}`
  const converted = commandValue(value)
  if (key.includes(delimiter)) throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`)
  if (converted.includes(delimiter)) throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`)
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
