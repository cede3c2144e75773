/** operation: wait — waits for a build that is already running. */
import { Input, Output } from '../constants.js'
import { requiredSlug, type GetInput } from '../inputs/readers.js'
import type { SummarySection } from '../summary/section.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'
import { waitForBuild } from '../builds/wait/build.js'
import { readWaitSettings, WAIT_INPUTS, type WaitSettings } from '../builds/wait/settings.js'

export interface WaitInputs {
  appSlug: string
  buildSlug: string
  wait: WaitSettings
}

export const wait = defineOperation<WaitInputs>({
  name: 'wait',
  role: 'any role on the app team (Developer or higher to read the build log with stream-logs)',
  writes: true,
  inputs: [Input.appSlug, Input.buildSlug, ...WAIT_INPUTS],
  required: [Input.appSlug, Input.buildSlug],
  outputs: [
    Output.buildSlug,
    Output.buildStatus,
    Output.buildStatusText,
    Output.failureSummary,
    Output.response,
    Output.durationSeconds,
    Output.queueSeconds,
    Output.creditCost
  ],
  read: (get: GetInput, env) => ({
    appSlug: requiredSlug(get, Input.appSlug),
    buildSlug: requiredSlug(get, Input.buildSlug),
    wait: readWaitSettings(get, env)
  }),
  run: runWait
})

async function runWait(inputs: WaitInputs, ctx: HandlerContext): Promise<void> {
  const section: SummarySection = {
    heading: `Build ${inputs.buildSlug} on ${inputs.appSlug}`,
    lead: { mark: 'running', result: 'Waiting', subject: [inputs.appSlug, `build ${inputs.buildSlug}`] },
    fold: true,
    facts: [['Build slug', inputs.buildSlug]],
    lines: []
  }
  ctx.summary(section)
  ctx.output(Output.buildSlug, inputs.buildSlug)
  await waitForBuild({ appSlug: inputs.appSlug, buildSlug: inputs.buildSlug, section }, inputs.wait, ctx)
}
