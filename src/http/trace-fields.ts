/**
 * The fields of a traced body whose string values are kept as they are: words the service's
 * published contract (or GitHub's REST API, for its own calls) lists or describes as a fixed set,
 * which identify no one and explain what the action did. Every other string is replaced by its
 * length. The list is written here from the contract, not read from it at run time.
 */

/**
 * Field names, and where their words come from:
 * - `status` (pipelines, stacks), `status_text` (builds: in-progress, success, error, aborted),
 *   `project_type`, `provider`, `account_type`, `artifact_type`, `stack`, `stack_id`,
 *   `machine_type_id`, `from_machine`, `to_machine`, `pull_request_ready_state`, `type`
 *   (`service`), `location` (`service`, `repository`), `os`: the published contract's models.
 * - `token_type`, `error`, `grant_type`: OAuth 2.0 token answers and errors (RFC 6749 5.1, 5.2),
 *   which the service's OIDC exchange speaks.
 * - `state`, `conclusion`, `author_association`: GitHub's commit status, check run and
 *   comment models (docs.github.com REST reference), each a fixed set of words.
 */
export const KEPT_WORD_FIELDS: ReadonlySet<string> = new Set([
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
  'os',
  'token_type',
  'error',
  'grant_type',
  'state',
  'conclusion',
  'author_association'
])

/**
 * A kept field's value must still look like a word of a fixed set: short, no spaces, no
 * punctuation beyond what identifiers use. Anything else in such a field is replaced too.
 */
export const WORD = /^[A-Za-z][A-Za-z0-9_.-]{0,39}$/

/** Query parameters whose value may be a credential or a signature: their values are never traced. */
export const SECRET_QUERY = /token|sig|key|secret|credential|password|auth|policy|session|expires|code|x-amz|x-goog/i
