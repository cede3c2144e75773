/**
 * What a traced exchange may keep as written: the words the published contracts fix (the
 * service's, GitHub's REST API, OAuth 2.0), each kept only where it is one of them. Everything
 * else in a URL or a body becomes its placeholder. The lists are written here from the
 * contracts, not read from them at run time.
 */

/** Who a request went to; a signed URL and the runner's token endpoint keep only their shape. */
export type TracePeer = 'service' | 'github' | 'oidc-runner' | 'oidc-exchange' | 'signed-url'

/**
 * A short lower-case word, for a field the contract describes as a fixed set without listing it
 * (a stack id, a machine type): never 40 characters, never a token's shape (`ghp_…`, which has
 * upper-case letters and a prefix GitHub reserves).
 */
export const SHORT_WORD = /^(?!(gh[a-z]|github_pat)_)[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)*$/
export const SHORT_WORD_MAX = 32

/** A kept field: the words its contract lists, or 'word' where it describes a fixed set without listing it. */
type Kept = ReadonlySet<string> | 'word'
const words = (...list: string[]): ReadonlySet<string> => new Set(list)

/**
 * The service's (service-openapi.json and interface.md): pipeline and stack `status` (build
 * `status` is a number), a build's `status_text`, `project_type` and `provider` (AppFinishParams,
 * AppUploadParams), the stack's `os`, the configuration's `location`, `hook_info.type`; stacks,
 * machine types and artifact types are described, not listed.
 */
const SERVICE: Record<string, Kept> = {
  status: words(
    ...['aborted', 'failed', 'initializing', 'on_hold', 'running', 'succeeded', 'succeeded_with_abort'],
    ...['stable', 'edge', 'frozen', 'ok', 'error', 'in-progress', 'success']
  ),
  status_text: words('in-progress', 'success', 'error', 'aborted', 'on-hold'),
  project_type: words(
    ...['android', 'ios', 'cordova', 'other', 'xamarin', 'macos', 'ionic', 'react-native', 'fastlane', 'flutter']
  ),
  provider: words('github', 'bitbucket', 'gitlab', 'gitlab-self-hosted', 'custom'),
  os: words('linux', 'macos'),
  location: words('service', 'repository'),
  type: words('service'),
  account_type: words('user', 'organization'),
  pull_request_ready_state: words('draft', 'ready_for_review', 'converted_to_ready_for_review'),
  stack: 'word',
  stack_id: 'word',
  machine_type_id: 'word',
  from_machine: 'word',
  to_machine: 'word',
  artifact_type: 'word'
}

/** OAuth 2.0 token answers and errors (RFC 6749 5.1, 5.2; RFC 8693 2.2.2). */
const OAUTH: Record<string, Kept> = {
  token_type: words('Bearer', 'bearer', 'N_A'),
  error: words(
    ...['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type'],
    ...['invalid_scope', 'invalid_target', 'access_denied', 'server_error', 'temporarily_unavailable']
  )
}

/**
 * GitHub's (docs.github.com REST reference): a commit status's `state`, a check run's `status`
 * and `conclusion`, a comment's `author_association`. Kept apart from the service's, as a GitHub
 * user's `location` is a place a person named.
 */
const GITHUB: Record<string, Kept> = {
  state: words('error', 'failure', 'pending', 'success', 'open', 'closed'),
  status: words('queued', 'in_progress', 'completed', 'waiting', 'requested', 'pending'),
  conclusion: words(
    ...['action_required', 'cancelled', 'failure', 'neutral', 'success', 'skipped', 'stale', 'timed_out'],
    'startup_failure'
  ),
  author_association: words(
    ...['COLLABORATOR', 'CONTRIBUTOR', 'FIRST_TIMER', 'FIRST_TIME_CONTRIBUTOR', 'MANNEQUIN', 'MEMBER', 'NONE', 'OWNER']
  )
}

/** The fields whose word values a traced body keeps, by who answered. */
export const KEPT_WORD_FIELDS: Record<TracePeer, Readonly<Record<string, Kept>>> = {
  service: SERVICE,
  github: GITHUB,
  'oidc-exchange': OAUTH,
  'oidc-runner': {},
  'signed-url': {}
}

/** Whether `value` of the field `key` is kept as written for `peer`. */
export function keptWord(fields: Readonly<Record<string, Kept>>, key: string | undefined, value: string): boolean {
  if (key === undefined || !Object.hasOwn(fields, key)) return false
  const kept = fields[key]
  return kept === 'word' ? value.length <= SHORT_WORD_MAX && SHORT_WORD.test(value) : kept.has(value)
}

/**
 * The fixed words of the routes the action calls: the service contract's path words (its
 * `paths`, less the parameters) and GitHub's REST and GraphQL routes. A path segment is kept
 * only when it is one of these, a version (`v0.1`, `v3`) or a number.
 */
export const ROUTE_WORDS: ReadonlySet<string> = words(
  ...['abort', 'activities', 'add_member', 'addons', 'ai-summary', 'android-keystore-files', 'apple-api-credentials'],
  ...['apps', 'archived-builds', 'artifacts', 'available-stacks', 'branches', 'build-certificates', 'build-requests'],
  ...['build-workflows', 'builds', 'cache-items', 'change-connection-type', 'config', 'delivery-items', 'download'],
  ...['finish', 'generic-project-files', 'github-app-connection-configuration', 'google-service-credentials'],
  ...['groups', 'log', 'machine_types', 'me', 'members', 'organizations', 'outgoing-webhooks', 'pipelines'],
  ...['provisioning-profiles', 'rebuild', 'redeliver', 'register', 'register-ssh-key', 'register-webhook'],
  ...['repository-authorization', 'roles', 'search-steps', 'secrets', 'service-credential-user', 'service.yml'],
  ...['step-inputs', 'test-devices', 'update-email-notifications', 'update-linked-repositories', 'uploaded', 'user'],
  ...['users', 'validate-bitrise-yml', 'value', 'oidc', 'token', 'summary', 'test-results'],
  ...['api', 'repos', 'statuses', 'check-runs', 'issues', 'comments', 'pulls', 'files', 'compare', 'graphql'],
  ...['collaborators', 'permission', 'reviews', 'commits', 'labels', 'events', 'timeline', 'installation']
)

/**
 * The query values a URL keeps, by parameter: the contract's enums (`sort_by`), booleans and
 * numbers (any parameter). Any other value becomes its placeholder.
 */
export const QUERY_WORDS: Readonly<Record<string, ReadonlySet<string>>> = {
  sort_by: words('running_first', 'created_at', 'last_build_at'),
  status: words('aborted', 'failed', 'initializing', 'on_hold', 'running', 'succeeded', 'succeeded_with_abort'),
  state: words('open', 'closed', 'all'),
  direction: words('asc', 'desc')
}

/** Query parameters whose value may be a credential or a signature: written `<redacted>`. */
export const SECRET_QUERY = /token|sig|key|secret|credential|password|auth|policy|session|expires|code|x-amz|x-goog/i

/** The media types a traced content type is reduced to; any other is written `other`. */
export const MEDIA_TYPES: ReadonlySet<string> = words(
  ...['application/json', 'application/vnd.github+json', 'application/problem+json', 'application/jwt'],
  ...['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain', 'text/html', 'text/csv', 'text/xml'],
  ...['text/yaml', 'text/x-yaml', 'application/yaml', 'application/x-yaml', 'application/xml'],
  ...['application/octet-stream', 'application/zip', 'application/gzip', 'application/x-gzip', 'application/x-tar'],
  ...['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/svg+xml']
)
