/** Finding machine type uses in a parsed service.yml, and parsing service.yml text. Table-driven. */
import { describe, expect, it } from '@jest/globals'
import {
  findMachineTypeUses,
  machineTypesIn,
  withMachineType,
  type MachineTypeUse
} from '../../../src/service-yml/machine-types.js'
import { nearestMachineTypes } from '../../../src/operations/unused-machine.js'
import { randomInt, randomString } from '../../helpers/random.js'
import { describeProblem, parseServiceYml } from '../../../src/service-yml/parse.js'

const MT = 'g2-m1.4core'

/** The default: a service.yml with the machine type in the default stack only. */
const base = (): Record<string, unknown> => ({
  meta: { service: { stack: 'osx-xcode-16.0.x', machine_type_id: MT } },
  workflows: { primary: { steps: [] } }
})

const cases: Array<{ name: string; config: unknown; uses: MachineTypeUse[] }> = [
  { name: 'default stack only', config: base(), uses: [{ place: 'default stack', stack: 'osx-xcode-16.0.x' }] },
  {
    name: 'default stack and a workflow',
    config: { ...base(), workflows: { primary: {}, deploy: { meta: { service: { machine_type_id: MT } } } } },
    uses: [
      { place: 'default stack', stack: 'osx-xcode-16.0.x' },
      { place: 'workflow deploy', workflow: 'deploy' }
    ]
  },
  {
    name: 'a workflow only, with its own stack',
    config: {
      meta: { service: { machine_type_id: 'standard' } },
      workflows: { primary: { meta: { service: { stack: 'linux', machine_type_id: MT } } } }
    },
    uses: [{ place: 'workflow primary', workflow: 'primary', stack: 'linux' }]
  },
  {
    name: 'several workflows, in file order',
    config: {
      workflows: {
        b: { meta: { service: { machine_type_id: MT } } },
        a: { meta: { service: { machine_type_id: MT } } }
      }
    },
    uses: [
      { place: 'workflow b', workflow: 'b' },
      { place: 'workflow a', workflow: 'a' }
    ]
  },
  {
    name: 'another machine type',
    config: { ...base(), meta: { service: { machine_type_id: 'g2-m1.8core' } } },
    uses: []
  },
  {
    name: 'a machine type that only starts the same',
    config: { meta: { service: { machine_type_id: `${MT}-large` } } },
    uses: []
  },
  { name: 'no meta at all', config: { workflows: { primary: {} } }, uses: [] },
  { name: 'meta.service that is not a mapping', config: { meta: { service: MT } }, uses: [] },
  { name: 'the machine type under another meta key', config: { meta: { other: { machine_type_id: MT } } }, uses: [] },
  {
    name: 'workflows as a list',
    config: { ...base(), workflows: [{ meta: { service: { machine_type_id: MT } } }] },
    uses: [{ place: 'default stack', stack: 'osx-xcode-16.0.x' }]
  },
  { name: 'a workflow that is null', config: { workflows: { primary: null } }, uses: [] },
  { name: 'a non-mapping document', config: ['meta'], uses: [] },
  { name: 'nothing', config: undefined, uses: [] },
  {
    name: 'an empty stack is not shown',
    config: { meta: { service: { stack: '', machine_type_id: MT } } },
    uses: [{ place: 'default stack' }]
  }
]

describe('findMachineTypeUses', () => {
  it.each(cases)('$name', ({ config, uses }) => {
    expect(findMachineTypeUses(config, MT)).toEqual(uses)
  })

  it('finds a machine type shared through a YAML anchor and merge key', () => {
    const parsed = parseServiceYml(
      `meta:\n  service: &mac\n    stack: osx\n    machine_type_id: ${MT}\nworkflows:\n  deploy:\n    meta:\n      service:\n        <<: *mac\n`
    )
    expect(parsed.ok && findMachineTypeUses(parsed.config, MT)).toEqual([
      { place: 'default stack', stack: 'osx' },
      { place: 'workflow deploy', workflow: 'deploy', stack: 'osx' }
    ])
  })
})

describe('parseServiceYml', () => {
  it.each([
    {
      name: 'a mapping',
      text: 'workflows:\n  primary: {}\n',
      result: {
        ok: true,
        config: { workflows: { primary: {} } },
        textConfig: { workflows: { primary: {} } },
        repairedLines: []
      }
    },
    {
      name: 'dates stay strings',
      text: 'when: 2024-01-01\n',
      result: { ok: true, config: { when: '2024-01-01' }, textConfig: { when: '2024-01-01' }, repairedLines: [] }
    },
    {
      name: 'bad indentation, with its 1-based place',
      text: 'workflows:\n  primary:\n    steps: []\n   bad: x\n',
      result: { ok: false, problem: { reason: 'bad indentation of a mapping entry', line: 4, column: 4 } }
    },
    {
      name: 'a list',
      text: '- a\n',
      result: { ok: false, problem: { reason: 'the document is a list, not a mapping of keys to values' } }
    },
    {
      name: 'a scalar',
      text: 'just text\n',
      result: {
        ok: false,
        problem: { reason: 'the document is a single string value, not a mapping of keys to values' }
      }
    },
    {
      name: 'an empty file',
      text: '',
      result: { ok: false, problem: { reason: 'expected a document, but the input is empty' } }
    },
    {
      name: 'only a comment',
      text: '# nothing\n',
      result: { ok: false, problem: { reason: 'expected a document, but the input is empty' } }
    }
  ])('$name', ({ text, result }) => {
    expect(parseServiceYml(text)).toEqual(result)
  })

  it.each([
    { problem: { reason: 'bad indentation', line: 4, column: 4 }, text: 'bad indentation at line 4, column 4' },
    { problem: { reason: 'bad indentation', line: 4 }, text: 'bad indentation at line 4' },
    { problem: { reason: 'the document is empty' }, text: 'the document is empty' }
  ])('describeProblem: $text', ({ problem, text }) => {
    expect(describeProblem(problem)).toBe(text)
  })
})

describe('the would-be text of a migration, line for line', () => {
  const to = 'g2-m2.8core'
  it.each<{ name: string; text: string; expected: string }>([
    {
      name: 'plain value',
      text: `meta:\n  service:\n    machine_type_id: ${MT}\n`,
      expected: `meta:\n  service:\n    machine_type_id: ${to}\n`
    },
    {
      name: 'quoted, with a comment',
      text: `    machine_type_id: "${MT}"  # big one\n`,
      expected: `    machine_type_id: "${to}"  # big one\n`
    },
    {
      name: 'single quotes and CRLF',
      text: `a: 1\r\n  machine_type_id: '${MT}'\r\nb: 2\r\n`,
      expected: `a: 1\r\n  machine_type_id: '${to}'\r\nb: 2\r\n`
    },
    {
      name: 'another machine type is left alone',
      text: `  machine_type_id: ${MT}x\n  machine_type_id: standard\n`,
      expected: `  machine_type_id: ${MT}x\n  machine_type_id: standard\n`
    },
    {
      name: 'a mention outside machine_type_id is left alone',
      text: `  content: echo ${MT}\n  title: ${MT}\n`,
      expected: `  content: echo ${MT}\n  title: ${MT}\n`
    }
  ])('$name', ({ text, expected }) => {
    const migrated = withMachineType(text, MT, to)
    expect(migrated).toBe(expected)
    expect(migrated.split('\n')).toHaveLength(text.split('\n').length)
  })
})

describe('the machine types a file names, and those nearest to a from-machine no app uses', () => {
  it('machineTypesIn: the default stack and every workflow, once each', () => {
    const [a, b] = [`g2-${randomString(5).toLowerCase()}`, `m1-${randomString(5).toLowerCase()}`]
    const config = {
      meta: { service: { machine_type_id: a } },
      workflows: {
        one: { meta: { service: { machine_type_id: b } } },
        two: { meta: { service: { machine_type_id: a } } },
        three: {}
      }
    }
    expect(machineTypesIn(config)).toEqual([a, b])
    expect(machineTypesIn({ workflows: { x: { meta: { service: { machine_type_id: 12 } } } } })).toEqual([])
  })

  it('nearestMachineTypes: by edits, case aside, the more used first among equals, at most 5', () => {
    const from = `g2-m${1 + randomInt(8)}.${randomString(6).toLowerCase()}`
    const oneEdit = `${from.slice(0, -1)}${from.endsWith('q') ? 'z' : 'q'}`
    const seen = new Map<string, number>([
      [`far-${randomString(12)}`, 50],
      [oneEdit.toUpperCase(), 1 + randomInt(3)],
      [`${from}xx`, 10],
      [`${from}yy`, 20],
      ...Array.from({ length: 4 }, (_, i) => [`other-${i}-${randomString(10)}`, 1] as [string, number])
    ])
    const nearest = nearestMachineTypes(from, seen)
    expect(nearest).toHaveLength(5)
    expect(nearest.slice(0, 3)).toEqual([
      { 'machine-type': oneEdit.toUpperCase(), apps: seen.get(oneEdit.toUpperCase()) },
      { 'machine-type': `${from}yy`, apps: 20 },
      { 'machine-type': `${from}xx`, apps: 10 }
    ])
  })
})
