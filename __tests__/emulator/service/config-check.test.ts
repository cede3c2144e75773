/** The emulator's configuration check (POST /validate-bitrise-yml): its rules, lines, access and the seed's lists. */
import { describe, expect, it } from '@jest/globals'
import { bundledSeed, checkSeed } from '../../../emulator/model/seed.js'
import type { RunningEmulator } from '../../../emulator/server.js'
import { randomString } from '../../helpers/random.js'
import { call, TOKENS, withEmulator } from '../helpers.js'

const word = (): string => randomString(7, 'abcdefghijklmnopqrstuvwxyz')
const check = (emu: RunningEmulator, text: string, app?: string, token?: string) =>
  call(emu, 'POST', `/validate-bitrise-yml${app ? `?app_slug=${app}` : ''}`, { body: { bitrise_yml: text }, token })

describe('with the bundled seed', () => {
  let emu: RunningEmulator
  withEmulator({}, (started) => (emu = started))

  it('a workflow missing from the trigger map twice: each item with its own line; a missing pipeline too', async () => {
    const gone = word()
    const pipe = word()
    const text = [
      'format_version: "13"',
      'trigger_map:',
      `- push_branch: main`,
      `  workflow: ${gone}`,
      '- tag: "*"',
      '  workflow: primary',
      `- push_branch: dev`,
      `  workflow: "${gone}"`,
      `- pull_request_source_branch: "*"`,
      `  pipeline: ${pipe}`,
      'workflows:',
      '  primary: {}',
      ''
    ].join('\n')
    const res = await check(emu, text)
    expect(res.status).toBe(200)
    expect(res.json.errors).toEqual([
      `line 4: trigger_map item 1 names workflow "${gone}", which the configuration does not define; defined: primary`,
      `line 8: trigger_map item 3 names workflow "${gone}", which the configuration does not define; defined: primary`,
      `line 10: trigger_map item 4 names pipeline "${pipe}", which the configuration does not define`
    ])
  })

  it('without app_slug, stacks and machine types are not checked, and a warning says so', async () => {
    const res = await check(
      emu,
      `format_version: "13"\nmeta:\n  service:\n    stack: ${word()}\n    machine_type_id: ${word()}\nworkflows:\n  primary: {}\n`
    )
    expect(res.json).toEqual({
      errors: [],
      warnings: ['no app_slug was given: stacks and machine types were not checked against an app']
    })
  })

  it("a workflow's own stack and machine type are checked, each at its line", async () => {
    const machine = word()
    const text = `format_version: "13"\nworkflows:\n  primary: {}\n  deploy:\n    meta:\n      service:\n        stack: linux-docker-22.04\n        machine_type_id: '${machine}' # typo\n`
    const res = await check(emu, text, 'web-app')
    expect(res.json.errors).toEqual([
      expect.stringMatching(
        new RegExp(`^line 8: machine type "${machine}" is not available to this app; available: standard, `)
      )
    ])
  })

  it('no workflows is an error; YAML it cannot read is a 422 naming the line', async () => {
    expect((await check(emu, 'format_version: "13"\n')).json.errors).toEqual([
      'the configuration defines no workflows; no build can run'
    ])
    const broken = await check(emu, `format_version: "13"\nworkflows:\n  a: {\n  b: [${word()}\n`)
    expect(broken.status).toBe(422)
    expect(broken.json.message).toMatch(/^line \d+, column \d+: /)
  })

  it('an app the caller has no role on is not found; a body without bitrise_yml is a 400', async () => {
    expect((await check(emu, 'workflows:\n  a: {}\n', 'ios-app', TOKENS.outsider)).status).toBe(404)
    expect((await check(emu, 'workflows:\n  a: {}\n', word())).status).toBe(404)
    expect((await call(emu, 'POST', '/validate-bitrise-yml', { body: { yml: 'x' } })).status).toBe(400)
  })
})

describe('a seed without the lists', () => {
  let emu: RunningEmulator
  const seed = bundledSeed()
  delete seed.stacks
  delete seed.machine_types
  withEmulator({ seed }, (started) => (emu = started))

  it('accepts any stack and machine type', async () => {
    const res = await check(
      emu,
      `format_version: "13"\nmeta:\n  service:\n    stack: ${word()}\n    machine_type_id: ${word()}\nworkflows:\n  primary: {}\n`,
      'web-app'
    )
    expect(res.json).toEqual({ errors: [], warnings: [] })
  })
})

it('a seed whose lists are not lists of names is refused, naming the field', () => {
  expect(() => checkSeed({ ...bundledSeed(), stacks: 'linux' })).toThrow('`stacks` must be a list of names')
  expect(() => checkSeed({ ...bundledSeed(), machine_types: ['standard', ''] })).toThrow(
    '`machine_types` must be a list of names'
  )
})
