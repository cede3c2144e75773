/**
 * Several builds as the step reports them: the `builds` output's item for each (of several apps,
 * or of one trigger that started several), the lead line and table of the summary, and how
 * their ends fail the step.
 */
import type { StartedBuild, TriggeredBuild } from '../../api/builds.js'
import { shortDuration } from '../../summary/render.js'
import type { SummaryCell, SummaryLead, SummaryLink } from '../../summary/section.js'

/** One app's build, as the `builds` output lists it. */
export interface AppBuild {
  'app-slug': string
  'build-slug'?: string
  /** Instead of build-slug, for a pipeline the trigger started beside builds (see wait/results.ts). */
  'pipeline-id'?: string
  'build-url'?: string
  'build-number'?: number
  /** Set when one trigger started several builds, to tell them apart. */
  'triggered-workflow'?: string
  'triggered-pipeline'?: string
  /** Instead of a build, when the service held the trigger for manual approval: the request its approval starts a build from. */
  'build-request-slug'?: string
  /**
   * `triggered`, then the build's end (`success`, `failed`, ...), `running`, `timed-out`, `cancelled`;
   * `trigger-failed`, or `awaiting-approval` for a trigger the service held.
   */
  status: string
  /** Why the trigger, the wait or the abort failed. */
  error?: string
  /** Once finished, how long it ran and waited, and its cost, where the service reports them. */
  'duration-seconds'?: number
  'queue-seconds'?: number
  'credit-cost'?: number
  /** A failed build's AI summary, when the service has one and explain-failure is on. */
  'failure-summary'?: string
}

/** The status of an app whose trigger the service held for approval: no build yet, so nothing to wait for. */
export const HELD = 'awaiting-approval'

/** The statuses of a build that did not succeed, or of one that never started. */
export const FAILED = new Set(['failed', 'aborted', 'timed-out', 'cancelled', 'trigger-failed', 'unknown'])

/** The builds (and pipelines) of one trigger's answer as the builds output lists them, the first first. */
export function startedBuilds(appSlug: string, build: TriggeredBuild): AppBuild[] {
  const several = (build.others?.length ?? 0) > 0
  return [build, ...(build.others ?? [])].map((one: StartedBuild) => ({
    'app-slug': appSlug,
    ...(one.triggeredPipeline ? { 'pipeline-id': one.buildSlug } : { 'build-slug': one.buildSlug }),
    'build-url': one.buildUrl,
    'build-number': one.buildNumber,
    ...(several ? { 'triggered-workflow': one.triggeredWorkflow, 'triggered-pipeline': one.triggeredPipeline } : {}),
    status: 'triggered'
  }))
}

/** "build #12 abc" or "pipeline p-1 (release)", for the log. */
export function describeStarted(one: AppBuild): string {
  const number = one['build-number'] !== undefined ? `#${one['build-number']} ` : ''
  if (one['pipeline-id'] !== undefined)
    return `pipeline ${number}${one['pipeline-id']}${one['triggered-pipeline'] ? ` (${one['triggered-pipeline']})` : ''}`
  return `build ${number}${one['build-slug']}${one['triggered-workflow'] ? ` (${one['triggered-workflow']})` : ''}`
}

/** The lead of several builds: every one succeeded, some failed, or they were started. */
export function severalLead(
  builds: AppBuild[],
  waited: boolean,
  subject: string[],
  commit: SummaryLink | undefined
): SummaryLead {
  const links = commit ? [commit] : []
  const failed = builds.filter((build) => FAILED.has(build.status)).length
  // The longest build's time, once every build has one: a build left running has none yet.
  const all = builds.length > 0 && builds.every((b) => b['duration-seconds'] !== undefined)
  const durationSeconds = all ? Math.max(...builds.map((b) => b['duration-seconds'] as number)) : undefined
  if (failed > 0)
    return { mark: 'failure', result: `${failed} of ${builds.length} did not succeed`, subject, durationSeconds, links }
  const held = builds.filter((build) => build.status === HELD).length
  if (held > 0)
    return { mark: 'held', result: `${held} of ${builds.length} await approval`, subject, durationSeconds, links }
  if (waited && builds.length > 0 && builds.every((b) => b.status.startsWith('success')))
    return { mark: 'success', result: `All ${builds.length} succeeded`, subject, durationSeconds, links }
  return {
    mark: builds.length === 0 ? 'note' : 'running',
    result: builds.length === 0 ? 'Nothing built' : `${builds.length} triggered`,
    subject,
    durationSeconds,
    links
  }
}

/** One row per build: what it is, its build linked to its page, its status, time and cost. */
export function buildsTable(builds: AppBuild[], first: string, name: (build: AppBuild) => string): SummaryCell[][] {
  const rows = builds.map((b): SummaryCell[] => {
    const id =
      b['build-slug'] ??
      b['pipeline-id'] ??
      (b['build-request-slug'] !== undefined ? `build request ${b['build-request-slug']}` : '')
    const text = b['build-number'] !== undefined ? `#${b['build-number']} ${id}` : id
    return [
      name(b),
      b['build-url'] ? { text, href: b['build-url'] } : text,
      b.status,
      b['duration-seconds'] !== undefined ? shortDuration(b['duration-seconds']) : '',
      b['queue-seconds'] !== undefined ? shortDuration(b['queue-seconds']) : '',
      b['credit-cost'] !== undefined ? String(b['credit-cost']) : ''
    ]
  })
  const hasCredits = builds.some((b) => b['credit-cost'] !== undefined)
  const table = [[first, 'Build', 'Status', 'Duration', 'Queued', 'Credits'], ...rows]
  return hasCredits ? table : table.map((row) => row.slice(0, 5))
}

/**
 * Fails the step when a build could not start or was stopped, or, by fail-on-build-failure
 * (`failOnBuildFailure`, undefined when nothing was waited for), when one did not succeed; `name` is the field that tells the builds apart in the message.
 */
export function endOfBuilds(
  builds: AppBuild[],
  failOnBuildFailure: boolean | undefined,
  name: (build: AppBuild) => string | undefined = (b) => b['app-slug']
): void {
  const failed = builds.filter((build) => FAILED.has(build.status))
  const startFailures = builds.filter((b) => b.status === 'trigger-failed')
  if (startFailures.length > 0)
    throw new Error(
      `Could not trigger the build of ${startFailures.map(name).join(', ')}; the other builds were started (see the builds output).`
    )
  const stopped = failed.filter((b) => b.status === 'timed-out' || b.status === 'cancelled' || b.status === 'unknown')
  if (stopped.length > 0)
    throw new Error(
      `Stopped waiting for ${stopped.map((b) => `${name(b)} (${b.status})`).join(', ')}; see the builds output.`
    )
  if (failed.length > 0 && failOnBuildFailure) {
    throw new Error(
      `The build of ${failed.map((b) => `${name(b)} (${b.status})`).join(', ')} did not succeed. Set fail-on-build-failure: false to let the step pass.`
    )
  }
}
