/**
 * What a step needs once its inputs have been read: the service client, the step context,
 * the post step's abort, and the words for a failed call. main.ts loads this module only
 * then, so a step that fails on its inputs never loads it, nor the HTTP, output and
 * summary code it brings, and starts that much sooner.
 */
import type { CommonInputs } from './common-inputs.js'
import { ApiError } from './http/api-error.js'
import { ApiClient } from './http/client.js'
import type { OperationModule } from './operations/operation.js'
import { StepContext } from './step-context.js'
import * as commands from './workflow-commands.js'

/** The context an operation runs in: its service client, the cancel signal and the run's page. */
export function createStepContext(common: CommonInputs, signal: AbortSignal): StepContext {
  return new StepContext(createClient(common), signal, runUrl())
}

/** Aborts the build the main step saved as pending (`pending` is its saved state). */
export async function abortPendingBuild(pending: string, common: CommonInputs): Promise<void> {
  const { appSlug, buildSlug } = JSON.parse(pending) as { appSlug: string; buildSlug: string }
  const { abortBuild } = await import('./api/builds.js')
  const outcome = await abortBuild(createClient(common), appSlug, buildSlug, {
    abortReason: `Aborted by the GitHub Action: the step was stopped while waiting for the build${runUrl() ? ` (${runUrl()})` : ''}`,
    abortWithSuccess: false,
    skipNotifications: false,
    skipGitStatusReport: false
  })
  commands.info(
    outcome.kind === 'finished' && !outcome.byEarlierAttempt
      ? `Build ${buildSlug}, which the main step was waiting for when it stopped, had already finished (${outcome.status}); nothing to abort.`
      : `Aborted build ${buildSlug}, which the main step was waiting for when it stopped.`
  )
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
