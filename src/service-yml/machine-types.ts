import { machineTypeIdIn } from '../api/config.js'
import { isMapping } from './parse.js'

/** One place in a service.yml that names a machine type. */
export interface MachineTypeUse {
  /** `default stack` or `workflow <id>`, as shown to people. */
  place: string
  /** The workflow's id; absent for the default stack. */
  workflow?: string
  /** The stack named next to the machine type, when there is one. */
  stack?: string
}

/**
 * Finds where a parsed service.yml names `machineType`: the default stack at
 * `meta.service.machine_type_id` and each workflow's own stack at
 * `workflows.<id>.meta.service.machine_type_id` — the places the service's
 * migration rewrites.
 */
export function findMachineTypeUses(config: unknown, machineType: string): MachineTypeUse[] {
  const uses: MachineTypeUse[] = []
  if (!isMapping(config)) return uses
  const top = serviceMeta(config)
  if (top && machineTypeIdIn(top) === machineType) uses.push({ place: 'default stack', ...stackOf(top) })
  if (isMapping(config.workflows)) {
    for (const [id, workflow] of Object.entries(config.workflows)) {
      const meta = serviceMeta(workflow)
      if (meta && machineTypeIdIn(meta) === machineType)
        uses.push({ place: `workflow ${id}`, workflow: id, ...stackOf(meta) })
    }
  }
  return uses
}

/** Every machine type a parsed service.yml names, once each: the default stack's and each workflow's. */
export function machineTypesIn(config: unknown): string[] {
  if (!isMapping(config)) return []
  const holders = [config, ...(isMapping(config.workflows) ? Object.values(config.workflows) : [])]
  const types = new Set<string>()
  for (const holder of holders) {
    const meta = serviceMeta(holder)
    const id = meta && machineTypeIdIn(meta)
    if (typeof id === 'string' && id !== '') types.add(id)
  }
  return [...types]
}

function serviceMeta(holder: unknown): Record<string, unknown> | undefined {
  if (!isMapping(holder) || !isMapping(holder.meta) || !isMapping(holder.meta.service)) return undefined
  return holder.meta.service
}

function stackOf(meta: Record<string, unknown>): { stack?: string } {
  return typeof meta.stack === 'string' && meta.stack !== '' ? { stack: meta.stack } : {}
}

/**
 * The text as the migration would leave it, line for line: each `machine_type_id: <from>` value
 * becomes `to`, quotes, comments and every other line as they were, so a line number the
 * service reports on this text is the same line in the app's file. (The service rewrites only the
 * places findMachineTypeUses reads; whether it keeps the rest of the file as written is not
 * settled, see emulator/docs/apps-and-configuration.md, "service.yml layout for machine types".)
 */
export function withMachineType(text: string, from: string, to: string): string {
  return text
    .split('\n')
    .map((line) => {
      const match = /^(\s*-?\s*machine_type_id\s*:\s*)(["']?)([^"'#\s]+)\2(\s*(#.*)?\r?)$/.exec(line)
      return match && match[3] === from ? `${match[1]}${match[2]}${to}${match[2]}${match[4]}` : line
    })
    .join('\n')
}
