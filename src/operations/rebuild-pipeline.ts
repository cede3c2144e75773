/** operation: rebuild-pipeline — starts a finished pipeline again: all of it, or with partial only its failed workflows and those after them. */
import { getPipeline, rebuildPipeline as rebuild } from '../api/pipelines.js'
import { pipelineFlow, workflowsOutput, workflowsTable } from '../builds/report/pipeline.js'
import { Input, Output } from '../constants.js'
import { booleanFlag, requiredSlug, type GetInput } from '../inputs/readers.js'
import { defineOperation } from './operation.js'

interface RebuildInputs {
  appSlug: string
  pipelineId: string
  partial: boolean
}

export const rebuildPipeline = defineOperation<RebuildInputs>({
  name: 'rebuild-pipeline',
  role: 'Owner, Admin or Developer',
  writes: true,
  inputs: [Input.appSlug, Input.pipelineId, Input.partial],
  required: [Input.appSlug, Input.pipelineId],
  outputs: [Output.pipelineId, Output.pipelineStatus, Output.builds, Output.response],
  read: (get: GetInput) => ({
    appSlug: requiredSlug(get, Input.appSlug),
    pipelineId: requiredSlug(get, Input.pipelineId),
    partial: booleanFlag(get, Input.partial, false)
  }),
  run: async (inputs, ctx) => {
    const response = await rebuild(ctx.client, inputs.appSlug, inputs.pipelineId, inputs.partial, ctx.signal)
    ctx.output(Output.response, response)
    ctx.output(Output.pipelineId, inputs.pipelineId)
    const pipeline = await getPipeline(ctx.client, inputs.appSlug, inputs.pipelineId, ctx.signal)
    ctx.output(Output.pipelineStatus, pipeline.status)
    ctx.output(Output.builds, workflowsOutput(pipeline))
    ctx.info(
      `Pipeline ${inputs.pipelineId} of ${inputs.appSlug} rebuilt${inputs.partial ? ' (failed and later workflows only)' : ''}: ${pipeline.status}`
    )
    const name = pipeline.name ?? inputs.pipelineId
    ctx.summary({
      heading: `Pipeline ${name} rebuilt`,
      lead: { mark: 'running', result: 'Rebuilt', subject: [inputs.appSlug, `pipeline ${name}`] },
      facts: [
        ['Pipeline id', inputs.pipelineId],
        ['Partial', inputs.partial],
        ['Status', pipeline.status]
      ],
      fold: true,
      mermaid: pipelineFlow(pipeline, name),
      table: workflowsTable(pipeline)
    })
  }
})
