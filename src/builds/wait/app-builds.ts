/**
 * Waiting for several builds at once: those of several apps, or those one trigger started
 * (a pipeline among them is waited for beside the builds). With fail-fast, the first
 * failure ends the wait and the others are left running; a wait-timeout or a
 * cancelled job aborts every build still running, as it does for one build.
 * The builds are saved in the step state while the wait lasts, so the post step
 * can abort them if this process is killed.
 */
import { waitForBuildEnd, type WaitResult } from './build-end.js'
import { State } from '../../constants.js'
import type { HandlerContext } from '../../step/context.js'
import type { WaitSettings } from './settings.js'
import { savedWork, type PendingWork } from '../abort/pending.js'
import { abortOnStop, whyStopped, type Stopped } from '../abort/stop.js'
import { waitForPipelineEnd, type PipelineWaitEnd } from './pipeline-end.js'
import { timingFields } from '../../api/build-timing.js'
import { describeTiming } from '../report/lead.js'
import type { AppBuild } from '../report/app-builds.js'
import { explainFailure } from './explain.js'

/** What the post step aborts for these builds and pipelines. */
function pending(builds: AppBuild[]): PendingWork {
  return {
    builds: builds.flatMap((b) =>
      b['build-slug'] !== undefined ? [{ appSlug: b['app-slug'], buildSlug: b['build-slug'] }] : []
    ),
    pipelines: builds.flatMap((b) =>
      b['pipeline-id'] !== undefined ? [{ appSlug: b['app-slug'], pipelineId: b['pipeline-id'] }] : []
    )
  }
}

/** Waits for every triggered build, setting each one's status; aborts on a timeout or a cancel. */
export async function waitForBuilds(
  builds: AppBuild[],
  settings: WaitSettings,
  failFast: boolean,
  ctx: HandlerContext
): Promise<void> {
  const stop = new AbortController()
  const signal = AbortSignal.any([ctx.signal, stop.signal])
  const waited = builds.filter(
    (b) => b.status === 'triggered' && (b['build-slug'] !== undefined || b['pipeline-id'] !== undefined)
  )
  ctx.saveState(State.pendingWork, savedWork(pending(waited)))
  ctx.info(`Waiting for ${waited.length} build(s) (fail-fast: ${failFast})`)
  await Promise.all(
    waited.map(async (build) => {
      const result =
        build['pipeline-id'] !== undefined
          ? await waitForOnePipeline(build, build['pipeline-id'], settings, signal, ctx)
          : await waitForOneBuild(build, build['build-slug'] as string, settings, signal, ctx)
      build.status = statusOf(result, ctx.signal.aborted)
      if (!(result instanceof Error) && result.kind === 'finished') finished(build, result, ctx)
      if (build.status === 'failed' && build['build-slug'] !== undefined)
        await explain(build, build['build-slug'], settings, ctx)
      if (build.status === 'failed' && failFast && !stop.signal.aborted) {
        ctx.info(
          `The build of ${build['app-slug']} failed; fail-fast: true stops the wait, leaving the other builds running.`
        )
        stop.abort()
      }
    })
  )
  const toAbort = waited.filter((b) => b.status === 'timed-out' || b.status === 'cancelled')
  const settled = await Promise.all(toAbort.map((build) => abortOne(build, settings, ctx)))
  // As for one build: a build whose abort failed stays saved, so the post step tries again;
  // every other build has finished, was aborted, or is left running on purpose.
  const unsettled = toAbort.filter((_, i) => !settled[i])
  ctx.saveState(State.pendingWork, savedWork(pending(unsettled)))
}

async function waitForOnePipeline(
  build: AppBuild,
  pipelineId: string,
  settings: WaitSettings,
  signal: AbortSignal,
  ctx: HandlerContext
): Promise<PipelineWaitEnd | Error> {
  try {
    const app = build['app-slug']
    let last = ''
    return await waitForPipelineEnd(ctx.client, { appSlug: app, pipelineId }, settings, signal, {
      seen: (pipeline) => {
        if (pipeline.status !== last) ctx.info(`${app}: pipeline ${pipelineId}: ${pipeline.status}`)
        last = pipeline.status
      },
      log: (line) => ctx.info(`${app}: ${line}`)
    })
  } catch (error) {
    build.error = (error as Error).message
    return error as Error
  }
}

async function waitForOneBuild(
  build: AppBuild,
  buildSlug: string,
  settings: WaitSettings,
  signal: AbortSignal,
  ctx: HandlerContext
): Promise<WaitResult | Error> {
  const app = build['app-slug']
  try {
    return await waitForBuildEnd(ctx.client, {
      appSlug: app,
      buildSlug,
      timeoutMs: settings.timeoutMs,
      pollIntervalMs: settings.pollIntervalMs,
      adaptive: settings.adaptive,
      // The logs of several builds at once would interleave past reading.
      streamLogs: false,
      heartbeatMs: settings.heartbeatMs,
      signal,
      buildUrl: build['build-url'],
      log: (line) => ctx.info(`${app}: ${line}`)
    })
  } catch (error) {
    build.error = (error as Error).message
    return error as Error
  }
}

/** A build's status once the wait for it ended. */
function statusOf(result: WaitResult | PipelineWaitEnd | Error, cancelled: boolean): string {
  if (result instanceof Error) return 'unknown'
  if (result.kind === 'finished') return result.status
  if (result.kind === 'timed-out') return 'timed-out'
  // Stopped by fail-fast, not by the job: the build is left as it is.
  return cancelled ? 'cancelled' : 'running'
}

/** Aborts one build after a wait-timeout or a cancel; false when the abort failed. */
async function abortOne(build: AppBuild, settings: WaitSettings, ctx: HandlerContext): Promise<boolean> {
  const why = whyStopped(build.status === 'timed-out' ? 'timed-out' : 'cancelled', settings.timeoutMs)
  const app = build['app-slug']
  const pipelineId = build['pipeline-id']
  const stopped: Stopped =
    pipelineId !== undefined ? { appSlug: app, pipelineId } : { appSlug: app, buildSlug: build['build-slug'] as string }
  try {
    const outcome = await abortOnStop(ctx.client, stopped, why, ctx.runUrl)
    if (pipelineId !== undefined) {
      ctx.info(`Pipeline ${pipelineId} of ${app}: aborted because ${why}`)
      return true
    }
    if (outcome?.kind === 'finished' && !outcome.byEarlierAttempt) build.status = outcome.status
    ctx.info(
      `Build ${build['build-slug']} of ${app}: ${outcome?.kind === 'aborted' ? 'aborted' : `had finished (${build.status})`} because ${why}`
    )
    return true
  } catch (error) {
    build.error = `aborting it failed: ${(error as Error).message}`
    return false
  }
}

/** Adds the service's AI summary of a failed build, as one build's wait does (explain-failure). */
async function explain(build: AppBuild, buildSlug: string, settings: WaitSettings, ctx: HandlerContext): Promise<void> {
  const explanation = await explainFailure(buildSlug, 'failed', settings, ctx)
  if (explanation === undefined) return
  build['failure-summary'] = explanation
  ctx.info(`${build['app-slug']}: the service's AI summary of build ${buildSlug}: ${explanation}`)
}

/** Notes a finished build's time and cost, and says in the log that it finished. */
function finished(
  build: AppBuild,
  result: Extract<WaitResult | PipelineWaitEnd, { kind: 'finished' }>,
  ctx: HandlerContext
): void {
  const timing = result.record.timing
  Object.assign(build, timingFields(timing ?? {}))
  const what = build['pipeline-id'] !== undefined ? `pipeline ${build['pipeline-id']}` : `build ${build['build-slug']}`
  const told = describeTiming(timing ?? {})
  ctx.info(`${build['app-slug']}: ${what} finished: ${result.status}${told ? ` (${told})` : ''}`)
}
