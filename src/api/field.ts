/** One field of the service's answer to a GET, which the call cannot do without. */
import { ApiError } from '../http/api-error.js'
import type { ServiceClient } from '../http/service-client.js'

/**
 * GETs `path` and returns its answer's `field`, with the answer's text. An answer without the
 * field, or with one `holds` refuses, fails as an invalid answer that `what` describes
 * (`has no "data" list`).
 */
export async function getField<T>(
  client: ServiceClient,
  path: string,
  field: string,
  holds: (value: unknown) => value is T,
  what: string
): Promise<{ value: T; response: string }> {
  const res = await client.request<Record<string, unknown> | undefined>('GET', path)
  const value = res.body?.[field]
  if (!holds(value)) throw ApiError.missingField({ method: 'GET', path, status: res.status, what })
  return { value, response: res.text }
}

/** An object (a list is one too, as JSON has it). */
export const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null

/** A list. */
export const isList = (value: unknown): value is unknown[] => Array.isArray(value)

/** Text that is not empty. */
export const isText = (value: unknown): value is string => typeof value === 'string' && value !== ''

/** A JSON object that is not a list, or undefined. */
export function recordOf(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

/** Text that is not blank, or undefined. */
export function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}
