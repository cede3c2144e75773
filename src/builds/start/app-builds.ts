/**
 * Trigger for several apps in one step: chooses the apps (named, or matched by
 * the files the change touched), starts their builds in parallel, reports them
 * together in the `builds` output and one summary table, and waits for them all
 * when asked.
 */
import { AwaitingApproval } from '../../api/awaiting-approval.js'
import { triggerBuild } from '../../api/builds.js'
import type { TriggerParams } from '../../api/build-params.js'
import { Input, Output } from '../../constants.js'
import type { HandlerContext } from '../../step/context.js'
import type { SummarySection } from '../../summary/section.js'
import type { WaitSettings } from '../wait/settings.js'
import { findHeldRequest } from './approval.js'
import { chooseApps } from './choose.js'
import { mapBounded } from '../../http/pool.js'
import type { SeveralApps } from './targets.js'
import { waitForBuilds } from '../wait/app-builds.js'
import { commitLink } from '../report/lead.js'
import {
  buildsTable,
  describeStarted,
  endOfBuilds,
  FAILED,
  HELD,
  severalLead,
  startedBuilds,
  type AppBuild
} from '../report/app-builds.js'

/** At most this many calls to the service at once. */
export const PARALLEL_LIMIT = 4

/** What a trigger of several apps needs from the trigger's inputs. */
export interface SeveralAppsRun {
  params: TriggerParams
  fromEvent: string | undefined
  notes: string[]
  warnings: string[]
  wait: WaitSettings | undefined
  failIfHeld: boolean
}

/** Builds every chosen app and reports them together; fails when any build could not start or, by the settings, when any failed. */
export async function startSeveralApps(
  inputs: SeveralAppsRun,
  several: SeveralApps,
  ctx: HandlerContext
): Promise<void> {
  for (const note of inputs.notes) ctx.notice(note)
  for (const warning of inputs.warnings) ctx.warning(warning)
  const { slugs, lines } = await chooseApps(several, ctx)
  for (const line of lines) ctx.info(line)
  const builds = (await mapBounded(slugs, PARALLEL_LIMIT, (appSlug) => startOne(appSlug, inputs.params, ctx))).flat()
  ctx.output(Output.builds, builds)
  if (inputs.wait && builds.some((build) => build.status === 'triggered'))
    await waitForBuilds(builds, inputs.wait, several.failFast, ctx)
  report(builds, inputs, lines, ctx)
}

/** Every build the app's trigger started: one, or several when the service's answer names several. */
async function startOne(appSlug: string, params: TriggerParams, ctx: HandlerContext): Promise<AppBuild[]> {
  try {
    const build = await triggerBuild(ctx.client, appSlug, params)
    for (const one of [build, ...(build.others ?? [])])
      if (one.buildUrlProblem) ctx.warning(`${appSlug}: ${one.buildUrlProblem}`)
    const started = startedBuilds(appSlug, build)
    for (const one of started)
      ctx.info(`Triggered ${describeStarted(one)} of ${appSlug}${one['build-url'] ? `: ${one['build-url']}` : ''}`)
    return started
  } catch (refused) {
    if (refused instanceof AwaitingApproval) return held(appSlug, params, refused, ctx)
    // A refused workflow or pipeline is named with the ones the app has, as for one app.
    const error = await (await import('./unknown-target.js')).explainRefusedTarget(refused, appSlug, params, ctx)
    const message = (error as Error).message
    ctx.warning(`Could not trigger a build of ${appSlug}: ${message}`)
    return [{ 'app-slug': appSlug, status: 'trigger-failed', error: message }]
  }
}

/**
 * An app whose trigger the service held for manual approval, as one app's trigger reports it
 * (approval.ts): its open build request, or, when none explains the answer, a failed trigger.
 */
async function held(
  appSlug: string,
  params: TriggerParams,
  answer: AwaitingApproval,
  ctx: HandlerContext
): Promise<AppBuild[]> {
  try {
    const { request, what } = await findHeldRequest(ctx, appSlug, params, answer)
    ctx.notice(
      `The service started no build of ${appSlug}: manual build approval is on for it, and its build request ${request.slug} for ${what} awaits approval. ` +
        `Someone with access to the app approves it on the app's page on the service, or with operation approve-build-request (${Input.buildRequestSlug}: ${request.slug}).`
    )
    return [{ 'app-slug': appSlug, 'build-request-slug': request.slug, status: HELD }]
  } catch (error) {
    const message = (error as Error).message
    ctx.warning(`Could not trigger a build of ${appSlug}: ${message}`)
    return [{ 'app-slug': appSlug, status: 'trigger-failed', error: message }]
  }
}

/** Sets the outputs and the one summary table, then fails the step when it should. */
function report(builds: AppBuild[], inputs: SeveralAppsRun, lines: string[], ctx: HandlerContext): void {
  ctx.output(Output.builds, builds)
  if (inputs.wait !== undefined) ctx.output(Output.buildStatus, statusOfAll(builds))
  ctx.summary(severalAppsSection(builds, inputs, lines, ctx))
  endOfBuilds(builds, inputs.wait?.failOnBuildFailure)
  const heldApps = builds.filter((build) => build.status === HELD)
  if (heldApps.length > 0 && inputs.failIfHeld) {
    throw new Error(
      `The service held the trigger of ${heldApps.map((b) => `${b['app-slug']} (build request ${b['build-request-slug']})`).join(', ')} for approval; ${Input.failIfHeld} is true, so the step fails.`
    )
  }
}

/** The build-status output of builds waited for: failed, held, every one a success, or some left running. */
function statusOfAll(builds: AppBuild[]): string {
  if (builds.some((build) => FAILED.has(build.status))) return 'failed'
  if (builds.some((build) => build.status === HELD)) return HELD
  return builds.every((b) => b.status.startsWith('success')) ? 'success' : 'running'
}

/** The summary of the apps' builds: the lead line, the facts of the trigger, what each app's build came to, and the table. */
function severalAppsSection(
  builds: AppBuild[],
  inputs: SeveralAppsRun,
  lines: string[],
  ctx: HandlerContext
): SummarySection {
  const waited = inputs.wait !== undefined
  const apps = new Set(builds.map((b) => b['app-slug'])).size
  return {
    heading: builds.length === 0 ? 'No app to build' : `Builds of ${builds.length} app(s)`,
    lead: severalLead(
      builds,
      waited,
      [builds.length === 0 ? 'no app to build' : `${apps} app(s)`],
      commitLink(ctx, inputs.params.commitHash)
    ),
    fold: true,
    facts: [
      ['Branch', inputs.params.branch],
      ['Tag', inputs.params.tag],
      ['Commit', inputs.params.commitHash],
      ['Pull request', inputs.params.pullRequestId],
      ['Parameters from event', inputs.fromEvent]
    ],
    lines: [
      ...lines,
      ...inputs.notes,
      ...inputs.warnings,
      ...builds.filter((b) => b.error).map((b) => `${b['app-slug']}: ${b.error}`),
      ...builds
        .filter((b) => b['failure-summary'])
        .map((b) => `${b['app-slug']}: why it failed, in the service's AI summary: ${b['failure-summary']}`),
      ...builds
        .filter((build) => build.status === HELD)
        .map(
          (b) =>
            `${b['app-slug']}: build request ${b['build-request-slug']} awaits approval; its approval starts the build${waited ? ', which this step does not wait for' : ''}.`
        ),
      ...(waited && builds.some((b) => b.status === 'running')
        ? [`${Input.failFast} stopped the wait at the first failure; the builds still running were left running.`]
        : [])
    ],
    table: builds.length > 0 ? buildsTable(builds, 'App', (b) => b['app-slug']) : undefined
  }
}
