/**
 * Trigger for several apps in one step: chooses the apps (named, or matched by
 * the files the change touched), starts their builds in parallel, reports them
 * together in the `builds` output and one summary table, and waits for them all
 * when asked.
 */
import { AwaitingApproval } from '../../api/awaiting-approval.js'
import { triggerBuild, type StartedBuild, type TriggeredBuild } from '../../api/builds.js'
import type { BuildParams } from '../../api/build-params.js'
import { Input, Output } from '../../constants.js'
import type { HandlerContext } from '../../step/context.js'
import type { WaitSettings } from '../wait.js'
import { findHeldRequest } from '../approval.js'
import { chooseApps } from './choose.js'
import { mapBounded } from '../../http/pool.js'
import type { ManyApps } from './targets.js'
import { waitForAll, type AppBuild } from './wait.js'
import { commitLink } from '../lead.js'
import { shortDuration } from '../../summary/render.js'
import type { SummaryCell, SummaryLead, SummaryLink } from '../../summary/section.js'

/** At most this many calls to the service at once. */
export const PARALLEL_LIMIT = 4

/** What a trigger of several apps needs from the trigger's inputs. */
export interface ManyAppsRun {
  params: BuildParams
  fromEvent: string | undefined
  notes: string[]
  warnings: string[]
  wait: WaitSettings | undefined
  failIfHeld: boolean
}

/** The status of an app whose trigger the service held for approval: no build yet, so nothing to wait for. */
const HELD = 'awaiting-approval'

const FAILED = new Set(['failed', 'aborted', 'timed-out', 'cancelled', 'trigger-failed', 'unknown'])

/** Builds every chosen app and reports them together; fails when any build could not start or, by the settings, when any failed. */
export async function runManyApps(inputs: ManyAppsRun, many: ManyApps, ctx: HandlerContext): Promise<void> {
  for (const note of inputs.notes) ctx.notice(note)
  for (const warning of inputs.warnings) ctx.warning(warning)
  const { slugs, lines } = await chooseApps(many, ctx)
  for (const line of lines) ctx.info(line)
  const builds = (await mapBounded(slugs, PARALLEL_LIMIT, (appSlug) => startOne(appSlug, inputs.params, ctx))).flat()
  ctx.output(Output.builds, builds)
  if (inputs.wait && builds.some((build) => build.status === 'triggered'))
    await waitForAll(builds, inputs.wait, many.failFast, ctx)
  report(builds, inputs, lines, ctx)
}

/** Every build the app's trigger started: one, or several when the service's answer names several. */
async function startOne(appSlug: string, params: BuildParams, ctx: HandlerContext): Promise<AppBuild[]> {
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
    const error = await (await import('../unknown-target.js')).explainRefusedTarget(refused, appSlug, params, ctx)
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
  params: BuildParams,
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

/** Sets the outputs and the one summary table, then fails the step when it should. */
function report(builds: AppBuild[], inputs: ManyAppsRun, lines: string[], ctx: HandlerContext): void {
  ctx.output(Output.builds, builds)
  const failed = builds.filter((build) => FAILED.has(build.status))
  const waited = inputs.wait !== undefined
  const heldApps = builds.filter((build) => build.status === HELD)
  if (waited)
    ctx.output(
      Output.buildStatus,
      failed.length > 0
        ? 'failed'
        : heldApps.length > 0
          ? HELD
          : builds.every((b) => b.status.startsWith('success'))
            ? 'success'
            : 'running'
    )
  const apps = new Set(builds.map((b) => b['app-slug'])).size
  ctx.summary({
    heading: builds.length === 0 ? 'No app to build' : `Builds of ${builds.length} app(s)`,
    lead: severalLead(
      builds,
      waited,
      [builds.length === 0 ? 'no app to build' : `${apps} app(s)`],
      commitLink(ctx, inputs.params.commit_hash)
    ),
    fold: true,
    facts: [
      ['Branch', inputs.params.branch],
      ['Tag', inputs.params.tag],
      ['Commit', inputs.params.commit_hash],
      ['Pull request', inputs.params.pull_request_id],
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
      ...heldApps.map(
        (b) =>
          `${b['app-slug']}: build request ${b['build-request-slug']} awaits approval; its approval starts the build${waited ? ', which this step does not wait for' : ''}.`
      ),
      ...(waited && builds.some((b) => b.status === 'running')
        ? [`${Input.failFast} stopped the wait at the first failure; the builds still running were left running.`]
        : [])
    ],
    table: builds.length > 0 ? buildsTable(builds, 'App', (b) => b['app-slug']) : undefined
  })
  endOfBuilds(builds, inputs.wait)
  if (heldApps.length > 0 && inputs.failIfHeld) {
    throw new Error(
      `The service held the trigger of ${heldApps.map((b) => `${b['app-slug']} (build request ${b['build-request-slug']})`).join(', ')} for approval; ${Input.failIfHeld} is true, so the step fails.`
    )
  }
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
 * Fails the step when a build could not start or was stopped, or, by fail-on-build-failure,
 * when one did not succeed; `name` is the field that tells the builds apart in the message.
 */
export function endOfBuilds(
  builds: AppBuild[],
  wait: WaitSettings | undefined,
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
  if (failed.length > 0 && wait?.failOnBuildFailure) {
    throw new Error(
      `The build of ${failed.map((b) => `${name(b)} (${b.status})`).join(', ')} did not succeed. Set fail-on-build-failure: false to let the step pass.`
    )
  }
}
