/**
 * The wait for one build, shared by trigger (with wait: true) and wait, with how it ends: a
 * result reported, or, after a wait-timeout or a cancelled job, an abort of the build.
 */
import { NotABuild, waitForBuildEnd, type WaitResult } from './build-end.js'
import { Input, Output, State } from '../../constants.js'
import { describeDuration } from '../../inputs/durations.js'
import type { WaitSettings } from './settings.js'
import { savedBuilds } from '../abort/pending.js'
import type { SummarySection } from '../../summary/section.js'
import type { HandlerContext } from '../../step/context.js'
import { abortOnStop, leftAsIs, whyStopped } from '../abort/stop.js'
import { explainFailure } from './explain.js'
import { endLead } from '../report/lead.js'
import { reportBuildEnd, type BuildReport } from '../report/build.js'
import { noTests, reportReview, type ReviewView } from '../report/review.js'
import { readReview } from './review-read.js'
import { reviewMarkdown } from '../report/review-render.js'
import { installPagesMarkdown, openInstallPages, reportInstallPages } from '../report/install-page.js'

/** The build waited for, and where its end is reported. */
export interface Waited {
  appSlug: string
  buildSlug: string
  /** The summary section the wait adds its result to. */
  section: SummarySection
  buildUrl?: string
  /** The slug came from the step (the wait operation): a pipeline's id in it is named. */
  mayBePipeline?: boolean
  /** Told when the build is on hold (no free concurrency slot) and when the wait ends (the status on GitHub). */
  report?: BuildReport
  /** install-page's patterns, given only for a build the step trusts: its artifacts to open an install page for. */
  installPage?: string[]
  /** test-report-artifacts' patterns: artifacts to read JUnit XML from when the service gives no test results. */
  testReports?: string[]
}

/**
 * Waits for the build and reports its end. A timeout or a job cancellation aborts
 * the build; the build is saved in the step state first, so the post step can
 * abort it if this process is killed before it could. True when the build succeeded.
 */
export async function waitForBuild(build: Waited, settings: WaitSettings, ctx: HandlerContext): Promise<boolean> {
  ctx.saveState(State.pendingWork, savedBuilds([build]))
  for (const warning of settings.warnings) ctx.warning(warning)
  ctx.info(
    `Waiting for build ${build.buildSlug} (wait-timeout: ${describeDuration(settings.timeoutMs)}, poll-interval: ${describeDuration(settings.pollIntervalMs)}, stream-logs: ${settings.streamLogs})`
  )
  let result: WaitResult
  try {
    result = settings.streamLogs
      ? await ctx.group(`Build log of ${build.buildSlug}`, () => waitForEnd(build, settings, ctx))
      : await waitForEnd(build, settings, ctx)
  } catch (error) {
    // Only a wait-timeout or a cancelled job aborts the build; after any other
    // failure the build is left running, so the post step must not abort it either.
    if (ctx.signal.aborted) throw error
    ctx.saveState(State.pendingWork, '')
    // A wrong slug (a pipeline's id) names no build: there is nothing left running to speak of.
    if (error instanceof NotABuild) throw error
    throw leftAsIs(error, build)
  }
  if (result.kind === 'finished') {
    const explanation = await explainFailure(build.buildSlug, result.status, settings, ctx)
    const review = await readView(build, settings.pollIntervalMs, ctx)
    const pages = await installPages(build, result.status === 'success', ctx)
    await build.report?.ended(
      result.status,
      result.record.buildNumber,
      explanation,
      result.record.timing.durationSeconds,
      [reviewMarkdown(review), installPagesMarkdown(pages ?? [])].filter(Boolean).join('\n\n')
    )
    ctx.saveState(State.pendingWork, '')
    reportReview(review, ctx)
    if (pages) reportInstallPages(pages, ctx)
    return reportBuildEnd(build, result, settings.failOnBuildFailure, ctx, explanation)
  }
  try {
    return await stopAndAbort(build, result.kind, settings, ctx)
  } finally {
    await build.report?.ended(result.kind)
  }
}

/** The reviewer's view, its tests read from the artifacts test-report-artifacts names when the service gave none. */
async function readView(build: Waited, pollIntervalMs: number, ctx: HandlerContext): Promise<ReviewView> {
  const patterns = build.testReports ?? []
  const view = await readReview(build.appSlug, build.buildSlug, pollIntervalMs, ctx, patterns.length > 0)
  if (patterns.length === 0 || !noTests(view)) return view
  const { readTestReports } = await import('../report/artifacts/test-reports.js')
  return { ...view, tests: (await readTestReports(build.appSlug, build.buildSlug, patterns, ctx)) ?? view.tests }
}

/** The install pages of a successful build when install-page asked for them; undefined when not asked. */
async function installPages(build: Waited, succeeded: boolean, ctx: HandlerContext) {
  if (!build.installPage || build.installPage.length === 0) return undefined
  if (succeeded) return openInstallPages(build.appSlug, build.buildSlug, build.installPage, ctx)
  ctx.info(`${Input.installPage}: build ${build.buildSlug} did not succeed, so no install page was opened.`)
  return []
}

/** The wait for the build's end, its log printed as it comes, and a hold said in the summary. */
function waitForEnd(
  { appSlug, buildSlug, section, buildUrl, report, mayBePipeline }: Waited,
  settings: WaitSettings,
  ctx: HandlerContext
): Promise<WaitResult> {
  return waitForBuildEnd(ctx.client, {
    appSlug,
    buildSlug,
    timeoutMs: settings.timeoutMs,
    pollIntervalMs: settings.pollIntervalMs,
    adaptive: settings.adaptive,
    mayBePipeline,
    streamLogs: settings.streamLogs,
    heartbeatMs: settings.heartbeatMs,
    signal: ctx.signal,
    buildUrl,
    log: (line) => ctx.info(line),
    printLog: (text) => ctx.info(text),
    warn: (line) => ctx.warning(line),
    summaryNote: (line) => section.lines?.push(line),
    mask: (value) => ctx.mask(value),
    onHold: () => {
      report?.held()
      section.lines?.push(
        'The build was on hold on the service, waiting for a free concurrency slot: it starts when one of the builds using its concurrency finishes.'
      )
    }
  })
}

/** After a wait-timeout or a cancelled job: aborts the build and fails the step saying why. */
async function stopAndAbort(
  { appSlug, buildSlug, section }: Waited,
  kind: 'timed-out' | 'cancelled',
  settings: WaitSettings,
  ctx: HandlerContext
): Promise<never> {
  const why = whyStopped(kind, settings.timeoutMs)
  ctx.output(Output.buildStatus, kind)
  ctx.output(Output.buildStatusText, why)
  section.facts?.push(['Result', `${kind}: build aborted`])
  endLead(section, kind)
  let outcome
  try {
    outcome = await abortOnStop(ctx.client, { appSlug, buildSlug }, why, ctx.runUrl)
    ctx.saveState(State.pendingWork, '')
  } catch (error) {
    throw new Error(
      `Stopped waiting for build ${buildSlug} because ${why}, and aborting it failed: ${(error as Error).message}`,
      { cause: error }
    )
  }
  if (outcome?.kind === 'finished' && !outcome.byEarlierAttempt) {
    section.lines?.push(`The action stopped waiting because ${why}; the build had just finished (${outcome.status}).`)
    throw new Error(
      `Stopped waiting for build ${buildSlug} because ${why}; the build had just finished (${outcome.status}), so there was nothing to abort.`
    )
  }
  section.lines?.push(`The action stopped waiting because ${why}, and aborted the build.`)
  throw new Error(`Stopped waiting for build ${buildSlug} because ${why}; the build was aborted.`)
}
