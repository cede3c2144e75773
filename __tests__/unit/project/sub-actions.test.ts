/**
 * The sub-actions against the operation modules: each folder's action.yml declares exactly the
 * common inputs and its operations' inputs (required where every one of its operations requires
 * it, with the root's defaults) and outputs, and runs its own entry in dist/sub/. The check is
 * written apart from the generator, and shown to catch planted disagreements on either side.
 * Their documentation: sub-action-docs.test.ts.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync } from 'node:fs'
// @ts-expect-error: a plain JavaScript module without type declarations
import { renderEntries, renderSubActionFiles } from '../../../scripts/sub-actions.js'
import { COMMON_OUTPUTS, Input, LIST_OUTPUT_FILES, Output } from '../../../src/constants.js'
import { COMMON_INPUTS } from '../../../src/inputs/common.js'
import { SUB_ACTIONS, type SubActionName } from '../../../src/operations/sub-actions.js'
import type { OperationModule } from '../../../src/operations/operation.js'
import { MODULES, OPERATIONS } from '../../helpers/operations.js'
import { randomInt } from '../../helpers/random.js'
import { committed, FOLDERS, parse, pick, ROOT, ROOT_YAML, SOURCES, type Metadata } from './sub-action-files.js'

type Modules = Record<string, Pick<OperationModule, 'inputs' | 'outputs' | 'required'>>

/** Every way the metadata of `folder` differs from what its operation modules declare. */
function disagreements(folder: SubActionName, metadata: Metadata, modules: Modules = MODULES): string[] {
  const operations = SUB_ACTIONS[folder]
  const fixed = operations.length === 1
  const found: string[] = []
  const expectedInputs = new Set<string>([
    ...COMMON_INPUTS.filter((name) => !(fixed && name === Input.operation)),
    ...operations.flatMap((op) => modules[op].inputs)
  ])
  const inputs = metadata.inputs ?? {}
  for (const name of expectedInputs) if (!(name in inputs)) found.push(`input ${name} is missing`)
  for (const name of Object.keys(inputs))
    if (!expectedInputs.has(name)) found.push(`input ${name} is declared but no operation of ${folder}/ reads it`)
  for (const [name, spec] of Object.entries(inputs).filter(([name]) => expectedInputs.has(name))) {
    const common = (COMMON_INPUTS as readonly string[]).includes(name)
    const required = common
      ? ROOT.inputs[name].required === true
      : operations.every((op) => (modules[op].required ?? []).includes(name as never))
    if (spec.required !== required)
      found.push(`input ${name}: required is ${spec.required}, the modules say ${required}`)
    if (name !== Input.operation && spec.default !== ROOT.inputs[name].default)
      found.push(`input ${name}: default ${spec.default} differs from the root's ${ROOT.inputs[name].default}`)
    if (!spec.description || !/\.$/.test(spec.description.trim()))
      found.push(`input ${name} has no full-sentence description`)
  }
  if (!fixed) {
    const listed = /One of: ([^.]*)\./.exec(inputs.operation?.description ?? '')?.[1].split(', ')
    if (JSON.stringify(listed) !== JSON.stringify(operations))
      found.push(`the operation input lists ${listed}, not ${operations.join(', ')}`)
  }
  const companions = (name: string): string[] =>
    [
      name,
      LIST_OUTPUT_FILES[name as keyof typeof LIST_OUTPUT_FILES],
      name === Output.response ? Output.responseFile : undefined
    ].filter((n): n is string => !!n)
  const expectedOutputs = new Set([
    ...COMMON_OUTPUTS,
    ...operations.flatMap((op) => modules[op].outputs.flatMap(companions))
  ])
  const outputs = metadata.outputs ?? {}
  for (const name of expectedOutputs) if (!(name in outputs)) found.push(`output ${name} is missing`)
  for (const name of Object.keys(outputs))
    if (!expectedOutputs.has(name)) found.push(`output ${name} is declared but no operation of ${folder}/ sets it`)
  const entry = `../dist/sub/${folder}.js`
  const runs = { using: ROOT.runs.using, main: entry, post: entry, 'post-if': ROOT.runs['post-if'] }
  if (JSON.stringify(metadata.runs) !== JSON.stringify(runs))
    found.push(`runs is ${JSON.stringify(metadata.runs)}, expected ${JSON.stringify(runs)}`)
  return found
}

describe('each sub-action agrees with its operation modules', () => {
  it('every operation of the registry belongs to exactly one sub-action; manage/ has those no other names', () => {
    const all = FOLDERS.flatMap((folder) => SUB_ACTIONS[folder])
    expect([...all].sort()).toEqual([...OPERATIONS].sort())
    const named = new Set(FOLDERS.filter((folder) => folder !== 'manage').flatMap((folder) => SUB_ACTIONS[folder]))
    expect(SUB_ACTIONS.manage).toEqual(OPERATIONS.filter((op) => !named.has(op)))
    expect(SUB_ACTIONS['build-requests']).toEqual(['list-build-requests', 'approve-build-request'])
  })

  it.each(FOLDERS)('%s/action.yml declares what its operations read and set', (folder) => {
    expect(disagreements(folder, parse(folder))).toEqual([])
  })

  it.each(FOLDERS)('%s/action.yml is the generated text (run `npm run docs` to update)', (folder) => {
    expect(committed(folder)).toBe(renderSubActionFiles(SOURCES, ROOT_YAML)[`${folder}/action.yml`])
  })

  it('the check catches a planted disagreement in an action.yml', () => {
    const folder = pick(FOLDERS)
    const names = Object.keys(parse(folder).inputs).filter((name) => name !== Input.operation)
    const plants: Array<[string, (m: Metadata) => void]> = [
      ['an input left out', (m) => delete m.inputs[pick(names)]],
      [
        'a stray input',
        (m) =>
          (m.inputs[
            pick(Object.keys(ROOT.inputs).filter((name) => !names.includes(name) && name !== Input.operation))
          ] = { description: 'Stray.', required: false })
      ],
      ['a flipped required', (m) => ((spec) => (spec.required = !spec.required))(m.inputs[pick(names)])],
      ['another default', (m) => (m.inputs[pick(names)].default = `x${randomInt(1000)}`)],
      ['an output left out', (m) => delete m.outputs[pick(Object.keys(m.outputs))]],
      ['the root entry', (m) => (m.runs.main = 'dist/index.js')]
    ]
    for (const [what, plant] of plants) {
      const metadata = parse(folder)
      plant(metadata)
      expect({ what, found: disagreements(folder, metadata).length > 0 }).toEqual({ what, found: true })
    }
  })

  it('the check catches a module that changed after its action.yml was generated', () => {
    const folder = pick(FOLDERS)
    const operation = pick(SUB_ACTIONS[folder])
    const declared = new Set(Object.keys(parse(folder).inputs))
    const extra = pick(Object.values(Input).filter((name) => !declared.has(name) && name !== Input.operation))
    const withInput = {
      ...MODULES,
      [operation]: { ...MODULES[operation], inputs: [...MODULES[operation].inputs, extra] }
    }
    expect(disagreements(folder, parse(folder), withInput)).toContain(`input ${extra} is missing`)
    // A fixed sub-action's own operation starts to require one of its optional inputs.
    const single = pick(FOLDERS.filter((name) => SUB_ACTIONS[name].length === 1))
    const own = MODULES[SUB_ACTIONS[single][0]]
    // Not a common input (org-slug is one, for the OIDC sign-in): those are declared for every operation, never required by one.
    const name = pick(
      own.inputs.filter(
        (input) => !(own.required ?? []).includes(input) && !(COMMON_INPUTS as readonly string[]).includes(input)
      )
    )
    const stricter = { ...MODULES, [SUB_ACTIONS[single][0]]: { ...own, required: [...(own.required ?? []), name] } }
    expect(disagreements(single, parse(single), stricter)).toContain(
      `input ${name}: required is false, the modules say true`
    )
  })

  it.each(FOLDERS)(
    '%s/action.yml keeps of each root description the parts about its own operations, and only those',
    (folder) => {
      const operations = SUB_ACTIONS[folder] as readonly string[]
      const flat = (text: string | undefined): string =>
        String(text ?? '')
          .replace(/\s+/g, ' ')
          .trim()
      const metadata = parse(folder)
      const wrong: string[] = []
      for (const kind of ['inputs', 'outputs'] as const) {
        for (const [name, spec] of Object.entries(metadata[kind]).filter(([name]) => name !== Input.operation)) {
          const own = flat(spec.description)
          // The root's text in parts, each closed by the sentence naming the operations it is about.
          const parts = flat(ROOT[kind][name].description).split(/(?<=\b(?:Used|Set) by [^.]*\.)\s/)
          for (const part of parts) {
            const by = /\b(?:Used|Set) by ([^.]*)\.$/.exec(part)
            if (!by) continue
            const body = part.slice(0, by.index).trim()
            const mine =
              /^every operation/.test(by[1]) ||
              [...by[1].matchAll(/[a-z]+(?:-[a-z]+)*/g)].some(([word]) => operations.includes(word))
            if (body !== '' && own.includes(body) !== mine)
              wrong.push(`${kind} ${name}: ${mine ? 'lacks' : 'has'} "${body.slice(0, 60)}…"`)
          }
          // The operations its "Used by" sentences name: each item's first word, remarks in parentheses aside.
          const lists = [...own.matchAll(/\b(?:Used|Set) by ([^.]*)\./g)]
            .map((m) => m[1].replace(/\([^)]*\)/g, ''))
            .filter((text) => !text.startsWith('every operation'))
          const named = lists.flatMap((text) =>
            [...`, ${text}`.matchAll(/(?:,(?: and)?(?: by)?| and(?: by)?) ([a-z]+(?:-[a-z]+)*)/g)].map((m) => m[1])
          )
          for (const other of named.filter((word) => OPERATIONS.includes(word as never) && !operations.includes(word)))
            wrong.push(`${kind} ${name}: says it is for ${other}`)
        }
      }
      expect(wrong).toEqual([])
    }
  )

  it('marks as required only what every operation of the sub-action requires', () => {
    // token is optional: a step may sign in with the job's OIDC token instead (docs/oidc.md);
    // build-slug too, since wait takes pipeline-id instead.
    expect(
      Object.entries(parse('wait').inputs)
        .filter(([, spec]) => spec.required)
        .map(([name]) => name)
        .sort()
    ).toEqual(['app-slug'])
    expect(
      Object.entries(parse('build-requests').inputs)
        .filter(([, spec]) => spec.required)
        .map(([name]) => name)
        .sort()
    ).toEqual(['app-slug', 'operation'])
    expect(
      Object.entries(parse('manage').inputs)
        .filter(([, spec]) => spec.required)
        .map(([name]) => name)
        .sort()
    ).toEqual(['operation'])
  })
})

describe('the entries in dist/sub/', () => {
  const entries = renderEntries(SOURCES) as Record<string, string>

  it.each(FOLDERS)('%s: names the sub-action and exactly the inputs its action.yml declares', (folder) => {
    const match = /= (\{.*\})\n/.exec(entries[`sub/${folder}.js`])
    expect(JSON.parse(match?.[1] ?? 'null')).toEqual({ name: folder, inputs: Object.keys(parse(folder).inputs).sort() })
    expect(entries[`sub/${folder}.js`]).toMatch(/\nawait import\('\.\.\/index\.js'\)\n$/)
    // The build writes them; once built, dist/ holds these very texts.
    if (existsSync('dist/index.js'))
      expect(readFileSync(`dist/sub/${folder}.js`, 'utf8')).toBe(entries[`sub/${folder}.js`])
  })
})
