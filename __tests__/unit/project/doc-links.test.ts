/** The links of the documentation, and the pages they lead to. */
import { describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { posix } from 'node:path'

// @ts-expect-error: a plain JavaScript module without type declarations
import { headings as headingsOf } from '../../../scripts/docs.js'
import { randomString } from '../../helpers/random.js'
import { markdownPages } from './markdown-pages.js'

describe('the links', () => {
  /**
   * Pages linked from the README and the index before they are written (say, by a change still
   * under way). A link to one is not followed while the file is missing; once it
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
  /** Every Markdown page of the repository: CONTRIBUTING and contributing/, the bench's and the emulator's pages too. */
  const everyPage = markdownPages()

  describe('the links of the README and docs/', () => {
    it('lead to files that exist, and anchors to headings of them', () => {
      expect(brokenLinks(pages)).toEqual([])
    })

    it("so do those of every other page: CONTRIBUTING, contributing/, the bench's and the emulator's pages", () => {
      expect(Object.keys(everyPage).filter((path) => /^(emulator|bench)\/docs\//.test(path)).length).toBeGreaterThan(5)
      expect(brokenLinks(everyPage)).toEqual([])
    })

    it('is checked on those too: a link from an emulator page to a section no page has is reported', () => {
      const page = Object.keys(everyPage).filter((path) => path.startsWith('emulator/docs/'))[0]
      const heading = randomString(10).toLowerCase()
      const planted = {
        ...everyPage,
        [page]: `${everyPage[page]}\n[x](running.md#${heading}) [y](../../docs/${heading}.md)\n`
      }
      expect(brokenLinks(planted)).toEqual([
        `${page}: running.md#${heading} (no heading of emulator/docs/running.md has the anchor #${heading})`,
        `${page}: ../../docs/${heading}.md (no file docs/${heading}.md)`
      ])
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

  describe("the emulator's and the bench's pages are reachable from their README", () => {
    /** The pages under `<folder>/docs/` that `<folder>/README.md` does not link. */
    function unlisted(all: Record<string, string>, folder: string): string[] {
      const index = `${folder}/README.md`
      const linked = new Set(linksIn(all[index] ?? '').map((link) => resolve(index, link).path))
      return Object.keys(all).filter((path) => path.startsWith(`${folder}/docs/`) && !linked.has(path))
    }

    it.each(['emulator', 'bench'])('%s: its README links every page of its docs/ folder', (folder) => {
      expect(Object.keys(everyPage).some((path) => path.startsWith(`${folder}/docs/`))).toBe(true)
      expect(unlisted(everyPage, folder)).toEqual([])
    })

    it('is checked: a new page no index links is reported', () => {
      const page = `emulator/docs/${randomString(8).toLowerCase()}.md`
      expect(unlisted({ ...everyPage, [page]: '# A page\n' }, 'emulator')).toEqual([page])
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
