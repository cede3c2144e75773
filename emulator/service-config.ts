/**
 * Reading the app configuration (service.yml): parsing, machine type migration and the
 * trigger map. Machine types live at `meta.service.machine_type_id` (default stack) and at
 * `workflows.<id>.meta.service.machine_type_id` (a workflow's own stack).
 */
import { CORE_SCHEMA, dump, load, mergeTag } from 'js-yaml'
import { isObject } from './http-io.js'

const SCHEMA = CORE_SCHEMA.withTags(mergeTag)

export type ServiceConfig = Record<string, unknown>

/** Parses service.yml text into a mapping; throws with the parser's message otherwise. */
export function parseServiceYml(text: string): ServiceConfig {
  const doc = load(text, { schema: SCHEMA })
  if (!isObject(doc)) throw new Error('the configuration must be a YAML mapping')
  return doc
}

/** Writes a configuration back as YAML text. */
export function dumpServiceYml(config: unknown): string {
  return dump(config, { noRefs: true })
}

function serviceMeta(holder: unknown): Record<string, unknown> | null {
  if (!isObject(holder) || !isObject(holder.meta) || !isObject(holder.meta.service)) return null
  return holder.meta.service
}

/**
 * Replaces `from` with `to` in the default stack and in every workflow's stack.
 * Returns the new text, or null when nothing matched (the text is then left as it was).
 */
export function migrateMachineType(text: string, from: string, to: string): string | null {
  const config = parseServiceYml(text)
  const metas = [serviceMeta(config)]
  if (isObject(config.workflows)) {
    for (const workflow of Object.values(config.workflows)) metas.push(serviceMeta(workflow))
  }
  let changed = false
  for (const meta of metas) {
    if (meta && meta.machine_type_id === from) {
      meta.machine_type_id = to
      changed = true
    }
  }
  return changed ? dumpServiceYml(config) : null
}

/** Names of the workflows the configuration defines. */
export function workflowNames(config: ServiceConfig): string[] {
  return isObject(config.workflows) ? Object.keys(config.workflows) : []
}

/** What a build is about, for trigger map matching. */
export interface TriggerEvent {
  branch?: string
  tag?: string
  pullRequest?: { sourceBranch?: string; targetBranch?: string }
}

/**
 * Glob match with `*` standing for any run of characters, the rest literal. Trigger map
 * patterns come from uploaded files and branches from callers, so this walks both strings
 * once, going back only to the last `*` (at most length × length steps): a regular
 * expression built from `*a*a*a*b` backtracks for minutes on a long branch.
 */
export function globMatch(pattern: string, value: string): boolean {
  let p = 0
  let v = 0
  let star = -1
  let resume = 0
  while (v < value.length) {
    if (p < pattern.length && pattern[p] === '*') {
      star = p++
      resume = v
    } else if (p < pattern.length && pattern[p] === value[v]) {
      p++
      v++
    } else if (star >= 0) {
      // Let the last `*` take one more character and try again from there.
      p = star + 1
      v = ++resume
    } else {
      return false
    }
  }
  while (pattern[p] === '*') p++
  return p === pattern.length
}

/**
 * The workflow the trigger map selects, or null. Supports items with `push_branch`, `tag`,
 * `pull_request_source_branch` and `pull_request_target_branch`, and a `workflow` field;
 * the first matching item wins, as on the service.
 */
export function selectWorkflow(config: ServiceConfig, event: TriggerEvent): string | null {
  if (!Array.isArray(config.trigger_map)) return null
  for (const item of config.trigger_map) {
    if (!isObject(item) || typeof item.workflow !== 'string') continue
    if (event.pullRequest) {
      const source = item.pull_request_source_branch
      const target = item.pull_request_target_branch
      if (typeof source !== 'string' && typeof target !== 'string') continue
      if (typeof source === 'string' && !globMatch(source, event.pullRequest.sourceBranch ?? '')) continue
      if (typeof target === 'string' && !globMatch(target, event.pullRequest.targetBranch ?? '')) continue
      return item.workflow
    }
    if (event.tag !== undefined) {
      if (typeof item.tag === 'string' && globMatch(item.tag, event.tag)) return item.workflow
      continue
    }
    if (event.branch !== undefined && typeof item.push_branch === 'string' && globMatch(item.push_branch, event.branch)) {
      return item.workflow
    }
  }
  return null
}
