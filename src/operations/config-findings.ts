/** How the service's findings on a service.yml are shown: outputs, log lines and summary lines, shared by the operations that check one. */
import type { ConfigFindings } from '../api/validation.js'
import { Output } from '../constants.js'
import type { HandlerContext } from '../step/context.js'

/** At most this many findings are written to the log one by one; the outputs hold all of them. */
const MAX_LOGGED = 50

/** Sets the errors and warnings outputs (each with its file). */
export function outputFindings(ctx: HandlerContext, findings: ConfigFindings): void {
  ctx.output(Output.errors, findings.errors)
  ctx.output(Output.warnings, findings.warnings)
}

/** Each warning of the service as a warning annotation, prefixed with what was checked. */
export function warnFindings(ctx: HandlerContext, findings: ConfigFindings, what: string): void {
  for (const warning of findings.warnings.slice(0, MAX_LOGGED)) ctx.warning(`${what}: ${warning}`)
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
