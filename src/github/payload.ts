/** Reading a GitHub event's payload, whose fields may be missing or of another type. */

/** The value as an object, or an empty one when it is not an object. */
export function obj(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {}
}

/** The value when it is a non-empty string. */
export function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}
