/**
 * A machine type migration changes the machine type values and leaves every other byte of
 * service.yml as written: comments, quotes, key order, and the values YAML 1.1 would read as
 * something else (`no`, `0022`, `12.0`, `on`), which a file written anew turns into `false`,
 * `18`, `12` and `true`. Files, names, values and quoting are random.
 */
import { describe, expect, it } from '@jest/globals'
import type { RunningEmulator } from '../../../emulator/server.js'
import { migrateMachineType, parseServiceYml } from '../../../emulator/model/service-config.js'
import { call, withEmulator } from '../helpers.js'
import { random, randomInt, randomSlug, randomString } from '../../helpers/random.js'

let emu: RunningEmulator
withEmulator({}, (started) => (emu = started))

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]
const machineType = (): string =>
  pick([
    `g2-m${randomInt(1, 9)}.${randomInt(2, 16)}core`,
    `${randomInt(1, 99)}.0`,
    `00${randomInt(10, 99)}`,
    randomSlug('mt-')
  ])
const comment = (): string => randomString(5 + randomInt(20), 'abcdefghij klmnop: -#"\'')

type Quoting = 'plain' | 'single' | 'double'
/** A value as the file writes it, and as the migration writes a new one in its place. */
function quoted(value: string, quoting: Quoting): string {
  if (quoting === 'single') return `'${value}'`
  if (quoting === 'double') return JSON.stringify(value)
  return value
}

/**
 * A random service.yml, as a template: `{{MT:n}}` stands where a machine type value is
 * written, so that the test knows what the file must become.
 */
function randomFile(
  from: string,
  other: string
): { template: string; values: Array<{ value: string; quoting: Quoting }> } {
  const values: Array<{ value: string; quoting: Quoting }> = []
  const slot = (value: string, quoting: Quoting = pick(['plain', 'single', 'double'] as const)): string => {
    values.push({ value, quoting })
    return `{{MT:${values.length - 1}}}`
  }
  const workflows = Array.from({ length: 2 + randomInt(4) }, () => randomSlug('wf_').replace(/-/g, '_'))
  const lines = [
    `# ${comment()}`,
    'format_version: "13"',
    'meta:',
    `  service:   # ${comment()}`,
    `    stack: ${pick(['osx-xcode-16.0.x', 'linux-docker-22.04', '12.0'])}`,
    `    machine_type_id: ${slot(pick([from, other]))}   # ${comment()}`,
    'app:',
    '  envs:',
    `  - FLAG: ${pick(['no', 'off', 'yes', 'on', 'n', 'y'])}`,
    `  - MODE: ${pick(['0022', '0755', '1_000', '0x1F'])}`,
    `  - VERSION: ${pick(['12.0', '1.10', '3.0e2', '.5'])}`,
    `  - WHEN: ${pick(['2001-12-14', '2026-01-01t10:00:00Z', '~', 'null', "''"])}`,
    'trigger_map:',
    `- push_branch: ${pick(['no', 'main', '"*"'])}`,
    `  workflow: ${workflows[0]}`,
    'workflows:'
  ]
  for (const workflow of workflows) {
    const shape = randomInt(4)
    if (shape === 0)
      lines.push(
        `  ${workflow}: { meta: { service: { machine_type_id: ${slot(pick([from, other]), pick(['plain', 'double'] as const))} } }, steps: [] }`
      )
    else if (shape === 1)
      lines.push(
        `  ${workflow}:`,
        `    title: ${pick(['no', 'on', '0022'])}`,
        '    steps:',
        '    - script:',
        '        inputs:',
        `        - content: echo ${randomSlug()} # ${comment()}`
      )
    else
      lines.push(
        `  ${workflow}:`,
        '    meta:',
        '      service:',
        `        stack: ${pick(['12.0', 'linux'])}`,
        `        machine_type_id: ${slot(pick([from, other]))}`,
        '    steps: []'
      )
  }
  return { template: lines.join(random() < 0.2 ? '\r\n' : '\n') + '\n', values }
}

const fill = (template: string, at: (index: number) => string): string =>
  template.replace(/\{\{MT:(\d+)\}\}/g, (_m, index: string) => at(Number(index)))

describe('machine type migration, in place', () => {
  it('through the API: the machine types equal to from_machine become to_machine, and every other byte stays', async () => {
    for (let round = 0; round < 10; round++) {
      const from = machineType()
      let other = machineType()
      while (other === from) other = machineType()
      const to = machineType()
      const { template, values } = randomFile(from, other)
      const before = fill(template, (i) => quoted(values[i].value, values[i].quoting))
      const uploaded = await call(emu, 'POST', '/apps/web-app/service.yml', {
        body: { app_config_datastore_yaml: before }
      })
      expect({ status: uploaded.status, text: uploaded.status === 200 ? '' : `${uploaded.text}\n${before}` }).toEqual({
        status: 200,
        text: ''
      })
      const res = await call(emu, 'PATCH', '/organizations/acme/apps/machine_types', {
        body: { from_machine: from, to_machine: to }
      })
      expect(res.status).toBe(200)
      const migrated = values.some((v) => v.value === from)
      expect(res.json.migrated_apps.includes('web-app (web-app)')).toBe(migrated)
      const after = (await call(emu, 'GET', '/apps/web-app/service.yml')).text
      expect(after).toBe(
        fill(template, (i) => quoted(values[i].value === from ? to : values[i].value, values[i].quoting))
      )
    }
  })

  it('writes a value given through an alias where the alias stands, and one a merge key brings where its anchor stands', () => {
    const from = machineType()
    const to = `g3-${randomSlug()}`
    const c = `# ${comment()}`
    const text = [
      'defaults:',
      `  mt: &mt ${from}  ${c}`,
      '  service: &svc',
      `    machine_type_id: "${from}"`,
      '    stack: no',
      'meta:',
      '  service: *svc',
      'workflows:',
      '  a:',
      '    meta:',
      '      service:',
      '        machine_type_id: *mt',
      '  b:',
      '    meta:',
      '      service:',
      '        <<: *svc',
      '        stack: 0022',
      ''
    ].join('\n')
    const edited = migrateMachineType(text, from, to)
    expect(edited).toBe(
      text
        .replace(`machine_type_id: "${from}"`, `machine_type_id: "${to}"`)
        .replace('machine_type_id: *mt', `machine_type_id: ${to}`)
    )
    const read = parseServiceYml(edited!) as Record<string, Record<string, unknown>>
    expect(read.defaults.mt).toBe(from)
  })

  it('keeps every byte of a file whose continuation lines the service reads under-indented', () => {
    const from = machineType()
    const to = machineType()
    const text = [
      'workflows:',
      '  primary:',
      `    tags: [${randomSlug()},`,
      '  two, no]',
      '    meta:',
      '      service:',
      `        machine_type_id: ${from} # ${comment()}`,
      ''
    ].join('\n')
    expect(migrateMachineType(text, from, to)).toBe(
      text.replace(
        `machine_type_id: ${from}`,
        `machine_type_id: ${/^[A-Za-z0-9_][A-Za-z0-9_./+@-]*$/.test(to) ? to : JSON.stringify(to)}`
      )
    )
  })

  it('quotes a new value that would not read back as written, and keeps the old value where an alias outside the migration repeats it', () => {
    const from = machineType()
    const text = `meta:\n  service:\n    machine_type_id: ${from}\n`
    for (const to of ['null', '~', `a: ${randomSlug()}`, `#${randomSlug()}`, 'x, y', '']) {
      const edited = migrateMachineType(text, from, to)!
      expect(edited).toBe(`meta:\n  service:\n    machine_type_id: ${JSON.stringify(to)}\n`)
      expect(
        (parseServiceYml(edited) as { meta: { service: Record<string, unknown> } }).meta.service.machine_type_id
      ).toBe(to)
    }
    const to = `g3-${randomSlug()}`
    const shared = `meta:\n  service:\n    machine_type_id: &mt ${from} # ${comment()}\napp:\n  envs:\n  - MT: *mt\n  - FLAG: no\n`
    expect(migrateMachineType(shared, from, to)).toBe(
      shared.replace(`&mt ${from}`, `&mt ${to}`).replace('MT: *mt', `MT: ${from}`)
    )
    const block = `meta:\n  service:\n    machine_type_id: |-\n      ${from}\n    stack: 0022\n`
    expect(migrateMachineType(block, from, to)).toBe(`meta:\n  service:\n    machine_type_id: ${to}\n    stack: 0022\n`)
  })
})
