/**
 * The pieces of a summary: Mermaid labels that no text can break out of, the time and cost read
 * from a record that may lack them, the size limit with a diagram and a lead in the way, and the
 * escaping, whose patterns are written without Unicode property classes and the `i` flag: the
 * same text as with them. Random hostile text on every run.
 */
import { describe, expect, it } from '@jest/globals'
import { timingOf } from '../../../src/api/build-timing.js'
import { mermaidLabel } from '../../../src/summary/mermaid.js'
import { renderSummary, shortDuration } from '../../../src/summary/render.js'
import type { SummarySection } from '../../../src/summary/section.js'
import { escape, plainText } from '../../../src/summary/text.js'
import { randomHostileMarkdown, randomHostileText, randomInt, randomString } from '../../helpers/random.js'

const hostile = (): string =>
  `${randomHostileMarkdown().text}"]%%{init: {}}%%\nclick p0 href "javascript:x"\`\`\`${randomHostileText().text}${String.fromCodePoint(0x1f600 + randomInt(50))}`

describe('mermaidLabel', () => {
  it('keeps any text inside one quoted label of letters, digits and #code; entities, and loses none of it', () => {
    for (let i = 0; i < 50; i++) {
      const text = hostile().slice(0, 100)
      const label = mermaidLabel(text)
      expect(label).toMatch(/^"[A-Za-z0-9 .,_#;-]*"$/)
      const decoded = label.slice(1, -1).replace(/#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
      expect(decoded).toBe(text.replace(/[\p{Cc}\u2028\u2029]/gu, ' '))
    }
  })

  it('cuts a long label', () => {
    const label = mermaidLabel(randomString(500))
    expect(label.length).toBeLessThan(130)
    expect(label.endsWith('..."')).toBe(true)
  })
})

describe('timingOf', () => {
  const at = (ms: number): string => new Date(ms).toISOString()
  it('gives whole seconds of queue and run, and the cost', () => {
    const t0 = Date.UTC(2025, 0, 1) + randomInt(1e9)
    const queue = randomInt(600)
    const run = randomInt(7200)
    const cost = randomInt(500)
    expect(
      timingOf({
        triggered: at(t0),
        started: at(t0 + queue * 1000),
        finished: at(t0 + (queue + run) * 1000),
        credits: cost
      })
    ).toEqual({ queueSeconds: queue, durationSeconds: run, creditCost: cost })
  })

  it.each([
    ['all absent', {}],
    ['credit_cost null and times null', { triggered: null, started: null, finished: null, credits: null }],
    ['not dates and not numbers', { triggered: 'yesterday', started: 12, finished: {}, credits: 'lots' }],
    ['a negative cost', { credits: -3 }]
  ])('tells nothing it cannot read: %s', (_, raw) => {
    expect(timingOf(raw)).toEqual({ durationSeconds: undefined, queueSeconds: undefined, creditCost: undefined })
  })
})

describe('renderSummary', () => {
  const section = (): SummarySection => ({
    heading: 'unused',
    lead: {
      mark: 'failure',
      result: hostile(),
      subject: [hostile(), hostile()],
      durationSeconds: randomInt(9999),
      links: [
        { text: hostile(), href: 'https://ci.example/build/1' },
        { text: hostile(), href: 'javascript:alert(1)' }
      ]
    },
    lines: [hostile()],
    mermaid: ['flowchart LR', `  w0[${mermaidLabel(hostile())}]:::failed`].join('\n'),
    table: [
      ['A', 'B'],
      ...Array.from({ length: 50 }, () => [hostile(), { text: hostile(), href: 'https://ci.example/x' }])
    ],
    facts: [['k', hostile()]],
    fold: true,
    note: hostile()
  })

  it('never passes the budget, and never leaves a fence or a details block open', () => {
    for (let i = 0; i < 40; i++) {
      const budget = 300 + randomInt(40_000)
      const html = renderSummary([section(), section(), section()], budget)
      expect(Buffer.byteLength(html)).toBeLessThanOrEqual(budget)
      expect((html.match(/```/g) ?? []).length % 2).toBe(0)
      expect((html.match(/<details>/g) ?? []).length).toBe((html.match(/<\/details>/g) ?? []).length)
    }
  })

  it('links only plain http(s) URLs and writes the first line with its mark and duration', () => {
    const s = section()
    const html = renderSummary([s], 1_000_000)
    const first = html.split('\n')[0]
    expect(first.startsWith('<h3>\u274c ')).toBe(true)
    expect(first).toContain(
      ` \u00b7 ${shortDuration(s.lead!.durationSeconds!)} \u00b7 <a href="https://ci.example/build/1">`
    )
    expect(html).not.toContain('href="javascript')
  })
})

/** Text a refusal may carry: hostile lines, Markdown, mentions, links, and now and then more than a line holds. */
function randomText(): string {
  const parts = [
    randomHostileText(1 + randomInt(3)).text,
    randomHostileMarkdown().text,
    `@${randomString(6)} gh-${randomInt(99)} www.${randomString(5)}.test`
  ]
  const text = parts.filter(() => randomInt(2) === 0).join(' ') || randomString(1 + randomInt(40))
  return randomInt(8) === 0 ? text.repeat(Math.ceil(2_100 / text.length)) : text
}

describe('the escaping, written without Unicode tables', () => {
  // The patterns as they were written with \p{Cc} and the i flag.
  const JOINER = '\u200d'
  const ENTITIES: Record<string, string> = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#39;',
    '[': '&#91;',
    ']': '&#93;',
    '(': '&#40;',
    ')': '&#41;',
    '!': '&#33;',
    '|': '&#124;',
    '*': '&#42;',
    _: '&#95;',
    '\\': '&#92;',
    '`': '&#96;',
    '~': '&#126;',
    '#': '&#35;',
    $: '&#36;'
  }
  const neutralise = (text: string): string =>
    text
      .replace(/[@#<]/g, `$&${JOINER}`)
      .replace(/\b(gh)-(?=\d)/gi, `$1-${JOINER}`)
      .replace(/:(?=\/\/)/g, `:${JOINER}`)
      .replace(/\b(www)\./gi, `$1${JOINER}.`)
      .replace(/\](?=\()/g, `]${JOINER}`)
  const reference = (text: string): string =>
    neutralise(text.replace(/[\p{Cc}\u2028\u2029]/gu, ' ')).replace(/[&<>"'[\]()!|*_\\`~#$]/g, (c) => ENTITIES[c])

  it('gives every UTF-16 code unit, alone and between letters, the same text as the Unicode patterns', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCharCode(code)
      for (const text of [char, `gh${char}-1 www${char}.`])
        if (escape(text) !== reference(text))
          throw new Error(`U+${code.toString(16)}: ${escape(text)} !== ${reference(text)}`)
    }
  })

  it('gives random text with mixed-case gh- and www. the same text', () => {
    const cased = (word: string): string => [...word].map((c) => (randomInt(2) ? c.toUpperCase() : c)).join('')
    for (let n = 0; n < 200; n++) {
      const text = `${randomText()} ${cased('gh')}-${randomInt(99)} ${cased('www')}.${randomString(4)} x${cased('gh')}-1 ${randomString(3)}${cased('www')}.`
      expect(escape(text)).toBe(reference(text))
      const max = 10 + randomInt(60)
      expect(plainText(`${randomString(max - 6)} ${cased('www')}.x`, max)).not.toMatch(/\bwww\.\.\.$/i)
    }
  })
})
