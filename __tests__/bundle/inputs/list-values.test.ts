/**
 * Values of the YAML/JSON list forms of environments, secret-environments and build-secrets are
 * sent as the text written, through dist/index.js: a number-like value (leading zeros, more
 * digits than a double holds, hex, octal, an exponent, trailing zeros, infinity, a date) is
 * not read as a number and written back changed. What reaches the wire is read from a loopback
 * stand-in that keeps the request body (the emulator keeps no environment value, secret or
 * not); the emulator then takes the same inputs and starts the build with those variables.
 */
import { describe, expect, it } from '@jest/globals'
import { fakeServices } from '../../helpers/fake-service.js'
import { randomInt, randomString } from '../../helpers/random.js'
import { runAction } from '../../helpers/run-action.js'
import { expectNoSecrets } from '../../helpers/secrets.js'
import {
  buildState,
  emulatorPerFile,
  expectPassed,
  SAME_REPOSITORY,
  step,
  TOKENS,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started))
const serve = fakeServices()

const ON_BRANCH = { 'app-slug': 'ios-app', 'from-event': 'false', branch: 'main', ...SAME_REPOSITORY }
const DIGITS = '0123456789'
const digits = (count: number): string => randomString(count, DIGITS)
const nonZero = (): string => randomString(1, '123456789')

/** Plain scalars YAML 1.2's core schema would read as something other than their text. */
const NUMBER_LIKE: Array<() => string> = [
  () => `0${randomInt(10)}${digits(6 + randomInt(8))}`,
  () => `${nonZero()}${digits(18 + randomInt(12))}`,
  () => `0x${randomString(8 + randomInt(8), '0123456789abcdefABCDEF')}`,
  () => `0o${randomString(8 + randomInt(6), '01234567')}`,
  () => `${nonZero()}.${digits(3)}e${20 + randomInt(280)}`,
  () => `${['+', '-'][randomInt(2)]}${nonZero()}${digits(8)}.${digits(2)}0`,
  () => `${nonZero()}.${digits(20 + randomInt(10))}`,
  () => ['.inf', '-.Inf', '+.INF', '.NaN'][randomInt(4)],
  () =>
    `${1900 + randomInt(200)}-${String(1 + randomInt(12)).padStart(2, '0')}-${String(1 + randomInt(28)).padStart(2, '0')}`
]
/** Those that are JSON numbers too, for the JSON list form. */
const JSON_NUMBERS = [1, 4, 5, 6]

const envName = (): string => `N_${randomString(8, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')}`

interface Drawn {
  names: string[]
  values: string[]
  text: string
}

/** Variables with number-like values, written unquoted in a random list form: YAML block, YAML flow, or JSON. */
function drawList(): Drawn {
  const form = randomInt(3)
  const count = 2 + randomInt(4)
  const names = Array.from({ length: count }, envName)
  const kinds = form === 2 ? JSON_NUMBERS : NUMBER_LIKE.map((_, i) => i)
  const values = names.map(() => NUMBER_LIKE[kinds[randomInt(kinds.length)]]())
  const text =
    form === 0
      ? names.map((name, i) => `- mapped_to: ${name}\n  value: ${values[i]}`).join('\n')
      : form === 1
        ? names.map((name, i) => `- {mapped_to: ${name}, value: ${values[i]}}`).join('\n')
        : `[${names.map((name, i) => `{"mapped_to": "${name}", "value": ${values[i]}}`).join(', ')}]`
  return { names, values, text }
}

describe('number-like values of the list forms', () => {
  it('are sent as written in environments, secret-environments and build-secrets, and the emulator builds with them', async () => {
    const [plain, secret, build] = [drawList(), drawList(), drawList()]
    const inputs = {
      ...ON_BRANCH,
      environments: plain.text,
      'secret-environments': secret.text,
      'build-secrets': build.text
    }
    const service = await serve({
      'POST /apps/ios-app/builds': {
        status: 201,
        body: { status: 'ok', build_slug: 'b0a1c2d3e4f5a6b7', build_number: 7, triggered_workflow: 'primary' }
      }
    })
    const wired = await runAction({ operation: 'trigger', token: TOKENS.owner, 'base-url': service.url, ...inputs })
    expectPassed(wired)
    const [sent] = service.calls('POST /apps/ios-app/builds')
    const params = (
      sent.body as {
        build_params: {
          environments: Array<{ mapped_to: string; value: string }>
          secrets: Array<{ key: string; value: string }>
        }
      }
    ).build_params
    const pairs = (names: string[], values: string[]): string[][] => names.map((name, i) => [name, values[i]])
    expect(params.environments.map((item) => [item.mapped_to, item.value])).toEqual([
      ...pairs(plain.names, plain.values),
      ...pairs(secret.names, secret.values)
    ])
    expect(params.secrets.map((item) => [item.key, item.value])).toEqual(pairs(build.names, build.values))
    // Masked as written: a secret's value is the text, so the text is what no output may show.
    expectNoSecrets(
      wired,
      [...secret.values, ...build.values].filter((value) => value.length >= 12)
    )

    const result = await step(emu, 'trigger', inputs)
    expectPassed(result)
    const record = await buildState(emu, result.outputs['build-slug'])
    for (const name of [...plain.names, ...secret.names])
      expect([name, record.env_sources[name]]).toEqual([name, 'additional'])
    for (const name of build.names) expect([name, record.env_sources[name]]).toEqual([name, 'build_secret'])
  })

  it("is_expand is read from true or false in any of YAML's spellings, and the value stays as written", async () => {
    const name = envName()
    const value = NUMBER_LIKE[randomInt(NUMBER_LIKE.length)]()
    const word = [
      ['true', 'True', 'TRUE'],
      ['false', 'False', 'FALSE']
    ][randomInt(2)][randomInt(3)]
    const service = await serve({
      'POST /apps/ios-app/builds': {
        status: 201,
        body: { status: 'ok', build_slug: 'b0a1c2d3e4f5a6b7', build_number: 7, triggered_workflow: 'primary' }
      }
    })
    const result = await runAction({
      operation: 'trigger',
      token: TOKENS.owner,
      'base-url': service.url,
      ...ON_BRANCH,
      environments: `- {mapped_to: ${name}, value: ${value}, is_expand: ${word}}`
    })
    expectPassed(result)
    const [sent] = service.calls('POST /apps/ios-app/builds')
    expect((sent.body as { build_params: { environments: unknown[] } }).build_params.environments).toEqual([
      { mapped_to: name, key: name, value, is_expand: word.toLowerCase() === 'true' }
    ])
  })
})
