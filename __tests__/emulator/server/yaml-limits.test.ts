/**
 * A hostile service.yml (a "billion laughs" of anchors and aliases, a huge text, a deep
 * nesting) is refused with a reason, on upload, on a trigger and in a migration, and never
 * stalls the emulator.
 */
import { describe, expect, it } from '@jest/globals'
import {
  MAX_CONFIG_ALIASES,
  MAX_CONFIG_BYTES,
  MAX_CONFIG_DEPTH,
  MAX_CONFIG_MERGE_KEYS,
  MAX_CONFIG_NODES
} from '../../../emulator/model/service-config.js'
import { bundledSeed } from '../../../emulator/model/seed.js'
import type { RunningEmulator } from '../../../emulator/server.js'
import type { Seed } from '../../../emulator/model/types.js'
import { randomInt, randomString } from '../../helpers/random.js'
import { call, start, TOKENS, triggerBody, withEmulator } from '../helpers.js'

const BOUND_MS = 5000
const MACHINE = 'g2-m1.4core'

/**
 * Anchors that each list the one before `fanOut` times: `levels × fanOut` aliases expanding to
 * `fanOut ** levels` leaves. Anchor names are random, so nothing can key on them.
 */
function laughs(levels: number, fanOut: number): string {
  const names = Array.from({ length: levels + 1 }, (_, i) => `${randomString(6, 'abcdefghijklmnopqrstuvwxyz')}${i}`)
  const lines = [
    'format_version: "13"',
    'meta:',
    '  service:',
    `    machine_type_id: ${MACHINE}`,
    'trigger_map:',
    '- push_branch: "*"',
    '  workflow: primary',
    'workflows:',
    '  primary: {}',
    `l0: &${names[0]} "${randomString(8)}"`
  ]
  for (let i = 1; i <= levels; i++)
    lines.push(`l${i}: &${names[i]} [${Array.from({ length: fanOut }, () => `*${names[i - 1]}`).join(', ')}]`)
  return `${lines.join('\n')}\n`
}

/** A seed whose web-app holds the given configuration text. */
function seedWith(serviceYml: string): Seed {
  const seed = structuredClone(bundledSeed())
  seed.apps!.find((a) => a.slug === 'web-app')!.service_yml = serviceYml
  return seed
}

async function timed<T>(work: () => Promise<T>): Promise<T> {
  const started = Date.now()
  const result = await work()
  expect(Date.now() - started).toBeLessThan(BOUND_MS)
  return result
}

describe('uploading service.yml', () => {
  let emu: RunningEmulator
  withEmulator({}, (started) => (emu = started))

  const upload = (value: unknown) =>
    timed(() =>
      call(emu, 'POST', '/apps/web-app/service.yml', {
        token: TOKENS.owner,
        body: { app_config_datastore_yaml: value }
      })
    )
  const stored = async () => (await call(emu, 'GET', '/apps/web-app/service.yml', { token: TOKENS.owner })).text

  it('refuses an exponential expansion within the alias limit: 400 saying so, file unchanged', async () => {
    const before = await stored()
    const fanOut = 6 + randomInt(4)
    const res = await upload(laughs(Math.floor(MAX_CONFIG_ALIASES / fanOut), fanOut))
    expect(res.status).toBe(400)
    expect(res.json.message).toBe(
      `app_config_datastore_yaml: the configuration expands to more than ${MAX_CONFIG_NODES} nodes once its aliases are expanded`
    )
    expect(await stored()).toBe(before)
  })

  it('refuses more aliases than the limit', async () => {
    const res = await upload(laughs(MAX_CONFIG_ALIASES + 1 + randomInt(50), 1))
    expect(res.status).toBe(400)
    expect(res.json.message).toMatch(
      /^app_config_datastore_yaml: the configuration is over a limit: aliases exceeded maxAliases \(100\)/
    )
  })

  it('refuses a text over the size limit', async () => {
    const comment = `# ${randomString(MAX_CONFIG_BYTES + randomInt(4096))}\n`
    const res = await upload(`format_version: "13"\n${comment}workflows:\n  primary: {}\n`)
    expect(res.status).toBe(400)
    expect(res.json.message).toMatch(
      new RegExp(`the configuration is \\d+ bytes; at most ${MAX_CONFIG_BYTES} are accepted`)
    )
  })

  it('refuses merge keys past their limit', async () => {
    const anchor = randomString(6, 'abcdefghijklmnopqrstuvwxyz')
    const keys = Array.from({ length: 1000 }, (_, i) => `k${i}: ${i}`).join(', ')
    const merges = Array.from(
      { length: MAX_CONFIG_MERGE_KEYS / 1000 + 1 + randomInt(20) },
      (_, i) => `m${i}: { <<: *${anchor} }`
    ).join('\n')
    const res = await upload(`format_version: "13"\nbase: &${anchor} { ${keys} }\n${merges}\n`)
    expect(res.status).toBe(400)
    expect(res.json.message).toMatch(/merge keys exceeded maxTotalMergeKeys \(10000\)/)
  })

  it('refuses an object nested past the depth limit', async () => {
    let nested: unknown = randomString(4)
    for (let i = 0; i < MAX_CONFIG_DEPTH + 1 + randomInt(1000); i++) nested = [nested]
    const res = await upload({ format_version: '13', workflows: { primary: {} }, deep: nested })
    expect(res.status).toBe(400)
    expect(res.json.message).toMatch(/nests deeper than 100 levels/)
  })

  it('still takes a configuration with a few aliases and merges', async () => {
    const anchor = randomString(6, 'abcdefghijklmnopqrstuvwxyz')
    const text = `format_version: "13"\nworkflows:\n  base: &${anchor}\n    steps: [{ script: {} }]\n  primary:\n    <<: *${anchor}\n  other: *${anchor}\n`
    expect((await upload(text)).status).toBe(200)
    expect(await stored()).toBe(text)
  })
})

describe('a hostile configuration already stored', () => {
  it.each([
    ['a moderate one', 2, 18],
    ['one that would never finish expanding', 2, 30 + randomInt(20)]
  ])(
    '%s: a trigger answers 400, a migration reports the app under errors and leaves it unchanged',
    async (_case, fanOut, levels) => {
      const text = laughs(levels, fanOut)
      const emu = await start({ seed: seedWith(text) })
      try {
        const trigger = await timed(() =>
          call(emu, 'POST', '/apps/web-app/builds', { token: TOKENS.owner, body: triggerBody({ branch: 'main' }) })
        )
        expect(trigger.status).toBe(400)
        expect(trigger.json.message).toMatch(
          /^the app's service.yml is over the emulator's limits: the configuration expands to more than/
        )

        const migration = await timed(() =>
          call(emu, 'PATCH', '/organizations/acme/apps/machine_types', {
            token: TOKENS.owner,
            body: { from_machine: MACHINE, to_machine: 'g2-m1.8core' }
          })
        )
        expect(migration.status).toBe(200)
        expect(migration.json.migrated_apps).not.toContainEqual(expect.stringContaining('(web-app)'))
        expect(migration.json.errors).toContainEqual({
          app: 'web-app (web-app)',
          error: expect.stringMatching(/expands to more than \d+ nodes/)
        })
        expect((await call(emu, 'GET', '/apps/web-app/service.yml', { token: TOKENS.owner })).text).toBe(text)
      } finally {
        await emu.close()
      }
    }
  )
})
