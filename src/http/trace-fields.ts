/**
 * The fields of a traced body whose string values are kept as they are: words the service's
 * published contract (or GitHub's REST API, for its own calls) lists or describes as a fixed set,
 * which identify no one and explain what the action did. Every other string is replaced by its
 * length. The list is written here from the contract, not read from it at run time.
 */

/** Who a request went to; a signed URL and the runner's token endpoint keep only their shape. */
export type TracePeer = 'service' | 'github' | 'oidc-runner' | 'oidc-exchange' | 'signed-url'

/**
 * The service's: `status` (pipelines, stacks), `status_text` (builds: in-progress, success,
 * error, aborted), `project_type`, `provider`, `account_type`, `artifact_type`, `stack`,
 * `stack_id`, `machine_type_id`, `from_machine`, `to_machine`, `pull_request_ready_state`,
 * `type` (`service`), `location` (`service`, `repository`), `os`: the published contract's models.
 */
const SERVICE_WORDS = new Set([
  'status',
  'status_text',
  'project_type',
  'provider',
  'account_type',
  'artifact_type',
  'stack',
  'stack_id',
  'machine_type_id',
  'from_machine',
  'to_machine',
  'pull_request_ready_state',
  'type',
  'location',
  'os'
])

/** The OIDC exchange's: OAuth 2.0 token answers and errors (RFC 6749 5.1, 5.2). */
const OAUTH_WORDS = new Set(['token_type', 'error', 'grant_type'])

/**
 * GitHub's: the commit status's `state`, the check run's `status` and `conclusion`, a comment's
 * `author_association` (docs.github.com REST reference), each a fixed set of words. Kept apart
 * from the service's, as a GitHub user's `location` is a place a person named.
 */
const GITHUB_WORDS = new Set(['state', 'status', 'conclusion', 'author_association'])

/** The fields whose word values a traced body keeps, by who answered. */
export const KEPT_WORD_FIELDS: Record<TracePeer, ReadonlySet<string>> = {
  service: SERVICE_WORDS,
  github: GITHUB_WORDS,
  'oidc-exchange': OAUTH_WORDS,
  'oidc-runner': new Set(),
  'signed-url': new Set()
}

/**
 * A kept field's value must still look like a word of a fixed set: short, no spaces, no
 * punctuation beyond what identifiers use. Anything else in such a field is replaced too.
 */
export const WORD = /^[A-Za-z][A-Za-z0-9_.-]{0,39}$/

/** Query parameters whose value may be a credential or a signature: their values are never traced. */
export const SECRET_QUERY = /token|sig|key|secret|credential|password|auth|policy|session|expires|code|x-amz|x-goog/i
