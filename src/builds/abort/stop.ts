/**
 * How a wait stops: after a wait-timeout or a cancelled job the build or pipeline is
 * aborted, with the same reason and flags wherever the action waits (one build, a
 * pipeline, several builds, the post step); after any other failure it is left as it is.
 */
import { abortBuild, type AbortOutcome } from '../../api/builds.js'
import { abortPipeline } from '../../api/pipelines.js'
import { ApiError } from '../../http/api-error.js'
import type { ServiceClient } from '../../http/service-client.js'

/** What a stopped wait aborts: a build or a pipeline of an app. */
export type Stopped = { appSlug: string; buildSlug: string } | { appSlug: string; pipelineId: string }

/** Why the action stopped waiting, in the words of the failure line and the abort reason. */
export function whyStopped(kind: 'timed-out' | 'cancelled', timeoutMs: number): string {
  return kind === 'timed-out' ? `the wait-timeout of ${timeoutMs / 1000} s was reached` : 'the GitHub job was cancelled'
}

/**
 * Aborts what the wait was waiting for, saying `why` in the reason with a link to the run.
 * A build's abort tells whether the build had finished first; a pipeline's tells nothing.
 */
export async function abortOnStop(
  client: ServiceClient,
  stopped: Stopped,
  why: string,
  runUrl: string | undefined
): Promise<AbortOutcome | undefined> {
  const abortReason = `Aborted by the GitHub Action: ${why}${runUrl ? ` (${runUrl})` : ''}`
  if ('pipelineId' in stopped) {
    await abortPipeline(client, stopped.appSlug, stopped.pipelineId, {
      abortReason,
      abortWithSuccess: false,
      skipNotifications: false
    })
    return undefined
  }
  return abortBuild(client, stopped.appSlug, stopped.buildSlug, {
    abortReason,
    abortWithSuccess: false,
    skipNotifications: false,
    skipGitStatusReport: false
  })
}

/** The error that ended a wait, saying the build or pipeline was left as it is. */
export function leftAsIs(error: unknown, stopped: Stopped): Error {
  const [what, id] = 'pipelineId' in stopped ? ['pipeline', stopped.pipelineId] : ['build', stopped.buildSlug]
  const suffix = `; ${what} ${id} was left as it is (the action aborts a ${what} only when the wait-timeout runs out or the job is cancelled)`
  if (error instanceof ApiError) return error.withSuffix(suffix)
  return new Error(`${error instanceof Error ? error.message : String(error)}${suffix}`, { cause: error })
}
