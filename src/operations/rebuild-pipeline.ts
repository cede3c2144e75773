/**
 * operation: rebuild-pipeline — starts a finished pipeline again: all of it, or with partial only
 * its failed workflows and those after them; with wait, follows it to its end as trigger does.
 */
import {
  attemptMark,
  currentAttemptOf,
  getPipeline,
  rebuildPipeline as rebuild,
  showsAttempt
} from '../api/pipelines.js'
import { pipelineFlow, workflowsOutput, workflowsTable } from '../builds/report/pipeline.js'
import { readWaitSettings, type WaitSettings } from '../builds/wait/settings.js'
import { Input, Output } from '../constants.js'
import { checkCommenter } from '../github/trust.js'
import { onlyWith } from '../inputs/input-use.js'
import { booleanFlag, requiredSlug, type GetInput } from '../inputs/readers.js'
import type { SummarySection } from '../summary/section.js'
import { defineOperation } from './operation.js'

/** The wait inputs a pipeline's wait reads (a pipeline has no log of its own to stream or explain). */
const PIPELINE_WAIT_INPUTS = [Input.waitTimeout, Input.pollInterval, Input.failOnBuildFailure] as const

/** The step's inputs as a pipeline's wait reads them: the build-only ones (stream-logs, explain-failure) at their defaults. */
function pipelineWaitInputs(get: GetInput): GetInput {
  return (name) => ((PIPELINE_WAIT_INPUTS as readonly string[]).includes(name) ? get(name) : '')
}

interface RebuildInputs {
  appSlug: string
  pipelineId: string
  partial: boolean
  /** With wait: true, how to wait for the rebuilt pipeline. */
  wait?: WaitSettings
}

export const rebuildPipeline = defineOperation<RebuildInputs>({
  name: 'rebuild-pipeline',
  role: 'Owner, Admin, Platform Engineer or Developer',
  writes: true,
  needs: [onlyWith(Input.wait, PIPELINE_WAIT_INPUTS)],
  inputs: [
    Input.appSlug,
    Input.pipelineId,
    Input.partial,
    Input.wait,
    ...PIPELINE_WAIT_INPUTS,
    Input.allowedAssociations
  ],
  required: [Input.appSlug, Input.pipelineId],
  outputs: [
    Output.pipelineId,
    Output.pipelineStatus,
    Output.previousAttemptId,
    Output.builds,
    Output.response,
    Output.buildStatus,
    Output.buildStatusText,
    Output.durationSeconds,
    Output.queueSeconds,
    Output.creditCost
  ],
  read: (get: GetInput, env) => {
    // A rebuild starts builds: from a comment (a `/rebuild`) it is gated as a trigger is.
    checkCommenter(get, env, 'rebuilt')
    return {
      appSlug: requiredSlug(get, Input.appSlug),
      pipelineId: requiredSlug(get, Input.pipelineId),
      partial: booleanFlag(get, Input.partial, false),
      wait: booleanFlag(get, Input.wait, false) ? readWaitSettings(pipelineWaitInputs(get), env, 'pipeline') : undefined
    }
  },
  run: async (inputs, ctx) => {
    // The rebuild answers with no attempt: the attempt it follows is read first, to be told from the new one.
    const before = attemptMark(await getPipeline(ctx.client, inputs.appSlug, inputs.pipelineId, ctx.signal))
    const response = await rebuild(ctx.client, inputs.appSlug, inputs.pipelineId, inputs.partial, ctx.signal)
    ctx.output(Output.response, response)
    ctx.output(Output.pipelineId, inputs.pipelineId)
    // For a wait in a later step: a read alone cannot tell the old attempt's end from the rebuild's.
    ctx.output(Output.previousAttemptId, before.attemptId ?? '')
    const pipeline = await getPipeline(ctx.client, inputs.appSlug, inputs.pipelineId, ctx.signal)
    const visible = !showsAttempt(pipeline, before)
    const status = visible ? pipeline.status : NOT_VISIBLE_YET
    ctx.output(Output.pipelineStatus, status)
    ctx.output(Output.builds, visible ? workflowsOutput(pipeline) : '[]')
    const what = `Pipeline ${inputs.pipelineId} of ${inputs.appSlug} rebuilt${inputs.partial ? ' (failed and later workflows only)' : ''}`
    const hidden = `${what}, but its new attempt is not visible yet: reads still show the attempt before the rebuild (${before.status}), which is not the rebuild's result. ${Output.pipelineStatus} is ${NOT_VISIBLE_YET}; wait: true follows the new attempt once it shows.`
    if (visible) ctx.info(`${what}: ${pipeline.status}${attemptWords(pipeline)}`)
    else if (!inputs.wait) ctx.notice(hidden)
    const name = pipeline.name ?? inputs.pipelineId
    const section: SummarySection = {
      heading: `Pipeline ${name} rebuilt`,
      lead: { mark: 'running', result: 'Rebuilt', subject: [inputs.appSlug, `pipeline ${name}`] },
      facts: [
        ['Pipeline id', inputs.pipelineId],
        ['Partial', inputs.partial],
        ['Status', status]
      ],
      fold: true,
      mermaid: visible ? pipelineFlow(pipeline, name) : undefined,
      table: visible ? workflowsTable(pipeline) : undefined,
      lines: visible || inputs.wait ? [] : [hidden]
    }
    ctx.summary(section)
    if (!inputs.wait) return
    const { waitForPipeline } = await import('../builds/wait/pipeline.js')
    await waitForPipeline(inputs.appSlug, inputs.pipelineId, inputs.wait, section, ctx, before)
  }
})

/** The pipeline-status of a rebuild whose new attempt no read shows yet. */
const NOT_VISIBLE_YET = 'not-visible-yet'

/** Which attempt a read shows, in words, when the answer numbers its attempts. */
function attemptWords(pipeline: Parameters<typeof currentAttemptOf>[0]): string {
  const id = currentAttemptOf(pipeline)
  const number = pipeline.attempts.find((a) => a.id === id)?.number
  return number !== undefined ? ` (attempt ${number})` : ''
}
