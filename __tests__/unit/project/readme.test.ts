/** The README: one sitting long, a quick start that runs, and tables that agree with action.yml and the code. */
import { describe, expect, it } from '@jest/globals'
import { load } from 'js-yaml'

import { Input, Output } from '../../../src/constants.js'
import { SUB_ACTIONS } from '../../../src/operations/sub-actions.js'
import { OPERATIONS } from '../../helpers/operations.js'
import { action, files, pkg, readme, section } from './doc-pages.js'

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
