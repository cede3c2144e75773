/**
 * Abort by filter, for abort: every unfinished build of one pull request, or of one branch of
 * one repository owner, optionally of one workflow. The same line as superseding keeps: a
 * branch filter never reaches a pull request's builds, nor a same-named branch of a fork (a
 * build naming another owner or repository); a branch build naming no owner is the app's own.
 * Each build is checked here as well as by the list's filters.
 */
import { listBuilds, type BuildListFilters, type ListedBuild } from '../../api/build-list.js'
import { abortBuild, type AbortRequest } from '../../api/builds.js'
import { Output } from '../../constants.js'
import type { SummarySection } from '../../summary/section.js'
import type { HandlerContext } from '../../step/context.js'
import { placeIn, type BuildLine } from './line.js'
import { mapBounded } from '../../http/pool.js'

/** What the event shows of a pull request's abort: the lead of the default reason ("Pull request #5 was merged"), or a note after any reason. */
export interface AbortOccasion {
  lead?: string
  note?: string
}

/** What to abort: a pull request's builds, or a branch's builds of one repository owner; either optionally of one workflow. */
export type AbortFilter = BuildLine & { workflow?: string; occasion?: AbortOccasion }

/** An aborted build, as the builds output lists it. */
export interface AbortedBuild {
  'app-slug': string
  'build-slug': string
  'build-number'?: number
  'triggered-workflow'?: string
  status: 'aborted'
}

/** At most this many abort requests at once. */
const PARALLEL_ABORTS = 4

/** Who the filter names, for messages: "pull request #12" or "branch main of acme", with its workflow. */
export function describeFilter(filter: AbortFilter): string {
  const what =
    'pullRequestId' in filter
      ? `pull request #${filter.pullRequestId}`
      : `branch ${filter.branch} of ${filter.owner ?? 'this repository'}`
  return filter.workflow ? `${what}, workflow ${filter.workflow}` : what
}

/** True when the build is unfinished, of the filter's workflow, and in its line. */
function matches(filter: AbortFilter, build: ListedBuild): boolean {
  return unfinishedOfWorkflow(filter, build) && placeIn(build, filter) === 'in'
}

function unfinishedOfWorkflow(filter: AbortFilter, build: ListedBuild): boolean {
  return build.status === 0 && (filter.workflow === undefined || build.triggeredWorkflow === filter.workflow)
}

/** The unfinished builds of the filter's pull request or branch that are left out of its line, each with the reason: said in the log, never left in silence. */
function leftOut(filter: AbortFilter, builds: ListedBuild[]): string | undefined {
  const left: string[] = []
  for (const build of builds) {
    const placement = unfinishedOfWorkflow(filter, build) ? placeIn(build, filter) : 'elsewhere'
    if (typeof placement === 'object') left.push(`${build.slug} (${placement.left})`)
  }
  if (left.length === 0) return undefined
  const what =
    'pullRequestId' in filter ? `of pull request #${filter.pullRequestId}` : `of a branch named ${filter.branch}`
  return `${left.length} unfinished build(s) ${what} were left running, as another repository's: ${left.join('; ')}`
}

type Outcome = { build: ListedBuild; result: 'aborted' | 'finished' | 'failed'; detail?: string }

/** Aborts every unfinished build that matches; sets builds and count, and fails when an abort failed (after trying every one). */
export async function abortMatching(
  ctx: HandlerContext,
  appSlug: string,
  filter: AbortFilter,
  request: AbortRequest
): Promise<void> {
  const query: BuildListFilters =
    'pullRequestId' in filter
      ? { status: 0, pullRequestId: filter.pullRequestId }
      : { status: 0, branch: filter.branch }
  if (filter.workflow !== undefined) query.workflow = filter.workflow
  // Only the unfinished builds of the workflow are kept: those aborted, and those left out of the line.
  const listed = await listBuilds(ctx.client, appSlug, query, ctx.signal, (b) => unfinishedOfWorkflow(filter, b))
  const chosen = listed.filter((b) => matches(filter, b))
  const who = describeFilter(filter)
  const reason = abortReasonOf(filter, who, request.abortReason, ctx.runUrl)
  const outcomes = await mapBounded(chosen, PARALLEL_ABORTS, async (build): Promise<Outcome> => {
    try {
      const answer = await abortBuild(ctx.client, appSlug, build.slug, { ...request, abortReason: reason })
      if (answer.kind === 'aborted' || answer.byEarlierAttempt) return { build, result: 'aborted' }
      return { build, result: 'finished', detail: answer.status }
    } catch (error) {
      return { build, result: 'failed', detail: (error as Error).message }
    }
  })
  const aborted: AbortedBuild[] = outcomes
    .filter((o) => o.result === 'aborted')
    .map(({ build }) => ({
      'app-slug': appSlug,
      'build-slug': build.slug,
      'build-number': build.buildNumber,
      'triggered-workflow': build.triggeredWorkflow,
      status: 'aborted'
    }))
  ctx.output(Output.builds, aborted)
  ctx.output(Output.count, aborted.length)
  report(ctx, {
    appSlug,
    who,
    outcomes,
    left: leftOut(filter, listed),
    facts: [
      ['Reason', reason],
      ['Counted as successful', request.abortWithSuccess],
      ['Email notifications skipped', request.skipNotifications]
    ]
  })
  const failed = outcomes.filter((o) => o.result === 'failed')
  if (failed.length > 0) {
    throw new Error(
      `Could not abort ${failed.length} of the ${outcomes.length} unfinished build(s) of ${who} on ${appSlug}: ${failed.map((o) => `${o.build.slug} (${o.detail})`).join('; ')}. The ${aborted.length} aborted are in the ${Output.builds} output; run the step again to retry the others.`
    )
  }
}

/** The reason each build's page shows: the step's, or one naming the filter and the run; either says what the event shows happened. */
function abortReasonOf(filter: AbortFilter, who: string, given: string, runUrl: string | undefined): string {
  const { lead, note } = filter.occasion ?? {}
  const by = runUrl ? ` by ${runUrl}` : ''
  const reason =
    given ||
    (lead
      ? `${lead}: every unfinished build of ${who} was aborted${by}`
      : `Aborted with every unfinished build of ${who}${by}`)
  return note ? `${reason} (${note})` : reason
}

interface Report {
  appSlug: string
  who: string
  outcomes: Outcome[]
  left?: string
  facts: SummarySection['facts']
}

function report(ctx: HandlerContext, { appSlug, who, outcomes, left, facts }: Report): void {
  const aborted = outcomes.filter((o) => o.result === 'aborted').length
  const lines: string[] = []
  if (outcomes.length === 0) lines.push(`No unfinished build of ${who} was found on ${appSlug}; nothing was aborted.`)
  for (const o of outcomes) {
    const name = `${o.build.buildNumber !== undefined ? `#${o.build.buildNumber} ` : ''}${o.build.slug}`
    if (o.result === 'aborted') ctx.info(`Aborted build ${name} (${o.build.triggeredWorkflow ?? 'workflow unknown'})`)
    else if (o.result === 'finished')
      lines.push(`Build ${name} finished (${o.detail}) before it could be aborted; nothing was changed.`)
    else ctx.warning(`Could not abort build ${name}: ${o.detail}`)
  }
  if (left) lines.push(left)
  for (const line of lines) ctx.notice(line)
  ctx.info(`Aborted ${aborted} of ${outcomes.length} unfinished build(s) of ${who} on ${appSlug}`)
  const table = [
    ['Build', 'Number', 'Workflow', 'Result'],
    ...outcomes.map((o) => [
      o.build.slug,
      o.build.buildNumber?.toString() ?? '',
      o.build.triggeredWorkflow ?? '',
      o.result === 'finished' ? `already ${o.detail}` : o.result === 'failed' ? 'abort failed' : 'aborted'
    ])
  ]
  const failed = outcomes.filter((o) => o.result === 'failed').length
  ctx.summary({
    heading: `Aborted ${aborted} build(s) of ${who} on ${appSlug}`,
    lead: {
      mark: failed > 0 ? 'warning' : aborted > 0 ? 'aborted' : 'note',
      result:
        aborted > 0
          ? `Aborted ${aborted} build(s)${failed > 0 ? `, ${failed} could not be` : ''}`
          : failed > 0
            ? `${failed} build(s) could not be aborted`
            : 'Nothing to abort',
      subject: [appSlug, who]
    },
    lines,
    table: outcomes.length > 0 ? table : undefined,
    facts
  })
}
