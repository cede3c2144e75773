import type { ApiClient } from '../client.js'

export interface AbortOptions {
  abortReason: string
  abortWithSuccess: boolean
  skipNotifications: boolean
  skipGitStatusReport: boolean
}

/**
 * Aborts a build. All four body fields are always sent: the interface makes them
 * optional, the published contract requires them.
 */
export async function abortBuild(
  client: ApiClient,
  appSlug: string,
  buildSlug: string,
  options: AbortOptions,
  signal?: AbortSignal
): Promise<{ response: string }> {
  const res = await client.post<unknown>(
    `/apps/${encodeURIComponent(appSlug)}/builds/${encodeURIComponent(buildSlug)}/abort`,
    {
      abort_reason: options.abortReason,
      abort_with_success: options.abortWithSuccess,
      skip_git_status_report: options.skipGitStatusReport,
      skip_notifications: options.skipNotifications
    },
    // Aborting twice has the effect of aborting once.
    { retry: 'idempotent', signal }
  )
  return { response: res.text }
}
