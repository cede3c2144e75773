/**
 * Values the service may echo that the step cannot know to be harmless: the `value` of every
 * item of an `environments` or `secrets` list (build parameters, a build's
 * `original_build_params`, a build request's `build_params`, a pipeline's trigger parameters),
 * and of any object flagged `is_secret` or `is_protected`. A build request or a build may have
 * been started by another step, whose `secret-environments` this step never saw, so no value
 * is told apart: each is left out, and the names (`mapped_to`, `key`) and `is_expand` stay.
 * Pure: outputs.ts applies it to every output built from an answer.
 */

const VALUE_LISTS = new Set(['environments', 'secrets'])

/** A copy of `value` without those values, and how many were left out. */
export function withoutSecretValues(value: unknown): { value: unknown; removed: number } {
  let removed = 0
  const strip = (item: unknown): unknown => {
    if (!item || typeof item !== 'object' || Array.isArray(item) || !('value' in item)) return walk(item)
    removed += 1
    const rest = { ...(item as Record<string, unknown>) }
    delete rest.value
    return walk(rest)
  }
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk)
    if (!node || typeof node !== 'object') return node
    const record = node as Record<string, unknown>
    // eslint-disable-next-line house/service-words -- the raw answer is walked as sent, before any mapping: the response output is the service's JSON
    if ((record.is_secret === true || record.is_protected === true) && 'value' in record) return strip(record)
    const out: Record<string, unknown> = {}
    for (const [key, field] of Object.entries(record))
      out[key] = VALUE_LISTS.has(key) && Array.isArray(field) ? field.map(strip) : walk(field)
    return out
  }
  const result = walk(value)
  return { value: result, removed }
}

/** An answer's text without those values: rewritten as JSON only when one was there, otherwise as received. */
export function answerWithoutSecretValues(text: string): string {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return text
  }
  const { value, removed } = withoutSecretValues(parsed)
  return removed > 0 ? JSON.stringify(value) : text
}
