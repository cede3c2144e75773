/**
 * Each operation's module against action.yml: the inputs it reads are the ones whose
 * description says "Used by <operation>", the outputs it sets the ones that say
 * "Set by <operation>", and the operation input lists every operation. Also a seam
 * the modules keep: no module but the path builders writes a service path (that no
 * operation reaches the runner but through its context is the lint rule of the rooms,
 * proved by __tests__/unit/project/import-rooms.test.ts).
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'js-yaml'
import { COMMON_INPUTS } from '../../../src/inputs/common.js'
import { COMMON_OUTPUTS, LIST_OUTPUT_FILES, Output, type OutputName } from '../../../src/constants.js'
import { MODULES, OPERATIONS } from '../../helpers/operations.js'

const action = load(readFileSync('action.yml', 'utf8')) as {
  inputs: Record<string, { description: string }>
  outputs: Record<string, { description: string }>
}

/**
 * The operations a "Used by ..." or "Set by ..." sentence names, remarks in
 * parentheses left out; a description without that sentence names them in its own
 * words (as `groups` does: "... for get-roles and set-roles, ... for list-groups").
 */
function namedOperations(description: string, lead: 'Used by' | 'Set by'): string[] {
  const at = description.indexOf(lead)
  const text = (at < 0 ? description : description.slice(at + lead.length)).replace(/\([^)]*\)/g, '')
  const except = /^\s*every operation except ([\w-]+(?:(?:, | and )[\w-]+)*)/.exec(text)
  if (except) return OPERATIONS.filter((name) => !except[1].split(/, | and /).includes(name))
  if (/^\s*every operation/.test(text)) return [...OPERATIONS]
  return OPERATIONS.filter((name) => new RegExp(`(?<![\\w-])${name}(?![\\w-])`).test(text))
}

/** Every name of `entries` whose description names `operation` after `lead`. */
function documentedFor(
  entries: Record<string, { description: string }>,
  lead: 'Used by' | 'Set by',
  operation: string
): string[] {
  return Object.keys(entries)
    .filter((name) => namedOperations(entries[name].description, lead).includes(operation))
    .sort()
}

/** The outputs an operation sets: its own, each list's file companion, response-file with response, and the common ones. */
function outputsSet(outputs: readonly OutputName[]): string[] {
  const companions = outputs.flatMap((name) => [
    LIST_OUTPUT_FILES[name],
    name === Output.response ? Output.responseFile : undefined
  ])
  return [
    ...new Set([...outputs, ...companions, ...COMMON_OUTPUTS].filter((name): name is OutputName => name !== undefined))
  ].sort()
}

describe('each operation module agrees with action.yml', () => {
  it.each(OPERATIONS)('%s: its name, and the inputs it reads are the ones "Used by" it', (operation) => {
    const module = MODULES[operation]
    expect(module.name).toBe(operation)
    expect([...new Set([...COMMON_INPUTS, ...module.inputs])].sort()).toEqual(
      documentedFor(action.inputs, 'Used by', operation)
    )
  })

  it.each(OPERATIONS)('%s: the outputs it sets are the ones "Set by" it', (operation) => {
    expect(outputsSet(MODULES[operation].outputs)).toEqual(documentedFor(action.outputs, 'Set by', operation))
  })

  it('the operation input names every operation of the registry, and no other', () => {
    const description = action.inputs.operation.description
    const listed = description
      .slice(description.indexOf('One of:'), description.indexOf('. Used by'))
      .replace('One of:', '')
      .split(/,\s*/)
      .map((name) => name.trim())
    expect(listed).toEqual(OPERATIONS)
  })

  it('the reading of "Used by" sees each operation named, and every operation for "every operation"', () => {
    expect(namedOperations('Used by trigger (with wait) and wait.', 'Used by')).toEqual(['trigger', 'wait'])
    expect(namedOperations('Used by abort (not wait).', 'Used by')).toEqual(['abort'])
    expect(namedOperations('Used by get-config-location.', 'Used by')).toEqual(['get-config-location'])
    expect(namedOperations('Set by every operation that sets response.', 'Set by')).toEqual(OPERATIONS)
    expect(namedOperations('Set by every operation except wait and abort, when it answers.', 'Set by')).toEqual(
      OPERATIONS.filter((name) => name !== 'wait' && name !== 'abort')
    )
  })
})

/** Every .ts file under a folder of src/, with its text. */
function sources(folder: string): Array<{ file: string; text: string }> {
  return readdirSync(join('src', folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ file: join('src', folder, file), text: readFileSync(join('src', folder, file), 'utf8') }))
}

describe('the seams between the modules', () => {
  it('only src/api/paths.ts writes a service path', () => {
    const offending = sources('.').filter(
      ({ file, text }) => file !== join('src', 'api', 'paths.ts') && /['`]\/(apps|organizations|users?)\b/.test(text)
    )
    expect(offending.map(({ file }) => file)).toEqual([])
  })
})
