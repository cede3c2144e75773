/**
 * The shared input readers, table-driven: one table of defaults, each case
 * overriding what it is about. A reader gets a plain map as its `get`.
 */
import { describe, expect, it } from '@jest/globals'
import { Input, type InputName } from '../../../src/constants.js'
import { InputError } from '../../../src/inputs/input-error.js'
import * as readers from '../../../src/inputs/readers.js'
import { inputsFrom } from '../fake-client.js'

type Reader = (get: readers.GetInput, name: InputName) => unknown

interface Case {
  what: string
  reader?: Reader
  value?: string
  /** The value read, when it reads. */
  expected?: unknown
  /** The message after `Input "<name>": `, when it refuses. */
  refusal?: RegExp
}

const defaults = {
  reader: readers.singleLine as Reader,
  value: '',
  expected: undefined as unknown,
  refusal: undefined as RegExp | undefined
}
const name = Input.title

const cases: Case[] = [
  { what: 'an empty input is undefined', reader: readers.optionalText },
  { what: 'text is kept as given', reader: readers.optionalText, value: 'two\nlines', expected: 'two\nlines' },
  {
    what: 'text over 20,000 characters is refused',
    reader: readers.optionalText,
    value: 'x'.repeat(20_001),
    refusal: /is 20001 characters long; at most 20000/
  },
  { what: 'a single line is kept', value: 'A title', expected: 'A title' },
  {
    what: 'a line break is refused in a single line',
    value: 'a\nb',
    refusal: /must be a single line without control characters/
  },
  {
    what: 'a single line over 1,000 characters is refused',
    value: 'y'.repeat(1001),
    refusal: /at most 1000 are accepted/
  },
  { what: 'a slug is kept', reader: readers.slug, value: 'app_1.x-y', expected: 'app_1.x-y' },
  { what: '".." in a slug is refused', reader: readers.slug, value: 'a..b', refusal: /is not a valid slug/ },
  { what: 'a slug starting with "-" is refused', reader: readers.slug, value: '-a', refusal: /is not a valid slug/ },
  {
    what: 'an empty required slug is refused',
    reader: readers.requiredSlug,
    refusal: /is required for this operation/
  },
  {
    what: 'a git ref loses refs/heads/',
    reader: readers.gitRefName,
    value: 'refs/heads/release/1.0',
    expected: 'release/1.0'
  },
  {
    what: 'a git ref with ".." is refused',
    reader: readers.gitRefName,
    value: 'a..b',
    refusal: /is not a valid git ref name/
  },
  {
    what: 'a git ref ending in .lock is refused',
    reader: readers.gitRefName,
    value: 'main.lock',
    refusal: /is not a valid git ref name/
  },
  {
    what: 'an https git URL is kept',
    reader: readers.gitUrl,
    value: 'https://github.com/acme/demo.git',
    expected: 'https://github.com/acme/demo.git'
  },
  {
    what: 'an scp-like git URL is kept',
    reader: readers.gitUrl,
    value: 'git@github.com:acme/demo.git',
    expected: 'git@github.com:acme/demo.git'
  },
  {
    what: 'a user in an https URL is refused without quoting it',
    reader: readers.gitUrl,
    value: 'https://me:pw@github.com/a/b',
    refusal: /^must not contain a password or token/
  },
  {
    what: 'a password in an ssh URL is refused',
    reader: readers.gitUrl,
    value: 'ssh://git:pw@host/a/b',
    refusal: /may name a user such as git@, nothing more/
  },
  {
    what: 'something else is not a git URL',
    reader: readers.gitUrl,
    value: 'ftp://host/x',
    refusal: /is not a git URL/
  },
  { what: 'true is a boolean', reader: (get, n) => readers.booleanFlag(get, n, false), value: 'True', expected: true },
  { what: 'empty takes the fallback', reader: (get, n) => readers.booleanFlag(get, n, true), expected: true },
  {
    what: 'yes is not a boolean',
    reader: (get, n) => readers.booleanFlag(get, n, false),
    value: 'yes',
    refusal: /is not a boolean; expected true or false/
  },
  { what: 'an optional boolean left empty is undefined', reader: readers.optionalBoolean },
  {
    what: 'a whole number in range',
    reader: (get, n) => readers.optionalInteger(get, n, 1, 10),
    value: '10',
    expected: 10
  },
  {
    what: 'a number out of range is refused',
    reader: (get, n) => readers.optionalInteger(get, n, 1, 10),
    value: '11',
    refusal: /is not a whole number from 1 to 10/
  },
  {
    what: 'a fraction is not a whole number',
    reader: (get, n) => readers.integerInRange(get, n, 4, 1, 10),
    value: '1.5',
    refusal: /is not a whole number/
  },
  {
    what: 'an empty whole number takes the fallback',
    reader: (get, n) => readers.integerInRange(get, n, 4, 1, 10),
    expected: 4
  },
  {
    what: 'a bare number of seconds',
    reader: (get, n) => readers.durationMs(get, n, 30, 1, 600),
    value: '90',
    expected: 90_000
  },
  { what: 'minutes', reader: (get, n) => readers.durationMs(get, n, 30, 1, 600), value: '2m', expected: 120_000 },
  {
    what: 'an empty duration takes the fallback',
    reader: (get, n) => readers.durationMs(get, n, 30, 1, 600),
    expected: 30_000
  },
  {
    what: 'a duration over the maximum is refused',
    reader: (get, n) => readers.durationMs(get, n, 30, 1, 600),
    value: '11m',
    refusal: /is not a duration from 1 to 600 seconds/
  },
  {
    what: 'one of the allowed values',
    reader: (get, n) => readers.oneOf(get, n, ['always', 'never']),
    value: 'never',
    expected: 'never'
  },
  {
    what: 'another value is refused',
    reader: (get, n) => readers.oneOf(get, n, ['always', 'never']),
    value: 'sometimes',
    refusal: /is not allowed; expected one of: always, never/
  },
  { what: 'a list of lines and commas', reader: readers.stringList, value: 'a, b\n- c\n\n', expected: ['a', 'b', 'c'] },
  { what: 'a JSON list', reader: readers.stringList, value: '[" a ", "b"]', expected: ['a', 'b'] },
  {
    what: 'a broken JSON list is refused',
    reader: readers.stringList,
    value: '[a',
    refusal: /starts with \[ but is not a JSON array/
  },
  {
    what: 'a JSON list of numbers is refused',
    reader: readers.stringList,
    value: '[1]',
    refusal: /must be a JSON array of strings/
  },
  { what: 'an empty list is empty', reader: readers.stringList, expected: [] },
  {
    what: 'a value matching the pattern',
    reader: (get, n) => readers.matching(get, n, /^[a-z]+$/, 'lower-case'),
    value: 'abc',
    expected: 'abc'
  },
  {
    what: 'a value not matching the pattern',
    reader: (get, n) => readers.matching(get, n, /^[a-z]+$/, 'lower-case'),
    value: 'ABC',
    refusal: /"ABC" is not lower-case/
  }
]

describe('input readers', () => {
  it.each(cases.map((c) => ({ ...defaults, ...c })))('$what', ({ reader, value, expected, refusal }) => {
    const get = inputsFrom({ [name]: value })
    if (!refusal) {
      expect(reader(get, name)).toEqual(expected)
      return
    }
    const error = (() => {
      try {
        reader(get, name)
      } catch (e) {
        return e
      }
      return undefined
    })()
    expect(error).toBeInstanceOf(InputError)
    expect((error as InputError).input).toBe(name)
    expect((error as InputError).message.slice(`Input "${name}": `.length)).toMatch(refusal)
  })

  it('environment items are read only when the input is set, and name the input when wrong', async () => {
    expect(await readers.environmentItems(inputsFrom({}), Input.environments)).toEqual([])
    expect(await readers.environmentItems(inputsFrom({ [Input.environments]: 'A=1' }), Input.environments)).toEqual([
      { name: 'A', value: '1', isExpand: true }
    ])
    await expect(
      readers.environmentItems(inputsFrom({ [Input.environments]: 'no equals sign' }), Input.environments)
    ).rejects.toMatchObject({ input: Input.environments })
  })

  it('a required value passes through, and its absence names the input', () => {
    expect(readers.required(Input.appSlug, 'x')).toBe('x')
    expect(() => readers.required(Input.appSlug, undefined)).toThrow('Input "app-slug": is required for this operation')
  })
})
