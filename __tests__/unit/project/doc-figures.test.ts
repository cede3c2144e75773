/**
 * A measured figure (a time a command took, a size of the bundle) stands in the README or
 * CONTRIBUTING only with the date it was measured on: the bundler, the machine and the suite
 * change, and an undated figure goes stale without a word. The bench's own table (targets it
 * checks, and the figures it wrote with their date) is the place for the rest.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'

const PAGES = ['README.md', 'CONTRIBUTING.md', ...readdirSync('contributing').map((name) => `contributing/${name}`)]

/** A figure someone measured: "took 155 s", "about four minutes", "(38 KB)", "ncc, about 30 s". */
const MEASURED =
  /\btook \d|\babout (a|one|two|three|four|five|six|ten|\d+) (minutes?|seconds?|s|ms)\b|\bdist\/index\.js`? \(\d+ KB\)|\bncc, about \d/i
const DATED = /\b20\d\d-\d\d-\d\d\b/

/** The paragraphs (or list items, or code lines) of a page that state a measured figure without a date. */
function undated(text: string): string[] {
  return text
    .split(/\n\s*\n|\n(?=- )|\n(?=```)/)
    .flatMap((paragraph) => (paragraph.startsWith('```') ? paragraph.split('\n') : [paragraph]))
    .filter((paragraph) => MEASURED.test(paragraph) && !DATED.test(paragraph))
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').slice(0, 160))
}

describe('measured figures in the docs', () => {
  it.each(PAGES)('%s dates each one', (page) => {
    expect(undated(readFileSync(page, 'utf8'))).toEqual([])
  })

  it('finds an undated one', () => {
    expect(undated('The tests take about four minutes.\n\n`dist/index.js` (38 KB) reads the inputs.')).toHaveLength(2)
    expect(undated('`time npm test` took 155 s on 2026-11-27.')).toEqual([])
  })
})
