import { describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { posix } from 'node:path'
import { load } from 'js-yaml'

// @ts-expect-error: a plain JavaScript module without type declarations
import { docPaths, loadOperations, loadRoles, readSources, renderDocs } from '../../../scripts/docs.js'
// @ts-expect-error: a plain JavaScript module without type declarations
import { headings as headingsOf } from '../../../scripts/docs.js'
import { COMMON_OUTPUTS, Input, LIST_OUTPUT_FILES, Output, type OutputName } from '../../../src/constants.js'
import { COMMON_INPUTS } from '../../../src/inputs/common.js'
import { SUB_ACTIONS } from '../../../src/operations/sub-actions.js'
import { MODULES, OPERATIONS, REQUIRED_ROLES } from '../../helpers/operations.js'
import { randomSlug, randomString } from '../../helpers/random.js'

const actionYaml = readFileSync('action.yml', 'utf8')
const action = load(actionYaml) as {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>
  outputs: Record<string, { description: string }>
  runs: { using: string; main: string; post?: string }
  branding?: unknown
}
const readme = readFileSync('README.md', 'utf8')
const reusableWorkflows = readFileSync('docs/reusable-workflows.md', 'utf8')
const credentials = readFileSync('docs/credentials.md', 'utf8')
const reference = readFileSync('docs/reference.md', 'utf8')
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  repository: unknown
  scripts: Record<string, string>
  engines: { node: string }
}
const files: Record<string, string> = Object.fromEntries(
  (docPaths('.') as string[]).map((path) => [path, readFileSync(path, 'utf8')])
)
/** What the modules declare, loaded: the docs check compares the pages with what these render. */
const OPERATION_LISTS = Object.fromEntries(
  OPERATIONS.map((name) => [name, { inputs: [...MODULES[name].inputs], outputs: [...MODULES[name].outputs] }])
)
const sources = {
  ...readSources('.'),
  roles: REQUIRED_ROLES,
  operations: OPERATION_LISTS,
  commonInputs: [...COMMON_INPUTS],
  commonOutputs: [...COMMON_OUTPUTS]
} as {
  name: string
  actionYaml: string
  workflows: Record<string, string>
  roles: Record<string, string>
  operations: Record<string, { inputs: string[]; outputs: string[] }>
  commonInputs: string[]
  commonOutputs: string[]
}
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

describe('a README of one sitting', () => {
  it('is under 400 lines', () => {
    expect(readme.split('\n').length).toBeLessThan(400)
  })

  it('says where to find the app slug and how to create each kind of token', () => {
    const start = section('Quick start')
    expect(start).toContain('/app/<slug>')
    expect(start).toMatch(/Workspace API token/)
    expect(start).toMatch(/personal access token/)
    expect(start).toContain('(docs/credentials.md)')
  })

  it('has six recipes, and a pair of markers for the generated inputs of each sub-action', () => {
    expect([...section('Recipes').matchAll(/^### /gm)].length).toBe(6)
    for (const name of ['trigger', 'wait', 'abort', 'migrate-machine-types', 'build-requests', 'manage']) {
      const open = `<!-- sub-action-inputs: ${name} -->`
      expect({ name, count: section('Sub-actions').split(open).length - 1 }).toEqual({ name, count: 1 })
      const after = section('Sub-actions').slice(section('Sub-actions').indexOf(open))
      expect(after.indexOf('<!-- /sub-action-inputs -->')).toBeGreaterThan(0)
      expect(after.indexOf('<!-- /sub-action-inputs -->')).toBeLessThan(
        after.indexOf('<!-- sub-action-inputs:', open.length) < 0
          ? Infinity
          : after.indexOf('<!-- sub-action-inputs:', open.length)
      )
    }
  })

  it("keeps the Workspace owner's token of the migration recipe in an environment, never a repository secret, and out of the dry run", () => {
    const recipe = section('Recipes').slice(section('Recipes').indexOf('### Scheduled machine-type migration'))
    const example = files['docs/examples/scheduled-migration.yml']
    for (const text of [recipe, example]) {
      expect(text).toMatch(/environment: machine-migration/)
      expect(text).toMatch(/required reviewers/)
    }
    // Only the migrating job reads the owner's token, and it runs in that environment; the dry run reads a token of its own.
    const jobs = (load(example) as { jobs: Record<string, { environment?: string; steps?: unknown[] }> }).jobs
    const reading = (name: string): string[] =>
      Object.entries(jobs)
        .filter(([, job]) => JSON.stringify(job).includes(`secrets.${name}`))
        .map(([id]) => id)
    expect(reading('SERVICE_OWNER_TOKEN')).toEqual(['migrate'])
    expect(jobs.migrate.environment).toBe('machine-migration')
    expect(reading('SERVICE_ADMIN_TOKEN')).toEqual(['preview'])
    expect(jobs.preview.environment).toBeUndefined()
  })
})

describe('the quick start', () => {
  it('keeps exactly the two commands that work on a fresh machine', () => {
    const commands = [...section('Quick start').matchAll(/^```sh\n([\s\S]*?)^```/gm)].flatMap((match) =>
      match[1].split('\n').filter(Boolean)
    )
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

  it('every optional boolean input has a default, except is-public (tri-state for update-app) and dry-run', () => {
    // dry-run has none so that a step setting it is told from one leaving it out: empty is a dry run.
    for (const [name, spec] of Object.entries(action.inputs)) {
      if (/\(true or false\)/.test(spec.description) && !['is-public', 'dry-run'].includes(name))
        expect({ name, default: spec.default }).toEqual({ name, default: expect.stringMatching(/^(true|false)$/) })
    }
  })

  it("runs on the runner's current Node, with a post step, and has branding", () => {
    expect(action.runs).toMatchObject({ using: 'node24', main: 'dist/index.js', post: 'dist/index.js' })
    expect(action.branding).toBeDefined()
  })

  it('the README and docs/ have an example for every operation', () => {
    const pages = Object.entries(files).filter(
      ([path]) => path === 'README.md' || (path.startsWith('docs/') && path.endsWith('.md'))
    )
    // A sub-action of one operation is its example (`uses: …/wait@v3`); the others name it (`operation: list-apps`).
    const fixed = Object.entries(SUB_ACTIONS).filter(([, operations]) => operations.length === 1)
    const example = (operation: string): string =>
      fixed.some(([, [only]]) => only === operation) ? `/${operation}@v` : `operation: ${operation}`
    for (const operation of OPERATIONS)
      expect({ operation, shown: pages.some(([, text]) => text.includes(example(operation))) }).toEqual({
        operation,
        shown: true
      })
  })
})

/**
 * The README and docs/ hold together: every relative link leads to a file that exists and, with
 * an anchor, to a heading of that file; every section of the README and of every page of docs/
 * is reachable from the README's contents or from the documentation index (docs/README.md),
 * which the README's contents link.
 */
describe('the links', () => {
  /**
   * Pages other engineers add in their own branches this round, linked from the README and the
   * index ahead of the merge. A link to one is not followed while the file is missing; once it
   * exists, remove it from this list (a test below says so).
   */
  const PENDING_PAGES: string[] = []

  type Heading = { level: number; title: string; anchor: string }
  const headings = headingsOf as (text: string) => Heading[]

  const INDEX = 'docs/README.md'

  /** The README and every Markdown page under docs/, by path. */
  function readPages(): Record<string, string> {
    const docs = readdirSync('docs', { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`)
    return Object.fromEntries(['README.md', ...docs].sort().map((path) => [path, readFileSync(path, 'utf8')]))
  }

  /** Every Markdown link of a text outside fenced code, as written. */
  function linksIn(text: string): string[] {
    return [...text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1])
  }

  /** Where a relative link of `page` leads: the repository path and the anchor. */
  function resolve(page: string, link: string): { path: string; anchor: string } {
    const [target, anchor = ''] = link.split('#')
    return {
      path: target === '' ? page : posix.normalize(posix.join(posix.dirname(page), target)).replace(/\/$/, ''),
      anchor
    }
  }

  /** The links of the pages that lead nowhere: a missing file, or an anchor no heading of the target has. */
  function brokenLinks(pages: Record<string, string>): string[] {
    const broken: string[] = []
    for (const [page, text] of Object.entries(pages)) {
      for (const link of linksIn(text)) {
        if (/^[a-z]+:/i.test(link)) continue
        const { path, anchor } = resolve(page, link)
        const textOf =
          pages[path] ?? (existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined)
        if (textOf === undefined && !existsSync(path)) {
          if (!PENDING_PAGES.includes(path)) broken.push(`${page}: ${link} (no file ${path})`)
          continue
        }
        if (anchor === '') continue
        if (!path.endsWith('.md') || textOf === undefined)
          broken.push(`${page}: ${link} (an anchor into ${path}, which has no headings)`)
        else if (!headings(textOf).some((heading) => heading.anchor === anchor))
          broken.push(`${page}: ${link} (no heading of ${path} has the anchor #${anchor})`)
      }
    }
    return broken
  }

  /** The README's contents: from its `## Contents` heading to the next `## `. */
  function contentsOf(readme: string): string {
    const start = readme.indexOf('\n## Contents\n')
    const end = readme.indexOf('\n## ', start + 1)
    return start < 0 ? '' : readme.slice(start, end)
  }

  /**
   * The sections no reader can reach: a `##` or `###` heading of the README that its contents do
   * not link, and a page of docs/, or a `##` or `###` heading of one, that neither the README's
   * contents nor the index links. Without a link from the contents to the index, nothing on
   * docs/ counts as reached.
   */
  function unreachable(pages: Record<string, string>): string[] {
    const contents = linksIn(contentsOf(pages['README.md'])).map((link) => resolve('README.md', link))
    const index = (pages[INDEX] === undefined ? [] : linksIn(pages[INDEX])).map((link) => resolve(INDEX, link))
    const reachesIndex = contents.some(({ path, anchor }) => path === INDEX && anchor === '')
    const reached = [...contents, ...(reachesIndex ? index : [])]
    const linked = (path: string, anchor: string): boolean =>
      reached.some((link) => link.path === path && link.anchor === anchor)
    const missing: string[] = []
    for (const [path, text] of Object.entries(pages)) {
      if (path === INDEX) continue
      if (path !== 'README.md' && !linked(path, '')) missing.push(path)
      for (const heading of headings(text)) {
        if (heading.level !== 2 && heading.level !== 3) continue
        if (path === 'README.md' && heading.title === 'Contents') continue
        if (!linked(path, heading.anchor)) missing.push(`${path}#${heading.anchor} (${heading.title})`)
      }
    }
    return missing
  }

  const pages = readPages()

  describe('the links of the README and docs/', () => {
    it('lead to files that exist, and anchors to headings of them', () => {
      expect(brokenLinks(pages)).toEqual([])
    })

    it('are checked: a link to a missing page, or to a heading a page lacks, is reported', () => {
      const page = `docs/${randomString(8).toLowerCase()}.md`
      const heading = randomString(10).toLowerCase()
      const planted = {
        ...pages,
        'README.md': `${pages['README.md']}\n[x](${page}) [y](docs/reliability.md#${heading}) [z](#${heading})\n`
      }
      expect(brokenLinks(planted)).toEqual([
        `README.md: ${page} (no file ${page})`,
        `README.md: docs/reliability.md#${heading} (no heading of docs/reliability.md has the anchor #${heading})`,
        `README.md: #${heading} (no heading of README.md has the anchor #${heading})`
      ])
    })

    it('skip only pending pages that are still missing: remove a page from PENDING_PAGES once it exists', () => {
      expect(PENDING_PAGES.filter((path) => existsSync(path))).toEqual([])
    })
  })

  describe('every section is reachable from the README', () => {
    it("the README's contents link the documentation index", () => {
      expect(linksIn(contentsOf(pages['README.md']))).toContain('docs/README.md')
    })

    it('every recipe and section of the README and of every page of docs/ is linked from the contents or the index', () => {
      expect(Object.keys(pages).length).toBeGreaterThan(15)
      expect(unreachable(pages)).toEqual([])
    })

    it('is checked: a new page, or a new section of a page, that no list links is reported', () => {
      const title = `Recipe ${randomString(8)}`
      const page = `docs/${randomString(8).toLowerCase()}.md`
      const planted = {
        ...pages,
        [page]: `# A page\n\n## ${title}\n`,
        'docs/reliability.md': `${pages['docs/reliability.md']}\n### ${title}\n`,
        'README.md': pages['README.md'].replace('\n## Contents\n', `\n### ${title}\n\n## Contents\n`)
      }
      const anchor = headings(`## ${title}`)[0].anchor
      expect(unreachable(planted).sort()).toEqual(
        [
          `README.md#${anchor} (${title})`,
          `docs/reliability.md#${anchor} (${title})`,
          page,
          `${page}#${anchor} (${title})`
        ].sort()
      )
    })

    it('counts nothing on docs/ as reached when the contents do not link the index', () => {
      const cut = { ...pages, 'README.md': pages['README.md'].replace('(docs/README.md)', '(docs/reference.md)') }
      expect(unreachable(cut)).toEqual(expect.arrayContaining(['docs/reliability.md']))
    })
  })
})
