/** operation: wait — waits for a build, or given pipeline-id a pipeline, that is already running. */
import { Input, INPUT_DEFAULTS, Output } from '../constants.js'
import { checkCommenter } from '../github/trust.js'
import { InputError } from '../inputs/input-error.js'
import { requiredSlug, slug, type GetInput } from '../inputs/readers.js'
import { readNameGlobs } from '../inputs/name-globs.js'
import type { SummarySection } from '../summary/section.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'
import { getBuild } from '../api/builds.js'
import { statusWord } from '../api/build-record.js'
import { isHttpError } from '../http/api-error.js'
import { REVIEW_OUTPUTS } from '../builds/report/review.js'
import { waitForBuild } from '../builds/wait/build.js'
import { readWaitSettings, WAIT_INPUTS, type WaitSettings } from '../builds/wait/settings.js'

export interface WaitInputs {
  appSlug: string
  /** The build waited for, or with pipelineId none. */
  buildSlug?: string
  pipelineId?: string
  /** previous-attempt-id, with pipelineId: the attempt a rebuild follows, whose end is not the wait's. */
  previousAttemptId?: string
  wait: WaitSettings
  /** test-report-artifacts: artifacts to read JUnit XML from when the service gives no test results. */
  testReports: string[]
}

export const wait = defineOperation<WaitInputs>({
  name: 'wait',
  role: 'any role on the app team (Developer or higher to read the build log with stream-logs, and to abort the build on a timeout or cancel)',
  writes: true,
  inputs: [
    Input.appSlug,
    Input.buildSlug,
    Input.pipelineId,
    Input.previousAttemptId,
    ...WAIT_INPUTS,
    Input.testReportArtifacts,
    Input.allowedAssociations
  ],
  // build-slug, or pipeline-id instead (read below).
  required: [Input.appSlug],
  outputs: [
    Output.buildSlug,
    Output.buildStatus,
    Output.buildStatusText,
    Output.failureSummary,
    ...REVIEW_OUTPUTS,
    Output.response,
    Output.durationSeconds,
    Output.queueSeconds,
    Output.creditCost,
    Output.pipelineId,
    Output.pipelineStatus,
    Output.builds
  ],
  read: (get: GetInput, env) => {
    // A wait aborts its build on a timeout or a cancel: from a comment it is gated as abort is.
    checkCommenter(get, env, 'waited for or aborted')
    const buildSlug = slug(get, Input.buildSlug)
    const pipelineId = slug(get, Input.pipelineId)
    if (buildSlug !== undefined && pipelineId !== undefined)
      throw new InputError(Input.pipelineId, `give ${Input.buildSlug} or ${Input.pipelineId}, not both`)
    const appSlug = requiredSlug(get, Input.appSlug)
    if (pipelineId !== undefined) {
      const wait = readWaitSettings(get, env, 'pipeline')
      wait.warnings.push(...buildOnly(get))
      return { appSlug, pipelineId, previousAttemptId: slug(get, Input.previousAttemptId), wait, testReports: [] }
    }
    const wait = readWaitSettings(get, env)
    if (get(Input.previousAttemptId).trim() !== '')
      wait.warnings.push(
        `${Input.previousAttemptId} is not read when waiting for a build: it names an attempt of a pipeline, read with ${Input.pipelineId}.`
      )
    return {
      appSlug,
      buildSlug: requiredSlug(get, Input.buildSlug),
      wait,
      testReports: readNameGlobs(get, Input.testReportArtifacts)
    }
  },
  run: runWait
})

/** Warnings for the inputs set that only a build's wait reads: a pipeline has no log or tests of its own. */
function buildOnly(get: GetInput): string[] {
  return [Input.streamLogs, Input.explainFailure, Input.testReportArtifacts]
    .filter((name) => !['', INPUT_DEFAULTS[name]].includes(get(name).trim()))
    .map(
      (name) =>
        `${name} is not read when waiting for a pipeline (${Input.pipelineId}): the pipeline has no log or tests of its own; each workflow's build has them.`
    )
}

/** The summary section of a wait for a build or a pipeline, while it runs. */
function waitingSection(appSlug: string, what: 'Build' | 'Pipeline', id: string, fact: string): SummarySection {
  return {
    heading: `${what} ${id} on ${appSlug}`,
    lead: { mark: 'running', result: 'Waiting', subject: [appSlug, `${what.toLowerCase()} ${id}`] },
    fold: true,
    facts: [[fact, id]],
    lines: []
  }
}

async function runWait(inputs: WaitInputs, ctx: HandlerContext): Promise<void> {
  const [what, id] = inputs.pipelineId !== undefined ? ['Pipeline', inputs.pipelineId] : ['Build', inputs.buildSlug]
  const section = waitingSection(
    inputs.appSlug,
    what as 'Build' | 'Pipeline',
    id as string,
    what === 'Build' ? 'Build slug' : 'Pipeline id'
  )
  ctx.summary(section)
  try {
    if (inputs.pipelineId !== undefined) return await waitForPipelineRun(inputs, inputs.pipelineId, section, ctx)
    const buildSlug = inputs.buildSlug as string
    ctx.output(Output.buildSlug, buildSlug)
    await waitForBuild(
      { appSlug: inputs.appSlug, buildSlug, section, mayBePipeline: true, testReports: inputs.testReports },
      inputs.wait,
      ctx
    )
  } catch (error) {
    // A wait that ended in a failure no report has told leads with it, never with "Waiting".
    if (section.lead?.mark === 'running') {
      section.lead = { ...section.lead, mark: 'failure', result: 'Failed' }
      section.fold = false
      section.lines = [(error as Error).message, ...(section.lines ?? [])]
    }
    throw error
  }
}

/** The wait for a pipeline, as trigger with wait follows one; its module is loaded only then. */
async function waitForPipelineRun(
  inputs: WaitInputs,
  pipelineId: string,
  section: SummarySection,
  ctx: HandlerContext
): Promise<void> {
  ctx.output(Output.pipelineId, pipelineId)
  const { waitForPipeline } = await import('../builds/wait/pipeline.js')
  try {
    // The service names the attempt a read shows; one that still shows the attempt a rebuild
    // follows is the rebuild not visible yet (a read alone cannot tell: docs/pipelines.md).
    const previous = inputs.previousAttemptId ? { attemptId: inputs.previousAttemptId, status: '' } : undefined
    await waitForPipeline(inputs.appSlug, pipelineId, inputs.wait, section, ctx, previous)
  } catch (error) {
    if (!isHttpError(error, 404) || ctx.signal.aborted) throw error
    throw (await buildGivenAsPipeline(inputs.appSlug, pipelineId, ctx)) ?? error
  }
}

/**
 * After the pipeline's 404, one read of a build of that slug: a build's slug given as pipeline-id
 * is named, as a pipeline's id given as build-slug is. Undefined when no such build is read.
 */
async function buildGivenAsPipeline(
  appSlug: string,
  pipelineId: string,
  ctx: HandlerContext
): Promise<InputError | undefined> {
  let record
  try {
    record = (await getBuild(ctx.client, appSlug, pipelineId, ctx.signal)).record
  } catch {
    return undefined
  }
  const workflow = record.triggeredWorkflow ? ` (${record.triggeredWorkflow})` : ''
  return new InputError(
    Input.pipelineId,
    `${pipelineId} is not a pipeline of ${appSlug} but a build${workflow}, ${statusWord(record.status ?? 0) ?? 'running'}: give it as ${Input.buildSlug} to wait for the build. Nothing was aborted.`
  )
}
