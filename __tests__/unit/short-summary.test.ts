/**
 * The summary's escaping, whose patterns are written without Unicode property classes and the
 * `i` flag: the same text as with them.
 */
import { describe, expect, it } from '@jest/globals'
import { escape, plainText } from '../../src/summary/text.js'
import { randomHostileMarkdown, randomHostileText, randomInt, randomString } from '../helpers/random.js'

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
