/** How the service's findings on a service.yml are shown: outputs, log lines and summary lines, shared by the operations that check one. */
import type { ConfigFindings } from '../api/validation.js'
import { Output } from '../constants.js'
import type { AnnotationPlace, HandlerContext } from '../step/context.js'

/** At most this many findings are written to the log one by one; the outputs hold all of them. */
const MAX_LOGGED = 50

/** Sets the errors and warnings outputs (each with its file). */
export function outputFindings(ctx: HandlerContext, findings: ConfigFindings): void {
  ctx.output(Output.errors, findings.errors)
  ctx.output(Output.warnings, findings.warnings)
}

/** The file the findings are about, for annotations: a path from the repository's root; absent for a file not in it. */
export interface FindingsFile {
  /** What was checked, in words, prefixed to each finding. */
  what: string
  /** The path from the workspace (the repository's root), when the file is one of the workspace. */
  file?: string
  /** The annotation's title. */
  title: string
}

/**
 * The line (and column) a finding is about, when its text starts by saying so: the service's
 * findings read `line 5: ...`, a YAML error `line 3, column 7: ...` or `yaml: line 3: ...`.
 */
export function findingPlace(text: string): { line: number; column?: number } | undefined {
  const match = /^(?:yaml: )?line (\d{1,9})(?:, column (\d{1,9}))?:/.exec(text)
  if (!match) return undefined
  const line = Number(match[1])
  if (line < 1) return undefined
  return match[2] !== undefined && Number(match[2]) > 0 ? { line, column: Number(match[2]) } : { line }
}

/**
 * Each finding of the service as an annotation: one with a line on that line of the file (an
 * error annotation for an error, which does not fail the step by itself), a warning without a line
 * as a plain warning. The text is the service's, so it is data: the context escapes it.
 */
export function annotateFindings(ctx: HandlerContext, findings: ConfigFindings, source: FindingsFile): void {
  for (const [level, items] of [
    ['error', findings.errors],
    ['warning', findings.warnings]
  ] as const) {
    for (const item of items.slice(0, MAX_LOGGED)) {
      const found = findingPlace(item)
      const message = `${source.what}: ${item}`
      if (found) {
        const place: AnnotationPlace = { title: source.title, line: found.line, column: found.column }
        if (source.file !== undefined) place.file = source.file
        ctx.annotate(level, message, place)
      } else if (level === 'warning') ctx.warning(message)
    }
  }
}

/** The findings as lines: the errors, then the warnings, each list cut to MAX_LOGGED with a count of the rest. */
export function findingLines(findings: ConfigFindings): string[] {
  const list = (label: string, items: string[]): string[] => [
    ...items.slice(0, MAX_LOGGED).map((item) => `${label}: ${item}`),
    ...(items.length > MAX_LOGGED
      ? [`${items.length - MAX_LOGGED} more ${label.toLowerCase()}(s) are in the outputs.`]
      : [])
  ]
  return [...list('Error', findings.errors), ...list('Warning', findings.warnings)]
}

/** One line counting the findings, e.g. `the service found 2 error(s) and 1 warning(s)`. */
export function countFindings(findings: ConfigFindings): string {
  if (findings.errors.length === 0 && findings.warnings.length === 0)
    return 'the service found no errors and no warnings'
  return `the service found ${findings.errors.length} error(s) and ${findings.warnings.length} warning(s)`
}
