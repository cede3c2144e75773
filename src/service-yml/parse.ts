import { load } from 'js-yaml'
import { loadAsService, loadServiceYaml, loadServiceYamlText, TEXT_SCHEMA } from './yaml-as-service.js'

/** Why a text is not a usable service.yml, with the 1-based place of a syntax error. */
export interface ServiceYmlProblem {
  reason: string
  line?: number
  column?: number
}

export type ParsedServiceYml =
  | {
      ok: true
      /** The document with YAML 1.1 meanings, as the service reads untyped values (`no` is false, `0022` is 18). */
      config: Record<string, unknown>
      /** The same document with every scalar as its text, as the service reads its string fields (`machine_type_id`). */
      textConfig: Record<string, unknown>
      /** Lines whose continuation was under-indented: the service's reader takes them, js-yaml alone would not. */
      repairedLines: number[]
    }
  | { ok: false; problem: ServiceYmlProblem }

/**
 * Parses service.yml text as the service reads it (see yaml-as-service.ts); never throws.
 * The document must be a mapping. `<<` merge keys apply: files often share a workflow's settings.
 */
export function parseServiceYml(text: string): ParsedServiceYml {
  let doc: unknown
  let textDoc: unknown
  let repairedLines: number[]
  try {
    const read = loadServiceYaml(text)
    doc = read.doc
    repairedLines = read.repairedLines
    textDoc = loadServiceYamlText(read.text)
  } catch (error) {
    return { ok: false, problem: problemOf(error) }
  }
  if (!isMapping(doc) || !isMapping(textDoc)) {
    return { ok: false, problem: { reason: `the document is ${describe(doc)}, not a mapping of keys to values` } }
  }
  return { ok: true, config: doc, textConfig: textDoc, repairedLines }
}

/**
 * The text reading alone (every scalar as written), with the same tolerance of indentation:
 * one parse instead of two, for a caller that reads only string fields (the migration preview,
 * which reads thousands of files).
 */
export function parseServiceYmlText(
  text: string
): { ok: true; textConfig: Record<string, unknown> } | { ok: false; problem: ServiceYmlProblem } {
  let textDoc: unknown
  try {
    textDoc = loadAsService(text, (current) => load(current, { schema: TEXT_SCHEMA })).doc
  } catch (error) {
    return { ok: false, problem: problemOf(error) }
  }
  if (!isMapping(textDoc))
    return { ok: false, problem: { reason: `the document is ${describe(textDoc)}, not a mapping of keys to values` } }
  return { ok: true, textConfig: textDoc }
}

/** A js-yaml error as a problem with its 1-based place. */
function problemOf(error: unknown): ServiceYmlProblem {
  const e = error as { reason?: unknown; mark?: { line?: unknown; column?: unknown }; message?: unknown }
  const reason = typeof e.reason === 'string' && e.reason !== '' ? e.reason : String(e.message ?? error)
  const line = typeof e.mark?.line === 'number' ? e.mark.line + 1 : undefined
  const column = typeof e.mark?.column === 'number' ? e.mark.column + 1 : undefined
  return { reason, line, column }
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
