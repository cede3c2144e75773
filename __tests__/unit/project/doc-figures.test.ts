/**
 * A measured figure (a time a command took, a size of the bundle) stands in the docs only with
 * the date it was measured on: the bundler, the machine and the suite change, and an undated
 * figure goes stale without a word. The date is in the figure's paragraph, or in a heading the
 * paragraph sits under (the bench notes date each entry in its heading). Every Markdown page of
 * the repository is read: the READMEs, CONTRIBUTING and contributing/, docs/, the bench notes
 * (bench/README.md and bench/docs/) and the emulator's pages (emulator/README.md and emulator/docs/).
 * The bench's own table (targets it checks, and the figures it wrote with their date) is the
 * place for the rest.
 */
import { describe, expect, it } from '@jest/globals'

import { markdownPages } from './markdown-pages.js'

const PAGES = markdownPages()

/**
 * A figure someone measured: "took 155 s", "about four minutes", "(38 KB)", "ncc, about 30 s", "a
 * median 1.2 seconds", "medians of 21 runs", "1.34× `node -e 0`".
 */
const MEASURED =
  /\btook \d|\babout (a|one|two|three|four|five|six|ten|\d+) (minutes?|seconds?|s|ms)\b|\bdist\/index\.js`? \(\d+ KB\)|\bncc, about \d|\bmedians? (of )?\d|\d(\.\d+)?× `node -e 0`/i
const DATED = /\b20\d\d-\d\d-\d\d\b/

/**
 * The paragraphs (or list items, or code lines) of a page that state a measured figure without a
 * date, in the paragraph or in a heading above it.
 */
function undated(text: string): string[] {
  const headings: boolean[] = []
  const found: string[] = []
  for (const block of text.split(/\n\s*\n|\n(?=- )|\n(?=```)|\n(?=#{1,6} )/)) {
    const heading = /^(#{1,6}) /.exec(block)
    if (heading) {
      headings.length = heading[1].length - 1
      headings[heading[1].length - 1] = DATED.test(block.split('\n')[0])
    }
    const underDate = headings.some(Boolean)
    for (const paragraph of block.startsWith('```') ? block.split('\n') : [block])
      if (MEASURED.test(paragraph) && !DATED.test(paragraph) && !underDate)
        found.push(paragraph.replace(/\s+/g, ' ').trim().slice(0, 160))
  }
  return found
}

describe('measured figures in the docs', () => {
  it('reads the pages of the READMEs, CONTRIBUTING, contributing/, docs/, bench/ and emulator/', () => {
    const paths = Object.keys(PAGES)
    for (const prefix of ['README.md', 'CONTRIBUTING.md', 'contributing/', 'docs/', 'bench/docs/', 'emulator/docs/'])
      expect({ prefix, read: paths.some((path) => path.startsWith(prefix)) }).toEqual({ prefix, read: true })
  })

  it.each(Object.keys(PAGES))('%s dates each one', (page) => {
    expect(undated(PAGES[page])).toEqual([])
  })

  it('finds an undated one', () => {
    expect(undated('The tests take about four minutes.\n\n`dist/index.js` (38 KB) reads the inputs.')).toHaveLength(2)
    expect(undated('`time npm test` took 155 s on 2026-11-27.')).toEqual([])
    expect(
      undated('The step ended a median 1.2 seconds after the build.\n\nIt starts in 1.34× `node -e 0`.')
    ).toHaveLength(2)
    expect(undated('Medians of 21 runs, 2026-12-07: 1.34× `node -e 0`.')).toEqual([])
  })

  it('takes the date of the heading a figure sits under, and only while under it', () => {
    const entry = '## 2026-11-27: one renderer\n\nThe renderer had saved about 2 ms.\n\n### Why\n\nIt took 3 ms.'
    expect(undated(entry)).toEqual([])
    expect(undated(`${entry}\n\n## Later\n\nIt took 4 ms.`)).toEqual(['It took 4 ms.'])
    expect(undated('# Notes\n\n## Undated\n\nThe build took 9 s.\n')).toEqual(['The build took 9 s.'])
  })
})
