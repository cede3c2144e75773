/**
 * The AI summary's text in each answer shape the action accepts (the contract shows no body for
 * the 200, so no one shape is assumed), and none from an answer that holds no text.
 */
import { describe, expect, it } from '@jest/globals'
import { summaryText } from '../../src/api/ai-summary.js'
import { randomString } from '../helpers/random.js'

const text = (): string => `The build failed: ${randomString(12)} ${randomString(8)}.`

describe('summaryText', () => {
  it.each([
    ['a JSON string', (t: string) => JSON.stringify(t)],
    ['{summary}', (t: string) => JSON.stringify({ summary: t })],
    ['{ai_summary}', (t: string) => JSON.stringify({ ai_summary: t, other: 1 })],
    ['{text}', (t: string) => JSON.stringify({ text: t })],
    ['{content}', (t: string) => JSON.stringify({ content: t })],
    ['{data: string}', (t: string) => JSON.stringify({ data: t })],
    ['{data: {summary}}', (t: string) => JSON.stringify({ data: { summary: t, status: 'ok' } })],
    ['{data: {content}}', (t: string) => JSON.stringify({ data: { content: t } })],
    ['plain text', (t: string) => `\n${t}\n`]
  ])('reads %s', (_shape, body) => {
    const expected = text()
    expect(summaryText(body(expected))).toBe(expected)
  })

  it.each([
    ['an empty body', ''],
    ['blank text', '   \n'],
    ['an empty object', '{}'],
    ['a blank summary', JSON.stringify({ summary: '  ' })],
    ['a number', '42'],
    ['a list', JSON.stringify([randomString(10)])],
    ['an object without the text fields', JSON.stringify({ message: 'ok', data: { status: 2 } })],
    ['an HTML page', `<html><body>${randomString(10)}</body></html>`]
  ])('finds none in %s', (_what, body) => {
    expect(summaryText(body)).toBeUndefined()
  })
})
