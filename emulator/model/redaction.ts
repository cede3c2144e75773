/**
 * What the emulator treats as secret in requests, and the copies it keeps instead. The
 * request log, the build records and `/_emulator/state` only ever see these copies.
 *
 * Secret: `auth_ssh_private_key` (register-ssh-key), and the `value` of every item of
 * `build_params.environments` and of the published contract's `build_params.secrets`. An
 * environment item carries no mark saying whether its value is secret (a workflow passes its
 * secrets the same way as plain settings), so every value is taken as one.
 * Not secret: names, `is_expand`, the public key, finish's `envs` (app env vars, which the
 * service shows on the app's page; its secrets are a separate store), and everything else.
 */

export const REDACTED = '[redacted]'

const SECRET_FIELDS = new Set(['auth_ssh_private_key'])
const SECRET_VALUE_LISTS = new Set(['environments', 'secrets'])
/** Fields that may carry the whole trigger body as JSON text. */
const ENCODED_BODY_FIELDS = new Set(['payload'])
/** Past this depth a body is not walked but replaced: the walk is recursive and bodies come from anyone. */
const MAX_DEPTH = 64

const unparsed = (text: string): string => `[unparsed text of ${text.length} characters]`

/** JSON text (an object or an array) parsed, or undefined when the text is not that. */
function parseJsonText(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function redactValueList(list: unknown, depth: number): unknown {
  if (!Array.isArray(list)) return redactValue(list, depth)
  return list.map((item) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return REDACTED
    const copy = redactValue(item, depth + 1) as Record<string, unknown>
    if ('value' in copy) copy.value = REDACTED
    return copy
  })
}

/** JSON text carried in a string, redacted as JSON; any other text only by its length, as it may be a cut-off secret. */
function redactEncoded(text: string, depth: number): string {
  const parsed = parseJsonText(text)
  return parsed === undefined ? unparsed(text) : JSON.stringify(redactValue(parsed, depth + 1))
}

function redactValue(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return '[nested too deep]'
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1))
  if (typeof value !== 'object' || value === null) return value
  const copy: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_FIELDS.has(key)) copy[key] = REDACTED
    else if (SECRET_VALUE_LISTS.has(key)) copy[key] = redactValueList(item, depth + 1)
    else if (ENCODED_BODY_FIELDS.has(key) && typeof item === 'string') copy[key] = redactEncoded(item, depth)
    else copy[key] = redactValue(item, depth + 1)
  }
  return copy
}

/** A copy of a parsed request body with every secret replaced by `[redacted]`. */
export function redactBody(body: unknown): unknown {
  // A body that is a string is the trigger's "JSON serialized to a string" encoding.
  return typeof body === 'string' ? redactEncoded(body, 0) : redactValue(body, 0)
}

/** What the request log keeps of a body that could not be parsed: its size, never its text. */
export function unparsedBody(raw: string): string {
  return `[unparsed body of ${Buffer.byteLength(raw)} bytes]`
}
