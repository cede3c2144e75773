/**
 * The service's AI summary of a failed build: `GET /builds/{build-slug}/ai-summary`.
 *
 * The published contract gives the 404 (no such build, no access, or no summary: the feature is
 * off or the build did not fail) but shows no body for the 200, and no public client of the
 * service reads it. So the text is taken from whichever of the likely shapes arrives: a JSON
 * string, an object with the text under `summary`, `ai_summary`, `text` or `content`, either at
 * the top or under `data`, or a plain-text body.
 */
import { isHttpError } from '../http/api-error.js'
import type { ServiceClient } from '../http/service-client.js'
import { buildOutsideAppPath } from './paths.js'

const TEXT_FIELDS = ['summary', 'ai_summary', 'text', 'content'] as const

/** The summary, or undefined when the service has none for this build (404) or sent no text. */
export async function readAiSummary(client: ServiceClient, buildSlug: string, signal?: AbortSignal): Promise<string | undefined> {
  try {
    const res = await client.request<string>('GET', buildOutsideAppPath(buildSlug, 'ai-summary'), { expect: 'text', signal })
    return summaryText(res.text)
  } catch (error) {
    if (isHttpError(error, 404)) return undefined
    throw error
  }
}

/** The summary's text in an answer body of any of the shapes above; undefined when there is none. */
export function summaryText(body: string): string | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    // Not JSON: a plain-text answer is the summary itself, unless it is a page of markup.
    const plain = body.trim()
    return plain === '' || plain.startsWith('<') ? undefined : plain
  }
  return textIn(parsed, 2)
}

function textIn(value: unknown, depth: number): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim()
  if (value === null || typeof value !== 'object' || Array.isArray(value) || depth === 0) return undefined
  const record = value as Record<string, unknown>
  for (const field of TEXT_FIELDS) {
    const found = textIn(record[field], 0)
    if (found !== undefined) return found
  }
  return textIn(record.data, depth - 1)
}
