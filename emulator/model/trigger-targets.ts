/**
 * One trigger, several builds: with target-based triggers (a `triggers` property on workflows
 * and pipelines) every matching target starts a build of its own, and the trigger's answer has
 * one `results` item for each (docs.bitrise.io, "YAML syntax for build triggers", "Multiple
 * matching triggers"; bitrise-io/bitrise-cli reads `results` as the source of truth). The
 * trigger map, and a trigger naming its workflow or pipeline, start one.
 */
import type { ServiceConfig } from './service-config.js'
import { globMatch, type TriggerEvent } from './trigger-map.js'
import { isObject } from './types.js'
import type { TriggerRequest } from './build-records.js'
import type { AppRecord } from './records.js'
import { configForBuild } from './builds.js'

/** The trigger itself, or one trigger per matching target, each naming its workflow or pipeline. */
export function triggersOf(app: AppRecord, request: TriggerRequest): TriggerRequest[] {
  const { text } = request
  if (text.workflow_id || text.pipeline_id) return [request]
  const targets = selectTargets(configForBuild(app), {
    branch: text.branch,
    tag: text.tag,
    pullRequest:
      request.pullRequestId !== null ? { sourceBranch: text.branch, targetBranch: text.branch_dest } : undefined
  })
  if (!targets || targets.workflows.length + targets.pipelines.length === 0) return [request]
  return [
    ...targets.workflows.map((workflow_id) => ({ ...request, text: { ...text, workflow_id } })),
    ...targets.pipelines.map((pipeline_id) => ({ ...request, text: { ...text, pipeline_id } }))
  ]
}

/** The workflows and pipelines whose own `triggers` match the event, each once, in file order. */
export interface TriggerTargets {
  workflows: string[]
  pipelines: string[]
}

/**
 * Target-based triggers: a `triggers` property on a workflow or a pipeline, with `push` items
 * (`branch`), `pull_request` items (`source_branch`, `target_branch`) and `tag` items (`name`);
 * every condition of an item must match. Unlike the trigger map, every matching target starts
 * a build (docs.bitrise.io, "YAML syntax for build triggers", "Multiple matching triggers").
 * Only glob strings are read; a `regex:` condition matches nothing here. Null when no target
 * of the file has triggers, so the trigger map decides.
 */
export function selectTargets(config: ServiceConfig, event: TriggerEvent): TriggerTargets | null {
  let any = false
  const matching = (group: unknown): string[] => {
    if (!isObject(group)) return []
    return Object.entries(group).flatMap(([name, target]) => {
      if (!isObject(target) || !isObject(target.triggers)) return []
      any = true
      return targetMatches(target.triggers, event) ? [name] : []
    })
  }
  const targets = { workflows: matching(config.workflows), pipelines: matching(config.pipelines) }
  return any ? targets : null
}

function targetMatches(triggers: Record<string, unknown>, event: TriggerEvent): boolean {
  const items = (kind: string): Record<string, unknown>[] =>
    Array.isArray(triggers[kind]) ? (triggers[kind] as unknown[]).filter(isObject) : []
  const all = (item: Record<string, unknown>, conditions: [string, string | undefined][]): boolean =>
    conditions.some(([key]) => item[key] !== undefined) &&
    conditions.every(
      ([key, value]) =>
        item[key] === undefined || (typeof item[key] === 'string' && globMatch(item[key] as string, value ?? ''))
    )
  if (event.pullRequest) {
    const { sourceBranch, targetBranch } = event.pullRequest
    return items('pull_request').some((item) =>
      all(item, [
        ['source_branch', sourceBranch],
        ['target_branch', targetBranch]
      ])
    )
  }
  if (event.tag !== undefined) return items('tag').some((item) => all(item, [['name', event.tag]]))
  return event.branch !== undefined && items('push').some((item) => all(item, [['branch', event.branch]]))
}
