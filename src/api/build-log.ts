/**
 * One read of a build's live log (`GET …/builds/{slug}/log`), in the action's words: the service's
 * answer (`log_chunks`, `generated_log_chunks_num`, `is_archived`, `expiring_raw_log_url`, and the
 * cursor `next_after_timestamp`, which the next read sends as `after_timestamp`) is read here once.
 * Sources: bitrise-io/bitrise-cli bitriseapi/builds.go; lifeomic/bitrise src/build.js for `timestamp`.
 */
import type { ServiceClient } from '../http/service-client.js'

/** One piece of the log, as the log endpoint answers it. */
export interface LogChunk {
  chunk: string
  position: number
}

/** What one answer of the log says. */
export interface LogAnswer {
  chunks: LogChunk[]
  /** How many chunks the service has made of the log so far. */
  generated?: number
  archived: boolean
  /** Where the whole archived log is (a signed URL: a credential), once archived. */
  rawUrl?: string
  /** What the next read sends to get only what is new. */
  cursor?: string
}

/** The answer's fields the action uses; anything malformed is left out, not trusted. */
export function readLogAnswer(body: unknown): LogAnswer {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  const list = Array.isArray(b.log_chunks) ? (b.log_chunks as unknown[]) : []
  const chunks = list.filter(
    (c): c is LogChunk =>
      !!c &&
      typeof c === 'object' &&
      typeof (c as LogChunk).chunk === 'string' &&
      Number.isSafeInteger((c as LogChunk).position) &&
      (c as LogChunk).position >= 0
  )
  const generated =
    typeof b.generated_log_chunks_num === 'number' && Number.isSafeInteger(b.generated_log_chunks_num)
      ? b.generated_log_chunks_num
      : undefined
  // bitrise-cli reads `next_after_timestamp`; older answers carry the cursor as `timestamp` (lifeomic/bitrise src/build.js).
  const cursor = [b.next_after_timestamp, b.timestamp].find((v): v is string => typeof v === 'string' && v !== '')
  const rawUrl =
    typeof b.expiring_raw_log_url === 'string' && b.expiring_raw_log_url !== '' ? b.expiring_raw_log_url : undefined
  return { chunks, generated, archived: b.is_archived === true, rawUrl, cursor }
}

/** Reads the log at `path` after `cursor` (from its last chunks without one): the answer, and its size in characters. */
export async function readLogPage(
  client: ServiceClient,
  path: string,
  cursor: string | undefined,
  options: { signal: AbortSignal; maxBytes: number }
): Promise<{ answer: LogAnswer; length: number }> {
  const res = await client.request<unknown>('GET', path, { ...options, query: { after_timestamp: cursor } })
  return { answer: readLogAnswer(res.body), length: res.text.length }
}
