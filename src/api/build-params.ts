/**
 * A build trigger's parameters: the action's own words (TriggerParams, EnvironmentItem), and
 * their mapping to the service's `build_params` object, written once here (serviceBuildParams).
 */

/** An environment variable a trigger sets, or a secret for this build only. */
export interface EnvironmentItem {
  name: string
  value: string
  isExpand: boolean
}

/** What a trigger sends, in the action's words; serviceBuildParams gives the service's. */
export interface TriggerParams {
  branch?: string
  tag?: string
  commitHash?: string
  commitMessage?: string
  workflowId?: string
  pipelineId?: string
  branchDest?: string
  branchRepoOwner?: string
  branchDestRepoOwner?: string
  pullRequestId?: number
  pullRequestMergeBranch?: string
  pullRequestHeadBranch?: string
  pullRequestRepositoryUrl?: string
  /** The repository the code comes from: sent for a fork's workflow run, whose record must show the branch is the fork's. */
  headRepositoryUrl?: string
  skipGitStatusReport?: boolean
  environments?: EnvironmentItem[]
  /** Per-build overrides: the place in the queue, the stack and machine type to run on, and secrets that override the configuration's variables. */
  priority?: number
  stack?: string
  machineTypeId?: string
  secrets?: EnvironmentItem[]
}

/** The service's name of each parameter (`build_params` in the published contract, v0.BuildParams). */
const SERVICE_NAMES: { readonly [K in keyof Required<TriggerParams>]: string } = {
  branch: 'branch',
  tag: 'tag',
  commitHash: 'commit_hash',
  commitMessage: 'commit_message',
  workflowId: 'workflow_id',
  pipelineId: 'pipeline_id',
  branchDest: 'branch_dest',
  branchRepoOwner: 'branch_repo_owner',
  branchDestRepoOwner: 'branch_dest_repo_owner',
  pullRequestId: 'pull_request_id',
  pullRequestMergeBranch: 'pull_request_merge_branch',
  pullRequestHeadBranch: 'pull_request_head_branch',
  pullRequestRepositoryUrl: 'pull_request_repository_url',
  headRepositoryUrl: 'head_repository_url',
  skipGitStatusReport: 'skip_git_status_report',
  environments: 'environments',
  priority: 'priority',
  stack: 'stack',
  machineTypeId: 'machine_type_id',
  secrets: 'secrets'
}

/**
 * An environment item as the service takes it. The published contract names the variable `key`,
 * the service's webhook and CLI `mapped_to`: both are sent, with the same value.
 */
export function serviceEnvironmentItem(item: EnvironmentItem): Record<string, unknown> {
  return { mapped_to: item.name, key: item.name, value: item.value, is_expand: item.isExpand }
}

/** A secret for this build only as the service takes it (the published contract's v0.Secret). */
function serviceSecret(item: EnvironmentItem): Record<string, unknown> {
  return { key: item.name, value: item.value, is_expand: item.isExpand }
}

/**
 * The `build_params` object the service takes for `params`: each field under the service's name,
 * in the order `params` holds them (so the JSON sent follows the order the action gave them),
 * fields left undefined out, as JSON leaves them.
 */
export function serviceBuildParams(params: TriggerParams): Record<string, unknown> {
  const wire: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(params) as Array<[keyof TriggerParams, unknown]>) {
    if (value === undefined) continue
    const items = value as EnvironmentItem[]
    wire[SERVICE_NAMES[field]] =
      field === 'environments'
        ? items.map(serviceEnvironmentItem)
        : field === 'secrets'
          ? items.map(serviceSecret)
          : value
  }
  return wire
}

/**
 * The fields of one item of the environments list form, which people write in the service's
 * words (`{mapped_to, value, is_expand}`; `key`, the contract's name, for `mapped_to`), read as
 * written: the caller checks each.
 */
export const LIST_ITEM_FIELDS = ['mapped_to', 'key', 'value', 'is_expand'] as const

/** The name, value and expansion flag an item of the list form gives, unchecked. */
export function listItemFields(record: Record<string, unknown>): { name: unknown; value: unknown; isExpand: unknown } {
  return { name: record.mapped_to ?? record.key, value: record.value, isExpand: record.is_expand }
}

/** Overlays `explicit` on `fromEvent`: every field given explicitly wins. */
export function mergeBuildParams(fromEvent: TriggerParams, explicit: TriggerParams): TriggerParams {
  const merged: TriggerParams = { ...fromEvent }
  for (const [key, value] of Object.entries(explicit)) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value
  }
  return merged
}

/** True when the parameters name something the service can build. */
export function hasBuildTarget(params: TriggerParams): boolean {
  return Boolean(params.tag || params.commitHash || params.branch || params.workflowId || params.pipelineId)
}
