/**
 * What a step needs once its inputs have been read: the service client, the step context
 * and the words for a failed call. main.ts loads this module only
 * then, so a step that fails on its inputs never loads it, nor the HTTP, output and
 * summary code it brings, and starts that much sooner.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ACTION_NAME, ACTION_VERSION } from '../constants.js'
import type { CommonInputs } from '../inputs/common.js'
import { ApiError } from '../http/api-error.js'
import { ApiClient } from '../http/client.js'
import { OidcSignIn } from '../http/oidc-sign-in.js'
import { startTrace } from '../http/trace.js'
import { reportProxySecretsTo } from '../http/transport.js'
import { addSecret } from '../runner/secrets.js'
import type { PostContext } from './context.js'
import { StepContext } from './step-context.js'
import * as commands from '../runner/workflow-commands.js'

/** The context an operation runs in: its service client, the cancel signal and the run's page. */
export function createStepContext(common: CommonInputs, signal: AbortSignal): StepContext {
  // Before the client exists, so its first exchange (an OIDC sign-in) is in the trace too.
  const trace = common.trace ? startStepTrace(common.operation) : undefined
  const context = new StepContext(createClient(common), signal, runUrl(), repoUrl())
  if (trace) context.traceTo(trace)
  return context
}

/** The post step's context: the client of the common inputs read again, the run's page, the runner's log. */
export function createPostContext(common: CommonInputs): PostContext {
  return {
    client: createClient(common),
    runUrl: runUrl(),
    info: (message) => commands.info(message),
    warning: (message) => commands.warning(message)
  }
}

/** Starts the wire trace in a folder of the step's own under RUNNER_TEMP, as the file outputs are; returns its path. */
function startStepTrace(operation: string): string {
  const path = join(mkdtempSync(join(process.env.RUNNER_TEMP || tmpdir(), 'service-ci-')), 'trace.jsonl')
  startTrace(path, { trace: ACTION_NAME, version: ACTION_VERSION, operation, format: 1 })
  return path
}

/** The failure line for any error but an input error: a refused call gets a hint on what to check (`role`: the role the operation needs). */
export function describeServiceFailure(error: unknown, role: string | undefined): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error)
  if (error.status === 401)
    return `${error.message}. The token was refused: check that the secret holds a valid access token (or, signed in with OIDC, that the trust policy's role still applies).`
  if (error.status === 403 && role) return `${error.message}. The token's user lacks the role this call needs: ${role}.`
  if (error.status === 404)
    return `${error.message}. Check the slugs: the service knows no such resource, or the token cannot see it.`
  return error.message
}

/** The service client of the step, from the common inputs. */
export function createClient(common: CommonInputs): ApiClient {
  // Before the first request, which reads the proxy variables: their secrets are masked.
  reportProxySecretsTo((value, what) => addSecret(value, what))
  const debug = (message: string): void => commands.debug(message)
  // Signed in with the job's OIDC token: each of the three tokens is masked the moment it exists.
  const credentials = common.oidc
    ? new OidcSignIn(common.oidc, { mask: (value) => addSecret(value), timeoutMs: common.requestTimeoutMs, debug })
    : undefined
  return new ApiClient({
    baseUrl: common.baseUrl,
    token: common.token,
    credentials,
    timeoutMs: common.requestTimeoutMs,
    maxAttempts: common.maxAttempts,
    listLimit: common.listLimit,
    retryBaseMs: common.retryBaseMs,
    debug
  })
}

/** The page of this workflow run, quoted in abort reasons. */
export function runUrl(): string | undefined {
  const { GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID } = process.env
  return GITHUB_SERVER_URL && GITHUB_REPOSITORY && GITHUB_RUN_ID
    ? `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}`
    : undefined
}

/** The repository's page on GitHub, for links to its commits. */
export function repoUrl(): string | undefined {
  const { GITHUB_SERVER_URL, GITHUB_REPOSITORY } = process.env
  return GITHUB_REPOSITORY && /^[\w.-]+\/[\w.-]+$/.test(GITHUB_REPOSITORY)
    ? `${GITHUB_SERVER_URL || 'https://github.com'}/${GITHUB_REPOSITORY}`
    : undefined
}
