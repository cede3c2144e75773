/**
 * What a step needs once its inputs have been read: the service client, the step context,
 * the post step's aborts, and the words for a failed call. main.ts loads this module only
 * then, so a step that fails on its inputs never loads it, nor the HTTP, output and
 * summary code it brings, and starts that much sooner.
 */
import type { CommonInputs } from '../inputs/common.js'
import { ApiError } from '../http/api-error.js'
import { ApiClient } from '../http/client.js'
import type { OperationModule } from '../operations/operation.js'
import { StepContext } from './step-context.js'
import * as commands from '../runner/workflow-commands.js'

/** The context an operation runs in: its service client, the cancel signal and the run's page. */
export function createStepContext(common: CommonInputs, signal: AbortSignal): StepContext {
  return new StepContext(createClient(common), signal, runUrl())
}

/** Aborts every build and pipeline the main step saved as pending (`saved` is its saved state). */
export async function abortPendingWork(saved: string, common: CommonInputs): Promise<void> {
  const { readPending } = await import('../builds/pending.js')
  const { abortPending } = await import('../builds/post-abort.js')
  const work = readPending(saved)
  await abortPending(work, createClient(common), { runUrl: runUrl(), info: (message) => commands.info(message), warning: (message) => commands.warning(message) })
}

/** The failure line for any error but an input error: a refused call gets a hint on what to check. */
export function describeServiceFailure(error: unknown, operation: OperationModule | undefined): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error)
  if (error.status === 401) return `${error.message}. The token was refused: check that the secret holds a valid access token.`
  if (error.status === 403 && operation) return `${error.message}. The token's user lacks the role this call needs: ${operation.role}.`
  if (error.status === 404) return `${error.message}. Check the slugs: the service knows no such resource, or the token cannot see it.`
  return error.message
}

function createClient(common: CommonInputs): ApiClient {
  return new ApiClient({
    baseUrl: common.baseUrl,
    token: common.token,
    timeoutMs: common.requestTimeoutMs,
    maxAttempts: common.maxAttempts,
    retryBaseMs: common.retryBaseMs,
    debug: (message) => commands.debug(message)
  })
}

function runUrl(): string | undefined {
  const { GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID } = process.env
  return GITHUB_SERVER_URL && GITHUB_REPOSITORY && GITHUB_RUN_ID ? `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}` : undefined
}
