/**
 * The secrets the action knows, and their removal from text. Pure: nothing here
 * writes to the runner, so the runner's own writers can use it (see runner/secrets.ts), and it
 * quotes and cuts outside text for messages.
 *
 * A secret can come back from the service in another spelling than the one sent:
 * inside a JSON string (escaped once, or more when an error body quotes a JSON
 * request), URL-encoded, or base64-encoded as part of a longer value. Each of
 * those spellings is removed too.
 */

/** Each known secret: its pattern, its encoded spellings, and how many holders keep it (Infinity: for good). */
interface Known {
  pattern: RegExp
  forms: string[]
  holders: number
}
const known = new Map<string, Known>()
/** How many known secrets have each spelling: two secrets can share one, which stays while either is known. */
const literals = new Map<string, number>()
/** Longest first, so a spelling that contains another is removed whole; rebuilt when the secrets change. */
let ordered: string[] = []
let orderedPatterns: RegExp[] = []

/**
 * Shorter secrets are neither masked nor redacted: a value of a few characters
 * also occurs inside ordinary text (a build slug, a title), which masking would
 * corrupt, and masking it would hide little. Access tokens are refused below this
 * length (see checkToken in inputs/common.ts); runner/secrets.ts registers only longer ones.
 */
export const MIN_SECRET_LENGTH = 8

/** Adds a secret: it and its encoded spellings are removed by `redact` from now on. */
export function rememberSecret(value: string): void {
  if (value === '') return
  hold(value, Infinity)
}

/**
 * Adds a secret for a while (a signed URL while its file downloads): removed by `redact` until
 * the function returned is called, and then no longer held at all, so a step that handles
 * thousands of them keeps none once each is done with. A secret also remembered for good, or
 * held by another holder, stays. Whoever holds one must keep no text with it past the release.
 */
export function rememberSecretFor(value: string): () => void {
  if (value === '') return () => {}
  hold(value, 1)
  let released = false
  return () => {
    if (released) return
    released = true
    const entry = known.get(value)
    if (!entry || (entry.holders -= 1) > 0) return
    known.delete(value)
    for (const form of entry.forms) {
      const left = (literals.get(form) ?? 1) - 1
      if (left > 0) literals.set(form, left)
      else literals.delete(form)
    }
    reorder()
  }
}

function hold(value: string, holders: number): void {
  const entry = known.get(value)
  if (entry) {
    entry.holders += holders
    return
  }
  const forms = encodedForms(value)
  known.set(value, { pattern: new RegExp(escapedPattern(value), 'g'), forms, holders })
  for (const form of forms) literals.set(form, (literals.get(form) ?? 0) + 1)
  reorder()
}

function reorder(): void {
  ordered = [...literals.keys()].sort((a, b) => b.length - a.length)
  orderedPatterns = [...known.entries()].sort(([a], [b]) => b.length - a.length).map(([, entry]) => entry.pattern)
}

/** Replaces every known secret, in every known spelling, with `***`. */
export function redact(text: string): string {
  let out = text
  for (const pattern of orderedPatterns) out = out.replace(pattern, '***')
  for (const form of ordered) {
    if (out.includes(form)) out = out.split(form).join('***')
  }
  return out
}

/**
 * The spellings of a secret that are not JSON string escapes (those are matched by
 * `escapedPattern`, at any depth): URL-encoded, and base64. Exported for the unit test.
 */
export function encodedForms(value: string): string[] {
  const out = new Set<string>([value])
  out.add(encodeURIComponent(value))
  out.add(encodeURIComponent(value).replace(/%20/g, '+'))
  out.add(new URLSearchParams({ v: value }).toString().slice(2))
  for (const form of base64Forms(value)) out.add(form)
  return [...out]
}

/**
 * A pattern that matches the value raw and inside JSON strings however deeply
 * nested (an error body quoting a request quoting the secret), as the common
 * encoders write them: each character JSON escapes may be preceded by any run of
 * backslashes or written as a \u escape, and `/` may be escaped too.
 */
function escapedPattern(value: string): string {
  let pattern = ''
  for (const unit of value) {
    for (let i = 0; i < unit.length; i++) pattern += unitPattern(unit.charCodeAt(i))
  }
  return pattern
}

const SHORT_ESCAPES: Record<number, string> = { 0x08: 'b', 0x09: 't', 0x0a: 'n', 0x0c: 'f', 0x0d: 'r' }

function unitPattern(code: number): string {
  const char = String.fromCharCode(code)
  // A character JSON never escapes is itself (most of a token: worked out first, as this runs for every secret at start).
  if (code >= 0x20 && code < 0x7f && !`"\\/<>&'`.includes(char)) return escapeRegExp(char)
  const hex = code
    .toString(16)
    .padStart(4, '0')
    .replace(/[a-f]/g, (d) => `[${d}${d.toUpperCase()}]`)
  // In the pattern source, \\ is one literal backslash: \\+ is a run of them, \\* an optional run.
  const unicode = `\\\\+u${hex}`
  if (char === '"') return `(?:\\\\*"|${unicode})`
  if (char === '\\') return `\\\\+(?:u005[cC])?`
  if (char === '/') return `(?:\\\\*/|${unicode})`
  if (SHORT_ESCAPES[code]) return `(?:${escapeRegExp(char)}|\\\\+${SHORT_ESCAPES[code]}|${unicode})`
  if (code < 0x20 || code >= 0x7f || char === '<' || char === '>' || char === '&' || char === "'")
    return `(?:${escapeRegExp(char)}|${unicode})`
  return escapeRegExp(char)
}

function escapeRegExp(char: string): string {
  if (/[\\^$.*+?()[\]{}|-]/.test(char)) return `\\${char}`
  const code = char.charCodeAt(0)
  // Control characters and lone surrogates are written as escapes, so the pattern source stays plain text.
  return code < 0x20 || code >= 0x7f ? `\\u${code.toString(16).padStart(4, '0')}` : char
}

/**
 * Base64 of the value as it appears inside the base64 of a longer text: the
 * value can start at any of the three byte positions of a base64 group, and
 * only the characters that encode the value's bytes alone are fixed.
 */
function base64Forms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8')
  const out: string[] = [bytes.toString('base64'), bytes.toString('base64url')]
  for (let lead = 0; lead < 3; lead++) {
    const padded = Buffer.concat([Buffer.alloc(lead), bytes])
    const from = Math.ceil((lead * 8) / 6)
    const to = Math.floor(((lead + bytes.length) * 8) / 6)
    for (const encoded of [padded.toString('base64'), padded.toString('base64url')]) {
      const core = encoded.slice(from, to)
      if (core.length >= 8) out.push(core)
    }
  }
  return out
}

/**
 * Quotes a value for an error message: secrets removed first, then cut short when
 * long, then escaped. Cutting first could leave the start of a secret visible.
 */
export function quote(value: string): string {
  return JSON.stringify(cut(redact(value), 80))
}

/**
 * Text from outside (a service's error body) for one line of a message: secrets
 * removed, white space flattened, then cut to `max` characters.
 */
export function excerpt(text: string, max: number): string {
  // Redacted again after flattening: a secret holding a line break matches only before, one with a run of spaces only after.
  const flat = redact(redact(text).replace(/\s+/g, ' ').trim())
  return flat === '' ? 'empty' : cut(flat, max)
}

/** The first `max` characters and an ellipsis, never splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text
  const end = /[\ud800-\udbff]/.test(text[max - 1]) ? max - 1 : max
  return `${text.slice(0, end)}...`
}
