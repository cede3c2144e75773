/**
 * One trigger, several builds: with target-based triggers (a `triggers` property on workflows
 * and pipelines) every matching target starts a build of its own, and the trigger's answer has
 * one `results` item for each (docs.bitrise.io, "YAML syntax for build triggers", "Multiple
 * matching triggers"; bitrise-io/bitrise-cli reads `results` as the source of truth). The
 * trigger map, and a trigger naming its workflow or pipeline, start one.
 */
import { selectTargets } from './service-config.js'
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
