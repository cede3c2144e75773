/**
 * The first line of a build's or a pipeline's summary: its mark and result as the wait ends,
 * how long it ran, and links to its page and to its commit on GitHub. Also the outputs of its
 * time and cost.
 */
import type { BuildTiming } from '../../api/build-timing.js'
import { Output } from '../../constants.js'
import { describeDuration } from '../../inputs/durations.js'
import type { Mark, SummaryLink, SummarySection } from '../../summary/section.js'
import type { HandlerContext } from '../../step/context.js'

/** A result word (a build's or a pipeline's status, or how the wait stopped) as a mark and words. */
const RESULTS: Record<string, [Mark, string]> = {
  success: ['success', 'Succeeded'],
  succeeded: ['success', 'Succeeded'],
  failed: ['failure', 'Failed'],
  aborted: ['aborted', 'Aborted'],
  'aborted-with-success': ['aborted', 'Aborted with success'],
  succeeded_with_abort: ['aborted', 'Aborted with success'],
  'timed-out': ['stopped', 'Timed out, aborted'],
  cancelled: ['stopped', 'Cancelled, aborted'],
  'awaiting-approval': ['held', 'Awaiting approval']
}

/** Sets the lead's mark and result for how it ended, and its duration when known. */
export function endLead(section: SummarySection, end: string, timing?: BuildTiming): void {
  if (!section.lead) return
  const [mark, result] = RESULTS[end] ?? ['note', end]
  section.lead.mark = mark
  section.lead.result = result
  if (timing?.durationSeconds !== undefined) section.lead.durationSeconds = timing.durationSeconds
  if (timing?.creditCost !== undefined) section.lead.creditCost = timing.creditCost
}

/** The outputs and summary facts of a finished build's time and cost; an unknown figure sets nothing and says nothing. */
export function reportTiming(section: SummarySection, timing: BuildTiming, ctx: HandlerContext): void {
  ctx.output(Output.durationSeconds, timing.durationSeconds)
  ctx.output(Output.queueSeconds, timing.queueSeconds)
  ctx.output(Output.creditCost, timing.creditCost)
  section.facts?.push(
    ['Queued (seconds)', timing.queueSeconds],
    ['Ran (seconds)', timing.durationSeconds],
    ['Credits', timing.creditCost]
  )
}

/** A link to a commit on GitHub, when the commit is a hash and the repository is known. */
export function commitLink(ctx: HandlerContext, sha: string | undefined): SummaryLink | undefined {
  if (!sha || !/^[0-9a-f]{7,64}$/i.test(sha) || !ctx.repoUrl) return undefined
  return { text: `Commit ${sha.slice(0, 7)}`, href: `${ctx.repoUrl}/commit/${sha}` }
}

/** The links of a lead: the page on the service and the commit, those known. */
export function leadLinks(page: SummaryLink | undefined, commit: SummaryLink | undefined): SummaryLink[] {
  return [page, commit].filter((link): link is SummaryLink => link !== undefined)
}

/** "ran 3 minutes 2 seconds after 4 seconds in the queue, for 12 credits", or '' when nothing is known. */
export function describeTiming(timing: BuildTiming): string {
  const parts = [
    timing.durationSeconds !== undefined && `ran ${describeDuration(timing.durationSeconds * 1000)}`,
    timing.queueSeconds !== undefined && `after ${describeDuration(timing.queueSeconds * 1000)} in the queue`,
    timing.creditCost !== undefined && `for ${timing.creditCost} credit(s)`
  ].filter(Boolean)
  return parts.join(', ')
}
