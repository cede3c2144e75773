import { load } from 'js-yaml'
import type { EnvironmentItem } from './build-params.js'
import { InputError } from './input-error.js'
import { quote } from '../safe-text.js'

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * Parses the environments input: `NAME=value` lines, or a YAML/JSON list of
 * `{mapped_to, value, is_expand}`. Blank lines and `#` comments are skipped in the line form.
 * With `secret`, error messages never quote a value.
 */
export function parseEnvironments(text: string, input: string, secret = false): EnvironmentItem[] {
  const trimmed = text.trim()
  if (trimmed === '') return []
  const items = trimmed.startsWith('[') || trimmed.startsWith('-') ? fromList(trimmed, input) : fromLines(trimmed, input, secret)
  const seen = new Set<string>()
  for (const item of items) {
    if (seen.has(item.mapped_to)) throw new InputError(input, `the variable ${item.mapped_to} is given twice`)
    seen.add(item.mapped_to)
  }
  return items
}

function fromLines(text: string, input: string, secret: boolean): EnvironmentItem[] {
  const items: EnvironmentItem[] = []
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) return
    const eq = line.indexOf('=')
    const where = `line ${index + 1}`
    if (eq <= 0) {
      const shown = secret ? '' : ` ${quote(line)}`
      throw new InputError(input, `${where}${shown} is not NAME=value (or use a YAML list of {mapped_to, value, is_expand})`)
    }
    const name = line.slice(0, eq).trim()
    const value = line.slice(eq + 1)
    const entry = item(name, value, true, input, where)
    refuseCommaList(name, value, input, where, secret)
    items.push(entry)
  })
  return items
}

/** A comma then NAME= inside a value: `A=1,B=2` meant as two variables, as app-slug and groups read commas. */
const COMMA_ASSIGNMENT = /,\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/

/**
 * Refuses a value that reads as more variables after a comma. Splitting there would change what
 * `LIST=a,b` sends today, and a value may hold such a comma on purpose, so the step stops and says
 * how to write either meaning. A secret's value is never quoted, nor the name-like text inside it.
 */
function refuseCommaList(name: string, value: string, input: string, where: string, secret: boolean): void {
  const found = COMMA_ASSIGNMENT.exec(value)
  if (!found) return
  const after = secret ? 'a comma followed by NAME=' : `a comma followed by ${quote(`${found[1]}=`)}`
  throw new InputError(
    input,
    `${where}: the value of ${name} holds ${after}, so it reads as several variables, but this input takes one NAME=value a line (a comma does not separate variables here). ` +
      `Put each variable on a line of its own; if the value of ${name} really holds that text, give it in the list form: - {mapped_to: ${name}, value: "…"}`
  )
}

function fromList(text: string, input: string): EnvironmentItem[] {
  let parsed: unknown
  try {
    parsed = load(text)
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark
    const at = mark ? ` at line ${mark.line + 1}, column ${mark.column + 1}` : ''
    throw new InputError(input, `is not a valid YAML or JSON list${at}`)
  }
  if (!Array.isArray(parsed)) throw new InputError(input, 'expected a list of {mapped_to, value, is_expand}')
  return parsed.map((entry, index) => {
    const where = `item ${index + 1}`
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      throw new InputError(input, `${where} is not an object with mapped_to and value`)
    }
    const record = entry as Record<string, unknown>
    for (const field of Object.keys(record)) {
      if (!['mapped_to', 'key', 'value', 'is_expand'].includes(field)) {
        throw new InputError(input, `${where} has an unknown field ${quote(field)} (allowed: mapped_to, value, is_expand)`)
      }
    }
    const name = record.mapped_to ?? record.key
    if (typeof name !== 'string') throw new InputError(input, `${where} needs mapped_to, the variable's name, as a string`)
    // A missing value (or an empty `value:`, which YAML reads as null) would be sent as "".
    if (record.value === undefined || record.value === null) throw new InputError(input, `${where} (${name}) has no value; give one, or value: "" for an empty variable`)
    const value = record.value
    if (typeof value === 'object') throw new InputError(input, `${where} (${name}): value must be a string, not a list or object`)
    const expand = record.is_expand ?? true
    if (typeof expand !== 'boolean') throw new InputError(input, `${where} (${name}): is_expand must be true or false`)
    return item(name, String(value), expand, input, where)
  })
}

function item(name: string, value: string, isExpand: boolean, input: string, where: string): EnvironmentItem {
  if (!ENV_NAME.test(name)) {
    throw new InputError(input, `${where}: ${quote(name)} is not a valid environment variable name (letters, digits and _, not starting with a digit)`)
  }
  return { mapped_to: name, key: name, value, is_expand: isExpand }
}
