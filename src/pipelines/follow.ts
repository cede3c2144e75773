/**
 * A pipeline triggered by a step: its outputs, and with wait, its state followed to the end,
 * printing each workflow change. A wait-timeout or a cancelled job aborts the pipeline through
 * its own abort endpoint, with the reason and flags a build gets.
 */
import { abortPipeline, getPipeline, PIPELINE_FINISHED, workflowsOutput, workflowsTable, type PipelineRecord } from '../api/pipelines.js'
import { Output } from '../constants.js'
import type { HandlerContext } from '../operations/context.js'
import type { WaitSettings } from '../operations/waiting.js'
import { sleep } from '../sleep.js'
import type { SummarySection } from '../summary.js'

/** The pipeline-status and builds outputs of a pipeline as it stands. */
function reportState(pipeline: PipelineRecord, ctx: HandlerContext): void {
  ctx.output(Output.pipelineStatus, pipeline.status)
  ctx.output(Output.builds, workflowsOutput(pipeline))
}

/** Follows the pipeline to its end; true when it succeeded. */
export async function followPipeline(appSlug: string, pipelineId: string, settings: WaitSettings, section: SummarySection, ctx: HandlerContext): Promise<boolean> {
  const deadline = Date.now() + settings.timeoutMs
  const seen = new Map<string, string>()
  let pipeline = await getPipeline(ctx.client, appSlug, pipelineId, ctx.signal)
  ctx.info(`Waiting for pipeline ${pipelineId} (wait-timeout: ${settings.timeoutMs / 1000} s)`)
  for (;;) {
    printChanges(pipeline, seen, ctx)
    if (PIPELINE_FINISHED.has(pipeline.status)) break
    if (ctx.signal.aborted || Date.now() >= deadline) return stop(appSlug, pipeline, ctx.signal.aborted ? 'cancelled' : 'timed-out', settings, section, ctx)
    await sleep(Math.min(settings.pollIntervalMs, Math.max(0, deadline - Date.now())), ctx.signal)
    if (ctx.signal.aborted) return stop(appSlug, pipeline, 'cancelled', settings, section, ctx)
    pipeline = await getPipeline(ctx.client, appSlug, pipelineId, ctx.signal)
  }
  reportState(pipeline, ctx)
  ctx.output(Output.response, pipeline.response)
  section.facts?.push(['Result', pipeline.status])
  section.table = workflowsTable(pipeline)
  const succeeded = pipeline.status === 'succeeded'
  const message = `Pipeline ${pipelineId} finished: ${pipeline.status}`
  if (!succeeded && settings.failOnBuildFailure) throw new Error(`${message}. Set fail-on-build-failure: false to let the step pass.`)
  ctx.info(message)
  return succeeded
}

function printChanges(pipeline: PipelineRecord, seen: Map<string, string>, ctx: HandlerContext): void {
  if (seen.get('') !== pipeline.status) ctx.info(`Pipeline ${pipeline.id}: ${pipeline.status}`)
  seen.set('', pipeline.status)
  for (const w of pipeline.workflows) {
    const key = `${w.stage}/${w.name}`
    if (seen.get(key) !== w.status) ctx.info(`  stage ${w.stage}, workflow ${w.name}: ${w.status}`)
    seen.set(key, w.status)
  }
}

async function stop(appSlug: string, pipeline: PipelineRecord, kind: 'timed-out' | 'cancelled', settings: WaitSettings, section: SummarySection, ctx: HandlerContext): Promise<never> {
  const why = kind === 'timed-out' ? `the wait-timeout of ${settings.timeoutMs / 1000} s was reached` : 'the GitHub job was cancelled'
  reportState({ ...pipeline, status: kind }, ctx)
  section.facts?.push(['Result', `${kind}: pipeline aborted`])
  try {
    await abortPipeline(ctx.client, appSlug, pipeline.id, {
      abortReason: `Aborted by the GitHub Action: ${why}${ctx.runUrl ? ` (${ctx.runUrl})` : ''}`,
      abortWithSuccess: false,
      skipNotifications: false
    })
  } catch (error) {
    throw new Error(`Stopped waiting for pipeline ${pipeline.id} because ${why}, and aborting it failed: ${(error as Error).message}`, { cause: error })
  }
  throw new Error(`Stopped waiting for pipeline ${pipeline.id} because ${why}; the pipeline was aborted.`)
}

/** The outputs of a pipeline just triggered (the service names it where a build slug would be), and its wait when asked. */
export async function startedPipeline(appSlug: string, pipelineId: string, url: string | undefined, wait: WaitSettings | undefined, section: SummarySection, ctx: HandlerContext): Promise<void> {
  ctx.output(Output.pipelineId, pipelineId)
  if (url) ctx.output(Output.pipelineUrl, url)
  section.heading = `Pipeline ${pipelineId} triggered on ${appSlug}`
  if (wait) await followPipeline(appSlug, pipelineId, wait, section, ctx)
}
