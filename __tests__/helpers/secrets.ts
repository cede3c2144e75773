/**
 * The tests' secrets and the one leak scanner: a secret leaks when any 12-character
 * run of it, in any spelling a service may echo it in (raw, JSON-escaped once or
 * twice, URL-encoded, or base64 at each of the three byte alignments), is in anything
 * the step wrote: the log (the runner's own `::add-mask::` lines aside), stderr, the
 * outputs, the state or the summary (as written and as a reader sees it). The
 * spellings are written here independently of the action's code.
 */
import { expect } from '@jest/globals'
import type { RunResult } from './run-action.js'
import { randomBytes, randomInt } from './random.js'

/** Recognisable secrets: a token, a secret environment value, and a private key with a body line that must never show. */
export const TOKEN = 'tok-SECRET-1234'
export const SECRET_ENV_VALUE = 'envSECRETvalue987'
export const SSH_SECRET_LINE = 'SSHSECRETLINE0123456789abcdefABCDEF'
export const SSH_PRIVATE_KEY = `-----BEGIN OPENSSH PRIVATE KEY-----\n${SSH_SECRET_LINE}\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----`
export const SSH_PUBLIC_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOperationsTestKeyOnly user@example'
/** The secret values above that no step may write, in any spelling. */
export const SECRETS = [TOKEN, SSH_SECRET_LINE, SECRET_ENV_VALUE]

/** How a service echoed a secret: the spelling, the text it sends back, and the pieces of it that spell the secret. */
export interface Echo {
  encoding: string
  text: string
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
function shows(text: string, tell: string): boolean {
  if (tell.length <= 12) return text.includes(tell)
  for (let at = 0; at + 12 <= tell.length; at++) if (text.includes(tell.slice(at, at + 12))) return true
  return false
}

/** Everything a step wrote that a person or a later step can read. */
function places(result: RunResult): Record<string, string> {
  const stdout = result.stdout
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n')
  return {
    stdout,
    stderr: result.stderr,
    output: result.files.output,
    state: result.files.state,
    summary: result.files.summary,
    summaryText: result.summary
  }
}

/** The echoes whose tells show in what the step wrote, as "<encoding> in <place>". */
export function echoLeaks(result: RunResult, all: Echo[]): string[] {
  const found: string[] = []
  for (const [place, text] of Object.entries(places(result))) {
    for (const echo of all) if (echo.tell.some((tell) => shows(text, tell))) found.push(`${echo.encoding} in ${place}`)
  }
  return found
}

/** The secrets that show, in any spelling, in what the step wrote, as "<secret> <encoding> in <place>". */
export function secretLeaks(result: RunResult, secrets: string[] = SECRETS): string[] {
  return secrets.flatMap((secret) => echoLeaks(result, echoes(secret)).map((leak) => `${secret} ${leak}`))
}

/** Asserts no secret shows, in any spelling, in what the step wrote. */
export function expectNoSecrets(result: RunResult, secrets: string[] = SECRETS): void {
  expect(secretLeaks(result, secrets)).toEqual([])
}

/** Asserts none of the given echoes shows in what the step wrote. */
export function expectNoEcho(result: RunResult, all: Echo[]): void {
  expect(echoLeaks(result, all)).toEqual([])
}

/** The secrets that show, in any spelling, in one text a step wrote elsewhere (a file it names), as "<secret> <encoding>". */
export function secretLeaksIn(text: string, secrets: string[]): string[] {
  return secrets.flatMap((secret) =>
    echoes(secret)
      .filter((echo) => echo.tell.some((tell) => shows(text, tell)))
      .map((echo) => `${secret} ${echo.encoding}`)
  )
}
