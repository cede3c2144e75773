/**
 * The check that no input is ignored in silence, in process: action.yml's defaults as the
 * code knows them, every declared input read somewhere, the conditions the operations
 * declare, the nearest-name search, and the check over a sub-action's own inputs.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'js-yaml'
import { Input, INPUT_DEFAULTS } from '../../../src/constants.js'
import { closestName, editDistance } from '../../../src/inputs/closest-name.js'
import { COMMON_INPUTS } from '../../../src/inputs/common.js'
import { checkInputUse, inputVariable, type OperationUse } from '../../../src/inputs/input-use.js'
import { durationMs } from '../../../src/inputs/readers.js'
import { SUB_ACTIONS } from '../../../src/operations/sub-actions.js'
import { MODULES, OPERATIONS } from '../../helpers/operations.js'
import { random, randomInt, randomString } from '../../helpers/random.js'
import { distance } from '../../helpers/subjects/input-use.js'

const action = load(readFileSync('action.yml', 'utf8')) as { inputs: Record<string, { default?: unknown }> }

/** Every .ts file under src/, with its text. */
const SOURCES = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ file, text: readFileSync(join('src', file), 'utf8') }))

/**
 * The inputs no source reads: an input counts as read where a reader is handed it
 * (`get(Input.x)`, or `get, Input.x` as a reader's first two arguments). Lists of names
 * (an operation's `inputs`, a `needs` condition) do not count.
 */
function unreadInputs(sources: Array<{ text: string }>): string[] {
  return Object.entries(Input)
    .filter(
      ([key]) =>
        !sources.some(({ text }) => new RegExp(`\\bget\\(Input\\.${key}\\b|\\bget,\\s*Input\\.${key}\\b`).test(text))
    )
    .map(([, name]) => name)
}

describe("action.yml's inputs and the code", () => {
  it("INPUT_DEFAULTS holds exactly action.yml's defaults", () => {
    const declared = Object.entries(action.inputs)
      .filter(([, input]) => input.default !== undefined)
      .map(([name, input]) => [name, String(input.default)])
    expect(Object.entries(INPUT_DEFAULTS).sort()).toEqual(declared.sort())
  })

  it.each(Object.keys(SUB_ACTIONS))(
    "the sub-action %s/ has the root's defaults, which the check takes as unset",
    (folder) => {
      const sub = load(readFileSync(join(folder, 'action.yml'), 'utf8')) as {
        inputs: Record<string, { default?: unknown }>
      }
      const defaults = Object.entries(sub.inputs).map(([name, input]) => [
        name,
        input.default === undefined ? undefined : String(input.default)
      ])
      expect(defaults).toEqual(
        Object.keys(sub.inputs).map((name) => [name, INPUT_DEFAULTS[name as keyof typeof INPUT_DEFAULTS]])
      )
    }
  )

  it('every declared input is read by some operation, or by all of them', () => {
    const read = new Set<string>([...COMMON_INPUTS, ...OPERATIONS.flatMap((name) => MODULES[name].inputs)])
    expect(Object.keys(action.inputs).filter((name) => !read.has(name))).toEqual([])
  })

  it('every declared input is handed to a reader somewhere in src/', () => {
    expect(unreadInputs(SOURCES)).toEqual([])
  })

  it('the scan finds an input whose only reader is taken away', () => {
    const [key, name] = Object.entries(Input)[Math.floor(random() * Object.keys(Input).length)]
    const pattern = new RegExp(`\\bget\\(Input\\.${key}\\b|\\bget,\\s*Input\\.${key}\\b`, 'g')
    const without = SOURCES.map(({ text }) => ({ text: text.replace(pattern, 'get(Input.other') }))
    expect(unreadInputs(without)).toEqual([name])
  })
})

describe('what each operation declares about its inputs', () => {
  it.each(OPERATIONS)('%s: every input of a condition is one of its inputs', (operation) => {
    const own = new Set<string>(MODULES[operation].inputs)
    for (const need of MODULES[operation].needs ?? [])
      for (const name of need.inputs)
        expect({ operation, name, own: own.has(name) }).toEqual({ operation, name, own: true })
  })

  it("trigger's conditions hold as its readers take the inputs", () => {
    const trigger = MODULES.trigger
    const holds = (input: string, values: Record<string, string>): boolean | undefined => {
      const need = trigger.needs?.find((one) => (one.inputs as readonly string[]).includes(input))
      return need?.holds((name) => values[name] ?? INPUT_DEFAULTS[name] ?? '')
    }
    expect(holds(Input.waitTimeout, {})).toBe(false)
    expect(holds(Input.waitTimeout, { wait: 'True' })).toBe(true)
    expect(holds(Input.waitTimeout, { wait: 'yes' })).toBeUndefined()
    expect(holds(Input.failFast, { wait: 'true', 'app-slug': 'a' })).toBe(false)
    expect(holds(Input.failFast, { wait: 'true', 'app-slug': 'a\nb' })).toBe(true)
    expect(holds(Input.failFast, { wait: 'false', 'app-paths': 'a: x/**' })).toBe(false)
    expect(holds(Input.maxArtifactBytes, { 'download-artifacts': 'out' })).toBe(true)
    expect(holds(Input.githubStatusName, {})).toBe(false)
    expect(holds(Input.githubStatusName, { 'github-comment': 'true' })).toBe(true)
    expect(holds(Input.allowedAssociations, { 'from-event': 'false' })).toBe(false)
  })
})

describe('the nearest name', () => {
  it.each([
    ['kitten', 'sitting', 3],
    ['workflw', 'workflow', 1],
    ['wiat', 'wait', 1],
    ['', 'abc', 3],
    ['same', 'same', 0]
  ])('%s to %s is %i edits', (a, b, edits) => {
    expect(editDistance(a, b)).toBe(edits)
    expect(editDistance(b, a)).toBe(edits)
  })

  it('agrees with the whole table on random strings of a small alphabet (so swaps and repeats are common), with and without a limit', () => {
    // The plain definition (the helpers' distance): every row kept, each cell the cheapest of delete, insert, replace and swap.
    const reference = distance
    for (let n = 0; n < 300; n++) {
      const a = randomString(randomInt(12), 'abc-')
      const b = randomString(randomInt(12), 'abc-')
      expect({ a, b, edits: editDistance(a, b) }).toEqual({ a, b, edits: reference(a, b) })
      // With a limit, the distance itself up to the limit, and past it limit + 1.
      const limit = randomInt(6)
      expect({ a, b, limit, edits: editDistance(a, b, limit) }).toEqual({
        a,
        b,
        limit,
        edits: Math.min(reference(a, b), limit + 1)
      })
    }
  })

  it.each([
    ['workflw', 'workflow'],
    ['app_slug', 'app-slug'],
    ['APP-SLGU', 'app-slug'],
    ['triger', 'trigger'],
    ['xyzzy-quux', undefined],
    ['tg', 'tag'],
    ['zz', undefined]
  ])('%s: %s', (name, expected) => {
    expect(closestName(name, [...Object.values(Input), 'trigger'])).toBe(expected)
  })
})

describe('checkInputUse', () => {
  const trigger: OperationUse = MODULES.trigger

  it("every action is held to the root's inputs: one a sub-action leaves out is named as the root names it", async () => {
    const wait: OperationUse = {
      name: 'wait',
      inputs: [Input.appSlug, Input.buildSlug, Input.waitTimeout],
      writes: true
    }
    const env = {
      [inputVariable(Input.workflow)]: 'deploy',
      [inputVariable('wait-timout')]: '5m',
      [inputVariable(Input.appSlug)]: 'a'
    }
    const use = await checkInputUse({ env, operation: wait, defaults: {} })
    expect(use.warnings).toEqual([
      'Input "workflow" is set, but the wait operation does not read it: it has no effect. Remove it from the step\'s with:, or check the operation.'
    ])
    expect(use.error?.message).toContain('Input "wait-timeout": is not set, but the step sets "wait-timout"')
  })

  it('github-token, which the runner fills in itself, is never taken as set', async () => {
    const env = {
      [inputVariable(Input.githubToken)]: randomString(30),
      [inputVariable(Input.appSlug)]: 'a',
      [inputVariable(Input.branch)]: 'main'
    }
    expect(await checkInputUse({ env, operation: { ...trigger, inputs: [Input.appSlug, Input.branch] } })).toEqual({
      warnings: [],
      error: undefined
    })
  })

  it('a value equal to the default is not set; another value is', async () => {
    const env = { [inputVariable(Input.waitTimeout)]: '3600', [inputVariable(Input.appSlug)]: 'a' }
    expect((await checkInputUse({ env, operation: trigger })).warnings).toEqual([])
    env[inputVariable(Input.waitTimeout)] = '3601'
    expect((await checkInputUse({ env, operation: trigger })).warnings).toEqual([
      expect.stringContaining('Input "wait-timeout" is set, but trigger reads it only with wait: true')
    ])
  })

  it('an empty typo is only a warning: it could not have changed anything', async () => {
    const use = await checkInputUse({ env: { INPUT_WORKFLW: '' }, operation: trigger })
    expect(use.error).toBeUndefined()
    expect(use.warnings).toEqual([expect.stringContaining('did you mean workflow?')])
  })
})

describe('the examples of a refused duration', () => {
  /** The examples the message of a refused `value` gives, for a duration from `min` to `max` seconds. */
  function examples(value: string, min: number, max: number): string[] {
    try {
      durationMs(() => value, Input.pollInterval, 10, min, max)
    } catch (error) {
      const message = (error as Error).message
      expect(message).toContain('a number of seconds, or a number with the unit s, m or h')
      return /\(e\.g\. ([^)]*)\)/.exec(message)?.[1].split(', ') ?? []
    }
    throw new Error(`${value} was accepted`)
  }

  it.each([
    ['request-timeout', 1, 600],
    ['wait-timeout', 1, 6 * 3600],
    ['poll-interval', 0.05, 600]
  ])('%s: every example is accepted', (_name, min, max) => {
    const given = examples(`${Math.ceil(max / 60) + 1 + randomInt(100)}m`, min, max)
    expect(given.length).toBeGreaterThanOrEqual(2)
    for (const example of given)
      expect(durationMs(() => example, Input.pollInterval, 10, min, max)).toBeGreaterThanOrEqual(min * 1000)
  })

  it('on random ranges, every example is accepted', () => {
    for (let i = 0; i < 50; i++) {
      const min = randomInt(1, 2000) / 20
      const max = min + randomInt(0, 30000)
      for (const example of examples(`${max + 1}`, min, max))
        expect(durationMs(() => example, Input.pollInterval, 10, min, max) / 1000).toBeLessThanOrEqual(max)
    }
  })
})
