/**
 * The service's own check of a service.yml text: `POST /validate-bitrise-yml`, with the app's
 * slug in the query so stacks and machine types are checked against what the app may use.
 */
import { ApiError, isHttpError } from '../http/api-error.js'
import type { ServiceClient } from '../http/service-client.js'
import { VALIDATE_CONFIG_PATH } from './paths.js'

/** What the service found: errors block the configuration, warnings do not. */
export interface ConfigFindings {
  errors: string[]
  warnings: string[]
  /** The answer as received, for the `response` output. */
  response: string
}

/**
 * Sends `text` to the service's check. The published contract gives `{errors, warnings}` as
 * lists of strings on 200, and 422 "Validation failed" with `{message}`; the official CLI reads
 * both, the second as one error. Items that come as objects are read for their text and line.
 * Any other refusal (400, 404 for an app the token cannot see, 413) is thrown as it is.
 */
export async function validateConfig(
  client: ServiceClient,
  text: string,
  appSlug?: string,
  signal?: AbortSignal
): Promise<ConfigFindings> {
  let res
  try {
    // The check changes nothing, so it may be repeated after a lost answer.
    res = await client.request<unknown>('POST', VALIDATE_CONFIG_PATH, {
      query: { app_slug: appSlug },
      body: { bitrise_yml: text },
      retry: 'idempotent',
      signal
    })
  } catch (error) {
    if (!isHttpError(error, 422)) throw error
    return {
      errors: [error.serviceMessage || 'the service refused the configuration (422) without saying why'],
      warnings: [],
      response: ''
    }
  }
  const body = res.body
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw ApiError.missingField({
      method: 'POST',
      path: VALIDATE_CONFIG_PATH,
      status: res.status,
      what: 'is not an object with "errors" and "warnings"'
    })
  }
  const record = body as Record<string, unknown>
  return { errors: findingTexts(record.errors), warnings: findingTexts(record.warnings), response: res.text }
}

/** The texts of a list of findings: strings as they are, objects by their message and line. */
function findingTexts(value: unknown): string[] {
  if (value === undefined || value === null) return []
  const items = Array.isArray(value) ? value : [value]
  return items.map(findingText).filter((item) => item !== '')
}

function findingText(item: unknown): string {
  if (typeof item === 'string') return item
  if (typeof item !== 'object' || item === null) return item === undefined || item === null ? '' : String(item)
  const record = item as Record<string, unknown>
  const text = ['message', 'error', 'msg', 'description']
    .map((field) => record[field])
    .find((field): field is string => typeof field === 'string' && field !== '')
  const line = typeof record.line === 'number' ? `line ${record.line}: ` : ''
  return `${line}${text ?? JSON.stringify(item)}`
}
