/**
 * A line of a secret list that starts with "#", through dist/index.js and the emulator: it is a
 * comment only when nothing on it has the shape NAME=value. `#TOKEN=…` (a secret with a stray or
 * forgotten "#") is refused by its line number, nothing sent, and no part of its value shows in
 * the error, the log, the outputs or the summary, in any encoding; a real comment is still
 * skipped. Names, values, places and the input are random.
 */
import { describe, expect, it } from '@jest/globals'
import { randomAwkwardSecret, randomInt, randomString } from '../../helpers/random.js'
import { expectNoSecrets } from '../../helpers/secrets.js'
import {
  buildState,
  emulatorPerFile,
  emulatorState,
  errorLine,
  expectFailed,
  expectPassed,
  requestLog,
  SAME_REPOSITORY,
  step,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started))

const ON_BRANCH = { 'app-slug': 'ios-app', 'from-event': 'false', branch: 'main', ...SAME_REPOSITORY }
const INPUTS = ['secret-environments', 'build-secrets'] as const
const envName = (): string => `S_${randomString(10, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}`
/** A value long enough to mask, with no white space or "=" at its ends. */
const secretValue = (): string => `v${randomAwkwardSecret(24).replace(/\s/g, '_')}v`
/** Text a comment may hold: words, no "=". */
const words = (): string =>
  Array.from({ length: 1 + randomInt(5) }, () => randomString(2 + randomInt(8), 'abcdefghijklmnopqrstuvwxyz')).join(' ')

/** Lines of valid NAME=value secrets. */
function validLines(count: number): { lines: string[]; names: string[]; values: string[] } {
  const names = Array.from({ length: count }, envName)
  const values = names.map(secretValue)
  return { lines: names.map((name, i) => `${name}=${values[i]}`), names, values }
}

/** A line starting with "#" that holds NAME=value somewhere: right after the "#", after words, or after spaces. */
function commentedAssignment(name: string, value: string): string {
  const forms = [`#${name}=${value}`, `# ${name}=${value}`, `#${words()} ${name}=${value}`, `  #  ${name} = ${value}`]
  return forms[randomInt(forms.length)]
}

describe('a "#" line of a secret list', () => {
  it('holding NAME=value is refused by its line number, nothing sent, its value shown nowhere', async () => {
    const input = INPUTS[randomInt(2)]
    const mine = validLines(randomInt(4))
    const [name, value] = [envName(), secretValue()]
    const at = randomInt(mine.lines.length + 1)
    const lines = [...mine.lines.slice(0, at), commentedAssignment(name, value), ...mine.lines.slice(at)]
    const result = await step(emu, 'trigger', { ...ON_BRANCH, [input]: lines.join('\n') })
    expectFailed(result)
    expect(errorLine(result)).toMatch(
      new RegExp(`^Input "${input}": line ${at + 1} starts with "#" but holds NAME=, so it is not taken as a comment`)
    )
    expect(result.summary).toContain(`Input "${input}": line ${at + 1}`)
    // No 12-character run of the value, nor of the other secrets, in any spelling, anywhere the step wrote.
    expectNoSecrets(result, [value, ...mine.values])
    expect(await requestLog(emu)).toEqual([])
    expect((await emulatorState(emu)).builds).toEqual([])
  })

  it('with no NAME=value on it stays a comment: the other variables are sent, the comment is not', async () => {
    const input = INPUTS[randomInt(2)]
    const mine = validLines(1 + randomInt(3))
    const at = randomInt(mine.lines.length + 1)
    const comment = `#${randomInt(2) ? ' ' : ''}${words()}`
    const lines = [...mine.lines.slice(0, at), comment, ...mine.lines.slice(at)]
    const result = await step(emu, 'trigger', { ...ON_BRANCH, [input]: lines.join('\n') })
    expectPassed(result)
    expectNoSecrets(result, mine.values)
    const record = await buildState(emu, result.outputs['build-slug'])
    expect(
      Object.keys(record.env_sources)
        .filter((key) => key.startsWith('S_'))
        .sort()
    ).toEqual([...mine.names].sort())
  })
})
