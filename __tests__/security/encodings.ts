/**
 * The spellings in which a service may echo a secret, written here independently
 * of the action's code, and the scan that proves none of them got out.
 */
import { expect } from '@jest/globals'
import { randomBytes, randomInt } from 'node:crypto'
import type { RunResult } from '../helpers/run-action.js'

export interface Echo {
  /** How the secret was spelled. */
  encoding: string
  /** The text the service sends back. */
  text: string
  /** Pieces of `text` that spell the secret (or part of it) and must not get out. */
  tell: string[]
}

/** Every spelling of `secret` a test service echoes: raw, JSON-escaped once and twice, URL-encoded, and base64 at each of the three byte alignments. */
export function echoes(secret: string): Echo[] {
  const once = JSON.stringify(secret).slice(1, -1)
  const twice = JSON.stringify(once).slice(1, -1)
  const url = encodeURIComponent(secret)
  const out: Echo[] = [
    { encoding: 'raw', text: secret, tell: [secret] },
    { encoding: 'JSON once', text: once, tell: [once] },
    { encoding: 'JSON twice', text: twice, tell: [twice] },
    { encoding: 'URL', text: url, tell: [url] }
  ]
  for (let lead = 0; lead < 3; lead++) {
    const before = randomBytes(lead + 3 * randomInt(3))
    const after = randomBytes(randomInt(5))
    const bytes = Buffer.from(secret, 'utf8')
    const text = Buffer.concat([before, bytes, after]).toString('base64')
    // Only the characters that encode the secret's bytes alone; the ones at its edges mix in the neighbours.
    const from = Math.ceil((before.length * 8) / 6)
    const to = Math.floor(((before.length + bytes.length) * 8) / 6)
    out.push({ encoding: `base64 after ${before.length} byte(s)`, text, tell: [text.slice(from, to)] })
  }
  return out
}

/** A tell shows when it, or any 12-character run of it, is found: a prefix or suffix of a secret is a leak too. */
function leaks(text: string, tell: string): boolean {
  if (tell.length <= 12) return text.includes(tell)
  for (let at = 0; at + 12 <= tell.length; at++) if (text.includes(tell.slice(at, at + 12))) return true
  return false
}

/** Asserts no echo's tell is in the log (mask lines aside), the outputs, the state or the summary. */
export function expectNoEcho(result: RunResult, all: Echo[]): void {
  const stdout = result.stdout
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n')
  const places = { stdout, stderr: result.stderr, output: result.files.output, state: result.files.state, summary: result.files.summary, summaryText: result.summary }
  const found: string[] = []
  for (const echo of all) {
    for (const tell of echo.tell) {
      for (const [place, text] of Object.entries(places)) if (leaks(text, tell)) found.push(`${echo.encoding} in ${place}`)
    }
  }
  expect(found).toEqual([])
}
