/** The generated documentation is current, the reference tables agree with the modules, and the action has one name. */
import { describe, expect, it } from '@jest/globals'
import { readdirSync } from 'node:fs'
import { load } from 'js-yaml'

// @ts-expect-error: a plain JavaScript module without type declarations
import { loadOperations, loadRoles, renderDocs } from '../../../scripts/docs.js'
import { COMMON_OUTPUTS, LIST_OUTPUT_FILES, Output, type OutputName } from '../../../src/constants.js'
import { COMMON_INPUTS } from '../../../src/inputs/common.js'
import { MODULES, OPERATIONS, REQUIRED_ROLES } from '../../helpers/operations.js'
import { randomSlug } from '../../helpers/random.js'
import {
  OPERATION_LISTS,
  action,
  credentials,
  files,
  reference,
  rendered,
  reusableWorkflows,
  sources
} from './doc-pages.js'

describe('the generated documentation is current (run `npm run docs` to update)', () => {
  it.each(Object.keys(files))('%s', (path) => {
    expect(rendered[path]).toBe(files[path])
  })

  it('covers the README, CONTRIBUTING.md, CHANGELOG.md, every page of docs/ and every example', () => {
    const pages = readdirSync('docs', { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(md|ya?ml)$/.test(name))
      .map((name) => `docs/${name}`)
    expect(pages.length).toBeGreaterThan(10)
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', ...pages])
    )
  })

  it('fails when the page that holds a generated part loses its markers', () => {
    const cut = { ...files, 'docs/reference.md': files['docs/reference.md'].replace('<!-- reference:start -->', '') }
    expect(() => renderDocs(cut, sources)).toThrow(/reference:start/)
  })

  it('has the tables of both reusable workflows, read from their files', () => {
    for (const file of ['trigger-build.yml', 'migrate-machine-types.yml']) {
      const call = (load(sources.workflows[file]) as { on: { workflow_call: Record<string, Record<string, unknown>> } })
        .on.workflow_call
      for (const kind of ['inputs', 'secrets', 'outputs']) {
        const block = reusableWorkflows.slice(
          reusableWorkflows.indexOf(`<!-- ${file}:${kind}:start -->`),
          reusableWorkflows.indexOf(`<!-- ${file}:${kind}:end -->`)
        )
        const names = [...block.matchAll(/^\| `([\w-]+)` \|/gm)].map((match) => match[1])
        expect({ file, kind, names }).toEqual({ file, kind, names: Object.keys(call[kind]) })
      }
    }
  })

  it('has a row of the role table for every operation, saying what REQUIRED_ROLES says', () => {
    const block = credentials.slice(
      credentials.indexOf('<!-- roles:start -->'),
      credentials.indexOf('<!-- roles:end -->')
    )
    const rows = Object.fromEntries(
      [...block.matchAll(/^\| `([\w-]+)` \| (.*) \|$/gm)].map((match) => [match[1], match[2]])
    )
    expect(rows).toEqual(REQUIRED_ROLES)
  })

  it('reads from the source text the roles, inputs and outputs the loaded modules declare, as `npm run docs` renders them', async () => {
    expect(await loadRoles('.')).toEqual(REQUIRED_ROLES)
    expect(await loadOperations('.')).toEqual({
      operations: OPERATION_LISTS,
      commonInputs: [...COMMON_INPUTS],
      commonOutputs: [...COMMON_OUTPUTS]
    })
  })
})

/** The section of docs/reference.md under `## <operation>`, up to the next. */
function referenceSection(heading: string): string {
  const start = reference.indexOf(`\n## ${heading}\n`)
  expect({ heading, found: start >= 0 }).toEqual({ heading, found: true })
  const end = reference.indexOf('\n## ', start + 1)
  return reference.slice(start, end < 0 ? reference.indexOf('<!-- reference:end -->') : end)
}

/** The names in the first column of the table whose header starts with `| <header> |`. */
function tableNames(section: string, header: string): string[] {
  const at = section.indexOf(`| ${header} |`)
  if (at < 0) return []
  return [
    ...section
      .slice(at)
      .split('\n\n')[0]
      .matchAll(/^\| `([\w-]+)` \|/gm)
  ].map((match) => match[1])
}

/** A description as one table cell. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|')
}

describe('the reference of inputs and outputs, by operation (docs/reference.md)', () => {
  it('lists the inputs every operation reads once, first', () => {
    expect(tableNames(referenceSection('Every operation'), 'input')).toEqual([...COMMON_INPUTS])
  })

  it.each(OPERATIONS)(
    '%s: the inputs and outputs its module declares, each described as action.yml describes it',
    (operation) => {
      const section = referenceSection(operation)
      const module = MODULES[operation]
      const own = module.inputs.filter((name) => !(COMMON_INPUTS as readonly string[]).includes(name))
      expect(tableNames(section, 'input')).toEqual(own)
      const withFiles = module.outputs.flatMap((name: OutputName) => [
        name,
        LIST_OUTPUT_FILES[name] ?? (name === Output.response ? Output.responseFile : undefined)
      ])
      expect(tableNames(section, 'output').sort()).toEqual(
        [...new Set(withFiles.filter((name) => name !== undefined))].sort()
      )
      for (const name of own) {
        const { default: value, description } = action.inputs[name]
        expect(section).toContain(
          `| \`${name}\` | ${value === undefined || value === '' ? '' : `\`${cell(value)}\``} | ${cell(description)} |`
        )
      }
      expect(section).toContain(`The token's user needs: ${REQUIRED_ROLES[operation]}.`)
    }
  )

  it('names every input and output action.yml declares', () => {
    for (const name of Object.keys(action.inputs))
      expect({ name, shown: reference.includes(`| \`${name}\` |`) }).toEqual({ name, shown: true })
    for (const name of Object.keys(action.outputs))
      expect({ name, shown: reference.includes(`| \`${name}\` |`) }).toEqual({ name, shown: true })
  })
})

describe('one name for the action, from package.json', () => {
  it('is the one the docs use, and no placeholder owner is left', () => {
    expect(sources.name).toMatch(/^[\w.-]+\/[\w.-]+$/)
    for (const [path, text] of Object.entries(files))
      expect({ path, placeholder: /your-org/i.test(text) }).toEqual({ path, placeholder: false })
    const pages = Object.entries(files).filter(
      ([path]) => path === 'README.md' || (path.startsWith('docs/') && path.endsWith('.md'))
    )
    const ours = pages.flatMap(([, text]) =>
      [...text.matchAll(/uses: ([\w.-]+\/[\w.-]+)(?:\/\.github\/workflows\/[\w.-]+|\/[\w-]+)?@v\d/g)].map(
        (match) => match[1]
      )
    )
    expect(ours.length).toBeGreaterThan(10)
    expect([...new Set(ours)]).toEqual([sources.name])
  })

  it('renames every mention when package.json names another repository, and back', () => {
    const other = `${randomSlug()}/${randomSlug()}`
    const renamed = renderDocs(files, { ...sources, name: other }) as Record<string, string>
    for (const [path, text] of Object.entries(renamed)) {
      expect({ path, old: text.includes(sources.name) }).toEqual({ path, old: false })
      expect({ path, mentions: text.split(other).length - 1 }).toEqual({
        path,
        mentions: files[path].split(sources.name).length - 1
      })
    }
    expect(renamed['README.md']).toContain(`uses: ${other}/.github/workflows/trigger-build.yml@v3`)
    expect(renamed['README.md']).toContain(`uses: ${other}/trigger@v3`)
    expect(renamed['docs/reusable-workflows.md']).toContain(`uses: ${other}/.github/workflows/trigger-build.yml@v3`)
    expect(renamed['docs/examples/release-tag-build.yml']).toContain(`uses: ${other}/trigger@v3`)
    expect(renderDocs(renamed, sources)).toEqual(files)
  })
})
