/**
 * The check runs whose build no longer exists: the sweep finds builds through the service's lists,
 * so a check run whose build was deleted (or whose app was) would stay open for ever. GitHub has
 * no repository-wide list of open check runs; the sweep looks, within caps it states, at the heads
 * of the repository's open pull requests and its recent commits, lists the check runs in progress
 * on each, reads each named build once, and completes a check run as neutral only when the
 * service answers 404 for a build of an app whose list this sweep has just read.
 */
import { ApiError } from '../../../http/api-error.js'
import type { ServiceClient } from '../../../http/service-client.js'
import { buildPath, slugProblem } from '../../../api/paths.js'
import type { GitHubRequest } from '../../../github/rest.js'
import type { HandlerContext } from '../../../step/context.js'
import { escape, plainText } from '../../../summary/text.js'

type Repo = { owner: string; repo: string }

/** Open pull requests looked at (one page). */
export const MAX_PULLS = 50
/** Recent commits looked at (one page). */
export const MAX_COMMITS = 20
/** Check runs in progress read per commit (one page). */
export const MAX_RUNS_PER_COMMIT = 100
/** Builds read at most per sweep, to tell whether they still exist. */
export const MAX_BUILD_READS = 50

/** What the search for vanished builds looked at, and what it did. */
export interface VanishedReport {
  commits: number
  openRuns: number
  /** Builds read on the service. */
  read: number
  /** Check runs completed as neutral. */
  completed: number
  /** Check runs naming a build of an app this sweep does not cover (or could not read), left alone. */
  otherApp: number
  /** The caps that were hit, said in the summary. */
  cuts: string[]
}

export interface VanishedSearch {
  request: GitHubRequest
  repo: Repo
  client: ServiceClient
  /** Apps whose build list this sweep read: only their builds can be known to be gone. */
  apps: Set<string>
  /** Builds the sweep already found in the lists: they exist. */
  seen: Set<string>
  sinceMs: number
  signal?: AbortSignal
}

interface OpenRun {
  id: number
  appSlug: string
  buildSlug: string
}

/** `App <app>, build <slug>.` as build-status.ts writes it in every summary (slugs escaped as character references). */
const SUMMARY = /\. App (\S{1,200}?), build (\S{1,200}?)\./

function unescape(text: string): string {
  return text.replace(/&#(\d{1,5});/g, (_, code: string) => String.fromCharCode(Number(code)))
}

/** The check run as a parked one, or undefined: its external_id names the build its summary names, of a readable app slug. */
function openRunOf(raw: Record<string, unknown>): OpenRun | undefined {
  const id = Number(raw.id)
  // eslint-disable-next-line house/service-words -- GitHub's check-run field, read where GitHub's answer arrives
  const external = raw.external_id
  const summary = (raw.output as { summary?: unknown } | null | undefined)?.summary
  if (!Number.isSafeInteger(id) || typeof external !== 'string' || typeof summary !== 'string') return undefined
  const match = SUMMARY.exec(summary)
  if (!match) return undefined
  const [appSlug, buildSlug] = [unescape(match[1]), unescape(match[2])]
  if (buildSlug !== external || slugProblem(appSlug) !== undefined || slugProblem(buildSlug) !== undefined)
    return undefined
  return { id, appSlug, buildSlug }
}

/** The commits to look at: heads of open pull requests, then commits since the look-back. */
async function commitsToLook(search: VanishedSearch, cuts: string[]): Promise<string[]> {
  const { request, repo } = search
  const pulls = await request('GET /repos/{owner}/{repo}/pulls', { ...repo, state: 'open', per_page: MAX_PULLS })
  const pullList = Array.isArray(pulls.data) ? (pulls.data as Array<{ head?: { sha?: unknown } }>) : []
  if (pullList.length >= MAX_PULLS) cuts.push(`only the first ${MAX_PULLS} open pull requests were looked at`)
  const commits = await request('GET /repos/{owner}/{repo}/commits', {
    ...repo,
    since: new Date(search.sinceMs).toISOString(),
    per_page: MAX_COMMITS
  })
  const commitList = Array.isArray(commits.data) ? (commits.data as Array<{ sha?: unknown }>) : []
  if (commitList.length >= MAX_COMMITS) cuts.push(`only the ${MAX_COMMITS} latest commits were looked at`)
  const shas = [...pullList.map((pull) => pull.head?.sha), ...commitList.map((commit) => commit.sha)]
  return [...new Set(shas.filter((sha): sha is string => typeof sha === 'string' && /^[0-9a-f]{40}$/.test(sha)))]
}

/** Whether the service has the build: false only on a definite 404. */
async function exists(search: VanishedSearch, run: OpenRun): Promise<boolean> {
  try {
    await search.client.request<unknown>('GET', buildPath(run.appSlug, run.buildSlug), { signal: search.signal })
    return true
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false
    throw error
  }
}

/** Completes as neutral the open check runs of this repository whose build the service no longer has. */
export async function completeVanished(search: VanishedSearch, ctx: HandlerContext): Promise<VanishedReport> {
  const { request, repo } = search
  const report: VanishedReport = { commits: 0, openRuns: 0, read: 0, completed: 0, otherApp: 0, cuts: [] }
  const commits = await commitsToLook(search, report.cuts)
  report.commits = commits.length
  const runs = new Map<number, OpenRun>()
  for (const ref of commits) {
    const { data } = await request('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', {
      ...repo,
      ref,
      status: 'in_progress',
      per_page: MAX_RUNS_PER_COMMIT
    })
    // eslint-disable-next-line house/service-words -- GitHub's list field, read where GitHub's answer arrives
    const list = (data as { check_runs?: unknown } | undefined)?.check_runs
    const items = Array.isArray(list) ? (list as Array<Record<string, unknown>>) : []
    if (items.length >= MAX_RUNS_PER_COMMIT)
      report.cuts.push(`only ${MAX_RUNS_PER_COMMIT} check runs in progress were read on commit ${ref}`)
    for (const item of items) {
      const run = item && typeof item === 'object' ? openRunOf(item) : undefined
      if (run && !search.seen.has(run.buildSlug)) runs.set(run.id, run)
    }
  }
  report.openRuns = runs.size
  for (const run of runs.values()) {
    if (!search.apps.has(run.appSlug)) {
      report.otherApp++
      continue
    }
    if (report.read >= MAX_BUILD_READS) {
      report.cuts.push(`only ${MAX_BUILD_READS} builds were read; the other check runs wait for the next sweep`)
      break
    }
    report.read++
    try {
      if (await exists(search, run)) continue
    } catch (error) {
      ctx.warning(`Build ${run.buildSlug} of ${run.appSlug} could not be read: ${(error as Error).message}`)
      continue
    }
    await request('PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', {
      ...repo,
      check_run_id: run.id,
      status: 'completed',
      conclusion: 'neutral',
      completed_at: new Date().toISOString(),
      output: {
        title: plainText(`Build ${run.buildSlug} no longer exists on the service`, 255),
        summary: `The service answers 404 (not found) for build ${escape(run.buildSlug)} of app ${escape(run.appSlug)}: the build was deleted, so its result will never come. Push again, or re-run the job that parked it, to build this commit anew.`
      }
    })
    report.completed++
    ctx.info(`Completed check run ${run.id} as neutral: build ${run.buildSlug} of ${run.appSlug} no longer exists`)
  }
  return report
}
