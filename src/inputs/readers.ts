/**
 * Readers of single inputs, shared by the operations: pure functions over a
 * `get(name)` that returns the input's trimmed value ('' when unset), so each can
 * be tested with a plain map. Each returns undefined for an empty input (or the
 * fallback it is given) and throws an InputError naming the input for a bad value.
 */
import type { EnvironmentItem } from '../api/build-params.js'
import { Input, type InputName } from '../constants.js'
import { InputError } from './input-error.js'
import { quote } from '../safe-text.js'

/** An input's trimmed value, '' when it is not set. */
export type GetInput = (name: InputName) => string

const MAX_TEXT = 20_000
const MAX_LINE = 1000
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

/** The value, or an InputError saying the operation needs it. */
export function required<T>(name: InputName, value: T | undefined): T {
  if (value === undefined) throw new InputError(name, 'is required for this operation')
  return value
}

/** Any text, at most 20,000 characters. */
export function optionalText(get: GetInput, name: InputName): string | undefined {
  const value = get(name)
  if (value === '') return undefined
  if (value.length > MAX_TEXT)
    throw new InputError(name, `is ${value.length} characters long; at most ${MAX_TEXT} are accepted`)
  return value
}

/** Text on one line with no control characters (guards against header and value injection). */
export function singleLine(get: GetInput, name: InputName): string | undefined {
  const value = optionalText(get, name)
  if (value === undefined) return undefined
  if (CONTROL.test(value))
    throw new InputError(name, `${quote(value)} must be a single line without control characters`)
  if (value.length > MAX_LINE)
    throw new InputError(name, `is ${value.length} characters long; at most ${MAX_LINE} are accepted`)
  return value
}

/** Values YAML 1.1 and the runner's expressions read as booleans: a path input holding one was meant as a switch. */
const BOOLEAN_LOOKING = /^(true|false|yes|no|on|off)$/i

/**
 * A path or folder of the workspace, on one line; a boolean-looking value (`download-artifacts: true`,
 * read like `list-artifacts: true`) is refused, naming `meant`, the switch the step likely wanted,
 * so no folder named "true" is written or read.
 */
export function pathText(get: GetInput, name: InputName, meant: string): string | undefined {
  const value = singleLine(get, name)
  if (value === undefined || !BOOLEAN_LOOKING.test(value)) return value
  throw new InputError(
    name,
    `${quote(value)} looks like a boolean, but ${name} is a path in the workspace, not a switch: ${meant}. To use a file or folder of that name, write it as ./${value}`
  )
}

/** A single line matching `re`; `what` names what was expected, e.g. "a stack identifier". */
export function matching(get: GetInput, name: InputName, re: RegExp, what: string): string | undefined {
  const value = singleLine(get, name)
  if (value !== undefined && !re.test(value)) throw new InputError(name, `${quote(value)} is not ${what}`)
  return value
}

/** A slug: letters, digits, '-', '_' and '.', at most 100 characters, never "..". */
export function slug(get: GetInput, name: InputName): string | undefined {
  const value = singleLine(get, name)
  return value === undefined ? undefined : checkSlug(name, value)
}

/**
 * The Workspace (org-slug) or the user (user-slug) whose apps an operation reads, never both:
 * `notBoth` says what to do instead. Neither is undefined in both.
 */
export function workspaceOrUser(get: GetInput, notBoth: string): { orgSlug?: string; userSlug?: string } {
  const orgSlug = slug(get, Input.orgSlug)
  const userSlug = slug(get, Input.userSlug)
  if (orgSlug && userSlug) throw new InputError(Input.userSlug, `cannot be combined with ${Input.orgSlug}; ${notBoth}`)
  return { orgSlug, userSlug }
}

/** A slug the operation cannot do without. */
export function requiredSlug(get: GetInput, name: InputName): string {
  return required(name, slug(get, name))
}

/** Checks one slug, e.g. an item of a list input. */
export function checkSlug(name: InputName, value: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/.test(value) || value.includes('..')) {
    throw new InputError(
      name,
      `${quote(value)} is not a valid slug (letters, digits, '-', '_' and '.', at most 100 characters)`
    )
  }
  return value
}

/** A git branch or tag name, as git check-ref-format allows; a `refs/heads/` or `refs/tags/` prefix is dropped. */
export function gitRefName(get: GetInput, name: InputName): string | undefined {
  const value = singleLine(get, name)
  if (value === undefined) return undefined
  if (/[\s~^:?*[\\]|\.\.|@\{|^[-/]|\/$|\.lock$|\/\//.test(value))
    throw new InputError(name, `${quote(value)} is not a valid git ref name`)
  return value.replace(/^refs\/(heads|tags)\//, '')
}

/** One of `allowed`, exactly as written. */
export function oneOf<T extends string>(get: GetInput, name: InputName, allowed: readonly T[]): T | undefined {
  const value = optionalText(get, name)
  if (value === undefined) return undefined
  if (!(allowed as readonly string[]).includes(value))
    throw new InputError(name, `${quote(value)} is not allowed; expected one of: ${allowed.join(', ')}`)
  return value as T
}

/** true or false (in YAML 1.2 core schema spellings); `fallback` when empty. */
export function booleanFlag(get: GetInput, name: InputName, fallback: boolean): boolean {
  return optionalBoolean(get, name) ?? fallback
}

/** true, false, or undefined when empty: for an input whose absence means "leave it as it is". */
export function optionalBoolean(get: GetInput, name: InputName): boolean | undefined {
  const value = get(name)
  if (value === '') return undefined
  if (['true', 'True', 'TRUE'].includes(value)) return true
  if (['false', 'False', 'FALSE'].includes(value)) return false
  throw new InputError(name, `${quote(value)} is not a boolean; expected true or false`)
}

/** A whole number from `min` to `max`. */
export function optionalInteger(get: GetInput, name: InputName, min: number, max: number): number | undefined {
  const value = get(name)
  if (value === '') return undefined
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
    throw new InputError(name, `${quote(value)} is not a whole number from ${min} to ${max}`)
  return Number(value)
}

/** A whole number from `min` to `max`, `fallback` when empty. */
export function integerInRange(get: GetInput, name: InputName, fallback: number, min: number, max: number): number {
  return optionalInteger(get, name, min, max) ?? fallback
}

/** A duration in seconds: `90`, `1.5`, `90s`, `15m` or `2h`, from `min` to `max` seconds; returned in milliseconds. */
export function durationMs(get: GetInput, name: InputName, fallbackSeconds: number, min: number, max: number): number {
  const value = get(name)
  if (value === '') return fallbackSeconds * 1000
  const match = /^(\d+(?:\.\d+)?)\s*([smh]?)$/.exec(value)
  const factor = match ? { '': 1, s: 1, m: 60, h: 3600 }[match[2] as '' | 's' | 'm' | 'h'] : 0
  const seconds = match ? Number(match[1]) * factor : NaN
  if (!(seconds >= min && seconds <= max)) {
    throw new InputError(
      name,
      `${quote(value)} is not a duration from ${min} to ${max} seconds: a number of seconds, or a number with the unit s, m or h (e.g. ${durationExamples(min, max).join(', ')})`
    )
  }
  return Math.round(seconds * 1000)
}

/** Values durationMs accepts between `min` and `max` seconds, one per unit that fits, for its message. */
function durationExamples(min: number, max: number): string[] {
  const fits = (seconds: number): boolean => seconds >= min && seconds <= max
  const seconds = [30, 10, 1, min].find(fits) ?? min
  const examples = [String(seconds), `${[90, 45, 5].find(fits) ?? seconds}s`]
  for (const [unit, size, counts] of [
    ['m', 60, [5, 2, 1]],
    ['h', 3600, [2, 1]]
  ] as const) {
    const count = counts.find((n) => fits(n * size))
    if (count !== undefined) examples.push(`${count}${unit}`)
  }
  return examples
}

/** A list: one item a line or comma-separated (a leading "- " dropped), or a JSON array of strings. */
export function stringList(get: GetInput, name: InputName): string[] {
  const value = get(name)
  if (value === '') return []
  if (!value.startsWith('[')) {
    return value
      .split(/[\n,]/)
      .map((item) => item.replace(/^\s*-\s+/, '').trim())
      .filter(Boolean)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    throw new InputError(name, `${quote(value)} starts with [ but is not a JSON array`)
  }
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string'))
    throw new InputError(name, 'must be a JSON array of strings')
  return parsed.map((item) => item.trim()).filter(Boolean)
}

/**
 * Environment variables: NAME=value lines or a YAML/JSON list (see environments.ts).
 * The parser and its YAML library are loaded only when the input is set: they are
 * most of what a step would otherwise load at start. With `secret`, no message quotes a value.
 */
export async function environmentItems(get: GetInput, name: InputName, secret = false): Promise<EnvironmentItem[]> {
  const value = get(name)
  if (value === '') return []
  const { parseEnvironments } = await import('./environments.js')
  return parseEnvironments(value, name, secret)
}

/**
 * A git remote URL: https://, ssh:// or the scp-like git@host:owner/repo form. Only
 * the SSH forms may name a user (such as git@), and none a password or token. A
 * value holding "@" may hold one, so no message quotes such a value back.
 */
export function gitUrl(get: GetInput, name: InputName): string | undefined {
  const value = optionalText(get, name)
  if (value === undefined) return undefined
  const hasAt = value.includes('@')
  const shown = hasAt ? 'the URL' : quote(value)
  if (CONTROL.test(value)) throw new InputError(name, `${shown} must be a single line without control characters`)
  if (value.length > MAX_LINE)
    throw new InputError(name, `is ${value.length} characters long; at most ${MAX_LINE} are accepted`)
  const credentials = `must not contain a password or token; pass credentials to the service another way (an SSH key, or the git provider's connection)`
  if (/^https?:\/\//i.test(value)) {
    if (hasAt) throw new InputError(name, `${credentials}: an https:// URL may not name a user (it holds an "@")`)
    return parsableUrl(name, value, shown)
  }
  if (/^ssh:\/\//i.test(value)) {
    const authority = value.slice('ssh://'.length).split('/')[0]
    if (hasAt && !/^[A-Za-z0-9._-]+@[^@:]+(:\d+)?$/.test(authority))
      throw new InputError(name, `${credentials}: an ssh:// URL may name a user such as git@, nothing more`)
    return parsableUrl(name, value, shown)
  }
  if (/^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:[A-Za-z0-9._~/-]+$/.test(value)) return value
  if (hasAt)
    throw new InputError(
      name,
      `is not a git URL of a form the action accepts, or holds a password or token; expected https://host/owner/repo.git or git@host:owner/repo.git`
    )
  throw new InputError(
    name,
    `${quote(value)} is not a git URL; expected https://host/owner/repo.git or git@host:owner/repo.git`
  )
}

function parsableUrl(name: InputName, value: string, shown: string): string {
  if (!URL.canParse(value)) throw new InputError(name, `${shown} is not a valid URL`)
  return value
}
