import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'
// @ts-expect-error: a plain JavaScript module without type declarations
import { docPaths, readSources, renderDocs } from '../../scripts/docs.js'
import { Input, Output } from '../../src/constants.js'
import { OPERATIONS, REQUIRED_ROLES } from '../helpers/operations.js'
import { randomSlug } from '../helpers/random.js'

const actionYaml = readFileSync('action.yml', 'utf8')
const action = load(actionYaml) as {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>
  outputs: Record<string, { description: string }>
  runs: { using: string; main: string; post?: string }
  branding?: unknown
}
const readme = readFileSync('README.md', 'utf8')
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { repository: unknown; scripts: Record<string, string>; engines: { node: string } }
const files: Record<string, string> = Object.fromEntries((docPaths('.') as string[]).map((path) => [path, readFileSync(path, 'utf8')]))
const sources = { ...readSources('.'), roles: REQUIRED_ROLES } as { name: string; actionYaml: string; workflows: Record<string, string>; roles: Record<string, string> }
const rendered = renderDocs(files, sources) as Record<string, string>

/** The README section under a `## ` heading, up to the next one. */
function section(heading: string): string {
  const start = readme.indexOf(`\n## ${heading}\n`)
  expect(start).toBeGreaterThanOrEqual(0)
  const end = readme.indexOf('\n## ', start + 1)
  return readme.slice(start, end < 0 ? undefined : end)
}

describe('the generated documentation is current (run `npm run docs` to update)', () => {
  it.each(Object.keys(files))('%s', (path) => {
    expect(rendered[path]).toBe(files[path])
  })

  it('covers the README, CONTRIBUTING.md, CHANGELOG.md and every example', () => {
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'docs/examples/trigger-on-pull-request.yml']))
  })

  it('has the tables of both reusable workflows, read from their files', () => {
    for (const file of ['trigger-build.yml', 'migrate-machine-types.yml']) {
      const call = (load(sources.workflows[file]) as { on: { workflow_call: Record<string, Record<string, unknown>> } }).on.workflow_call
      for (const kind of ['inputs', 'secrets', 'outputs']) {
        const block = readme.slice(readme.indexOf(`<!-- ${file}:${kind}:start -->`), readme.indexOf(`<!-- ${file}:${kind}:end -->`))
        const names = [...block.matchAll(/^\| `([\w-]+)` \|/gm)].map((match) => match[1])
        expect({ file, kind, names }).toEqual({ file, kind, names: Object.keys(call[kind]) })
      }
    }
  })

  it('has a row of the role table for every operation, saying what REQUIRED_ROLES says', () => {
    const block = readme.slice(readme.indexOf('<!-- roles:start -->'), readme.indexOf('<!-- roles:end -->'))
    const rows = Object.fromEntries([...block.matchAll(/^\| `([\w-]+)` \| (.*) \|$/gm)].map((match) => [match[1], match[2]]))
    expect(rows).toEqual(REQUIRED_ROLES)
  })
})

describe('one name for the action, from package.json', () => {
  it('is the one the docs use, and no placeholder owner is left', () => {
    expect(sources.name).toMatch(/^[\w.-]+\/[\w.-]+$/)
    for (const [path, text] of Object.entries(files)) expect({ path, placeholder: /your-org/i.test(text) }).toEqual({ path, placeholder: false })
    const ours = [...readme.matchAll(/uses: ([\w.-]+\/[\w.-]+)(?:\/\.github\/workflows\/[\w.-]+)?@v\d/g)].map((match) => match[1])
    expect(ours.length).toBeGreaterThan(10)
    expect([...new Set(ours)]).toEqual([sources.name])
  })

  it('renames every mention when package.json names another repository, and back', () => {
    const other = `${randomSlug()}/${randomSlug()}`
    const renamed = renderDocs(files, { ...sources, name: other }) as Record<string, string>
    for (const [path, text] of Object.entries(renamed)) {
      expect({ path, old: text.includes(sources.name) }).toEqual({ path, old: false })
      expect({ path, mentions: text.split(other).length - 1 }).toEqual({ path, mentions: files[path].split(sources.name).length - 1 })
    }
    expect(renamed['README.md']).toContain(`uses: ${other}/.github/workflows/trigger-build.yml@v1`)
    expect(renamed['docs/examples/release-tag-build.yml']).toContain(`uses: ${other}@v1`)
    expect(renderDocs(renamed, sources)).toEqual(files)
  })
})

describe('the quick start', () => {
  it('keeps exactly the two commands that work on a fresh machine', () => {
    const commands = [...section('Quick start').matchAll(/^```sh\n([\s\S]*?)^```/gm)].flatMap((match) => match[1].split('\n').filter(Boolean))
    expect(commands.map((line) => line.replace(/\s+#.*$/, ''))).toEqual(['npm ci && npm start', 'npm ci && npm test'])
    expect(pkg.scripts.start).toBe('node scripts/demo.js')
    expect(pkg.scripts.test).toContain('jest')
  })

  it('names the Node versions package.json engines allows', () => {
    const versions = [...pkg.engines.node.matchAll(/\^(\d+)\.(\d+)\.0/g)].map((match) => `${match[1]}.${match[2]}`)
    expect(versions.length).toBeGreaterThan(0)
    for (const version of versions) expect(section('Quick start')).toContain(`${version} or later`)
  })
})

describe('action.yml, the code and the README agree', () => {
  it('action.yml declares exactly the inputs and outputs the code names', () => {
    expect(Object.keys(action.inputs).sort()).toEqual([...new Set(Object.values(Input))].sort())
    expect(Object.keys(action.outputs).sort()).toEqual([...new Set(Object.values(Output))].sort())
  })

  it('the operation input lists every operation', () => {
    for (const operation of OPERATIONS) expect(action.inputs.operation.description).toContain(operation)
  })

  it('every input has a full-sentence description naming the operations that use it', () => {
    for (const [name, spec] of Object.entries(action.inputs)) {
      expect({ name, ok: /^[A-Z].*\.$/s.test(spec.description.trim()) }).toEqual({ name, ok: true })
      expect({ name, ok: /Used by|Used with/.test(spec.description) }).toEqual({ name, ok: true })
    }
  })

  it('every optional boolean input has a default, except is-public, which is tri-state for update-app', () => {
    for (const [name, spec] of Object.entries(action.inputs)) {
      if (/\(true or false\)/.test(spec.description) && name !== 'is-public') expect({ name, default: spec.default }).toEqual({ name, default: expect.stringMatching(/^(true|false)$/) })
    }
  })

  it('runs on the runner\'s current Node, with a post step, and has branding', () => {
    expect(action.runs).toMatchObject({ using: 'node24', main: 'dist/index.js', post: 'dist/index.js' })
    expect(action.branding).toBeDefined()
  })

  it('the README has an example for every operation', () => {
    for (const operation of OPERATIONS) expect({ operation, shown: readme.includes(`operation: ${operation}`) }).toEqual({ operation, shown: true })
  })
})
