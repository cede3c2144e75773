import { ApiError, type ApiClient } from '../client.js'
import { buildPath, getBuild, statusWord, type BuildRecord, type BuildStatus } from './build-record.js'

export interface AbortOptions {
  abortReason: string
  abortWithSuccess: boolean
  skipNotifications: boolean
  skipGitStatusReport: boolean
}

/**
 * What an abort achieved:
 * - `aborted`: the service accepted this abort;
 * - `finished`: the service refused it and the build, read back, has finished.
 *   `byEarlierAttempt` is true when an earlier attempt of this call may have been
 *   applied (its answer was lost) and the build ended aborted: that attempt took effect.
 */
export type AbortOutcome =
  | { kind: 'aborted'; response: string }
  | { kind: 'finished'; status: BuildStatus; record: BuildRecord; response: string; byEarlierAttempt: boolean }

/**
 * Aborts a build. All four body fields are always sent: the interface makes them
 * optional, the published contract requires them. A refusal (400 or 409) is
 * checked by reading the build: one that has finished is the end an abort wants,
 * whether this call or the build itself got there first.
 */
export async function abortBuild(
  client: ApiClient,
  appSlug: string,
  buildSlug: string,
  options: AbortOptions,
  signal?: AbortSignal
): Promise<AbortOutcome> {
  try {
    const res = await client.post<unknown>(
      `${buildPath(appSlug, buildSlug)}/abort`,
      {
        abort_reason: options.abortReason,
        abort_with_success: options.abortWithSuccess,
        skip_git_status_report: options.skipGitStatusReport,
        skip_notifications: options.skipNotifications
      },
      // Aborting twice has the effect of aborting once.
      { retry: 'idempotent', signal }
    )
    return { kind: 'aborted', response: res.text }
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'http' || (error.status !== 400 && error.status !== 409)) throw error
    let read
    try {
      read = await getBuild(client, appSlug, buildSlug, signal)
    } catch {
      // The build cannot be read back: the refusal stands as the service gave it.
      throw error
    }
    const word = read.record.status === undefined ? undefined : statusWord(read.record.status)
    if (!word) throw error
    return {
      kind: 'finished',
      status: word,
      record: read.record,
      response: read.response,
      byEarlierAttempt: error.earlierAttemptMayHaveApplied && (word === 'aborted' || word === 'aborted-with-success')
    }
  }
}
