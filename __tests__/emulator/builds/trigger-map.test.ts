/** Trigger map globs: the old answers, in time bounded by the pattern and branch lengths. */
import { describe, expect, it } from '@jest/globals'
import { globMatch } from '../../../emulator/model/trigger-map.js'
import type { RunningEmulator } from '../../../emulator/server.js'
import { randomInt, randomString } from '../../helpers/random.js'
import { call, TOKENS, triggerBody, withEmulator } from '../helpers.js'

/** What a glob meant before: `*` as `.*`, everything else literal, anchored at both ends. */
const reference = (pattern: string, value: string): boolean =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`
  ).test(value)

describe('globMatch', () => {
  it.each([
    ['*', ''],
    ['*', 'main'],
    ['main', 'main'],
    ['main', 'mainline'],
    ['release/*', 'release/1.2'],
    ['release/*', 'release'],
    ['*-hotfix', 'x-hotfix'],
    ['feature/*/done', 'feature/a/b/done'],
    ['v*.*.*', 'v1.2.3'],
    ['v*.*.*', 'v1.2'],
    ['a.b', 'axb'],
    ['(x)+', '(x)+'],
    ['**', 'anything'],
    ['', '']
  ])('%p against %p answers as before', (pattern, value) => {
    expect(globMatch(pattern, value)).toBe(reference(pattern, value))
  })

  it('answers as before on random patterns and values', () => {
    for (let i = 0; i < 2000; i++) {
      const pattern = randomString(randomInt(8), 'ab*.')
      const value = randomString(randomInt(10), 'ab.')
      expect([pattern, value, globMatch(pattern, value)]).toEqual([pattern, value, reference(pattern, value)])
    }
  })
})

describe('a hostile trigger map', () => {
  let emu: RunningEmulator
  withEmulator({}, (started) => (emu = started), false)

  it('cannot stall a trigger: a long branch against *a*a*…*b is answered within a generous bound', async () => {
    const pattern = `${'*a'.repeat(6 + randomInt(6))}*b`
    const yaml = `format_version: "13"\ntrigger_map:\n- push_branch: "${pattern}"\n  workflow: primary\nworkflows:\n  primary: {}\n`
    expect(
      (
        await call(emu, 'POST', '/apps/web-app/service.yml', {
          token: TOKENS.owner,
          body: { app_config_datastore_yaml: yaml }
        })
      ).status
    ).toBe(200)
    const started = Date.now()
    const res = await call(emu, 'POST', '/apps/web-app/builds', {
      token: TOKENS.owner,
      body: triggerBody({ branch: 'a'.repeat(2000 + randomInt(2000)) })
    })
    expect(res.status).toBe(400)
    expect(res.json.message).toMatch(/no trigger map item matched/)
    expect(Date.now() - started).toBeLessThan(5000)
  })
})
