/**
 * A build's end as the step reports it: the outputs, summary and log lines of a build that
 * finished, and the report that hears of its hold and its end elsewhere (the GitHub status
 * implements it).
 */
import type { BuildStatus, ServiceBuild } from '../../api/build-record.js'
import { Output } from '../../constants.js'
import type { HandlerContext } from '../../step/context.js'
import type { SummarySection } from '../../summary/section.js'
import { describeTiming, endLead, reportTiming } from './lead.js'

/** How a wait ended: the build's status, or why the action stopped waiting. */
export type WaitEnd = BuildStatus | 'timed-out' | 'cancelled'

/** Hears about a build on hold (no free concurrency slot) and the end of the wait; it never throws. */
export interface BuildReport {
  held(): void
  /**
   * `explanation`: the service's AI summary of a failed build, service text to escape;
   * `durationSeconds`: how long the build ran, from its record (undefined when it does not say);
   * `review`: the build's steps and tests as Markdown already escaped (review-render.ts), or ''.
   */
  ended(
    end: WaitEnd,
    buildNumber?: number,
    explanation?: string,
    durationSeconds?: number,
    review?: string
  ): Promise<void>
}

/** A build seen finished: its status in a word, whether that is a success, its record and the answer's text. */
export interface FinishedBuild {
  status: BuildStatus
  succeeded: boolean
  record: ServiceBuild
  response: string
}

/**
 * Reports a finished build in its outputs, its summary section and the log; throws when it did
 * not succeed and `failOnBuildFailure` holds. True when it succeeded.
 */
export function reportBuildEnd(
  build: { buildSlug: string; section: SummarySection },
  result: FinishedBuild,
  failOnBuildFailure: boolean,
  ctx: HandlerContext,
  explanation: string | undefined
): boolean {
  ctx.output(Output.buildStatus, result.status)
  ctx.output(Output.buildStatusText, result.record.statusText ?? result.status)
  ctx.output(Output.response, result.response)
  build.section.facts?.push(['Result', result.status])
  if (result.record.abortReason) build.section.facts?.push(['Abort reason', result.record.abortReason])
  if (!result.succeeded) {
    const why = [
      result.record.statusText && `status text: ${result.record.statusText}`,
      result.record.abortReason && `abort reason: ${result.record.abortReason}`
    ]
      .filter(Boolean)
      .join('; ')
    build.section.lines?.push(`The build ended ${result.status}${why ? ` (${why})` : ''}; its log is on the service.`)
  }
  if (explanation !== undefined) {
    ctx.output(Output.failureSummary, explanation)
    build.section.lines?.push(`Why it failed, in the service's AI summary: ${explanation}`)
    ctx.info(`The service's AI summary of build ${build.buildSlug}: ${explanation}`)
  }
  reportTiming(build.section, result.record.timing, ctx)
  endLead(build.section, result.status, result.record.timing)
  const workflow = result.record.triggeredWorkflow
  if (workflow && build.section.lead && !build.section.lead.subject.includes(workflow))
    build.section.lead.subject.push(workflow)
  const message = `Build ${build.buildSlug} finished: ${result.status}${result.record.statusText ? ` (${result.record.statusText})` : ''}`
  const timing = describeTiming(result.record.timing)
  if (timing) ctx.info(`Build ${build.buildSlug} ${timing}`)
  if (!result.succeeded && failOnBuildFailure)
    throw new Error(`${message}. Set fail-on-build-failure: false to let the step pass.`)
  ctx.info(message)
  return result.succeeded
}
