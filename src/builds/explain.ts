/**
 * Why a waited build failed, in the service's words: its AI summary, read once the build has
 * failed (not when it was aborted), with explain-failure on. A build without a summary, or a
 * summary that cannot be read, changes nothing about how the step ends.
 */
import { readAiSummary } from '../api/ai-summary.js'
import type { BuildStatus } from '../api/build-record.js'
import { Input } from '../constants.js'
import type { HandlerContext } from '../step/context.js'

/** The service's AI summary of the failed build, or undefined (not failed, turned off, none, or unreadable: said in one log line). */
export async function explainFailure(buildSlug: string, status: BuildStatus, enabled: boolean, ctx: HandlerContext): Promise<string | undefined> {
  if (status !== 'failed' || !enabled) return undefined
  try {
    return await readAiSummary(ctx.client, buildSlug, ctx.signal)
  } catch (error) {
    ctx.info(`The service's AI summary of build ${buildSlug} could not be read, so the step goes on without it (${Input.explainFailure}): ${(error as Error).message}`)
    return undefined
  }
}
