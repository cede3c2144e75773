/**
 * The emulator's own check of a configuration text (POST /validate-bitrise-yml): its rules, not
 * the service's. YAML it cannot read is refused outright; otherwise it lists errors (stacks and
 * machine types the seed does not offer, trigger map items naming workflows or pipelines that
 * are not defined, no workflows, a pipeline a trigger would refuse) and warnings, each with the
 * line it is about where one is found. Pipelines are read by the same code as a trigger reads
 * them (model/pipeline-plan.ts), so the check and the runner agree.
 */
import { unreadable } from './errors.js'
import { ConfigLimitError, parseServiceYml, type ServiceConfig } from './service-config.js'
import { isObject } from './types.js'
import { readPipeline } from './pipeline-plan.js'

export interface ConfigFindings {
  errors: string[]
  warnings: string[]
}

/** What the check compares names with; null: not checked (no app given, or a seed without the list). */
export interface Offer {
  stacks: ReadonlySet<string> | null
  machineTypes: ReadonlySet<string> | null
}

/** Checks `text`; throws an `unreadable` model error when it is not YAML the service can read. */
export function checkConfiguration(text: string, offer: Offer | null): ConfigFindings {
  const config = readConfig(text)
  const lines = text.split('\n')
  const findings: ConfigFindings = { errors: [], warnings: [] }
  if (config.format_version === undefined)
    findings.warnings.push('format_version is not set; the newest format is assumed')
  const workflows = isObject(config.workflows) ? Object.keys(config.workflows) : []
  if (workflows.length === 0)
    findings.errors.push(`${at(lines, /^workflows\s*:/)}the configuration defines no workflows; no build can run`)
  checkTriggerMap(config, lines, workflows, findings)
  checkPipelines(config, lines, findings)
  if (offer === null) {
    findings.warnings.push('no app_slug was given: stacks and machine types were not checked against an app')
  } else {
    checkOffered(lines, usedValues(config, 'stack'), 'stack', offer.stacks, findings)
    checkOffered(lines, usedValues(config, 'machine_type_id'), 'machine_type_id', offer.machineTypes, findings)
  }
  return findings
}

function readConfig(text: string): ServiceConfig {
  try {
    return parseServiceYml(text)
  } catch (error) {
    if (error instanceof ConfigLimitError) throw unreadable(error.message)
    const e = error as { reason?: string; mark?: { line?: number; column?: number }; message?: string }
    const place =
      typeof e.mark?.line === 'number' ? `line ${e.mark.line + 1}, column ${(e.mark.column ?? 0) + 1}: ` : ''
    throw unreadable(`${place}${e.reason ?? (e.message ?? String(error)).split('\n')[0]}`)
  }
}

/** `line N: ` for the first line from `from` (1-based) matching `pattern`, or '' when none does. */
function at(lines: string[], pattern: RegExp, from = 1): string {
  const index = lines.findIndex((line, i) => i >= from - 1 && pattern.test(line))
  return index < 0 ? '' : `line ${index + 1}: `
}

/** A line holding `key: value` (the value plain or quoted, a comment after it allowed). */
function keyValue(key: string, value: string): RegExp {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`^\\s*(?:-\\s+)?${key}\\s*:\\s*(["']?)${escaped}\\1\\s*(?:#.*)?\\r?$`)
}

/** The values of `meta.service.<key>` in the default stack and in each workflow's own. */
function usedValues(config: ServiceConfig, key: string): Set<string> {
  const metas = [config, ...(isObject(config.workflows) ? Object.values(config.workflows) : [])].map((holder) =>
    isObject(holder) && isObject(holder.meta) && isObject(holder.meta.service) ? holder.meta.service[key] : undefined
  )
  return new Set(metas.filter((value): value is string => typeof value === 'string' && value !== ''))
}

function checkOffered(
  lines: string[],
  used: Set<string>,
  key: string,
  offered: ReadonlySet<string> | null,
  findings: ConfigFindings
): void {
  if (offered === null) return
  const what = key === 'stack' ? 'stack' : 'machine type'
  for (const value of used) {
    if (offered.has(value)) continue
    const pattern = keyValue(key, value)
    const where = lines.flatMap((line, index) => (pattern.test(line) ? [index + 1] : []))
    const reason = `${what} "${value}" is not available to this app; available: ${[...offered].join(', ')}`
    if (where.length === 0) findings.errors.push(reason)
    for (const line of where) findings.errors.push(`line ${line}: ${reason}`)
  }
}

/** Each pipeline must be one a trigger can start; one with nothing in it is a warning, as the service's CLI has it. */
function checkPipelines(config: ServiceConfig, lines: string[], findings: ConfigFindings): void {
  if (!isObject(config.pipelines)) return
  const start = lines.findIndex((line) => /^pipelines\s*:/.test(line)) + 1
  for (const id of Object.keys(config.pipelines)) {
    const reading = readPipeline(config, id)
    if (!reading || 'plan' in reading) continue
    const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const place = start > 0 ? at(lines, new RegExp(`^\\s+["']?${escaped}["']?\\s*:`), start + 1) : ''
    if ('error' in reading) findings.errors.push(`${place}${reading.error}`)
    else findings.warnings.push(`${place}${reading.empty}`)
  }
}

/** Each trigger map item must name a workflow (or pipeline) the configuration defines. */
function checkTriggerMap(config: ServiceConfig, lines: string[], workflows: string[], findings: ConfigFindings): void {
  if (config.trigger_map === undefined) return
  const start = lines.findIndex((line) => /^trigger_map\s*:/.test(line)) + 1
  if (!Array.isArray(config.trigger_map)) {
    findings.errors.push(`${at(lines, /^trigger_map\s*:/)}trigger_map must be a list of items`)
    return
  }
  const pipelines = isObject(config.pipelines) ? Object.keys(config.pipelines) : []
  // Each item's line is searched after the previous item's, so a name used twice gets each its own line.
  let from = start + 1
  config.trigger_map.forEach((item, index) => {
    if (!isObject(item)) return
    for (const [key, defined] of [
      ['workflow', workflows],
      ['pipeline', pipelines]
    ] as const) {
      const name = item[key]
      if (typeof name !== 'string') continue
      const found = lines.findIndex((line, i) => i >= from - 1 && keyValue(key, name).test(line))
      if (found >= 0) from = found + 2
      if (defined.includes(name)) continue
      const known = defined.length > 0 ? `; defined: ${defined.join(', ')}` : ''
      findings.errors.push(
        `${found >= 0 ? `line ${found + 1}: ` : ''}trigger_map item ${index + 1} names ${key} "${name}", which the configuration does not define${known}`
      )
    }
  })
}
