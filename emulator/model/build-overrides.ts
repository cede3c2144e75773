/**
 * What one build runs on: the stack and machine type a trigger names (`build_params.stack`,
 * `build_params.machine_type_id`), else the triggered workflow's own, else the configuration's
 * default (`meta.service`), and for the stack the app's registered one last.
 */
import type { ServiceConfig } from './service-config.js'
import type { BuildRecord } from './build-records.js'
import type { AppRecord } from './records.js'
import { isObject } from './types.js'

function serviceMeta(holder: unknown): Record<string, unknown> {
  return isObject(holder) && isObject(holder.meta) && isObject(holder.meta.service) ? holder.meta.service : {}
}

/** A scalar of the configuration as text (YAML may read `12.0` as a number), or null when absent. */
function scalarText(value: unknown): string | null {
  return (typeof value === 'string' && value !== '') || typeof value === 'number' ? String(value) : null
}

/** The stack and machine type of a build of `workflow`. */
export function runsOn(
  app: AppRecord,
  config: ServiceConfig,
  workflow: string,
  text: Record<string, string | undefined>
): Pick<BuildRecord, 'stackIdentifier' | 'machineTypeId'> {
  const own = serviceMeta(isObject(config.workflows) ? config.workflows[workflow] : undefined)
  const top = serviceMeta(config)
  return {
    stackIdentifier: text.stack ?? scalarText(own.stack) ?? scalarText(top.stack) ?? app.stackId,
    machineTypeId: text.machine_type_id ?? scalarText(own.machine_type_id) ?? scalarText(top.machine_type_id)
  }
}
