/**
 * A pipeline started by the same trigger as other builds, waited for beside them: read until
 * it ends, its end given in a build's words so one table and one rule judge them all. Reads
 * that fail for a while are ridden out as a build's wait rides them out.
 */
import { getPipeline, PIPELINE_AS_BUILD, PIPELINE_FINISHED } from '../../api/pipelines.js'
import type { BuildStatus } from '../../api/build-record.js'
import type { BuildTiming } from '../../api/build-timing.js'
import { isPassingFault } from '../../http/api-error.js'
import type { ServiceClient } from '../../http/service-client.js'
import { Heartbeat } from './heartbeat.js'
import { waitFor } from './loop.js'
import { Pace, pipelineHistoryOf } from './pace.js'
import { instantMs } from '../../api/build-history.js'
import type { WaitSettings } from './settings.js'

/** How a wait for a pipeline's end ended: finished, with its status in a build's words, or stopped. */
export type PipelineWaitEnd =
  { kind: 'finished'; status: BuildStatus; timing?: BuildTiming } | { kind: 'timed-out' } | { kind: 'cancelled' }

/** Waits for one pipeline; `signal` stops the wait (a cancel, or fail-fast), `log` hears each change of status. */
export async function waitForPipelineEnd(
  client: ServiceClient,
  target: { appSlug: string; pipelineId: string },
  settings: WaitSettings,
  signal: AbortSignal,
  log: (line: string) => void
): Promise<PipelineWaitEnd> {
  let last = ''
  const pace = new Pace(settings.pollIntervalMs, settings.adaptive)
  // No heartbeat: the builds waited for beside it print their own.
  const end = await waitFor({
    signal,
    deadline: Date.now() + settings.timeoutMs,
    pollIntervalMs: settings.pollIntervalMs,
    nextPollMs: () => pace.nextMs(),
    heartbeat: new Heartbeat(Infinity, () => {}),
    read: () => getPipeline(client, target.appSlug, target.pipelineId, signal),
    tolerated: isPassingFault,
    round: async (pipeline) => {
      if (pipeline === undefined) return undefined
      if (pipeline.status !== last) log(`pipeline ${target.pipelineId}: ${pipeline.status}`)
      last = pipeline.status
      if (PIPELINE_FINISHED.has(pipeline.status)) return pipeline
      await pace.learn(
        { kind: 'pipeline', name: pipeline.name, startedAt: instantMs(pipeline.startedAt) },
        (t) => pipelineHistoryOf(client, target.appSlug, t.workflow, signal),
        log
      )
      return undefined
    }
  })
  return end.kind === 'finished'
    ? { kind: 'finished', status: PIPELINE_AS_BUILD[end.result.status], timing: end.result.timing }
    : end
}
