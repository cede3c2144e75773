/**
 * One trigger that started several builds: the service answers one `results` item for each
 * workflow or pipeline whose trigger matched (docs.bitrise.io, "YAML syntax for build
 * triggers"). Every one is listed in the builds output and the summary, waited for with wait
 * (as the builds of several apps are), and aborted on a wait-timeout or a cancel; the build-slug,
 * build-number, build-url and triggered-workflow outputs stay the first's, as before.
 */
import type { TriggeredBuild } from '../../api/builds.js'
import { Output } from '../../constants.js'
import type { HandlerContext } from '../../step/context.js'
import type { WaitSettings } from './settings.js'
import type { BuildReport, WaitEnd } from '../report/build.js'
import type { SummarySection } from '../../summary/section.js'
import type { ArtifactSettings } from '../report/artifacts/settings.js'
import {
  buildsTable,
  describeStarted,
  endOfBuilds,
  severalLead,
  startedBuilds,
  type AppBuild
} from '../report/app-builds.js'
import { waitForBuilds } from './app-builds.js'

/** What the trigger hands over once the service's answer named several builds. */
export interface SeveralResults {
  appSlug: string
  started: TriggeredBuild
  section: SummarySection
  wait: WaitSettings | undefined
  /** The GitHub status, posted for the first build only. */
  report: BuildReport | undefined
  artifacts: ArtifactSettings | undefined
}

const WAIT_ENDS = new Set<string>(['success', 'failed', 'aborted', 'aborted-with-success', 'timed-out', 'cancelled'])

/** Reports every build of the answer, waits for them all when asked, and fails the step as the wait of several apps does. */
export async function waitForResults(run: SeveralResults, ctx: HandlerContext): Promise<void> {
  const builds = startedBuilds(run.appSlug, run.started)
  ctx.info(
    `The service started ${builds.length} builds for this trigger: ${builds.map(describeStarted).join(', ')}; build-slug and the outputs beside it name the first.`
  )
  ctx.output(Output.builds, builds)
  const firstOnly = [run.report && 'the GitHub status', run.artifacts && 'the artifacts'].filter(Boolean)
  if (firstOnly.length > 0)
    ctx.warning(
      `The service started ${builds.length} builds for this trigger; ${firstOnly.join(' and ')} follow the first build, ${builds[0]['build-slug'] ?? builds[0]['pipeline-id']}, only.`
    )
  run.section.heading = `${builds.length} builds triggered on ${run.appSlug}`
  showBuilds(run.section, run.appSlug, builds, false)
  if (!run.wait) return
  await waitForBuilds(builds, run.wait, false, ctx)
  ctx.output(Output.builds, builds)
  showBuilds(run.section, run.appSlug, builds, true)
  await reportEnd(run, run.wait, builds, ctx)
}

/** The section's table and lead line, for the builds as they stand. */
function showBuilds(section: SummarySection, appSlug: string, builds: AppBuild[], waited: boolean): void {
  section.table = buildsTable(
    builds,
    'Workflow or pipeline',
    (b) => b['triggered-pipeline'] ?? b['triggered-workflow'] ?? ''
  )
  section.lead = severalLead(
    builds,
    waited,
    [appSlug],
    section.lead?.links?.find((link) => link.text.startsWith('Commit '))
  )
}

/** Once every build ended: the GitHub status and artifacts of the first, the outputs and summary, and the step's failure. */
async function reportEnd(
  run: SeveralResults,
  wait: WaitSettings,
  builds: AppBuild[],
  ctx: HandlerContext
): Promise<void> {
  const first = builds[0]
  // As for one build: a wait that ended in an error leaves the GitHub status as it is.
  if (run.report && WAIT_ENDS.has(first.status))
    await run.report.ended(first.status as WaitEnd, first['build-number'], undefined, first['duration-seconds'])
  const failed = builds.some((b) => !b.status.startsWith('success'))
  ctx.output(Output.buildStatus, failed ? 'failed' : 'success')
  run.section.facts?.push(['Result', failed ? 'not every build succeeded' : 'every build succeeded'])
  for (const b of builds) if (b.error) run.section.lines?.push(`${describeStarted(b)}: ${b.error}`)
  for (const b of builds)
    if (b['failure-summary'])
      run.section.lines?.push(
        `${describeStarted(b)}: why it failed, in the service's AI summary: ${b['failure-summary']}`
      )
  endOfBuilds(builds, wait.failOnBuildFailure, describeStarted)
  const firstSlug = first['build-slug']
  if (run.artifacts && firstSlug && first.status === 'success')
    await (
      await import('../report/artifacts/report.js')
    ).reportArtifacts(run.appSlug, firstSlug, run.artifacts, ctx, false)
}
