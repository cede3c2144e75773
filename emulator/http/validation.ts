/** Field checks for request bodies and query parameters; each failure names the field it is about. */
import { badRequest } from './errors.js'
import { isObject } from '../model/types.js'

/** The body as an object; an empty body counts as `{}` when `allowEmpty`. */
export function bodyObject(body: unknown, allowEmpty = false): Record<string, unknown> {
  if (body === undefined && allowEmpty) return {}
  if (!isObject(body)) throw badRequest('request body must be a JSON object')
  return body
}

/** A field of a JSON type, or undefined when it is absent or null. */
function optionalOf<T>(body: Record<string, unknown>, field: string, type: 'string' | 'boolean'): T | undefined {
  const value = body[field]
  if (value === undefined || value === null) return undefined
  if (typeof value !== type) throw badRequest(`${field} must be a ${type}`)
  return value as T
}

export function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  return optionalOf<string>(body, field, 'string')
}

export function requiredString(body: Record<string, unknown>, field: string): string {
  const value = optionalString(body, field)
  if (value === undefined || value.trim() === '')
    throw badRequest(`${field} is required and must be a non-empty string`)
  return value
}

export function optionalBoolean(body: Record<string, unknown>, field: string): boolean | undefined {
  return optionalOf<boolean>(body, field, 'boolean')
}

/** A string, or an integer (the published contract types some ids as integers). */
export function optionalId(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field]
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isInteger(value)) return String(value)
  throw badRequest(`${field} must be a string`)
}

export function oneOf<T extends string>(
  value: string | undefined,
  field: string,
  allowed: readonly T[]
): T | undefined {
  if (value === undefined) return undefined
  if (!(allowed as readonly string[]).includes(value)) {
    throw badRequest(`${field} must be one of ${allowed.join(', ')}; got "${value}"`)
  }
  return value as T
}

/** A query parameter's text, or undefined when it is absent or empty. */
export function queryText(query: URLSearchParams, name: string): string | undefined {
  return query.get(name) || undefined
}

/**
 * A query parameter holding a whole number from `min` to `max`, written in at most `digits`
 * digits (a Unix time in seconds to the end of year 9999 takes 12); undefined when it is absent
 * or empty.
 */
export function queryInteger(
  query: URLSearchParams,
  name: string,
  min: number,
  max: number,
  digits = 12
): number | undefined {
  const raw = queryText(query, name)
  if (raw === undefined) return undefined
  if (raw.length > digits || !/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw badRequest(`${name} must be a whole number from ${min} to ${max}; got "${raw}"`)
  return Number(raw)
}

/** A query parameter holding one of `choices`, or undefined when it is absent or empty. */
export function queryChoice<T extends string>(
  query: URLSearchParams,
  name: string,
  choices: readonly T[]
): T | undefined {
  const raw = queryText(query, name)
  if (raw === undefined) return undefined
  if (!(choices as readonly string[]).includes(raw))
    throw badRequest(`${name} must be one of ${choices.join(', ')}; got "${raw}"`)
  return raw as T
}
