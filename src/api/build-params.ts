/** The wire shape of a build trigger: the `build_params` object and its environment items. */

export interface EnvironmentItem {
  mapped_to: string
  /** The published contract names the field `key`; it is sent with the same value for compatibility. */
  key: string
  value: string
  is_expand: boolean
}

/** The name of the variable an environment item sets (`mapped_to`). */
export function variableName(item: EnvironmentItem): string {
  return item.mapped_to
}

/** An item of `build_params.secrets` (the published contract's v0.Secret): a secret for this build only. */
export interface SecretItem {
  key: string
  value: string
  is_expand: boolean
}

export interface BuildParams {
  branch?: string
  tag?: string
  commit_hash?: string
  commit_message?: string
  workflow_id?: string
  pipeline_id?: string
  branch_dest?: string
  branch_repo_owner?: string
  branch_dest_repo_owner?: string
  pull_request_id?: number
  pull_request_merge_branch?: string
  pull_request_head_branch?: string
  pull_request_repository_url?: string
  /** The repository the code comes from: sent for a fork's workflow run, whose record must show the branch is the fork's. */
  head_repository_url?: string
  skip_git_status_report?: boolean
  environments?: EnvironmentItem[]
  /** Per-build overrides: the place in the queue, the stack and machine type to run on, and secrets that override the configuration's variables. */
  priority?: number
  stack?: string
  machine_type_id?: string
  secrets?: SecretItem[]
}

/** Overlays `explicit` on `fromEvent`: every field given explicitly wins. */
export function mergeBuildParams(fromEvent: BuildParams, explicit: BuildParams): BuildParams {
  const merged: BuildParams = { ...fromEvent }
  for (const [key, value] of Object.entries(explicit)) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value
  }
  return merged
}

/** True when the parameters name something the service can build. */
export function hasBuildTarget(params: BuildParams): boolean {
  return Boolean(params.tag || params.commit_hash || params.branch || params.workflow_id || params.pipeline_id)
}

/** What a trigger asks to build, in the action's words: what the features compare and report. */
export interface TriggerTarget {
  branch?: string
  tag?: string
  commitHash?: string
  workflowId?: string
  pipelineId?: string
  pullRequestId?: number
  /** The head repository of the pull request, and the owner of the branch, as the trigger named them. */
  pullRequestRepositoryUrl?: string
  branchRepoOwner?: string
  branchDestRepoOwner?: string
  branchDest?: string
  /** The names of the environment variables the trigger sets, in order. */
  variables?: string[]
}

/** The target of the wire parameters, read once here so no feature reads the service's words. */
export function targetOf(params: BuildParams): TriggerTarget {
  return {
    branch: params.branch,
    tag: params.tag,
    commitHash: params.commit_hash,
    workflowId: params.workflow_id,
    pipelineId: params.pipeline_id,
    pullRequestId: params.pull_request_id,
    pullRequestRepositoryUrl: params.pull_request_repository_url,
    branchRepoOwner: params.branch_repo_owner,
    branchDestRepoOwner: params.branch_dest_repo_owner,
    branchDest: params.branch_dest,
    variables: params.environments?.map(variableName)
  }
}
