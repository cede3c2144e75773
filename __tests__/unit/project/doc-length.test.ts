/**
 * No page of the documentation is longer than one reads at a sitting: 2,500 words at most,
 * counted as `wc -w` counts them (every run of non-blank characters, code and tables included).
 * Only the generated reference may be longer: docs/reference.md and each sub-action's page of
 * inputs and outputs (docs/sub-actions/<folder>.md), whose tables `npm run docs` writes from
 * action.yml and the operation modules; what is written by hand on them obeys the same limit.
 * CHANGELOG.md is no page of the documentation but the release record, read by section
 * (`node scripts/release.js notes X.Y.Z`), and is left out.
 */
import { describe, expect, it } from '@jest/globals'

// @ts-expect-error: a plain JavaScript module without type declarations
import { isGeneratedReference as isGenerated } from '../../../scripts/docs.js'
import { SUB_ACTIONS } from '../../../src/operations/sub-actions.js'
import { randomInt, randomSlug, randomString } from '../../helpers/random.js'
import { markdownPages } from './markdown-pages.js'

const MAX_WORDS = 2_500
/** The release record: not a page one reads through, and its sections are what releases print. */
const RECORDS = ['CHANGELOG.md']
const isGeneratedReference = isGenerated as (path: string) => boolean

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length
}

/** A page's text without what `npm run docs` writes between its markers. */
function handWritten(text: string): string {
  return text
    .replace(/<!-- ([\w.:/-]+):start -->[\s\S]*?<!-- \1:end -->/g, '')
    .replace(/<!-- sub-action-inputs: [\w-]+ -->[\s\S]*?<!-- \/sub-action-inputs -->/g, '')
}

/** The pages over the limit, each with its count: the whole page, or on the generated reference what is hand-written. */
function tooLong(pages: Record<string, string>): string[] {
  return Object.entries(pages)
    .filter(([path]) => !RECORDS.includes(path))
    .map(([path, text]) => ({ path, count: words(isGeneratedReference(path) ? handWritten(text) : text) }))
    .filter(({ count }) => count > MAX_WORDS)
    .map(({ path, count }) => `${path}: ${count} words`)
}

/** `count` random words, wrapped as prose. */
function randomWords(count: number): string {
  return Array.from({ length: count }, (_, i) => `${randomString(1 + randomInt(9))}${i % 12 === 11 ? '\n' : ''}`).join(
    ' '
  )
}

const pages = markdownPages()

describe('the length of the pages', () => {
  it('reads every page: the READMEs, CONTRIBUTING, contributing/, docs/, bench/ and emulator/', () => {
    for (const path of [
      'README.md',
      'CONTRIBUTING.md',
      'SECURITY.md',
      'contributing/tests.md',
      'docs/README.md',
      'docs/reference.md',
      'bench/README.md',
      'emulator/README.md'
    ])
      expect({ path, read: path in pages }).toEqual({ path, read: true })
    expect(Object.keys(pages).filter((path) => path.startsWith('emulator/docs/')).length).toBeGreaterThan(5)
    expect(Object.keys(pages).filter((path) => path.startsWith('bench/docs/')).length).toBeGreaterThan(1)
    expect(Object.keys(pages).some((path) => path.includes('node_modules') || path.startsWith('dist/'))).toBe(false)
  })

  it(`no page but the generated reference is over ${MAX_WORDS} words`, () => {
    expect(tooLong(pages)).toEqual([])
  })

  it('the generated reference is docs/reference.md and one page per sub-action, and nothing else', () => {
    const generated = Object.keys(pages).filter(isGeneratedReference).sort()
    expect(generated).toEqual(
      ['docs/reference.md', ...Object.keys(SUB_ACTIONS).map((folder) => `docs/sub-actions/${folder}.md`)].sort()
    )
    // What makes them long is the generated tables: most of each page is between its markers.
    for (const path of generated)
      expect({ path, mostlyTables: words(handWritten(pages[path])) < words(pages[path]) / 2 }).toEqual({
        path,
        mostlyTables: true
      })
    expect(words(pages['docs/reference.md'])).toBeGreaterThan(MAX_WORDS)
  })

  it('is checked: a long page anywhere is refused, and so is long hand-written text on the generated reference', () => {
    const count = MAX_WORDS + 1 + randomInt(2_000)
    const long = randomWords(count)
    const folder = ['docs', 'emulator/docs', 'bench/docs', 'contributing', '.'][randomInt(5)]
    const path = `${folder === '.' ? '' : `${folder}/`}${randomSlug()}.md`
    expect(tooLong({ ...pages, [path]: `# A page\n\n${long}\n` })).toEqual([`${path}: ${count + 3} words`])
    // A page just at the limit passes.
    expect(tooLong({ ...pages, [path]: randomWords(MAX_WORDS) })).toEqual([])
    // A page that grew past the limit by one word.
    const others = Object.keys(pages).filter((page) => !isGeneratedReference(page) && !RECORDS.includes(page))
    const grown = others[randomInt(others.length)]
    const extra = MAX_WORDS + 1 - words(pages[grown])
    expect(tooLong({ ...pages, [grown]: `${pages[grown]}\n${randomWords(extra)}\n` })).toEqual([
      `${grown}: ${MAX_WORDS + 1} words`
    ])
    // Prose written by hand on a page of the reference counts; its tables do not.
    const reference = 'docs/reference.md'
    const added = MAX_WORDS + 1 - words(handWritten(pages[reference]))
    expect(tooLong({ ...pages, [reference]: `${pages[reference]}\n${randomWords(added)}\n` })).toEqual([
      `${reference}: ${MAX_WORDS + 1} words`
    ])
  })
})
