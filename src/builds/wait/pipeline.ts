/**
 * The wait for a pipeline a step triggered: its state read to the end, printing each workflow
 * change, and a heartbeat when nothing changed for a while. A
 * wait-timeout or a cancelled job aborts the pipeline through its own abort endpoint, with the
 * reason and flags a build gets. While the wait lasts the pipeline is saved in the step state,
 * so the post step can abort it if this process is killed.
 */
import type { AttemptMark, PipelineRecord } from '../../api/pipelines.js'
import { stillWaiting } from './loop.js'
import { State } from '../../constants.js'
import { describeDuration } from '../../inputs/durations.js'
import { Heartbeat } from './heartbeat.js'
import type { HandlerContext } from '../../step/context.js'
import type { WaitSettings } from './settings.js'
import { savedPipeline } from '../abort/pending.js'
import type { SummarySection } from '../../summary/section.js'
import { abortOnStop, leftAsIs, whyStopped } from '../abort/stop.js'
import { endLead } from '../report/lead.js'
import { drawPipeline, reportPipelineAsBuild, reportPipelineEnd, reportPipelineState } from '../report/pipeline.js'
import { waitForPipelineEnd } from './pipeline-end.js'

/**
 * Waits for the pipeline's end and reports it; true when it succeeded. After a rebuild,
 * `previous` marks the attempt the rebuild follows: a read that still shows it is taken as the
 * new attempt not started yet, never as the rebuild's end.
 */
export async function waitForPipeline(
  appSlug: string,
  pipelineId: string,
  settings: WaitSettings,
  section: SummarySection,
  ctx: HandlerContext,
  previous?: AttemptMark
): Promise<boolean> {
  ctx.saveState(State.pendingWork, savedPipeline({ appSlug, pipelineId }))
  const seen = new Map<string, string>()
  // Stands in until the first read answers, so a cancel before then still aborts the pipeline.
  let pipeline: PipelineRecord = {
    id: pipelineId,
    status: 'status not known yet',
    attempts: [],
    timing: {},
    workflows: [],
    response: ''
  }
  const heartbeat = new Heartbeat(settings.heartbeatMs, (elapsed) =>
    ctx.info(`Still waiting for pipeline ${pipelineId}: ${elapsed} elapsed, ${phaseOf(pipeline)}`)
  )
  const say = (line: string): void => {
    ctx.info(line)
    heartbeat.printed()
  }
  for (const warning of settings.warnings) ctx.warning(warning)
  ctx.info(
    `Waiting for pipeline ${pipelineId} (wait-timeout: ${describeDuration(settings.timeoutMs)}, poll-interval: ${describeDuration(settings.pollIntervalMs)})`
  )
  let told = false
  let end
  try {
    end = await waitForPipelineEnd(ctx.client, { appSlug, pipelineId }, settings, ctx.signal, {
      heartbeat,
      previous,
      seen: (read) => {
        pipeline = read
        if (printChanges(pipeline, seen, ctx)) heartbeat.printed()
      },
      hidden: (read) => {
        pipeline = { ...pipeline, status: NOT_VISIBLE }
        if (!told) say(notVisible(pipelineId, read))
        told = true
      },
      log: say,
      warn: (error) => say(stillWaiting(`pipeline ${pipelineId}`, error))
    })
  } catch (error) {
    if (ctx.signal.aborted) throw error
    // As for a build: only a wait-timeout or a cancelled job aborts the pipeline, so after
    // any other failure the post step must not abort it either.
    ctx.saveState(State.pendingWork, '')
    throw leftAsIs(error, { appSlug, pipelineId })
  }
  if (end.kind !== 'finished') return stop(appSlug, pipeline, end.kind, settings, section, ctx)
  ctx.saveState(State.pendingWork, '')
  return reportPipelineEnd(end.record, settings.failOnBuildFailure, section, ctx)
}

/** The status the wait gives a rebuilt pipeline while reads still show the attempt before the rebuild. */
export const NOT_VISIBLE = 'not visible yet'

/** Said once while reads still show the attempt before a rebuild. */
function notVisible(pipelineId: string, read: PipelineRecord): string {
  return `Pipeline ${pipelineId}: the rebuild's new attempt is not visible yet (the attempt before it, ${read.status}, still shows); waiting for it`
}

/** The pipeline's state in words for the heartbeat: its status, and the workflows running now. */
function phaseOf(pipeline: PipelineRecord): string {
  const running = pipeline.workflows
    .filter((w) => w.status === 'running')
    .map((w) => (w.stage ? `${w.name} of stage ${w.stage}` : w.name))
  return running.length > 0 ? `${pipeline.status} (running: ${running.join(', ')})` : pipeline.status
}

/** Prints what changed since the last read; true when it printed anything. */
function printChanges(pipeline: PipelineRecord, seen: Map<string, string>, ctx: HandlerContext): boolean {
  let printed = false
  const say = (line: string): void => {
    ctx.info(line)
    printed = true
  }
  if (seen.get('') !== pipeline.status) say(`Pipeline ${pipeline.id}: ${pipeline.status}`)
  seen.set('', pipeline.status)
  for (const w of pipeline.workflows) {
    const key = `${w.stage}/${w.name}`
    if (seen.get(key) !== w.status) say(`  ${w.stage ? `stage ${w.stage}, ` : ''}workflow ${w.name}: ${w.status}`)
    seen.set(key, w.status)
  }
  return printed
}

async function stop(
  appSlug: string,
  pipeline: PipelineRecord,
  kind: 'timed-out' | 'cancelled',
  settings: WaitSettings,
  section: SummarySection,
  ctx: HandlerContext
): Promise<never> {
  const why = whyStopped(kind, settings.timeoutMs)
  reportPipelineState({ ...pipeline, status: kind }, ctx)
  reportPipelineAsBuild({ ...pipeline, status: why }, kind, ctx)
  section.facts?.push(['Result', `${kind}: pipeline aborted`])
  endLead(section, kind)
  if (pipeline.workflows.length > 0) drawPipeline(section, pipeline, kind)
  try {
    await abortOnStop(ctx.client, { appSlug, pipelineId: pipeline.id }, why, ctx.runUrl)
    ctx.saveState(State.pendingWork, '')
  } catch (error) {
    throw new Error(
      `Stopped waiting for pipeline ${pipeline.id} because ${why}, and aborting it failed: ${(error as Error).message}`,
      { cause: error }
    )
  }
  throw new Error(`Stopped waiting for pipeline ${pipeline.id} because ${why}; the pipeline was aborted.`)
}
