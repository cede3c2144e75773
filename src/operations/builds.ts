import * as core from '../runner.js'
import { ApiError } from '../client.js'
import { Input, Output, State } from '../constants.js'
import { describeDuration } from '../durations.js'
import type { AbortInputs, TriggerInputs, WaitInputs, WaitOptions } from '../inputs.js'
import type { SummarySection } from '../report.js'
import { redact } from '../secrets.js'
import type { HandlerContext } from './context.js'
import { abortBuild } from './abort.js'
import { triggerBuild } from './trigger.js'
import { waitForBuild } from './wait.js'

/** operation: trigger — starts the build, sets its outputs at once, then waits when asked. */
export async function runTrigger(inputs: TriggerInputs, ctx: HandlerContext): Promise<void> {
  const params = inputs.params
  for (const note of inputs.notes) core.notice(note)
  for (const warning of inputs.warnings) core.warning(warning)
  const build = await triggerBuild(ctx.client, inputs.appSlug, params)
  ctx.report.output(Output.buildSlug, build.buildSlug)
  ctx.report.output(Output.buildNumber, build.buildNumber)
  ctx.report.output(Output.buildUrl, build.buildUrl)
  ctx.report.output(Output.triggeredWorkflow, build.triggeredWorkflow)
  ctx.report.output(Output.response, build.response)
  core.info(redact(`Triggered build ${build.buildNumber !== undefined ? `#${build.buildNumber} ` : ''}${build.buildSlug}${build.buildUrl ? `: ${build.buildUrl}` : ''}`))

  const section: SummarySection = {
    heading: `Build ${build.buildNumber !== undefined ? `#${build.buildNumber}` : build.buildSlug} triggered on ${inputs.appSlug}`,
    link: httpLink(build.buildUrl),
    facts: [
      ['Workflow', build.triggeredWorkflow ?? params.workflow_id],
      ['Branch', params.branch],
      ['Tag', params.tag],
      ['Commit', params.commit_hash],
      ['Pull request', params.pull_request_id],
      ['Target branch', params.branch_dest],
      ['Source owner', params.branch_repo_owner],
      ['Target owner', params.branch_dest_repo_owner],
      ['Environment variables', params.environments?.map((e) => e.mapped_to).join(', ')],
      ['Parameters from event', inputs.fromEvent],
      ['Build slug', build.buildSlug]
    ],
    lines: [...inputs.notes, ...inputs.warnings]
  }
  ctx.report.summary(section)
  if (inputs.wait) await waitAndReport(inputs.appSlug, build.buildSlug, inputs.wait, ctx, section, section.link?.href)
}

/** operation: wait — waits for an existing build. */
export async function runWait(inputs: WaitInputs, ctx: HandlerContext): Promise<void> {
  const section: SummarySection = { heading: `Build ${inputs.buildSlug} on ${inputs.appSlug}`, facts: [['Build slug', inputs.buildSlug]], lines: [] }
  ctx.report.summary(section)
  ctx.report.output(Output.buildSlug, inputs.buildSlug)
  await waitAndReport(inputs.appSlug, inputs.buildSlug, inputs.wait, ctx, section)
}

/** operation: abort — aborts a running build. */
export async function runAbort(inputs: AbortInputs, ctx: HandlerContext): Promise<void> {
  const result = await abortBuild(ctx.client, inputs.appSlug, inputs.buildSlug, inputs)
  ctx.report.output(Output.response, result.response)
  ctx.report.output(Output.buildSlug, inputs.buildSlug)
  const facts: SummarySection['facts'] = [
    ['Reason', inputs.abortReason],
    ['Counted as successful', inputs.abortWithSuccess],
    ['Email notifications skipped', inputs.skipNotifications],
    ['Git status report skipped', inputs.skipGitStatusReport]
  ]
  if (result.kind === 'aborted') {
    core.info(`Aborted build ${inputs.buildSlug}`)
    ctx.report.summary({ heading: `Build ${inputs.buildSlug} aborted on ${inputs.appSlug}`, facts })
    return
  }
  const final = `${result.status}${result.record.status_text ? ` (${result.record.status_text})` : ''}`
  ctx.report.output(Output.buildStatus, result.status)
  ctx.report.output(Output.buildStatusText, result.record.status_text ?? result.status)
  if (result.byEarlierAttempt) {
    const message = `Aborted build ${inputs.buildSlug}: the first abort request took effect but its answer was lost; the retry found the build already finished, and reading it back shows it ${final}.`
    core.info(redact(message))
    ctx.report.summary({ heading: `Build ${inputs.buildSlug} aborted on ${inputs.appSlug}`, lines: [message], facts: [...facts, ['Result', result.status]] })
    return
  }
  const message = `Build ${inputs.buildSlug} had already finished before it could be aborted; its final status is ${final}.`
  if (inputs.failIfFinished) throw new Error(redact(`${message} Set ${Input.failIfFinished}: false to let the step pass when the build has already finished.`))
  core.notice(redact(`${message} Nothing was changed.`))
  ctx.report.summary({
    heading: `Build ${inputs.buildSlug} had already finished on ${inputs.appSlug}`,
    lines: [`${message} Nothing was changed.`],
    facts: [['Result', result.status]]
  })
}

/**
 * Waits for the build and reports its end. A timeout or a job cancellation aborts
 * the build; the build is saved in the step state first, so the post step can
 * abort it if this process is killed before it could.
 */
async function waitAndReport(
  appSlug: string,
  buildSlug: string,
  options: WaitOptions,
  ctx: HandlerContext,
  section: SummarySection,
  buildUrl?: string
): Promise<void> {
  core.saveState(State.pendingBuild, JSON.stringify({ appSlug, buildSlug }))
  for (const warning of options.warnings) core.warning(warning)
  core.info(
    `Waiting for build ${buildSlug} (wait-timeout: ${describeDuration(options.timeoutMs)}, poll-interval: ${describeDuration(options.pollIntervalMs)}, stream-logs: ${options.streamLogs})`
  )
  if (options.streamLogs) core.startGroup(`Build log of ${buildSlug}`)
  let result
  try {
    result = await waitForBuild(ctx.client, {
      appSlug,
      buildSlug,
      timeoutMs: options.timeoutMs,
      pollIntervalMs: options.pollIntervalMs,
      streamLogs: options.streamLogs,
      heartbeatMs: options.heartbeatMs,
      signal: ctx.signal,
      buildUrl,
      log: (line) => core.info(redact(line)),
      printLog: (text) => core.info(redact(text)),
      onHold: () =>
        section.lines?.push(
          buildUrl
            ? 'The build was held for approval on the service: someone with access to the app approves it on the build\'s page (Open the build, above).'
            : `The build was held for approval on the service: someone with access to the app approves it on the page of build ${buildSlug} of app ${appSlug}.`
        )
    })
  } catch (error) {
    // Only a wait-timeout or a cancelled job aborts the build; after any other
    // failure the build is left running, so the post step must not abort it either.
    if (ctx.signal.aborted) throw error
    core.saveState(State.pendingBuild, '')
    throw leftRunning(error, buildSlug)
  } finally {
    if (options.streamLogs) core.endGroup()
  }

  if (result.kind === 'finished') {
    core.saveState(State.pendingBuild, '')
    ctx.report.output(Output.buildStatus, result.status)
    ctx.report.output(Output.buildStatusText, result.record.status_text ?? result.status)
    ctx.report.output(Output.response, result.response)
    section.facts?.push(['Result', result.status])
    if (result.record.abort_reason) section.facts?.push(['Abort reason', result.record.abort_reason])
    const message = `Build ${buildSlug} finished: ${result.status}${result.record.status_text ? ` (${result.record.status_text})` : ''}`
    if (!result.succeeded && options.failOnBuildFailure) throw new Error(`${message}. Set fail-on-build-failure: false to let the step pass.`)
    core.info(redact(message))
    return
  }

  const why =
    result.kind === 'timed-out'
      ? `the wait-timeout of ${options.timeoutMs / 1000} s was reached`
      : 'the GitHub job was cancelled'
  const status = result.kind === 'timed-out' ? 'timed-out' : 'cancelled'
  ctx.report.output(Output.buildStatus, status)
  ctx.report.output(Output.buildStatusText, why)
  section.facts?.push(['Result', `${status}: build aborted`])
  let outcome
  try {
    outcome = await abortBuild(ctx.client, appSlug, buildSlug, {
      abortReason: `Aborted by the GitHub Action: ${why}${ctx.runUrl ? ` (${ctx.runUrl})` : ''}`,
      abortWithSuccess: false,
      skipNotifications: false,
      skipGitStatusReport: false
    })
    core.saveState(State.pendingBuild, '')
  } catch (error) {
    throw new Error(`Stopped waiting for build ${buildSlug} because ${why}, and aborting it failed: ${(error as Error).message}`, {
      cause: error
    })
  }
  if (outcome.kind === 'finished' && !outcome.byEarlierAttempt) {
    throw new Error(`Stopped waiting for build ${buildSlug} because ${why}; the build had just finished (${outcome.status}), so there was nothing to abort.`)
  }
  throw new Error(`Stopped waiting for build ${buildSlug} because ${why}; the build was aborted.`)
}

/** The error, saying the build was left as it is. */
function leftRunning(error: unknown, buildSlug: string): Error {
  const suffix = `; build ${buildSlug} was left as it is (the action aborts a build only when the wait-timeout runs out or the job is cancelled)`
  if (error instanceof ApiError) {
    return new ApiError(
      `${error.message}${suffix}`,
      error.kind,
      error.method,
      error.path,
      error.status,
      error.serviceMessage,
      error.mayHaveTakenEffect,
      error.earlierAttemptMayHaveApplied
    )
  }
  return new Error(`${error instanceof Error ? error.message : String(error)}${suffix}`, { cause: error })
}

function httpLink(url: string | undefined): SummarySection['link'] {
  return url && /^https?:\/\/[^\s"<>]+$/.test(url) ? { text: 'Open the build', href: url } : undefined
}
