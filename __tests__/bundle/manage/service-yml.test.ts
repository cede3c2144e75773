/**
 * service.yml read as the service reads it. The service's reader is Go's
 * gopkg.in/yaml, a port of libyaml (YAML 1.1): it takes continuation lines of flow collections
 * and quoted scalars indented less than their node, which js-yaml alone refuses as "deficient
 * indentation", and reads `no` as false and `0022` as 18 where a value is untyped, while a
 * string field (`machine_type_id`) keeps its text. Each file here is built with random values;
 * its under-indented lines are the shapes libyaml reads (checked with PyYAML's libyaml loader
 * when the test was written: the same values come out).
 */
import { describe, expect, it } from '@jest/globals'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseServiceYml as emulatorParse } from '../../../emulator/model/service-config.js'
import { parseServiceYml } from '../../../src/service-yml/parse.js'
import { random, randomString } from '../../helpers/random.js'
import {
  emulatorPerFile,
  emulatorState,
  expectPassed,
  step,
  workspace,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started))

const word = (): string => randomString(6 + Math.floor(random() * 6), 'abcdefghijklmnopqrstuvwxyz')

/** A service.yml with every kind of under-indented continuation line the service's reader takes. */
function underIndentedYml(machine: string, workflow: string): { text: string; values: string[] } {
  const values = Array.from({ length: 6 }, word)
  const [a, b, c, d, e, f] = values
  const text = `format_version: "13"
meta:
  service:
    stack: linux-docker-22.04
    machine_type_id: ${machine}
app:
  envs:
  - LIST: [${a},
${b}]
  - NOTE: "${c}
  ${d}"
workflows:
  ${workflow}:
    envs: [ {A: ${e}},
  {B: no}, {C: "0022"}, {D: 0022}, {E: 12.0}
]
    meta:
      service:
        machine_type_id: ${machine}
    steps:
    - script:
        inputs:
        - content: 'echo ${f}
  echo done'
`
  return { text, values }
}

describe('the dry run and the emulator read what the service reads', () => {
  it('reads under-indented flow collections and quoted scalars, with YAML 1.1 meanings for untyped values', () => {
    const machine = `g2-${word()}.4core`
    const workflow = word()
    const { text, values } = underIndentedYml(machine, workflow)
    const [a, b, c, d, e, f] = values
    const parsed = parseServiceYml(text)
    if (!parsed.ok) throw new Error(`refused: ${parsed.problem.reason} at line ${parsed.problem.line}`)
    expect(parsed.repairedLines).toEqual([9, 11, 15, 16, 24])
    expect(parsed.config.app).toEqual({ envs: [{ LIST: [a, b] }, { NOTE: `${c} ${d}` }] })
    const workflows = parsed.config.workflows as Record<string, { envs: unknown; steps: unknown }>
    expect(workflows[workflow].envs).toEqual([{ A: e }, { B: false }, { C: '0022' }, { D: 18 }, { E: 12 }])
    expect(workflows[workflow].steps).toEqual([{ script: { inputs: [{ content: `echo ${f} echo done` }] } }])
    // The string fields keep their text.
    const textWorkflows = parsed.textConfig.workflows as Record<string, { envs: unknown }>
    expect(textWorkflows[workflow].envs).toEqual([{ A: e }, { B: 'no' }, { C: '0022' }, { D: '0022' }, { E: '12.0' }])
    expect(emulatorParse(text).workflows).toEqual(parsed.textConfig.workflows)
  })

  // Each shape with what libyaml (PyYAML's libyaml loader) gave for it when the test was written.
  it.each([
    [
      'a flow mapping whose first key is under-indented',
      (v: string) => `a:\n  b: {\nk: ${v}}\n`,
      (v: string) => ({ a: { b: { k: v } } })
    ],
    [
      'an escaped line break in a double-quoted scalar',
      (v: string) => `a:\n  b: "${v}\\\n${v}"\n`,
      (v: string) => ({ a: { b: `${v}${v}` } })
    ],
    [
      'a blank line in a double-quoted scalar',
      (v: string) => `a:\n  b: "${v}\n\n${v}"\n`,
      (v: string) => ({ a: { b: `${v}\n${v}` } })
    ],
    [
      'a comment line inside a flow sequence',
      (v: string) => `a:\n  b: [${v},\n# note\n${v}]\n`,
      (v: string) => ({ a: { b: [v, v] } })
    ],
    [
      'an anchored flow sequence, under-indented, and its alias',
      (v: string) => `a:\n  b: &x [${v},\n${v}]\n  c: *x\n`,
      (v: string) => ({ a: { b: [v, v], c: [v, v] } })
    ]
  ])('reads %s as libyaml does', (_what, text, expected) => {
    const value = word()
    const parsed = parseServiceYml(text(value))
    expect(parsed.ok && parsed.config).toEqual(expected(value))
  })

  it.each([
    ['a block sequence indented less than its key', (v: string) => `a:\n  b:\n - ${v}\n`],
    ['a plain scalar continued less indented than its key', (v: string) => `a:\n  b: ${v}\n ${v}\n`]
  ])('refuses %s, as libyaml does, naming the line', (_what, text) => {
    const parsed = parseServiceYml(text(word()))
    expect(parsed.ok ? 'read' : parsed.problem.line).toBe(3)
  })

  it('a machine type written as a number-like text is matched as written', () => {
    const parsed = parseServiceYml('meta:\n  service:\n    machine_type_id: 12.0\n')
    expect(parsed.ok && parsed.textConfig.meta).toEqual({ service: { machine_type_id: '12.0' } })
  })

  it('still refuses what the service refuses (a flow collection that never closes)', () => {
    const parsed = parseServiceYml(`a:\n  b: [${word()}\nc: d\n`)
    expect(parsed.ok).toBe(false)
  })

  it('the dry run finds the machine types of such a file, and the migration rewrites it for a YAML 1.1 reader', async () => {
    const machine = `g2-${word()}.4core`
    // to-machine is checked by the service before the migration: one the emulator's seed offers.
    const to = ['g2-m2.8core', 'g2.12core', 'elite-xl'][Math.floor(random() * 3)]
    const workflow = word()
    const { text } = underIndentedYml(machine, workflow)
    const dir = workspace()
    writeFileSync(join(dir, 'service.yml'), text)
    // The random machine type is one the service does not offer: uploaded unchecked.
    expectPassed(await step(emu, 'upload-config', { 'app-slug': 'web-app', validate: 'false' }, { workspace: dir }))
    const migration = { 'org-slug': 'acme', 'from-machine': machine, 'to-machine': to }
    const preview = await step(emu, 'migrate-machine-types', { ...migration, 'dry-run': 'true' })
    expectPassed(preview)
    expect(JSON.parse(preview.outputs.errors)).toEqual([])
    expect(JSON.parse(preview.outputs['migrated-apps'])).toEqual(['web-app (web-app)'])
    expect(preview.stdout).toContain(
      `Would change web-app (web-app): default stack (linux-docker-22.04), workflow ${workflow}`
    )

    expectPassed(await step(emu, 'migrate-machine-types', { ...migration, 'dry-run': 'false' }))
    const written = (await emulatorState(emu)).apps.find((app: { slug: string }) => app.slug === 'web-app')
      .service_yml as string
    const reread = parseServiceYml(written)
    if (!reread.ok) throw new Error(`the rewritten file is refused: ${reread.problem.reason}`)
    expect(reread.textConfig.meta).toMatchObject({ service: { machine_type_id: to } })
    const workflows = reread.config.workflows as Record<string, { envs: unknown; meta: unknown }>
    expect(workflows[workflow].meta).toEqual({ service: { machine_type_id: to } })
    // Meanings survive the rewrite: the string "0022" is still a string, `no` still false.
    expect(workflows[workflow].envs).toEqual([
      { A: expect.any(String) },
      { B: false },
      { C: '0022' },
      { D: 18 },
      { E: 12 }
    ])
  })

  it('a file that still cannot be read is named with the reason, and the lines naming the machine type are reported', async () => {
    const machine = `g2-${word()}.4core`
    const app = emu.state.apps.get('web-app')!
    app.serviceYml = `meta:\n  service:\n    machine_type_id: ${machine}\nworkflows:\n  w: [${word()}\n  x:\n    meta:\n      service:\n        machine_type_id: "${machine}"\n`
    const preview = await step(emu, 'migrate-machine-types', {
      'org-slug': 'acme',
      'from-machine': machine,
      'to-machine': `g2-${word()}`,
      'dry-run': 'true'
    })
    expectPassed(preview)
    const errors = JSON.parse(preview.outputs.errors) as Array<{ app: string; error: string }>
    expect(errors).toEqual([
      { app: 'web-app (web-app)', error: expect.stringMatching(/^service\.yml is not valid YAML: .+ at line \d+/) }
    ])
    expect(errors[0].error).toContain(
      `names machine_type_id "${machine}" on line(s) 3, 9, which the migration may change`
    )
    expect(preview.stdout).toContain('::warning::web-app (web-app): service.yml is not valid YAML')
  })
})
