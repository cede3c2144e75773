/** Reading a trigger request: the four body encodings, build_params, environments and the emulator's headers. */
import type { IncomingHttpHeaders } from 'node:http'
import { badRequest } from '../http/errors.js'
import type { TriggerRequest } from '../model/model.js'
import { redactBody, REDACTED } from '../model/redaction.js'
import type { EnvItem } from '../model/build-records.js'
import { isObject } from '../model/types.js'

const STRING_PARAMS = [
  'branch',
  'commit_hash',
  'tag',
  'commit_message',
  'workflow_id',
  'pipeline_id',
  'branch_dest',
  'branch_repo_owner',
  'branch_dest_repo_owner',
  'pull_request_merge_branch',
  'pull_request_head_branch',
  'pull_request_repository_url',
  // Recorded as sent (original_build_params); the service's own webhook fills them (bitrise-io/bitrise-webhooks).
  'head_repository_url',
  'base_repository_url',
  'stack',
  'machine_type_id'
]
/** The range the service's documentation gives a build's priority (devcenter, "Build priority"). */
const PRIORITY_MIN = -100
const PRIORITY_MAX = 100
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
/**
 * The hook_info.type a trigger over the API names: the contract's word (`service`, standing for the
 * service's name) and the name itself, which the vendor's clients send (bitrise-io/bitrise-cli
 * `bitriseapi/builds.go` documents it as the type of a CLI trigger; p-mazhnik/bitrise-run-build
 * v1.2.0 sends it), so they run here unchanged. No source shows what other words the service takes.
 */
const HOOK_TYPES = ['service', 'bitrise']

/** Accepts the four encodings: object, JSON text, object or text under `payload`, form `payload`. */
function unwrapTriggerBody(body: unknown): Record<string, unknown> {
  let value = body
  const parse = (text: string, what: string): unknown => {
    try {
      return JSON.parse(text)
    } catch {
      throw badRequest(`${what} is not valid JSON`)
    }
  }
  if (typeof value === 'string') value = parse(value, 'request body')
  if (isObject(value) && value.payload !== undefined && value.hook_info === undefined) {
    value = typeof value.payload === 'string' ? parse(value.payload, 'payload') : value.payload
  }
  if (!isObject(value)) throw badRequest('request body must be a JSON object with hook_info and build_params')
  return value
}

/** `environments` items name their variable in `mapped_to` or `key`; the contract's `secrets` items (v0.Secret) in `key` only. */
function checkEnvironments(value: unknown, list: 'environments' | 'secrets' = 'environments'): EnvItem[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw badRequest(`build_params.${list} must be an array`)
  return value.map((item, i) => {
    const at = `build_params.${list}[${i}]`
    if (!isObject(item)) throw badRequest(`${at} must be an object`)
    const name = list === 'secrets' ? item.key : (item.mapped_to ?? item.key)
    if (typeof name !== 'string' || !ENV_NAME.test(name)) {
      throw badRequest(`${at}.${list === 'secrets' ? 'key' : 'mapped_to'} must be a valid environment variable name`)
    }
    if (item.key !== undefined && item.mapped_to !== undefined && item.key !== item.mapped_to) {
      throw badRequest(`${at}.key and ${at}.mapped_to disagree`)
    }
    if (typeof item.value !== 'string') throw badRequest(`${at}.value must be a string`)
    if (item.is_expand !== undefined && typeof item.is_expand !== 'boolean')
      throw badRequest(`${at}.is_expand must be a boolean`)
    // The value has been checked; the emulator runs nothing, so it keeps only that there was one.
    return { name, value: REDACTED, is_expand: item.is_expand ?? true }
  })
}

/** The emulator's own per-trigger headers: the build's outcome, duration and log rate. */
function headerOptions(
  headers: IncomingHttpHeaders
): Pick<TriggerRequest, 'outcome' | 'durationMs' | 'logBytesPerSecond'> {
  const outcome = headers['x-emulator-build-outcome']
  const duration = headers['x-emulator-build-duration-ms']
  const rate = headers['x-emulator-log-bytes-per-second']
  const options: Pick<TriggerRequest, 'outcome' | 'durationMs' | 'logBytesPerSecond'> = {}
  if (typeof rate === 'string') {
    if (!/^[1-9]\d{0,9}$/.test(rate)) throw badRequest('X-Emulator-Log-Bytes-Per-Second must be a positive integer')
    options.logBytesPerSecond = Number(rate)
  }
  if (typeof outcome === 'string') {
    if (outcome !== 'success' && outcome !== 'failure')
      throw badRequest('X-Emulator-Build-Outcome must be success or failure')
    options.outcome = outcome
  }
  if (typeof duration === 'string') {
    if (!/^\d+$/.test(duration)) throw badRequest('X-Emulator-Build-Duration-Ms must be a non-negative integer')
    options.durationMs = Number(duration)
  }
  return options
}

function stringParams(params: Record<string, unknown>): TriggerRequest['text'] {
  const text: TriggerRequest['text'] = {}
  for (const field of STRING_PARAMS) {
    const value = params[field]
    if (value !== undefined && value !== null && typeof value !== 'string')
      throw badRequest(`build_params.${field} must be a string`)
    text[field] = typeof value === 'string' && value !== '' ? value : undefined
  }
  return text
}

/** The trigger as the model takes it; every error names the field it is about. */
export function readTriggerRequest(rawBody: unknown, headers: IncomingHttpHeaders): TriggerRequest {
  const body = unwrapTriggerBody(rawBody)
  if (!isObject(body.hook_info) || !HOOK_TYPES.includes(body.hook_info.type as string))
    throw badRequest(`hook_info.type must be one of ${HOOK_TYPES.map((type) => `"${type}"`).join(', ')}`)
  if (!isObject(body.build_params)) throw badRequest('build_params is required and must be an object')
  const params = body.build_params
  const text = stringParams(params)
  const prId = params.pull_request_id
  if (prId !== undefined && prId !== null && !(typeof prId === 'number' && Number.isInteger(prId))) {
    throw badRequest('build_params.pull_request_id must be an integer')
  }
  const skip = params.skip_git_status_report
  if (skip !== undefined && typeof skip !== 'boolean')
    throw badRequest('build_params.skip_git_status_report must be a boolean')
  const environments = checkEnvironments(params.environments)
  const secrets = checkEnvironments(params.secrets, 'secrets')
  const priority = params.priority
  if (
    priority !== undefined &&
    priority !== null &&
    !(Number.isInteger(priority) && (priority as number) >= PRIORITY_MIN && (priority as number) <= PRIORITY_MAX)
  ) {
    throw badRequest(`build_params.priority must be a whole number from ${PRIORITY_MIN} to ${PRIORITY_MAX}`)
  }
  if (!text.tag && !text.commit_hash && !text.branch && !text.workflow_id && !text.pipeline_id) {
    throw badRequest('build_params needs at least one of tag, commit_hash, branch, workflow_id or pipeline_id')
  }
  return {
    text,
    pullRequestId: typeof prId === 'number' ? prId : null,
    skipGitStatusReport: skip === true,
    environments,
    ...(secrets.length > 0 ? { secrets } : {}),
    ...(typeof priority === 'number' ? { priority } : {}),
    originalParams: redactBody(params) as Record<string, unknown>,
    ...headerOptions(headers)
  }
}
