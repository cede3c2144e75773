/**
 * The service's answers as shapes, in the project's compact schema (service-contract.ts says
 * where they come from and how they are read): the helpers that write a shape, and one shape
 * per definition of the published contract the emulator answers with.
 */
export type Shape =
  | 'string'
  | 'integer'
  | 'boolean'
  | 'any'
  | { kind: 'object'; fields: Record<string, Shape>; required: readonly string[]; open: boolean }
  | { kind: 'list'; item: Shape }
  | { kind: 'enum'; values: readonly string[] }

export const obj = (fields: Record<string, Shape>, required: readonly string[] = [], open = false): Shape => ({
  kind: 'object',
  fields,
  required,
  open
})
export const list = (item: Shape): Shape => ({ kind: 'list', item })
export const oneOf = (...values: string[]): Shape => ({ kind: 'enum', values })
/** The contract's `{"type": "object"}` without properties: any object. */
export const ANY_OBJECT = obj({}, [], true)

// Definitions, named as the contract names them.
export const UserProfile = obj({
  avatar_url: 'string',
  created_at: 'string',
  data_id: 'integer',
  email: 'string',
  has_used_organization_trial: 'boolean',
  payment_processor: 'string',
  slug: 'string',
  unconfirmed_email: 'string',
  username: 'string'
})
export const Organization = obj({
  avatar_icon_url: 'string',
  concurrency_count: 'integer',
  name: 'string',
  owners: list(obj({ email: 'string', slug: 'string', username: 'string' })),
  slug: 'string'
})
export const Paging = obj({ next: 'string', page_item_limit: 'integer', total_item_count: 'integer' })
export const Owner = obj({ account_type: 'string', name: 'string', slug: 'string' })
export const App = obj(
  {
    avatar_url: 'string',
    is_disabled: 'boolean',
    is_github_checks_enabled: 'boolean',
    is_public: 'boolean',
    owner: Owner,
    project_id: 'string',
    project_type: 'string',
    provider: 'string',
    repo_owner: 'string',
    repo_slug: 'string',
    repo_url: 'string',
    slug: 'string',
    status: 'integer',
    title: 'string'
  },
  ['slug']
)
export const Build = obj(
  {
    abort_reason: 'string',
    branch: 'string',
    build_number: 'integer',
    commit_hash: 'string',
    commit_message: 'string',
    commit_view_url: 'string',
    credit_cost: 'integer',
    environment_prepare_finished_at: 'string',
    finished_at: 'string',
    is_on_hold: 'boolean',
    is_processed: 'boolean',
    is_status_sent: 'boolean',
    log_format: 'string',
    machine_type_id: 'string',
    original_build_params: ANY_OBJECT,
    pipeline_workflow_id: 'string',
    pull_request_id: 'integer',
    pull_request_target_branch: 'string',
    pull_request_view_url: 'string',
    rebuildable: 'boolean',
    slug: 'string',
    stack_identifier: 'string',
    started_on_worker_at: 'string',
    status: 'integer',
    status_text: 'string',
    tag: 'string',
    triggered_at: 'string',
    triggered_by: 'string',
    triggered_workflow: 'string',
    utility: 'boolean'
  },
  // A build without a pull request has pull_request_id 0, never null (recorded real answers).
  ['slug', 'build_number', 'status', 'status_text', 'is_on_hold', 'pull_request_id']
)
export const TriggerItem = obj({
  build_number: 'integer',
  build_slug: 'string',
  build_url: 'string',
  message: 'string',
  status: 'string',
  triggered_pipeline: 'string',
  triggered_workflow: 'string'
})
export const Trigger = obj(
  {
    build_number: 'integer',
    build_slug: 'string',
    build_url: 'string',
    message: 'string',
    results: list(TriggerItem),
    service: 'string',
    slug: 'string',
    status: 'string',
    triggered_workflow: 'string'
  },
  ['status']
)
export const BuildRequest = obj(
  { build_params: ANY_OBJECT, created_at: 'string', pull_request_url: 'string', slug: 'string' },
  ['slug']
)
export const ArtifactListItem = obj({
  artifact_meta: ANY_OBJECT,
  artifact_type: 'string',
  file_size_bytes: 'integer',
  intermediate_file_info: ANY_OBJECT,
  is_public_page_enabled: 'boolean',
  slug: 'string',
  title: 'string'
})
export const Artifact = obj(
  {
    artifact_meta: ANY_OBJECT,
    artifact_type: 'string',
    expiring_download_url: 'string',
    file_size_bytes: 'integer',
    intermediate_file_info: ANY_OBJECT,
    is_public_page_enabled: 'boolean',
    public_install_page_url: 'string',
    slug: 'string',
    title: 'string'
  },
  ['slug']
)
export const PipelineWorkflow = obj({
  credit_cost: 'any',
  depends_on: list('string'),
  external_id: 'string',
  finished_at: 'string',
  id: 'string',
  is_generator: 'boolean',
  name: 'string',
  startFailureReason: 'string',
  started_at: 'string',
  status: 'string'
})
export const CommitPaths = obj({ added: list('string'), modified: list('string'), removed: list('string') })
export const PipelineEnvironment = obj({ is_expand: 'boolean', key: 'string', value: 'any' })
/** The branch and commit fields both trigger-parameter shapes of a pipeline share. */
const PipelineCommitFields: Record<string, Shape> = {
  branch: 'string',
  branch_dest: 'string',
  branch_dest_repo_owner: 'string',
  branch_repo_owner: 'string',
  commit_hash: 'string',
  commit_message: 'string',
  commit_messages: list('string'),
  commit_paths: list(CommitPaths)
}
export const PipelineTriggerParams = obj({
  ...PipelineCommitFields,
  environments: list(PipelineEnvironment),
  pull_request_author: 'string',
  pull_request_head_branch: 'string',
  pull_request_id: 'string',
  pull_request_merge_branch: 'string',
  pull_request_repository_url: 'string',
  pull_request_unverified_merge_branch: 'string',
  tag: 'string'
})
export const Pipeline = obj(
  {
    abort_reason: 'string',
    app: obj({ slug: 'string' }),
    attempts: list(
      obj({ id: 'string', number_in_pipeline_build_scope: 'integer', status: 'string', triggered_at: 'string' })
    ),
    credit_cost: 'any',
    current_attempt_id: 'string',
    finished_at: 'string',
    id: 'string',
    name: 'string',
    number_in_app_scope: 'integer',
    put_on_hold_at: 'any',
    rebuildable: 'boolean',
    stages: list(obj({ id: 'string', name: 'string', workflows: list(PipelineWorkflow) })),
    started_at: 'string',
    status: oneOf('aborted', 'failed', 'initializing', 'on_hold', 'running', 'succeeded', 'succeeded_with_abort'),
    trigger_params: PipelineTriggerParams,
    triggered_at: 'string',
    triggered_by: 'string',
    type: 'string',
    workflows: list(PipelineWorkflow)
  },
  ['id', 'status']
)
export const PipelineListTriggerParams = obj({
  base_repository_url: 'string',
  ...PipelineCommitFields,
  environments: list(obj({ is_expand: 'any', key: 'string', value: 'any' })),
  head_repository_url: 'string',
  machine_type_id: 'string',
  priority: 'integer',
  pull_request_author: 'string',
  pull_request_comment: 'string',
  pull_request_comment_id: 'string',
  pull_request_head_branch: 'string',
  pull_request_id: 'any',
  pull_request_labels: list('string'),
  pull_request_labels_added: list('string'),
  pull_request_merge_branch: 'string',
  pull_request_ready_state: 'string',
  pull_request_repository_url: 'string',
  pull_request_unverified_merge_branch: 'string',
  skip_git_status_report: 'boolean',
  stack: 'string',
  tag: 'any'
})
/** PipelineListResponseItemModel: a pipeline or a standalone build; `status` a number, as a build's. */
export const PipelineListItem = obj({
  artifacts: list(
    obj({ artifact_type: 'string', id: 'string', title: 'string', version_code: 'string', version_name: 'string' })
  ),
  branch: 'string',
  build_number: 'integer',
  build_tool_invocations: list(obj({ invocation_id: 'string', tool: 'string', tool_version: 'string' })),
  commit_hash: 'string',
  commit_message: 'string',
  credit_cost: 'integer',
  finished_at: 'string',
  is_on_hold: 'boolean',
  is_pipeline: 'boolean',
  is_processed: 'boolean',
  local_config: obj({ host: 'string', username: 'string' }),
  pull_request_id: 'integer',
  pull_request_target_branch: 'string',
  rebuildable: 'boolean',
  slug: 'string',
  started_at: 'string',
  status: 'integer',
  tag: 'string',
  trigger_params: PipelineListTriggerParams,
  triggered_at: 'string',
  triggered_by: 'string',
  triggered_workflow: 'string',
  utility: 'boolean'
})
export const MachineTypes = obj({
  errors: list(obj({ app: 'string', error: 'string' })),
  message: 'string',
  migrated_apps: list('string')
})
/**
 * The log lost its 200 schema in the published contract; older versions had these fields.
 * Open: the log protocol (cursor, archive) adds fields the lost schema cannot settle.
 */
export const Log = obj(
  {
    log_chunks: list(obj({ chunk: 'string', position: 'integer' }, ['chunk', 'position'])),
    is_archived: 'boolean',
    expiring_raw_log_url: 'string',
    timestamp: 'string'
  },
  [],
  true
)

/** ValidateBitriseYMLRespModel: both lists of strings. */
export const Findings = obj({ errors: list('string'), warnings: list('string') })

export const STATUS = obj({ status: 'string' })
export const MSG = obj({ msg: 'string' })
