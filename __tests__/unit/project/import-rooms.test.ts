/**
 * The rooms of src/ and the imports between them. The lint rule (ROOMS in eslint.config.js)
 * refuses an import into a room not below; planted bad imports prove it fires, among them the
 * runner's modules from an operation or a feature, which reach it through their context. Circles inside
 * a room are no import between rooms, so every import of src/ (type-only and dynamic ones
 * too) is walked here and a circle fails the test; a planted circle proves the walk finds one.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import { ESLint } from 'eslint'

/** Every .ts file of src/, by its path inside src/, with the src/ files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))) {
    const text = readFileSync(join('src', file), 'utf8')
    const path = file.split('\\').join('/')
    // Static, type-only, re-exporting and dynamic imports alike: `from '…'` and `import('…')`.
    const sources = [...text.matchAll(/(?:\bfrom|\bimport\()\s*'(\.{1,2}\/[^']+)'/g)].map((match) => match[1])
    graph.set(path, [
      ...new Set(sources.map((source) => posix.normalize(posix.join(dirname(path), source)).replace(/\.js$/, '.ts')))
    ])
  }
  return graph
}

/** The circles of a graph, each as the path that closes it ([] when there is none). */
function circles(graph: Map<string, string[]>): string[] {
  const found: string[] = []
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (node: string): void => {
    state.set(node, 'open')
    path.push(node)
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next].join(' -> '))
      else if (!state.has(next)) visit(next)
    }
    path.pop()
    state.set(node, 'done')
  }
  for (const node of graph.keys()) if (!state.has(node)) visit(node)
  return found
}

describe('the imports of src/', () => {
  const graph = importGraph()

  it('form no circle, type-only and dynamic imports included', () => {
    expect(graph.size).toBeGreaterThan(50)
    expect(circles(graph)).toEqual([])
  })

  it('the walk finds a planted circle, and every import it reads names a file of src/', () => {
    const planted = new Map(graph)
    planted.set('http/transport.ts', [...(graph.get('http/transport.ts') ?? []), 'http/client.ts'])
    expect(circles(planted)).toContain('http/transport.ts -> http/client.ts -> http/transport.ts')
    for (const [file, imports] of graph)
      for (const target of imports)
        expect(`${file} -> ${graph.has(target) ? 'a file' : target}`).toBe(`${file} -> a file`)
  })

  it('leave at the root only the entry, the failure boundary and the ground floor', () => {
    expect([...graph.keys()].filter((file) => !file.includes('/')).sort()).toEqual([
      'constants.ts',
      'index.ts',
      'main.ts',
      'safe-text.ts',
      'sleep.ts'
    ])
  })
})

describe('the lint rule of the rooms', () => {
  const eslint = new ESLint()

  /** The rules a one-line file at `file` breaks, of the two the rooms use. */
  async function roomRules(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${code}\nexport const used = x\n`, { filePath: file })
    return result.messages
      .map((message) => message.ruleId ?? '')
      .filter((rule) => rule === 'no-restricted-imports' || rule === 'no-restricted-syntax')
  }

  it.each([
    [
      'src/http/planted.ts',
      "import type { HandlerContext as x } from '../step/context.js'",
      'a type from a room above'
    ],
    [
      'src/inputs/planted.ts',
      "import { OPERATIONS as x } from '../operations/index.js'",
      'the operation registry from the input layer'
    ],
    ['src/api/planted.ts', "import { waitForBuild as x } from '../builds/wait/build.js'", 'waiting from the API layer'],
    [
      'src/api/planted.ts',
      "import { booleanFlag as x } from '../inputs/readers.js'",
      'the input layer from the API layer'
    ],
    ['src/runner/planted.ts', "import { send as x } from '../http/transport.js'", 'a peer room'],
    [
      'src/inputs/planted.ts',
      "import { addSecret as x } from '../runner/secrets.js'",
      'the runner from the input layer'
    ],
    [
      'src/builds/report/planted.ts',
      "import { reportArtifacts as x } from './artifacts/report.js'",
      'a sub-room from its parent'
    ],
    [
      'src/builds/start/planted.ts',
      "import { trigger as x } from '../../operations/trigger.js'",
      'an operation from a feature'
    ],
    ['src/builds/report/planted.ts', "import { waitForBuild as x } from '../wait/build.js'", 'a wait from the report'],
    ['src/builds/abort/planted.ts', "import { endLead as x } from '../report/lead.js'", 'the report from an abort'],
    [
      'src/builds/wait/planted.ts',
      "import { startOrWaitForApproval as x } from '../start/approval.js'",
      'the start from a wait'
    ],
    [
      'src/builds/report/github-status/planted.ts',
      "import { waitForBuild as x } from '../../wait/build.js'",
      'a wait from a sub-room of the report'
    ],
    ['src/step/planted.ts', "import { run as x } from '../main.js'", 'the failure boundary'],
    [
      'src/operations/planted.ts',
      "import { info as x } from '../runner/workflow-commands.js'",
      'the workflow-command module from an operation'
    ],
    [
      'src/operations/planted.ts',
      "import type { OutputValue as x } from '../runner/outputs.js'",
      'a type of the runner from an operation'
    ],
    [
      'src/builds/wait/planted.ts',
      "import { addSecret as x } from '../../runner/secrets.js'",
      'the runner from a feature'
    ],
    ['src/safe-text.ts', "import { redact as x } from './runner/secrets.js'", 'a room from the ground floor'],
    [
      'src/builds/abort/post-step.ts',
      "import { createClient as x } from '../../step/setup.js'",
      "the step's setup from the post step (its context brings the client)"
    ],
    [
      'src/operations/planted.ts',
      "import { createStepContext as x } from '../step/setup.js'",
      "the step's setup from an operation"
    ],
    [
      'src/step/context.ts',
      "import type { OutputValue as x } from '../runner/outputs.js'",
      'a type of the runner in the context, which owns its types'
    ]
  ])('%s: refuses %s (%s)', async (file, code) => {
    expect(await roomRules(file, code)).toEqual(['no-restricted-imports'])
  })

  it.each([
    ['src/operations/planted.ts', 'record.build_slug', 'a field read'],
    ['src/builds/wait/planted.ts', "record['status_text']", 'a field read by its name in brackets'],
    ['src/builds/report/planted.ts', '(({ triggered_workflow }) => triggered_workflow)(record)', 'a field destructured']
  ])('%s: refuses the service word in %s (%s) outside src/api/', async (file, read) => {
    const code = `const record = JSON.parse('{}') as Record<string, string>\nexport const x = ${read}\n`
    const [result] = await eslint.lintText(code, { filePath: file })
    expect(result.messages.map((message) => message.ruleId)).toEqual(['house/service-words'])
  })

  it.each([
    ['src/inputs/build-overrides.ts', 'machine_type_id'],
    ['src/inputs/checkout.ts', 'pull_request_merge_branch'],
    ['src/inputs/environments.ts', 'mapped_to'],
    ['src/operations/trigger-inputs.ts', 'branch_dest_repo_owner'],
    ['src/builds/wait/log.ts', 'next_after_timestamp']
  ])('%s: refuses a read of %s, the service word, in a file once let read them', async (file, word) => {
    const code = `const record = JSON.parse('{}') as Record<string, string>\nexport const x = record.${word}\n`
    const [result] = await eslint.lintText(code, { filePath: file })
    expect(result.messages.map((message) => message.ruleId)).toEqual(['house/service-words'])
  })

  it("lets src/api/ read the service words, src/github/ GitHub's, and others their camelCase", async () => {
    const code = "const record = JSON.parse('{}') as Record<string, string>\nexport const x = record.build_slug\n"
    expect((await eslint.lintText(code, { filePath: 'src/api/planted.ts' }))[0].messages).toEqual([])
    const github = code.replace('build_slug', 'head_sha')
    expect((await eslint.lintText(github, { filePath: 'src/github/planted.ts' }))[0].messages).toEqual([])
    const [refused] = await eslint.lintText(code, { filePath: 'src/github/planted.ts' })
    expect(refused.messages.map((message) => message.ruleId)).toEqual(['house/service-words'])
    const camel = code.replace('build_slug', 'buildSlug')
    expect((await eslint.lintText(camel, { filePath: 'src/operations/planted.ts' }))[0].messages).toEqual([])
  })

  it('holds every file in a folder of src/ to the rule of that folder: each folder is a room', async () => {
    const ruled = async (file: string): Promise<string> => {
      const config = await eslint.calculateConfigForFile(join('src', file))
      const rule = config.rules?.['no-restricted-imports'] as [unknown, { patterns?: Array<{ message: string }> }]
      return rule?.[1]?.patterns?.[0]?.message.split(' may import')[0] ?? 'no room'
    }
    const inFolders = [...importGraph().keys()].filter((file) => file.includes('/'))
    expect(inFolders.length).toBeGreaterThan(50)
    for (const file of inFolders) expect(`${file}: ${await ruled(file)}`).toBe(`${file}: src/${posix.dirname(file)}`)
  })

  it('refuses a dynamic import into a room above', async () => {
    expect(await roomRules('src/api/planted.ts', "const x = () => import('../builds/wait/build.js')")).toEqual([
      'no-restricted-syntax'
    ])
  })

  it('refuses a dynamic import of the runner from an operation', async () => {
    expect(
      await roomRules('src/operations/planted.ts', "const x = () => import('../runner/workflow-commands.js')")
    ).toEqual(['no-restricted-syntax'])
  })

  it('lets each room import the rooms below it', async () => {
    expect(
      await roomRules(
        'src/builds/wait/planted.ts',
        "import { reportArtifacts as x } from '../report/artifacts/report.js'"
      )
    ).toEqual([])
    expect(
      await roomRules('src/operations/planted.ts', "import { waitForBuild as x } from '../builds/wait/build.js'")
    ).toEqual([])
    expect(
      await roomRules('src/inputs/planted.ts', "import { isSecureOrLoopback as x } from '../http/addresses.js'")
    ).toEqual([])
    expect(
      await roomRules('src/inputs/planted.ts', "import type { BuildParams as x } from '../api/build-params.js'")
    ).toEqual([])
    expect(
      await roomRules('src/operations/planted.ts', "import type { SummarySection as x } from '../summary/section.js'")
    ).toEqual([])
    expect(await roomRules('src/step/planted.ts', "import { addSecret as x } from '../runner/secrets.js'")).toEqual([])
    expect(
      await roomRules('src/builds/start/planted.ts', "import { waitForApproval as x } from '../wait/approval.js'")
    ).toEqual([])
    expect(
      await roomRules(
        'src/builds/report/github-status/planted.ts',
        "import type { BuildReport as x } from '../build.js'"
      )
    ).toEqual([])
  })
})
