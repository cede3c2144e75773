import { CORE_SCHEMA, load, mergeTag } from 'js-yaml'

/**
 * The YAML 1.2 core schema plus `<<` merge keys: service.yml files often share a
 * workflow's settings through anchors and merges, and js-yaml 5 no longer merges by default.
 */
const SCHEMA = CORE_SCHEMA.withTags(mergeTag)

/** Why a text is not a usable service.yml, with the 1-based place of a syntax error. */
export interface ServiceYmlProblem {
  reason: string
  line?: number
  column?: number
}

export type ParsedServiceYml = { ok: true; config: Record<string, unknown> } | { ok: false; problem: ServiceYmlProblem }

/** Parses service.yml text; never throws. The document must be a mapping. */
export function parseServiceYml(text: string): ParsedServiceYml {
  let doc: unknown
  try {
    doc = load(text, { schema: SCHEMA })
  } catch (error) {
    const e = error as { reason?: unknown; mark?: { line?: unknown; column?: unknown }; message?: unknown }
    const reason = typeof e.reason === 'string' && e.reason !== '' ? e.reason : String(e.message ?? error)
    const line = typeof e.mark?.line === 'number' ? e.mark.line + 1 : undefined
    const column = typeof e.mark?.column === 'number' ? e.mark.column + 1 : undefined
    return { ok: false, problem: { reason, line, column } }
  }
  if (!isMapping(doc)) {
    return { ok: false, problem: { reason: `the document is ${describe(doc)}, not a mapping of keys to values` } }
  }
  return { ok: true, config: doc }
}

/** One line for a problem, e.g. `bad indentation of a mapping entry at line 3, column 4`. */
export function describeProblem(problem: ServiceYmlProblem): string {
  if (problem.line === undefined) return problem.reason
  return `${problem.reason} at line ${problem.line}${problem.column === undefined ? '' : `, column ${problem.column}`}`
}

export function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'empty'
  if (Array.isArray(value)) return 'a list'
  return `a single ${typeof value} value`
}
