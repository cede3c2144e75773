/**
 * The project's own compact schema of the service's answers, for the routes the emulator
 * serves. Facts taken from the service's published contract (OpenAPI 2.0, `definitions` and
 * each route's `responses`), written in this project's form; the tests never read the contract
 * itself. `interface.md` rules where the two disagree (config location values).
 *
 * A scalar field may be null unless the object lists it as required: the contract's Go models
 * answer null for an unset pointer (recorded real answers show `"tag": null`, `"abort_reason": null`).
 * An object is closed (a field the contract does not have is an error) unless marked open.
 */

export type Shape =
  | 'string'
  | 'integer'
  | 'boolean'
  | 'any'
  | { kind: 'object'; fields: Record<string, Shape>; required: readonly string[]; open: boolean }
  | { kind: 'list'; item: Shape }
  | { kind: 'enum'; values: readonly string[] }

const obj = (fields: Record<string, Shape>, required: readonly string[] = [], open = false): Shape => ({
  kind: 'object',
  fields,
  required,
  open
})
const list = (item: Shape): Shape => ({ kind: 'list', item })
const oneOf = (...values: string[]): Shape => ({ kind: 'enum', values })
/** The contract's `{"type": "object"}` without properties: any object. */
const ANY_OBJECT = obj({}, [], true)

// Definitions, named as the contract names them.
const UserProfile = obj({
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
const Organization = obj({
  avatar_icon_url: 'string',
  concurrency_count: 'integer',
  name: 'string',
  owners: list(obj({ email: 'string', slug: 'string', username: 'string' })),
  slug: 'string'
})
const Paging = obj({ next: 'string', page_item_limit: 'integer', total_item_count: 'integer' })
const Owner = obj({ account_type: 'string', name: 'string', slug: 'string' })
const App = obj(
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
const Build = obj(
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
const TriggerItem = obj({
  build_number: 'integer',
  build_slug: 'string',
  build_url: 'string',
  message: 'string',
  status: 'string',
  triggered_pipeline: 'string',
  triggered_workflow: 'string'
})
const Trigger = obj(
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
const BuildRequest = obj(
  { build_params: ANY_OBJECT, created_at: 'string', pull_request_url: 'string', slug: 'string' },
  ['slug']
)
const ArtifactListItem = obj({
  artifact_meta: ANY_OBJECT,
  artifact_type: 'string',
  file_size_bytes: 'integer',
  intermediate_file_info: ANY_OBJECT,
  is_public_page_enabled: 'boolean',
  slug: 'string',
  title: 'string'
})
const Artifact = obj(
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
const PipelineWorkflow = obj({
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
const CommitPaths = obj({ added: list('string'), modified: list('string'), removed: list('string') })
const PipelineEnvironment = obj({ is_expand: 'boolean', key: 'string', value: 'any' })
const PipelineTriggerParams = obj({
  branch: 'string',
  branch_dest: 'string',
  branch_dest_repo_owner: 'string',
  branch_repo_owner: 'string',
  commit_hash: 'string',
  commit_message: 'string',
  commit_messages: list('string'),
  commit_paths: list(CommitPaths),
  environments: list(PipelineEnvironment),
  pull_request_author: 'string',
  pull_request_head_branch: 'string',
  pull_request_id: 'string',
  pull_request_merge_branch: 'string',
  pull_request_repository_url: 'string',
  pull_request_unverified_merge_branch: 'string',
  tag: 'string'
})
const Pipeline = obj(
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
const PipelineListTriggerParams = obj({
  base_repository_url: 'string',
  branch: 'string',
  branch_dest: 'string',
  branch_dest_repo_owner: 'string',
  branch_repo_owner: 'string',
  commit_hash: 'string',
  commit_message: 'string',
  commit_messages: list('string'),
  commit_paths: list(CommitPaths),
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
const PipelineListItem = obj({
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
const MachineTypes = obj({
  errors: list(obj({ app: 'string', error: 'string' })),
  message: 'string',
  migrated_apps: list('string')
})
/**
 * The log lost its 200 schema in the published contract; older versions had these fields.
 * Open: the log protocol (cursor, archive) adds fields the lost schema cannot settle.
 */
const Log = obj(
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
const Findings = obj({ errors: list('string'), warnings: list('string') })

const STATUS = obj({ status: 'string' })
const MSG = obj({ msg: 'string' })

/** What a successful answer holds: JSON of a shape, plain text, or nothing. */
export type Body = { json: Shape } | { text: true } | { empty: true }

/** One route the emulator serves, as the contract describes it. */
export interface RouteContract {
  method: string
  /** The emulator's pattern (`emulator/routes/*.ts`). */
  pattern: string
  ok: number
  body: Body
  /** The error statuses the contract lists for the route. */
  errors: readonly number[]
  /** The field of its error model: `message` (StandardErrorRespModel) or `error_msg` (ProxyErrorRespModel). */
  errorField: 'message' | 'error_msg'
}

const STANDARD = [400, 401, 404, 500] as const
const row = (
  method: string,
  pattern: string,
  ok: number,
  body: Body,
  errors: readonly number[] = STANDARD,
  errorField: 'message' | 'error_msg' = 'message'
): RouteContract => ({
  method,
  pattern,
  ok,
  body,
  errors,
  errorField
})
const json = (shape: Shape): Body => ({ json: shape })

/** Every route the emulator serves; a route it serves that is missing here fails the contract test. */
export const CONTRACT: readonly RouteContract[] = [
  row('POST', '/apps/register', 200, json(obj({ slug: 'string', status: 'string' }, ['slug'])), STANDARD, 'error_msg'),
  row('POST', '/apps/:app/register-ssh-key', 200, json(STATUS)),
  row(
    'POST',
    '/apps/:app/finish',
    200,
    json(
      obj({
        branch_name: 'string',
        build_trigger_token: 'string',
        is_webhook_auto_reg_supported: 'boolean',
        status: 'string'
      })
    )
  ),
  row('GET', '/apps', 200, json(obj({ data: list(App), paging: Paging }, ['data']))),
  row('GET', '/organizations/:org/apps', 200, json(obj({ data: list(App), paging: Paging }, ['data']))),
  row('GET', '/users/:user/apps', 200, json(obj({ data: list(App), paging: Paging }, ['data']))),
  row('GET', '/apps/:app', 200, json(obj({ data: App }, ['data']))),
  row('PATCH', '/apps/:app', 200, json(STATUS)),
  row('DELETE', '/apps/:app', 200, json(MSG)),
  row('GET', '/apps/:app/branches', 200, json(obj({ data: list('string') }, ['data']))),
  row('GET', '/apps/:app/service.yml', 200, { text: true }),
  // AppConfigRespModel: a map of strings. The contract lists 500 as ProxyErrorRespModel here; the rest are {message}.
  row('POST', '/apps/:app/service.yml', 200, json({ kind: 'object', fields: {}, required: [], open: true })),
  // Location values as interface.md gives them (`service`, `repository`); the contract's brand name is not used.
  row(
    'GET',
    '/apps/:app/service.yml/config',
    200,
    json(obj({ location: oneOf('service', 'repository') }, ['location']))
  ),
  row('PUT', '/apps/:app/service.yml/config', 204, { empty: true }),
  // 200 also when the text has errors (see the exceptions table); 422 for YAML the emulator cannot read.
  row('POST', '/validate-bitrise-yml', 200, json(Findings), [400, 404, 413, 422]),
  row('PATCH', '/user/:user/apps/machine_types', 200, json(MachineTypes)),
  row('PATCH', '/organizations/:org/apps/machine_types', 200, json(MachineTypes)),
  row('PATCH', '/apps/:app/update-email-notifications', 200, json(MSG)),
  row('GET', '/apps/:app/roles/:role', 200, json(obj({ groups: list('string') }, ['groups'])), [404], 'error_msg'),
  row('PUT', '/apps/:app/roles/:role', 200, json(obj({ groups: list('string') }, ['groups'])), [422], 'error_msg'),
  row(
    'GET',
    '/organizations/:org/groups',
    201,
    json(list(obj({ name: 'string', slug: 'string' }, ['slug']))),
    [401, 403, 404],
    'error_msg'
  ),
  row('POST', '/apps/:app/builds', 201, json(Trigger)),
  row('GET', '/apps/:app/builds/:build', 200, json(obj({ data: Build }, ['data']))),
  // The contract lists no 200 for the log (its schema was lost): see the exceptions table.
  row('GET', '/apps/:app/builds/:build/log', 200, json(Log)),
  // build-bitrise-yml-show: the configuration the build ran with, `text/plain`.
  row('GET', '/apps/:app/builds/:build/service.yml', 200, { text: true }),
  row('POST', '/apps/:app/builds/:build/abort', 200, json(STATUS), [400, 401, 404, 429, 500]),
  row('GET', '/apps/:app/builds', 200, json(obj({ data: list(Build), paging: Paging }, ['data']))),
  // BuildWorkflowListResponseModel: the names of the workflows the app has triggered.
  row('GET', '/apps/:app/build-workflows', 200, json(obj({ data: list('string') }, ['data']))),
  row('GET', '/apps/:app/build-requests', 200, json(obj({ data: list(BuildRequest) }, ['data']))),
  row('PATCH', '/apps/:app/build-requests/:request', 200, json(obj({ data: BuildRequest }))),
  row(
    'GET',
    '/apps/:app/builds/:build/artifacts',
    200,
    json(obj({ data: list(ArtifactListItem), paging: Paging }, ['data']))
  ),
  row('GET', '/apps/:app/builds/:build/artifacts/:artifact', 200, json(obj({ data: Artifact }, ['data']))),
  // artifact-update: ArtifactShowResponseModel, 400, 401, 404 and 500.
  row('PATCH', '/apps/:app/builds/:build/artifacts/:artifact', 200, json(obj({ data: Artifact }, ['data']))),
  // Not in the published contract: the service's API reference ("Get the step summary of a build",
  // 200, 401, 403, 404) and the vendor's MCP server's recorded answer (emulator README).
  row(
    'GET',
    '/apps/:app/builds/:build/log/summary',
    200,
    json(obj({ execution: obj({ workflows: list(ANY_OBJECT) }, ['workflows'], true) }, ['execution'], true)),
    [401, 403, 404]
  ),
  // Not in the published contract: the API reference ("Get the test results of a build"); field
  // names are the emulator's reading (emulator README).
  row(
    'GET',
    '/apps/:app/builds/:build/test-results',
    200,
    json(obj({ test_suites: list(ANY_OBJECT) }, ['test_suites'], true)),
    [400, 401, 403, 404, 502]
  ),
  row('GET', '/apps/:app/pipelines', 200, json(obj({ data: list(PipelineListItem), paging: Paging }, ['data']))),
  row('GET', '/apps/:app/pipelines/:pipeline', 200, json(Pipeline)),
  row('POST', '/apps/:app/pipelines/:pipeline/abort', 200, json(ANY_OBJECT)),
  row('POST', '/apps/:app/pipelines/:pipeline/rebuild', 201, json(ANY_OBJECT), [400, 401, 404, 412, 500]),
  // The contract shows no body for the 200, and only the 404 (as {error_msg}) for a refusal.
  row('GET', '/builds/:build/ai-summary', 200, json(ANY_OBJECT), [404], 'error_msg'),
  // UserProfileRespModel (user-profile): 401 and 404 besides 500.
  row('GET', '/me', 200, json(obj({ data: UserProfile }, ['data'])), [401, 404]),
  // OrganizationRespModel (org-show): 400, 401 and 404 besides 500.
  row('GET', '/organizations/:org', 200, json(obj({ data: Organization }, ['data'])), [400, 401, 404])
]

/** Where `value` departs from `shape`, as `path: problem` lines (none when it fits). */
export function shapeProblems(value: unknown, shape: Shape, path = '$', required = true): string[] {
  if (value === null || value === undefined) return required ? [`${path}: missing or null`] : []
  if (shape === 'any') return []
  if (shape === 'string') return typeof value === 'string' ? [] : [`${path}: ${JSON.stringify(value)} is not a string`]
  if (shape === 'integer') return Number.isInteger(value) ? [] : [`${path}: ${JSON.stringify(value)} is not an integer`]
  if (shape === 'boolean')
    return typeof value === 'boolean' ? [] : [`${path}: ${JSON.stringify(value)} is not a boolean`]
  if (shape.kind === 'enum')
    return shape.values.includes(value as string)
      ? []
      : [`${path}: ${JSON.stringify(value)} is not one of ${shape.values.join(', ')}`]
  if (shape.kind === 'list') {
    if (!Array.isArray(value)) return [`${path}: not a list`]
    return value.flatMap((item, index) => shapeProblems(item, shape.item, `${path}[${index}]`))
  }
  if (typeof value !== 'object' || Array.isArray(value)) return [`${path}: not an object`]
  const record = value as Record<string, unknown>
  const problems = Object.entries(shape.fields).flatMap(([name, field]) =>
    shapeProblems(record[name], field, `${path}.${name}`, shape.required.includes(name))
  )
  if (!shape.open)
    problems.push(
      ...Object.keys(record)
        .filter((name) => !(name in shape.fields))
        .map((name) => `${path}.${name}: a field the contract does not have`)
    )
  return problems
}
