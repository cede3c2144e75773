/**
 * A malformed line in secret-environments or build-secrets, through dist/index.js and the
 * emulator: a secret written without NAME= (base64 with its padding, a connection string, any
 * value holding "=" whose start is no variable name) is refused naming only the input and the
 * line number. No part of it shows in the error, the annotation, the log or the job summary,
 * nor becomes a variable name sent to the service; the other inputs' secrets stay masked too.
 * Every secret, its place among valid lines and the input it is in are drawn at random.
 */
import { describe, expect, it } from '@jest/globals'
import { randomAwkwardSecret, randomInt, randomString } from '../helpers/random.js'
import { expectNoSecrets } from '../helpers/secrets.js'
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
} from '../bundle/emulator-steps.js'

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started))

const ON_BRANCH = { 'app-slug': 'ios-app', 'from-event': 'false', branch: 'main', ...SAME_REPOSITORY }
const INPUTS = ['secret-environments', 'build-secrets'] as const
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A variable name nobody wrote by hand. */
const envName = (): string => `S_${randomString(10, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}`
/** A secret to give as NAME=value: long enough to mask, no white space or "=" at its ends. */
const secretValue = (): string => `v${randomAwkwardSecret(24).replace(/\s/g, '_')}v`
/** A base64 body that is also a valid variable name: letters and digits, a letter first. */
const nameLikeBody = (): string =>
  `${randomString(1, BASE64.slice(0, 52))}${randomString(23 + 4 * randomInt(6), BASE64)}`

/** Secrets written without NAME=, as a step would get them from `${{ secrets.X }}` alone on a line. */
const BARE: Array<[string, () => string]> = [
  ['base64 with two "=" of padding, its body a valid name', () => `${nameLikeBody()}==`],
  ['base64 with one "=" of padding, its body a valid name', () => `${nameLikeBody()}=`],
  [
    'base64 holding "+" and "/"',
    () =>
      `${randomString(8, BASE64)}+${randomString(12, BASE64)}/${randomString(9, BASE64)}${['=', '=='][randomInt(2)]}`
  ],
  [
    'a connection string',
    () =>
      `postgres://${randomString(6).toLowerCase()}:${randomString(16)}@db-${randomString(5).toLowerCase()}.example.com:5432/app?sslmode=require&password=${randomString(12)}`
  ],
  [
    'a value holding "=" whose start is no name',
    () => `${randomInt(10)}${randomString(10)}-${randomString(8)}=${randomString(14)}`
  ],
  [
    'a value whose start is a name and whose "=" starts it again',
    () => `${nameLikeBody()}==${randomString(16, BASE64)}`
  ]
]

/** Lines of valid NAME=value secrets, some holding "=" in their value. */
function validLines(count: number): { lines: string[]; names: string[]; values: string[] } {
  const names = Array.from({ length: count }, envName)
  const values = names.map(() => (randomInt(2) ? secretValue() : `${nameLikeBody()}${['', '=', '=='][randomInt(3)]}`))
  return { lines: names.map((name, i) => `${name}=${values[i]}`), names, values }
}

describe('a secret written without NAME=', () => {
  it.each(BARE)('%s: refused naming the input and line only, nothing of it shown or sent', async (_, bare) => {
    const secret = bare()
    const input = INPUTS[randomInt(2)]
    const other = INPUTS.find((name) => name !== input) as string
    const mine = validLines(randomInt(4))
    const theirs = validLines(1 + randomInt(3))
    const at = randomInt(mine.lines.length + 1)
    const lines = [...mine.lines.slice(0, at), secret, ...mine.lines.slice(at)]
    const result = await step(emu, 'trigger', {
      ...ON_BRANCH,
      [input]: lines.join('\n'),
      [other]: theirs.lines.join('\n')
    })
    expectFailed(result)
    expect(errorLine(result)).toMatch(
      new RegExp(
        `^Input "${input}": line ${at + 1} (is not NAME=value|does not start with a variable name|has nothing after its "="|has "=" right after its name's "=")`
      )
    )
    expect(errorLine(result)).toMatch(/Nothing was sent to the service\.$/)
    // No part of it anywhere (any 12-character run, in any spelling), nor of the other secrets.
    expectNoSecrets(result, [secret, ...mine.values, ...theirs.values])
    expect(result.summary).toContain(`Input "${input}": line ${at + 1}`)
    expect(await requestLog(emu)).toEqual([])
    expect((await emulatorState(emu)).builds).toEqual([])
  })
})

describe('NAME=value whose value holds "="', () => {
  it('is sent under its name, split at the first "=", its value masked', async () => {
    const env = validLines(1 + randomInt(3))
    const build = validLines(1 + randomInt(3))
    const result = await step(emu, 'trigger', {
      ...ON_BRANCH,
      'secret-environments': env.lines.join('\n'),
      'build-secrets': build.lines.join('\n')
    })
    expectPassed(result)
    expectNoSecrets(result, [...env.values, ...build.values])
    const record = await buildState(emu, result.outputs['build-slug'])
    expect(
      Object.keys(record.env_sources)
        .filter((name) => name.startsWith('S_'))
        .sort()
    ).toEqual([...env.names, ...build.names].sort())
    for (const name of env.names) expect(record.env_sources[name]).toBe('additional')
    for (const name of build.names) expect(record.env_sources[name]).toBe('build_secret')
  })
})
