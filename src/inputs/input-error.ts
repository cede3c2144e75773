import { redact } from '../runner/secrets.js'

/** A bad input: names the input, shows the value (never a secret) and says what was expected. */
export class InputError extends Error {
  constructor(
    readonly input: string,
    message: string
  ) {
    super(`Input "${input}": ${message}`)
    this.name = 'InputError'
  }
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
