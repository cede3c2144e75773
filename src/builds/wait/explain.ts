/**
 * Why a waited build failed, in the service's words: its AI summary, read once the build has
 * failed (not when it was aborted), with explain-failure on. The service writes the summary after
 * the build ends and no source says how soon, so a missing one is asked for again a few times,
 * within a bounded time. A build without a summary, or a summary that cannot be read, changes
 * nothing about how the step ends; the log says which it was.
 */
import { readAiSummary, type AiSummaryAnswer } from '../../api/ai-summary.js'
import type { BuildStatus } from '../../api/build-record.js'
import { Input } from '../../constants.js'
import type { HandlerContext } from '../../step/context.js'
import { askAgain } from './loop.js'

/** How many times a missing summary is asked for again, and the longest pause before each: at most 15 s in all. */
export const SUMMARY_RETRIES = 3
export const MAX_SUMMARY_PAUSE_MS = 5_000

/** What explainFailure reads of the wait's settings: whether to ask, and the poll interval that paces the asks. */
export interface ExplainSettings {
  explainFailure: boolean
  pollIntervalMs: number
}

/** The service's AI summary of the failed build, or undefined (not failed, turned off, none, or unreadable: said in the log). */
export async function explainFailure(
  buildSlug: string,
  status: BuildStatus,
  settings: ExplainSettings,
  ctx: HandlerContext
): Promise<string | undefined> {
  if (status !== 'failed' || !settings.explainFailure) return undefined
  const pause = Math.min(settings.pollIntervalMs, MAX_SUMMARY_PAUSE_MS)
  const started = Date.now()
  let answer: AiSummaryAnswer
  let asked: number
  try {
    ;({ answer, asked } = await askAgain(
      SUMMARY_RETRIES,
      pause,
      ctx.signal,
      () => readAiSummary(ctx.client, buildSlug, ctx.signal),
      (read) => read.kind === 'read'
    ))
  } catch (error) {
    ctx.info(
      `The service's AI summary of build ${buildSlug} could not be read, so the step goes on without it (${Input.explainFailure}): ${(error as Error).message}`
    )
    return undefined
  }
  if (answer.kind === 'read') {
    const after = asked > 1 ? ` after ${asked} asks` : ''
    if (answer.shape === 'as-sent')
      ctx.info(
        `The service's AI summary of build ${buildSlug} was read${after}, in a shape the action does not know: it is shown as the service sent it.`
      )
    else if (after) ctx.info(`The service's AI summary of build ${buildSlug} was read${after}.`)
    return answer.text
  }
  const seconds = Math.round((Date.now() - started) / 100) / 10
  const how = answer.why === 'empty' ? 'answered with nothing in it' : 'answered 404'
  ctx.info(
    `The service has no AI summary of build ${buildSlug}: it ${how}, asked ${asked} time(s) over ${seconds} s. ` +
      `It writes one only when the AI build summary is on in the app's settings; set ${Input.explainFailure}: false to skip asking.`
  )
  return undefined
}
