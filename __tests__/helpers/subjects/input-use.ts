/**
 * What the input-use tests share: the inputs action.yml declares and each operation reads, values
 * and slips of them, one emulator per file and a step run with the runner's defaults.
 */
import { expect } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'
import { COMMON_INPUTS } from '../../../src/inputs/common.js'
import { MODULES } from '../operations.js'
import { randomInt, randomString, randomToken } from '../random.js'
import {
  clearRequestLog,
  emulatorPerFile,
  requestLog,
  step,
  TOKENS,
  type RunningEmulator
} from '../scenarios/emulator-steps.js'

export const action = load(readFileSync('action.yml', 'utf8')) as { inputs: Record<string, { default?: string }> }
export const DECLARED = Object.keys(action.inputs)

/** What the runner exports for a step that sets nothing: every input with a default (github.token filled in). */
export function runnerDefaults(): Record<string, string> {
  const entries = Object.entries(action.inputs).filter(([, input]) => input.default !== undefined)
  return Object.fromEntries(
    entries.map(([name, input]) => [
      name,
      String(input.default).includes('${{') ? randomToken() : String(input.default)
    ])
  )
}

/** Inputs that pick what is acted on, or make a step harmless: never to be dropped by an operation that changes things. */
export const CONSEQUENTIAL = [
  'dry-run',
  'app-slug',
  'build-slug',
  'pipeline-id',
  'build-request-slug',
  'org-slug',
  'user-slug'
]
/** Never picked as a random unused input: github-token is filled by the runner. */
export const NOT_PICKED = new Set(['github-token'])

/** Inputs every operation parses (to mask their values), so a random value must be a well-formed NAME=value line. */
export const SECRET_LISTS = new Set(['secret-environments', 'build-secrets'])
export const valueFor = (input: string): string =>
  SECRET_LISTS.has(input)
    ? `${randomString(1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ_')}${randomString(7, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_')}=${randomString(8)}`
    : randomString(8)

export const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]
export const readsOf = (operation: string): Set<string> =>
  new Set([...COMMON_INPUTS, ...MODULES[operation as keyof typeof MODULES].inputs])

/** Edits turning one string into another (single-character insertions, deletions, changes and swaps of neighbours). */
export function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0))
  )
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1)
    }
  }
  return d[a.length][b.length]
}

/** A random slip of `name` at 1 or 2 edits that is nearer to it than to any other of `names`. */
export function typoOf(name: string, names: readonly string[]): string {
  for (;;) {
    const edits = name.length >= 6 ? 1 + randomInt(2) : 1
    let typo = name
    for (let i = 0; i < edits; i++) {
      const at = randomInt(typo.length)
      const letter = randomString(1, 'abcdefghijklmnopqrstuvwxyz')
      typo = pick([
        () => typo.slice(0, at) + letter + typo.slice(at + 1),
        () => typo.slice(0, at) + letter + typo.slice(at),
        () => typo.slice(0, at) + typo.slice(at + 1),
        () => (at + 1 < typo.length ? typo.slice(0, at) + typo[at + 1] + typo[at] + typo.slice(at + 2) : typo + letter)
      ])()
    }
    const near = distance(typo, name)
    if (
      near >= 1 &&
      near <= edits &&
      /^[a-z]/.test(typo) &&
      !typo.endsWith('-') &&
      names.every((other) => other === name || distance(typo, other) > near)
    )
      return typo
  }
}

/** Runs a step with the runner's defaults under `inputs`, after clearing the emulator's request log. */
export async function run(
  operation: string,
  inputs: Record<string, string>,
  token: string = TOKENS.owner
): ReturnType<typeof step> {
  await clearRequestLog(emu)
  // step() sets a fast poll-interval for every step; here it is unset, as for a step that does not name it.
  return step(emu, operation, { ...runnerDefaults(), 'poll-interval': '', ...inputs }, { token })
}

export async function expectNothingSent(): Promise<void> {
  expect(await requestLog(emu)).toEqual([])
}

export function warnings(result: { stdout: string }): string[] {
  return result.stdout.split('\n').filter((line) => line.startsWith('::warning'))
}

/** The emulator of the test file, started by `useInputEmulator`. */
export let emu: RunningEmulator

/** Starts one emulator for the test file, which this module's steps use. */
export function useInputEmulator(): void {
  emulatorPerFile((started) => (emu = started))
}
