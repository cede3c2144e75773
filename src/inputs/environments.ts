import { FAILSAFE_SCHEMA, load, nullCoreTag } from 'js-yaml'
import { LIST_ITEM_FIELDS, listItemFields, type EnvironmentItem } from '../api/build-params.js'
import { InputError } from './input-error.js'
import { quote } from '../safe-text.js'

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * The list form read with every scalar as the text written (YAML's failsafe schema), so `007`,
 * `1e30`, `0x1F` or a long number is sent as those characters, never as a number turned back
 * into text; only null (`~`, `null`, nothing) keeps its meaning, to refuse a missing value.
 */
const TEXT_WITH_NULL = FAILSAFE_SCHEMA.withTags(nullCoreTag)
/** How the list form writes `is_expand` (YAML 1.2's booleans), read from the text. */
const BOOLEANS = new Map([
  ...['true', 'True', 'TRUE'].map((word) => [word, true] as const),
  ...['false', 'False', 'FALSE'].map((word) => [word, false] as const)
])

/** Whether `text` is the YAML/JSON list form rather than NAME=value lines. */
function isListForm(trimmed: string): boolean {
  return trimmed.startsWith('[') || trimmed.startsWith('-')
}

/**
 * Parses the environments input: `NAME=value` lines, or a YAML/JSON list of
 * `{mapped_to, value, is_expand}`. Blank lines and `#` comments are skipped in the line form.
 * With `secret`, no message quotes any text of the input but a name the list form gives as
 * `mapped_to`: a line is named by its number only.
 */
export function parseEnvironments(text: string, input: string, secret = false): EnvironmentItem[] {
  const trimmed = text.trim()
  if (trimmed === '') return []
  const items = isListForm(trimmed) ? fromList(trimmed, input, secret) : fromLines(trimmed, input, secret)
  const seen = new Map<string, string>()
  for (const { item, where } of items) {
    const first = seen.get(item.name)
    if (first !== undefined) {
      throw new InputError(
        input,
        secret
          ? `${where} names the same variable as ${first}; give each variable once`
          : `the variable ${item.name} is given twice`
      )
    }
    seen.set(item.name, where)
  }
  return items.map(({ item }) => item)
}

/**
 * What a secret input holds that must be masked before it is parsed, so no message can show it:
 * in the line form the text after each line's first `=`, and a whole line that is not a
 * NAME=value line the parser accepts (a secret written without NAME=, say). The list form
 * gives nothing here: its parser quotes no text of a secret input, and its values are masked
 * once read.
 */
export function secretTextsBeforeParsing(text: string): string[] {
  const trimmed = text.trim()
  if (trimmed === '' || isListForm(trimmed)) return []
  const texts: string[] = []
  for (const { line } of lines(trimmed, true)) {
    const eq = line.indexOf('=')
    if (eq >= 0) texts.push(line.slice(eq + 1))
    if (secretLineProblem(line) !== undefined) texts.push(line)
  }
  return texts
}

/**
 * Anything on a line that reads as an assignment. In a secret input a line that starts with `#`
 * is a comment only without one: `#TOKEN=…` (a secret commented out, or written with a stray
 * `#`) is refused rather than dropped in silence, so no build runs short of a secret unnoticed.
 */
const ASSIGNMENT = /[A-Za-z_][A-Za-z0-9_]*\s*=/

/** The lines of the line form that hold a variable, each with its number; with `secret`, a `#` line holding NAME= too. */
function lines(text: string, secret: boolean): Array<{ line: string; where: string }> {
  return text
    .split(/\r?\n/)
    .map((raw, index) => ({ line: raw.trim(), where: `line ${index + 1}` }))
    .filter(({ line }) => line !== '' && (!line.startsWith('#') || (secret && ASSIGNMENT.test(line))))
}

interface Parsed {
  item: EnvironmentItem
  where: string
}

/**
 * Why a line of a secret input is refused, or undefined when it is NAME=value. A line cannot
 * say whether the text before its first `=` was meant as a name or is the start of a value
 * written without NAME=: a base64 value's body followed by its padding (`abc123==`) reads as
 * the variable `abc123` with the value `=`, or with an empty value. So the name must be a
 * variable's, and the value must neither be empty nor start with `=`; the list form takes any
 * value. Nothing of the line is quoted.
 */
function secretLineProblem(line: string): string | undefined {
  const eq = line.indexOf('=')
  const list = 'give the variable in the list form: - {mapped_to: NAME, value: "…"}'
  const unseen = 'the line is not shown, as it may hold a secret'
  if (line.startsWith('#'))
    return `starts with "#" but holds NAME=, so it is not taken as a comment (${unseen}). Remove the "#" to send the variable, or delete the line (or every "=" on it) if it is a comment`
  if (eq <= 0)
    return `is not NAME=value (${unseen}); write NAME=value, or use a YAML list of {mapped_to, value, is_expand}`
  if (!ENV_NAME.test(line.slice(0, eq).trim())) {
    return `does not start with a variable name and "=" (letters, digits and _, not starting with a digit), so it may be a secret written without NAME= (${unseen}); write NAME=value`
  }
  const value = line.slice(eq + 1)
  if (value === '') {
    return `has nothing after its "=": a secret written without NAME= that ends in base64 padding reads so too (${unseen}). Check that the secret is set; for an empty value, ${list.replace('"…"', '""')}`
  }
  if (value.startsWith('=')) {
    return `has "=" right after its name's "=": a base64 secret written without NAME= reads so too (${unseen}). Write NAME=value; for a value that starts with "=", ${list}`
  }
  return undefined
}

function fromLines(text: string, input: string, secret: boolean): Parsed[] {
  return lines(text, secret).map(({ line, where }) => {
    const problem = secret ? secretLineProblem(line) : undefined
    if (problem !== undefined) throw new InputError(input, `${where} ${problem}`)
    const eq = line.indexOf('=')
    if (eq <= 0)
      throw new InputError(
        input,
        `${where} ${quote(line)} is not NAME=value (or use a YAML list of {mapped_to, value, is_expand})`
      )
    const name = line.slice(0, eq).trim()
    const value = line.slice(eq + 1)
    const entry = item(name, value, true, input, where, secret)
    refuseCommaList(name, value, input, where, secret)
    return { item: entry, where }
  })
}

/** A comma then NAME= inside a value: `A=1,B=2` meant as two variables, as app-slug and groups read commas. */
const COMMA_ASSIGNMENT = /,\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/

/**
 * Refuses a value that reads as more variables after a comma. Splitting there would change what
 * `LIST=a,b` sends today, and a value may hold such a comma on purpose, so the step stops and says
 * how to write either meaning. A secret's line is named by its number only.
 */
function refuseCommaList(name: string, value: string, input: string, where: string, secret: boolean): void {
  const found = COMMA_ASSIGNMENT.exec(value)
  if (!found) return
  const subject = secret ? 'the value' : `the value of ${name}`
  const after = secret ? 'a comma followed by NAME=' : `a comma followed by ${quote(`${found[1]}=`)}`
  const shown = secret ? 'NAME' : name
  throw new InputError(
    input,
    `${where}: ${subject} holds ${after}, so it reads as several variables, but this input takes one NAME=value a line (a comma does not separate variables here). ` +
      `Put each variable on a line of its own; if the value really holds that text, give it in the list form: - {mapped_to: ${shown}, value: "…"}`
  )
}

function fromList(text: string, input: string, secret: boolean): Parsed[] {
  let parsed: unknown
  try {
    parsed = load(text, { schema: TEXT_WITH_NULL })
  } catch (error) {
    // The parser's own message quotes the text around the mistake: only its place is shown.
    const mark = (error as { mark?: { line: number; column: number } }).mark
    const at = mark ? ` at line ${mark.line + 1}, column ${mark.column + 1}` : ''
    throw new InputError(input, `is not a valid YAML or JSON list${at}`)
  }
  if (!Array.isArray(parsed)) throw new InputError(input, 'expected a list of {mapped_to, value, is_expand}')
  return parsed.map((entry, index) => ({
    item: listItem(entry, `item ${index + 1}`, input, secret),
    where: `item ${index + 1}`
  }))
}

/** One item of the list form; every scalar in it is the text written (see TEXT_WITH_NULL). */
function listItem(entry: unknown, where: string, input: string, secret: boolean): EnvironmentItem {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
    throw new InputError(input, `${where} is not an object with mapped_to and value`)
  }
  const record = entry as Record<string, unknown>
  for (const field of Object.keys(record)) {
    if (!(LIST_ITEM_FIELDS as readonly string[]).includes(field)) {
      // In a flow mapping a comma in an unquoted value starts a new field: a secret's field is not named.
      const named = secret
        ? 'a field other than mapped_to, value and is_expand (quote a value that holds ", " or ": ")'
        : `an unknown field ${quote(field)} (allowed: mapped_to, value, is_expand)`
      throw new InputError(input, `${where} has ${named}`)
    }
  }
  const { name, value, isExpand } = listItemFields(record)
  if (typeof name !== 'string')
    throw new InputError(input, `${where} needs mapped_to, the variable's name, as a string`)
  checkName(name, input, where, secret)
  // A missing value (or an empty `value:`, which YAML reads as null) would be sent as "".
  if (value === undefined || value === null) {
    throw new InputError(
      input,
      `${where} (${name}) has no value; give one, or value: "" for an empty variable (the word null in quotes: value: "null")`
    )
  }
  if (typeof value !== 'string')
    throw new InputError(input, `${where} (${name}): value must be a string, not a list or object`)
  const expand = isExpand === undefined ? true : typeof isExpand === 'string' ? BOOLEANS.get(isExpand) : undefined
  if (expand === undefined) throw new InputError(input, `${where} (${name}): is_expand must be true or false`)
  return item(name, value, expand, input, where, secret)
}

function checkName(name: string, input: string, where: string, secret: boolean): void {
  if (ENV_NAME.test(name)) return
  const shown = secret ? 'the name' : quote(name)
  throw new InputError(
    input,
    `${where}: ${shown} is not a valid environment variable name (letters, digits and _, not starting with a digit)`
  )
}

function item(
  name: string,
  value: string,
  isExpand: boolean,
  input: string,
  where: string,
  secret: boolean
): EnvironmentItem {
  checkName(name, input, where, secret)
  return { name, value, isExpand }
}
