/**
 * operation: abort — aborts a running build; one that has already finished passes with a notice,
 * or fails when asked. With a filter instead of a build slug, aborts every unfinished build of a
 * pull request or of a branch (see builds/abort/by-filter.ts and operations/abort-filter.ts).
 */
import { abortBuild, type AbortRequest } from '../api/builds.js'
import { abortMatching, describeFilter, type AbortFilter } from '../builds/abort/by-filter.js'
import { Input, Output } from '../constants.js'
import { checkCommenter } from '../github/trust.js'
import { booleanFlag, optionalText, requiredSlug, type GetInput } from '../inputs/readers.js'
import type { SummarySection } from '../summary/section.js'
import type { HandlerContext } from '../step/context.js'
import { FILTER_INPUTS, readAbortTarget } from './abort-filter.js'
import { defineOperation } from './operation.js'

export interface AbortInputs extends AbortRequest {
  appSlug: string
  /** The one build to abort, or else the filter of the builds to abort. */
  buildSlug?: string
  filter?: AbortFilter
  /** Fail when the build had already finished, instead of passing with a notice. */
  failIfFinished: boolean
  /** Why nothing is aborted: the event's pull request is open and abort-open-pull-request is false. */
  held?: string
}

export const abort = defineOperation<AbortInputs>({
  name: 'abort',
  role: 'Owner, Admin, Platform Engineer or Developer (the interface also says Admin or Owner in one place)',
  writes: true,
  inputs: [
    Input.appSlug,
    Input.buildSlug,
    ...FILTER_INPUTS,
    Input.abortReason,
    Input.abortWithSuccess,
    Input.skipNotifications,
    Input.skipGitStatusReport,
    Input.failIfFinished,
    Input.abortOpenPullRequest,
    Input.allowedAssociations
  ],
  needs: [
    {
      inputs: [Input.abortOpenPullRequest],
      says: Input.pullRequestId,
      holds: (value) => value(Input.pullRequestId) !== '' && value(Input.buildSlug) === ''
    }
  ],
  // build-slug is needed unless a filter is given instead (operations/abort-filter.ts).
  required: [Input.appSlug],
  outputs: [Output.response, Output.buildSlug, Output.buildStatus, Output.buildStatusText, Output.builds, Output.count],
  // A `/cancel` comment is gated as a trigger is (github/trust.ts).
  read: (get: GetInput, env: NodeJS.ProcessEnv) => {
    checkCommenter(get, env, 'aborted')
    return readAbort(get, env)
  },
  run: runAbort
})

const readAbort = (get: GetInput, env: NodeJS.ProcessEnv): AbortInputs => ({
  appSlug: requiredSlug(get, Input.appSlug),
  ...readAbortTarget(get, env),
  abortReason: optionalText(get, Input.abortReason) ?? '',
  abortWithSuccess: booleanFlag(get, Input.abortWithSuccess, false),
  skipNotifications: booleanFlag(get, Input.skipNotifications, false),
  skipGitStatusReport: booleanFlag(get, Input.skipGitStatusReport, false),
  failIfFinished: booleanFlag(get, Input.failIfFinished, false)
})

async function runAbort(inputs: AbortInputs, ctx: HandlerContext): Promise<void> {
  if (inputs.filter && inputs.held) return holdOpen(inputs.appSlug, inputs.filter, inputs.held, ctx)
  if (inputs.filter) return abortMatching(ctx, inputs.appSlug, inputs.filter, inputs)
  if (inputs.buildSlug !== undefined) return abortOne({ ...inputs, buildSlug: inputs.buildSlug }, ctx)
}

async function abortOne(inputs: AbortInputs & { buildSlug: string }, ctx: HandlerContext): Promise<void> {
  const result = await abortBuild(ctx.client, inputs.appSlug, inputs.buildSlug, inputs)
  ctx.output(Output.response, result.response)
  ctx.output(Output.buildSlug, inputs.buildSlug)
  const facts: SummarySection['facts'] = [
    ['Reason', inputs.abortReason],
    ['Counted as successful', inputs.abortWithSuccess],
    ['Email notifications skipped', inputs.skipNotifications],
    ['Git status report skipped', inputs.skipGitStatusReport]
  ]
  const aborted = `Build ${inputs.buildSlug} aborted on ${inputs.appSlug}`
  if (result.kind === 'aborted') {
    ctx.info(`Aborted build ${inputs.buildSlug}`)
    ctx.summary({
      heading: aborted,
      lead: {
        mark: 'aborted',
        result: inputs.abortWithSuccess ? 'Aborted with success' : 'Aborted',
        subject: [inputs.appSlug, `build ${inputs.buildSlug}`]
      },
      lines: inputs.abortReason ? [`Reason: ${inputs.abortReason}`] : undefined,
      facts: facts.slice(1),
      fold: true
    })
    return
  }
  const final = `${result.status}${result.record.statusText ? ` (${result.record.statusText})` : ''}`
  ctx.output(Output.buildStatus, result.status)
  ctx.output(Output.buildStatusText, result.record.statusText ?? result.status)
  if (result.byEarlierAttempt) {
    const message = `Aborted build ${inputs.buildSlug}: the first abort request took effect but its answer was lost; the retry found the build already finished, and reading it back shows it ${final}.`
    ctx.info(message)
    ctx.summary({
      heading: aborted,
      lead: { mark: 'aborted', result: 'Aborted', subject: [inputs.appSlug, `build ${inputs.buildSlug}`] },
      lines: [message],
      facts: [...facts, ['Result', result.status]]
    })
    return
  }
  const message = `Build ${inputs.buildSlug} had already finished before it could be aborted; its final status is ${final}.`
  if (inputs.failIfFinished)
    throw new Error(
      `${message} Set ${Input.failIfFinished}: false to let the step pass when the build has already finished.`
    )
  ctx.notice(`${message} Nothing was changed.`)
  ctx.summary({
    heading: `Build ${inputs.buildSlug} had already finished on ${inputs.appSlug}`,
    lead: {
      mark: 'note',
      result: `Already finished (${result.status})`,
      subject: [inputs.appSlug, `build ${inputs.buildSlug}`]
    },
    lines: [`${message} Nothing was changed.`],
    facts: [['Result', result.status]]
  })
}

/** An open pull request's builds, left running: the step passes and says why, and what to change. */
function holdOpen(appSlug: string, filter: AbortFilter, held: string, ctx: HandlerContext): void {
  ctx.warning(held)
  ctx.output(Output.builds, [])
  ctx.output(Output.count, 0)
  const who = describeFilter(filter)
  ctx.summary({
    heading: `Nothing aborted: ${who} is open`,
    lead: { mark: 'warning', result: 'Nothing aborted: the pull request is open', subject: [appSlug, who] },
    lines: [held]
  })
}
