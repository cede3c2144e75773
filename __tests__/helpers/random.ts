/**
 * Random values for hostile-case tests: every run draws new ones, so no fixed
 * string can be special-cased by the code under test. The draws come from one
 * seeded generator per test file: the run's seed is TEST_SEED (chosen and printed
 * by the global setup when unset), mixed with the file's path, so
 * `TEST_SEED=<n> npx jest <file>` draws the same values again.
 */
import { expect } from '@jest/globals'
import { createHash } from 'node:crypto'

/** The run's seed, as the global setup printed it. */
export const RUN_SEED = process.env.TEST_SEED ?? String(Date.now() % 1_000_000_007)

function fileSeed(): number[] {
  const path = (expect.getState().testPath ?? '').replace(/\\/g, '/').replace(/^.*?(__tests__\/)/, '$1')
  const digest = createHash('sha256').update(`${RUN_SEED}:${path}`).digest()
  return [0, 4, 8, 12].map((at) => digest.readUInt32LE(at))
}

/** sfc32: a small generator with a 128-bit state, good enough for test draws and fast. */
function sfc32([first, second, third, fourth]: number[]): () => number {
  let a = first,
    b = second,
    c = third,
    d = fourth
  return () => {
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return (t >>> 0) / 4294967296
  }
}

let next: (() => number) | undefined

/** A float in [0, 1) from this file's seeded generator (Math.random's contract). */
export function random(): number {
  next ??= sfc32(fileSeed())
  return next()
}

/** An integer in [0, max), or in [min, max) given two bounds, as node:crypto's randomInt. */
export function randomInt(min: number, max?: number): number {
  const [low, high] = max === undefined ? [0, min] : [min, max]
  return low + Math.floor(random() * (high - low))
}

/** `size` random bytes, as node:crypto's randomBytes. */
export function randomBytes(size: number): Buffer {
  const out = Buffer.alloc(size)
  for (let i = 0; i < size; i++) out[i] = randomInt(256)
  return out
}

/** A random version-4 UUID. */
export function randomUUID(): string {
  const bytes = randomBytes(16)
  bytes[6] = (bytes[6] & 0x0f) | 0x40
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** `length` characters drawn from `alphabet` (letters and digits by default). */
export function randomString(length: number, alphabet = ALNUM): string {
  let out = ''
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)]
  return out
}

/** A slug the action accepts: lower-case letters, digits and dashes. */
export function randomSlug(prefix = ''): string {
  return `${prefix}${randomString(1, 'abcdefghijklmnopqrstuvwxyz')}${randomString(7 + randomInt(8), 'abcdefghijklmnopqrstuvwxyz0123456789-')}${randomString(1, 'abcdefghijklmnopqrstuvwxyz0123456789')}`
}

/** An access token: 24 to 48 URL-safe characters. */
export function randomToken(): string {
  return randomBytes(36)
    .toString('base64url')
    .slice(0, 24 + randomInt(25))
}

/**
 * A secret value that is awkward to mask: it holds characters that JSON, URLs
 * and shells escape (`"`, `\`, `%`, `&`, `+`, `/`, `=`, a space), in random places.
 */
export function randomAwkwardSecret(length = 20 + randomInt(20)): string {
  const awkward = '"\\%&+/= <>\''
  let out = randomString(length)
  for (let i = 0; i < 3; i++) {
    const at = randomInt(out.length)
    out = out.slice(0, at) + awkward[randomInt(awkward.length)] + out.slice(at + 1)
  }
  return out
}

/** A random workflow command name, e.g. `error`, `add-mask`, `set-output`, or an invented one. */
export function randomCommandName(): string {
  const known = [
    'error',
    'warning',
    'notice',
    'debug',
    'add-mask',
    'set-output',
    'save-state',
    'stop-commands',
    'group',
    'endgroup',
    'add-path',
    'set-env',
    'add-matcher',
    'echo'
  ]
  return randomInt(4) === 0
    ? randomString(4 + randomInt(6), 'abcdefghijklmnopqrstuvwxyz-')
    : known[randomInt(known.length)]
}

/**
 * A line that the runner would take as a workflow command if printed raw:
 * `::name props::value` or `##[name]value` (either at random unless `form` says), with
 * random leading white space.
 */
export function randomCommandLine(form: 'any' | '::' | '##[' = 'any'): string {
  const lead = [' ', '\t', '  ', ''][randomInt(4)].repeat(randomInt(3))
  const name = randomCommandName()
  const value = randomString(6 + randomInt(10))
  if (form === '##[' || (form === 'any' && randomInt(3) === 0)) return `${lead}##[${name}]${value}`
  const props = randomInt(2) === 0 ? ` name=${randomString(5)}` : ''
  return `${lead}::${name}${props}::${value}`
}

/**
 * Text from a hostile source: ordinary lines with command lines between them,
 * separated by `\n`, `\r\n` or a bare `\r` (the runner splits on each).
 */
export function randomHostileText(lines = 3 + randomInt(5)): { text: string; commandLines: string[] } {
  const breaks = ['\n', '\r\n', '\r']
  const commandLines: string[] = []
  const parts: string[] = []
  for (let i = 0; i < lines; i++) {
    if (i % 2 === 1) {
      const line = randomCommandLine()
      commandLines.push(line)
      parts.push(line)
    } else {
      parts.push(`plain ${randomString(8)}`)
    }
  }
  let text = parts[0]
  for (let i = 1; i < parts.length; i++) text += breaks[randomInt(breaks.length)] + parts[i]
  return { text, commandLines }
}

/** The characters that change how a URL parses when they stand in its user-info part. */
export const URL_SPECIALS = ['/', '@', ':', '%', '#', ' ', '?'] as const

/**
 * A password as a person might put in a URL: runs of 6 to 10 letters and digits
 * (long enough to be found in a leak) joined by characters URLs treat specially,
 * `must` among them.
 */
export function randomUrlPassword(must: string = URL_SPECIALS[randomInt(URL_SPECIALS.length)]): {
  password: string
  runs: string[]
} {
  const runs = Array.from({ length: 3 + randomInt(3) }, () => randomString(6 + randomInt(5)))
  const joins = runs.slice(1).map(() => URL_SPECIALS[randomInt(URL_SPECIALS.length)] as string)
  joins[randomInt(joins.length)] = must
  let password = runs[0]
  for (let i = 1; i < runs.length; i++) password += joins[i - 1] + runs[i]
  return { password, runs }
}

/**
 * A slug a misbehaving service might send that must never go into a request path:
 * a `.` or `..` step, a separator, a percent escape or a control character, around
 * random letters.
 */
export function randomUnsafeSlug(): string {
  const r = (): string => randomString(3 + randomInt(6))
  const forms = [
    () => '..',
    () => '.',
    () => `../${r()}`,
    () => `${r()}/../${r()}`,
    () => `${r()}/${r()}`,
    () => `${r()}\\${r()}`,
    () => `${r()}..${r()}`,
    () => `%2e%2e`,
    () => `${r()}%2F${r()}`,
    () => `${r()}\n${r()}`,
    () => `${r()}\u0000`
  ]
  return forms[randomInt(forms.length)]()
}

/**
 * Text that would add links, images, HTML or table breaks to a job summary if it
 * were written there unescaped. `fragments` are the pieces to look for.
 */
export function randomHostileMarkdown(): { text: string; fragments: string[] } {
  const word = (): string => randomString(5 + randomInt(6))
  const host = `${randomString(6, 'abcdefghijklmnopqrstuvwxyz')}.example`
  const pieces = [
    `[${word()}](https://${host}/${word()})`,
    `![${word()}](https://${host}/${word()}.png)`,
    `<img src="https://${host}/${word()}.gif">`,
    `<a href="https://${host}/">${word()}</a>`,
    `</td></tr></table>\n\n# ${word()}`,
    `| ${word()} | ${word()} |`,
    `**${word()}**`,
    `\`${word()}\``,
    `<script>${word()}</script>`,
    `<details open><summary>${word()}</summary>`
  ]
  const fragments: string[] = []
  for (let i = 0; i < 3; i++) fragments.push(pieces[randomInt(pieces.length)])
  return { text: `${word()} ${fragments.join(` ${word()} `)}`, fragments }
}

/** A proxy user and password with `%` and `@` (and `:` in the password) in random places, long enough for the leak scanner. */
export function randomProxyCredentials(): { user: string; password: string } {
  const sprinkle = (text: string, extra: string[]): string => {
    let out = text
    for (const c of extra) {
      const at = randomInt(out.length + 1)
      out = out.slice(0, at) + c + out.slice(at)
    }
    return out
  }
  return {
    user: sprinkle(randomString(8 + randomInt(6)), ['%', '@']),
    password: sprinkle(randomString(16 + randomInt(10)), ['%', '@', ':'])
  }
}
