/**
 * The AI summary in each answer shape the action accepts (the contract shows no body for the 200,
 * and no source names the fields of the three parts the product shows, so no one shape is
 * assumed): the three parts under their likely spellings, a text field, any other answer as sent,
 * and none from an answer that holds nothing. Long answers are cut, after secrets are removed.
 */
import { describe, expect, it } from '@jest/globals'
import { MAX_SUMMARY_CHARS, summaryIn } from '../../../src/api/ai-summary.js'
import { rememberSecret } from '../../../src/safe-text.js'
import { randomHostileText, randomInt, randomString, randomToken } from '../../helpers/random.js'

const text = (): string => `The build failed: ${randomString(12)} ${randomString(8)}.`

describe('summaryIn: a text', () => {
  it.each([
    ['a JSON string', (t: string) => JSON.stringify(t)],
    ['{summary}', (t: string) => JSON.stringify({ summary: t })],
    ['{ai_summary}', (t: string) => JSON.stringify({ ai_summary: t, other: 1 })],
    ['{text}', (t: string) => JSON.stringify({ text: t })],
    ['{content}', (t: string) => JSON.stringify({ content: t })],
    ['{data: string}', (t: string) => JSON.stringify({ data: t })],
    ['{data: {summary}}', (t: string) => JSON.stringify({ data: { summary: t, status: 'ok' } })],
    ['{data: {content}}', (t: string) => JSON.stringify({ data: { content: t } })]
  ])('reads %s', (_shape, body) => {
    const expected = text()
    expect(summaryIn(body(expected))).toEqual({ text: expected, shape: 'text' })
  })
})

describe('summaryIn: the three parts', () => {
  const spellings: Array<[string, [string, string, string]]> = [
    ['snake case', ['failure_details', 'reason', 'suggested_solution']],
    ['camel case', ['failureDetails', 'reason', 'suggestedSolution']],
    ['the product’s labels', ['Failure details', 'Reason', 'Suggested solution']],
    ['short names', ['details', 'cause', 'solution']],
    ['other likely names', ['failure_detail', 'root_cause', 'suggestion']]
  ]
  const where: Array<[string, (fields: Record<string, unknown>) => unknown]> = [
    ['at the top', (f) => f],
    ['under data', (f) => ({ data: f })],
    ['under summary', (f) => ({ summary: f, status: 'done' })],
    ['under data.ai_summary', (f) => ({ data: { ai_summary: f } })]
  ]
  it.each(spellings.flatMap(([name, fields]) => where.map(([place, wrap]) => [name, place, fields, wrap] as const)))(
    'reads %s %s',
    (_name, _place, [details, reason, solution], wrap) => {
      const parts = [text(), text(), text()]
      const body = JSON.stringify(
        wrap({ [details]: parts[0], [reason]: parts[1], [solution]: parts[2], id: randomInt(1000) })
      )
      expect(summaryIn(body)).toEqual({
        text: `Failure details: ${parts[0]}\nReason: ${parts[1]}\nSuggested solution: ${parts[2]}`,
        shape: 'parts'
      })
    }
  )

  it('reads the parts present only, a list of steps one to a line, after the summary’s own text', () => {
    const [intro, reason, steps] = [text(), text(), [text(), text()]]
    expect(
      summaryIn(JSON.stringify({ summary: intro, reason, suggested_solution: steps, failure_details: '  ' }))
    ).toEqual({ text: `${intro}\nReason: ${reason}\nSuggested solution: ${steps.join('\n')}`, shape: 'parts' })
  })
})

describe('summaryIn: any other answer', () => {
  it.each([
    ['plain text', (t: string) => `\n${t}\n`, (t: string) => t],
    ['a number', () => '42', () => '42'],
    ['a list', (t: string) => JSON.stringify([t]), (t: string) => JSON.stringify([t])],
    [
      'an object without the known fields',
      (t: string) => JSON.stringify({ message: t, data: { status: 2 } }),
      (t: string) => JSON.stringify({ message: t, data: { status: 2 } })
    ],
    ['an HTML page', (t: string) => `<html><body>${t}</body></html>`, (t: string) => `<html><body>${t}</body></html>`]
  ])('shows %s as sent', (_what, body, shown) => {
    const t = text()
    expect(summaryIn(body(t))).toEqual({ text: shown(t), shape: 'as-sent' })
  })

  it('shows hostile plain text as sent, its command lines and all: escaping is for where it is written', () => {
    const hostile = randomHostileText()
    expect(summaryIn(hostile.text)).toEqual({ text: hostile.text.trim(), shape: 'as-sent' })
  })

  it.each([
    ['an empty body', ''],
    ['blank text', '   \n'],
    ['an empty object', '{}'],
    ['an empty list', '[]'],
    ['null', 'null'],
    ['a blank summary', JSON.stringify({ summary: '  ' })],
    ['blank parts', JSON.stringify({ failure_details: '', reason: ' ', data: {} })]
  ])('finds none in %s', (_what, body) => {
    expect(summaryIn(body)).toBeUndefined()
  })
})

describe('summaryIn: a long answer', () => {
  it(`keeps ${MAX_SUMMARY_CHARS} characters and says how long the whole was, with a secret removed before the cut`, () => {
    const secret = randomToken()
    rememberSecret(secret)
    const filler = randomString(MAX_SUMMARY_CHARS - Math.floor(secret.length / 2) - randomInt(5))
    // The secret straddles the cut: removed first, no part of it is left.
    const whole = `${filler}${secret}${randomString(500)}`
    const found = summaryIn(JSON.stringify({ summary: whole }))
    expect(found?.text.startsWith(filler)).toBe(true)
    expect(found?.text).toMatch(/\.\.\. \(cut: the service's summary is \d+ characters long\)$/)
    expect(found?.text.length).toBeLessThan(MAX_SUMMARY_CHARS + 80)
    expect(found?.text).not.toContain(secret.slice(0, 8))
  })
})
