/**
 * The trigger map of the app configuration: which workflow a push, a tag or a pull request
 * selects, by glob patterns matched without backtracking.
 */
import type { ServiceConfig } from './service-config.js'
import { isObject } from './types.js'

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
    if (
      event.branch !== undefined &&
      typeof item.push_branch === 'string' &&
      globMatch(item.push_branch, event.branch)
    ) {
      return item.workflow
    }
  }
  return null
}
