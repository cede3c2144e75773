/**
 * The pure pieces behind GitHub text and outputs (src/summary.ts, src/secret-fields.ts), with
 * random hostile strings: after GitHub decodes character references, no mention, reference,
 * bare URL, tag or Markdown link is left; plain text stays within its limit; secret values
 * are left out at any depth while everything else is kept.
 */
import { describe, expect, it } from '@jest/globals'
import { escape, plainText } from '../../../src/summary/text.js'
import { withoutSecretValues } from '../../../src/runner/secret-fields.js'
import { decodeCharacterReferences } from '../../helpers/run-action.js'
import { randomInt, randomString } from '../../helpers/random.js'

const PIECES = [
  '@',
  '#',
  'GH-',
  'https://',
  'HTTP://',
  'ftp://',
  'www.',
  'WWW.',
  '<',
  '](',
  '[',
  ']',
  '\n',
  '\u2028',
  '😀',
  'x',
  '1',
  '-',
  '/',
  ':',
  '.'
]
const hostile = (): string =>
  Array.from({ length: 10 + randomInt(60) }, () =>
    randomInt(2) ? PIECES[randomInt(PIECES.length)] : randomString(1 + randomInt(4))
  ).join('')
const PINGS = [
  /@[a-z0-9]/i,
  /#\d/,
  /\bGH-\d/i,
  /[a-z][a-z0-9+.-]*:\/\//i,
  /\bwww\./i,
  /<[a-z!/?]/i,
  /\]\(/,
  /[\n\u2028]/
]

describe('GitHub text', () => {
  it.each(Array.from({ length: 200 }, (_, i) => i))(
    'random hostile text %#: neither escape nor plainText leaves a ping or link',
    () => {
      const text = hostile()
      for (const out of [decodeCharacterReferences(escape(text)), plainText(text, 40 + randomInt(200))]) {
        for (const pattern of PINGS) expect({ out, match: pattern.exec(out)?.[0] }).toEqual({ out, match: undefined })
      }
    }
  )

  it('plainText keeps within its limit, joiners included, and leaves ordinary text alone', () => {
    for (let i = 0; i < 100; i++) {
      const max = 10 + randomInt(200)
      expect(plainText(hostile().repeat(5), max).length).toBeLessThanOrEqual(max)
    }
    const plain = randomString(30)
    expect(plainText(plain, 100)).toBe(plain)
  })
})

describe('withoutSecretValues', () => {
  it('leaves out the values of environments and secrets items and of flagged objects, at any depth, and keeps the rest', () => {
    const v = (): string => randomString(24)
    const input = {
      data: [
        {
          slug: 's',
          build_params: {
            branch: 'b',
            environments: [{ mapped_to: 'A', value: v(), is_expand: true }, 'odd'],
            secrets: [{ key: 'K', value: v() }]
          }
        }
      ],
      nested: { deeper: [{ trigger_params: { environments: [{ key: 'P', value: { any: v() } }] } }] },
      flagged: { is_secret: true, key: 'F', value: v() },
      value: 'kept: not in such a list',
      environments: 'not a list'
    }
    const { value, removed } = withoutSecretValues(input)
    expect(removed).toBe(4)
    expect(value).toEqual({
      data: [
        {
          slug: 's',
          build_params: {
            branch: 'b',
            environments: [{ mapped_to: 'A', is_expand: true }, 'odd'],
            secrets: [{ key: 'K' }]
          }
        }
      ],
      nested: { deeper: [{ trigger_params: { environments: [{ key: 'P' }] } }] },
      flagged: { is_secret: true, key: 'F' },
      value: 'kept: not in such a list',
      environments: 'not a list'
    })
    // The input is not changed.
    expect(input.flagged.value).toHaveLength(24)
  })
})

describe('plainText cut short', () => {
  it('never lets its ellipsis complete a www. link whose joiner the cut removed', () => {
    for (let i = 0; i < 50; i++) {
      const head = randomString(1 + randomInt(40))
      const text = `${head} www.${randomString(8)}.example`
      // The cut falls right after "www", before its joiner.
      const max = head.length + 4 + 3
      const out = plainText(text, max)
      expect(out.length).toBeLessThanOrEqual(max)
      expect(out).not.toMatch(/\bwww\./i)
    }
  })
})
