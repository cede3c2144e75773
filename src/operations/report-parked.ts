/**
 * operation: report-parked — completes the check runs of parked builds (trigger with wait: park)
 * from the builds' records: for each app, the builds started within look-back, newest first and a
 * bounded number of pages; only those whose parameters name a check run of this repository, and
 * only check runs whose external_id names that very build and that are still open.
 */
import { readAiSummary } from '../api/ai-summary.js'
import { listApps } from '../api/apps.js'
import { listParkedSince, type RecentBuild } from '../api/parked.js'
import { Input, Output } from '../constants.js'
import { githubRequest, repositoryOf } from '../github/rest.js'
import { mapBounded } from '../http/pool.js'
import { InputError } from '../inputs/input-error.js'
import * as read from '../inputs/readers.js'
import type { GetInput } from '../inputs/readers.js'
import { sweepBuild, type SweepOutcome, type SweepTarget } from '../builds/report/github-status/parked.js'
import { completeVanished, type VanishedReport } from '../builds/report/github-status/parked-vanished.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'

/** Pages of 50 builds read per app: a busy app's older builds past them wait for a shorter look-back. */
const MAX_PAGES = 20
/** Apps read at once, and builds reported at once. */
const PARALLEL = 4

interface ReportParkedInputs {
  appSlugs: string[]
  orgSlug?: string
  lookBackMs: number
  token: string
  /** GITHUB_REPOSITORY: only check runs of this repository are completed. */
  repository: string | undefined
  explainFailure: boolean
}

export const reportParked = defineOperation<ReportParkedInputs>({
  name: 'report-parked',
  role: 'any role on the app team (it reads builds)',
  writes: false,
  inputs: [Input.appSlug, Input.orgSlug, Input.lookBack, Input.githubToken, Input.explainFailure],
  required: [Input.githubToken],
  outputs: [Output.count],
  read: readReportParked,
  run: runReportParked
})

function readReportParked(get: GetInput, env: NodeJS.ProcessEnv): ReportParkedInputs {
  const appSlugs = [...new Set(read.stringList(get, Input.appSlug).map((slug) => read.checkSlug(Input.appSlug, slug)))]
  const orgSlug = read.slug(get, Input.orgSlug)
  if (appSlugs.length === 0 && !orgSlug)
    throw new InputError(
      Input.appSlug,
      `is empty: name the apps whose parked builds to report, or set ${Input.orgSlug}`
    )
  if (appSlugs.length > 0 && orgSlug)
    throw new InputError(Input.orgSlug, `cannot be used together with ${Input.appSlug}: set one of them`)
  const token = get(Input.githubToken)
  if (token === '') throw new InputError(Input.githubToken, 'is empty, but report-parked completes check runs with it')
  return {
    appSlugs,
    orgSlug,
    lookBackMs: read.durationMs(get, Input.lookBack, 24 * 3600, 60, 7 * 24 * 3600),
    token,
    repository: env.GITHUB_REPOSITORY,
    explainFailure: read.booleanFlag(get, Input.explainFailure, true)
  }
}

async function runReportParked(inputs: ReportParkedInputs, ctx: HandlerContext): Promise<void> {
  const repo = repositoryOf({ GITHUB_REPOSITORY: inputs.repository })
  const apps = await appsToSweep(inputs, ctx)
  const since = Date.now() - inputs.lookBackMs
  const request = await githubRequest(inputs.token, ctx.signal)
  const counts = new Map<SweepOutcome, number>()
  let pages = 0
  // An app whose builds cannot be read is said at once, the other apps still swept, and the step then fails.
  const unread: unknown[] = []
  // Builds the lists showed exist, and apps whose lists were read: only their builds can be known gone.
  const seen = new Set<string>()
  const read = new Set<string>()
  await mapBounded(apps, PARALLEL, async (appSlug) => {
    let builds: RecentBuild[]
    try {
      const found = await listParkedSince(ctx.client, appSlug, since, MAX_PAGES, ctx.signal)
      pages += found.pages
      if (found.cut)
        ctx.warning(
          `App ${appSlug} has more than ${MAX_PAGES * 50} builds within ${Input.lookBack}: the older ones were not read; shorten ${Input.lookBack} or sweep more often`
        )
      builds = found.builds
      read.add(appSlug)
      for (const build of builds) seen.add(build.slug)
    } catch (error) {
      ctx.warning(`The builds of app ${appSlug} could not be read: ${(error as Error).message}`)
      unread.push(error)
      return
    }
    if (builds.length === 0) return
    // Only check runs of the job's own repository are ever completed: without it, nothing is.
    if (!repo)
      throw new Error(
        'GITHUB_REPOSITORY is not set as owner/name: report-parked completes check runs of that repository'
      )
    const target: SweepTarget = {
      appSlug,
      repo,
      request,
      token: inputs.token,
      explain: (build) => explain(build, inputs.explainFailure, ctx)
    }
    await mapBounded(builds, PARALLEL, async (build) => {
      const outcome = await sweepBuild(build, target, ctx)
      counts.set(outcome, (counts.get(outcome) ?? 0) + 1)
      if (outcome === 'reported') ctx.info(`Reported build ${build.slug} of ${appSlug} on its check run`)
    })
  })
  const vanished = repo
    ? await searchVanished(
        { request, repo, client: ctx.client, apps: read, seen, sinceMs: since, signal: ctx.signal },
        ctx
      )
    : undefined
  report(apps.length, pages, counts, vanished, ctx)
  if (unread.length > 0) throw unread[0]
}

/** The apps the sweep reads: those given, or every app of the Workspace (only their slugs kept). */
async function appsToSweep(inputs: ReportParkedInputs, ctx: HandlerContext): Promise<string[]> {
  if (!inputs.orgSlug) return inputs.appSlugs
  const slugs: string[] = []
  await listApps(ctx.client, { orgSlug: inputs.orgSlug }, (page) => {
    for (const app of page) slugs.push(app.slug)
  })
  return slugs
}

/** The search for check runs whose build is gone; what GitHub refuses there is said, and the sweep still passes. */
async function searchVanished(
  search: Parameters<typeof completeVanished>[0],
  ctx: HandlerContext
): Promise<VanishedReport | string> {
  try {
    return await completeVanished(search, ctx)
  } catch (error) {
    const why = `Open check runs of builds that no longer exist could not be looked for: ${(error as Error).message}`
    ctx.warning(why)
    return why
  }
}

/** What the search for vanished builds looked at, for the summary. */
function vanishedLines(vanished: VanishedReport | string | undefined): string[] {
  if (vanished === undefined) return ['No open check run was looked for: GITHUB_REPOSITORY is not set.']
  if (typeof vanished === 'string') return [vanished]
  return [
    `Looked for builds that no longer exist: ${vanished.commits} commit(s) (heads of open pull requests, commits within ${Input.lookBack}), ${vanished.openRuns} check run(s) in progress naming a build not listed, ${vanished.read} build(s) read, ${vanished.completed} check run(s) completed as neutral, ${vanished.otherApp} of apps this sweep does not cover left alone.`,
    ...vanished.cuts.map((cut) => `Not looked at: ${cut}.`)
  ]
}

/** The service's AI summary of a failed build, asked once: a sweep does not wait for one. */
async function explain(build: RecentBuild, asked: boolean, ctx: HandlerContext): Promise<string | undefined> {
  if (!asked || build.status !== 2) return undefined
  try {
    const answer = await readAiSummary(ctx.client, build.slug, ctx.signal)
    return answer.kind === 'read' ? answer.text : undefined
  } catch (error) {
    ctx.info(`The AI summary of build ${build.slug} could not be read: ${(error as Error).message}`)
    return undefined
  }
}

const WORDS: Record<SweepOutcome, string> = {
  reported: 'check runs completed with the build’s result',
  progress: 'builds still running (a progress line posted)',
  unchanged: 'builds still running, their progress line already shown',
  already: 'check runs already completed, left alone',
  'other-repository': 'builds parked by another repository, left alone',
  'not-ours': 'references to a check run that does not name the build, left alone',
  missing: 'references to a check run this repository does not have',
  failed: 'check runs that could not be read'
}

function report(
  apps: number,
  pages: number,
  counts: Map<SweepOutcome, number>,
  vanished: VanishedReport | string | undefined,
  ctx: HandlerContext
): void {
  const reported = counts.get('reported') ?? 0
  ctx.output(Output.count, reported)
  const rows = [...counts].map(([outcome, count]) => [WORDS[outcome], String(count)])
  ctx.info(
    `Read ${pages} page(s) of builds of ${apps} app(s); ${rows.map(([w, c]) => `${c} ${w}`).join('; ') || 'no parked build'}`
  )
  ctx.summary({
    heading: 'Parked builds',
    lead: { mark: 'success', result: `${reported} reported`, subject: [`${apps} app(s)`] },
    lines: [`Read ${pages} page(s) of builds of ${apps} app(s).`, ...vanishedLines(vanished)],
    table: rows.length > 0 ? [['What', 'Builds'], ...rows] : undefined
  })
}
