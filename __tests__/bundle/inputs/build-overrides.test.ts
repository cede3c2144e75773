/**
 * Per-build overrides on trigger (priority, stack, machine-type, build-secrets), through
 * dist/index.js: field by field on the wire (a loopback stand-in that keeps the raw body, and the
 * emulator's request log), honoured by the emulator (the build record's stack and machine type,
 * the queue order, interface rule 2 for secrets), masked everywhere, and refused before sending.
 */
import { describe, expect, it } from '@jest/globals'
import { call } from '../../emulator/helpers.js'
import { fakeServices } from '../../helpers/fake-service.js'
import { runAction } from '../../helpers/run-action.js'
import { randomAwkwardSecret, randomInt, randomSlug, randomString } from '../../helpers/random.js'
import { expectNoSecrets } from '../../helpers/secrets.js'
import {
  buildState,
  emulatorPerFile,
  errorLine,
  expectFailed,
  expectPassed,
  requestLog,
  SAME_REPOSITORY,
  setConcurrency,
  step,
  TOKENS,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

let emu: RunningEmulator
// Builds outlast the test, so a build left running or on hold stays so while it is checked.
emulatorPerFile((started) => (emu = started), { buildDurationMs: 120_000 })
const serve = fakeServices()

const priority = (): number => randomInt(-100, 101)
const identifier = (): string =>
  `${randomString(3).toLowerCase()}${randomInt(10)}-${randomString(4).toLowerCase()}.${randomInt(100)}x`
/** A secret long enough to mask, with characters JSON, URLs and shells escape, but none at its ends (a line form would trim them). */
const secret = (): string => `S${randomAwkwardSecret(24)}s`
const envName = (): string => `V_${randomString(8).toUpperCase()}`

describe('overrides on the wire', () => {
  it('sends priority, stack, machine_type_id and secrets field by field, keeps secrets out of environments, and never shows a value', async () => {
    const service = await serve({
      'POST /apps/ios-app/builds': {
        status: 201,
        body: { status: 'ok', build_slug: 'b0a1c2d3e4f5a6b7', build_number: 7, triggered_workflow: 'primary' }
      }
    })
    const [p, stack, machine] = [priority(), identifier(), identifier()]
    const secrets = [
      { key: envName(), value: secret(), is_expand: false },
      { key: envName(), value: secret(), is_expand: true }
    ]
    const plain = { name: envName(), value: randomSlug() }
    const result = await runAction({
      operation: 'trigger',
      token: TOKENS.owner,
      'base-url': service.url,
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: 'main',
      priority: String(p),
      stack,
      'machine-type': machine,
      'build-secrets': JSON.stringify(
        secrets.map((s) => ({ mapped_to: s.key, value: s.value, is_expand: s.is_expand }))
      ),
      environments: `${plain.name}=${plain.value}`
    })
    expectPassed(result)
    const [sent] = service.calls('POST /apps/ios-app/builds')
    const params = (sent.body as { build_params: Record<string, unknown> }).build_params
    expect(params.priority).toBe(p)
    expect(params.stack).toBe(stack)
    expect(params.machine_type_id).toBe(machine)
    expect(params.secrets).toEqual(secrets)
    expect(params.environments).toEqual([
      { mapped_to: plain.name, key: plain.name, value: plain.value, is_expand: true }
    ])
    expect(Object.keys(params)).not.toContain('machine_type')
    // The names may show; the values nowhere, in any spelling.
    expectNoSecrets(result, [TOKENS.owner, ...secrets.map((s) => s.value)])
    expect(result.summary).toContain(secrets[0].key)
    expect(result.summary).toContain(stack)
  })

  it('sends none of the fields when the inputs are not set', async () => {
    await step(emu, 'trigger', { 'app-slug': 'ios-app', 'from-event': 'false', branch: 'main' })
    const [sent] = (await requestLog(emu)).filter((r) => r.method === 'POST')
    for (const field of ['priority', 'stack', 'machine_type_id', 'secrets'])
      expect(sent.body.build_params).not.toHaveProperty(field)
  })

  it('sends the same overrides to every app of a several-apps trigger', async () => {
    const [p, stack, machine] = [priority(), identifier(), identifier()]
    const secretValue = secret()
    const result = await step(emu, 'trigger', {
      'app-slug': 'web-app\napi-server',
      'from-event': 'false',
      branch: 'main',
      priority: String(p),
      stack,
      'machine-type': machine,
      'build-secrets': `TOKEN_FOR_BUILD=${secretValue}`
    })
    expectPassed(result)
    expectNoSecrets(result, [secretValue])
    const posts = (await requestLog(emu)).filter((r) => r.method === 'POST')
    expect(posts.map((r) => r.path).sort()).toEqual(['/v0.1/apps/api-server/builds', '/v0.1/apps/web-app/builds'])
    for (const post of posts) {
      // The emulator's log redacts secret values; the rest of each field is as sent.
      expect(post.body.build_params).toMatchObject({
        priority: p,
        stack,
        machine_type_id: machine,
        secrets: [{ key: 'TOKEN_FOR_BUILD', value: '[redacted]', is_expand: true }]
      })
    }
  })
})

describe('the emulator honours them', () => {
  it('the build record shows the stack and machine type asked for, and the configuration’s without them', async () => {
    const [stack, machine] = [identifier(), identifier()]
    const over = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: 'main',
      workflow: 'primary',
      stack,
      'machine-type': machine
    })
    expectPassed(over)
    const plain = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: 'main',
      workflow: 'primary'
    })
    const read = async (slug: string): Promise<Record<string, unknown>> =>
      (await call(emu, 'GET', `/apps/ios-app/builds/${slug}`)).json.data
    expect(await read(over.outputs['build-slug'])).toMatchObject({ stack_identifier: stack, machine_type_id: machine })
    // ios-app's service.yml: meta.service.stack osx-xcode-16.0.x, machine_type_id g2-m1.4core.
    expect(await read(plain.outputs['build-slug'])).toMatchObject({
      stack_identifier: 'osx-xcode-16.0.x',
      machine_type_id: 'g2-m1.4core'
    })
  })

  it('a build secret overrides a configuration variable; an extra environment variable of the same kind does not (rule 2)', async () => {
    const values = [secret(), secret()]
    const fresh = [envName(), envName()]
    const result = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: 'main',
      ...SAME_REPOSITORY,
      // ios-app's app env vars are APP_ENV and API_URL (emulator/model/seed.json).
      environments: `APP_ENV=${randomSlug()}\n${fresh[0]}=${randomSlug()}`,
      'build-secrets': `API_URL=${values[0]}\n${fresh[1]}=${values[1]}`
    })
    expectPassed(result)
    expectNoSecrets(result, values)
    const build = await buildState(emu, result.outputs['build-slug'])
    expect(build.env_sources).toMatchObject({
      APP_ENV: 'app',
      API_URL: 'build_secret',
      [fresh[0]]: 'additional',
      [fresh[1]]: 'build_secret',
      SIGNING_PASSWORD: 'secret'
    })
    expect(build.effective_env.APP_ENV).toBe('production')
    expect(JSON.stringify(build)).not.toContain(values[0])
  })

  it('of the builds waiting for a slot, the one of higher priority starts first', async () => {
    await setConcurrency(emu, 'ios-app', 0)
    const low = randomInt(-100, 100)
    const high = randomInt(low + 1, 101)
    const first = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: 'main',
      priority: String(low)
    })
    const second = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: 'main',
      priority: String(high)
    })
    expectPassed(first)
    expectPassed(second)
    await setConcurrency(emu, 'ios-app', 1)
    const [older, newer] = [
      await buildState(emu, first.outputs['build-slug']),
      await buildState(emu, second.outputs['build-slug'])
    ]
    expect({ older: older.is_on_hold, newer: newer.is_on_hold }).toEqual({ older: true, newer: false })
    expect({ older: older.priority, newer: newer.priority }).toEqual({ older: low, newer: high })
  })
})

describe('checked before sending', () => {
  const bad: Array<[string, () => string]> = [
    ['priority', () => String([101 + randomInt(1000), -101 - randomInt(1000)][randomInt(2)])],
    ['priority', () => `${randomInt(-99, 100)}.${1 + randomInt(9)}`],
    ['priority', () => randomString(5)],
    ['stack', () => `${identifier()} ${identifier()}`],
    ['stack', () => `-${identifier()}`],
    ['machine-type', () => `${identifier()}/${identifier()}`],
    ['machine-type', () => 'x'.repeat(101 + randomInt(50))],
    ['build-secrets', () => `1BAD=${secret()}`]
  ]
  it.each(bad)('refuses a bad %s, naming it, and sends nothing', async (input, value) => {
    const result = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: 'main',
      [input]: value()
    })
    expectFailed(result)
    expect(errorLine(result)).toContain(`Input "${input}"`)
    expect(errorLine(result)).toContain('Nothing was sent')
    expect((await requestLog(emu)).filter((r) => r.method === 'POST')).toEqual([])
  })

  it('refuses a build secret also given as an environment variable, without quoting its value', async () => {
    const value = secret()
    const name = envName()
    const result = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: 'main',
      'build-secrets': `${name}=${value}`,
      'secret-environments': `${name}=${secret()}`
    })
    expectFailed(result)
    expect(errorLine(result)).toContain(`Input "build-secrets"`)
    expect(errorLine(result)).toContain(name)
    expectNoSecrets(result, [value])
    expect((await requestLog(emu)).filter((r) => r.method === 'POST')).toEqual([])
  })
})
