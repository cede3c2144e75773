/**
 * A parked build on GitHub: the check run a parked trigger opens before it starts the build (its
 * id goes into the build's parameters, so it must exist first), and its completion by a later
 * job (report-parked) from the build's record. The later job trusts nothing in the parameters
 * for where to post: it completes only a check run of its own repository whose `external_id`
 * names that very build, and leaves a completed one alone, so two sweeps never post twice.
 */
import { repositoryHash, statusContext, type ParkReference, type RecentBuild } from '../../../api/parked.js'
import { statusWord } from '../../../api/build-record.js'
import type { HandlerContext } from '../../../step/context.js'
import { plainText } from '../../../summary/text.js'
import { githubRequest, type GitHubRequest } from '../../../github/rest.js'
import { adoptGitHubStatus, GitHubStatus, type StatusTarget } from './build-status.js'
import type { GitHubStatusSettings } from './settings.js'

type Repo = { owner: string; repo: string }

/**
 * Opens the check run of a build about to be parked, queued and naming no build yet, and returns
 * the reference the build's parameters carry; throws what GitHub refused (nothing is started then).
 */
export async function openParkedCheck(
  settings: GitHubStatusSettings,
  repo: Repo,
  commit: string,
  name: string
): Promise<{ request: GitHubRequest; checkRunId: number }> {
  const request = await githubRequest(settings.token)
  const created = await request('POST /repos/{owner}/{repo}/check-runs', {
    ...repo,
    name,
    head_sha: commit,
    status: 'queued',
    started_at: new Date().toISOString(),
    output: { title: 'Starting the build on the service', summary: 'The build is being started on the service.' }
  })
  const id = Number((created.data as { id?: unknown } | undefined)?.id)
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error('GitHub answered the new check run without its id')
  return { request, checkRunId: id }
}

/** The check run's fields the sweep reads. */
interface CheckRun {
  name: string
  status?: string
  externalId?: string
  headSha?: string
  startedAt?: number
  /** The title it shows now: a progress line already there is not posted again. */
  title?: string
}

/** What the sweep did with one build. */
export type SweepOutcome =
  'reported' | 'progress' | 'unchanged' | 'already' | 'other-repository' | 'not-ours' | 'missing' | 'failed'

/** The check run, or undefined when this repository has none by that id. */
async function readCheckRun(request: GitHubRequest, repo: Repo, id: number): Promise<CheckRun | undefined> {
  try {
    const { data } = await request('GET /repos/{owner}/{repo}/check-runs/{check_run_id}', { ...repo, check_run_id: id })
    // GitHub's check-run fields, read where GitHub's answer arrives (not the service's words).
    /* eslint-disable house/service-words */
    const raw = (data ?? {}) as Record<string, unknown>
    const started = Date.parse(String(raw.started_at))
    return {
      name: typeof raw.name === 'string' ? raw.name : '',
      status: typeof raw.status === 'string' ? raw.status : undefined,
      externalId: typeof raw.external_id === 'string' && raw.external_id !== '' ? raw.external_id : undefined,
      headSha: typeof raw.head_sha === 'string' ? raw.head_sha : undefined,
      title: String((raw.output as { title?: unknown } | null | undefined)?.title ?? ''),
      startedAt: Number.isFinite(started) ? started : undefined
    }
    /* eslint-enable house/service-words */
  } catch (error) {
    if ((error as { status?: number }).status === 404) return undefined
    throw error
  }
}

/**
 * Whether the check run waits for this build: its external_id names the build, or, for a trigger
 * held for approval (its build was made later by the approval, under a slug no one knew), it is
 * still queued for a build request, on the build's commit, opened before the build was triggered.
 */
function waitsFor(check: CheckRun, build: RecentBuild): boolean {
  if (check.externalId === build.slug) return true
  return (
    check.status === 'queued' &&
    check.externalId !== undefined &&
    check.headSha !== undefined &&
    check.headSha === build.commitHash &&
    check.startedAt !== undefined &&
    build.triggeredAt !== undefined &&
    check.startedAt <= build.triggeredAt
  )
}

/** What the sweep needs besides the build. */
export interface SweepTarget {
  appSlug: string
  repo: Repo
  request: GitHubRequest
  token: string
  /** The service's AI summary of a failed build, or undefined. */
  explain: (build: RecentBuild) => Promise<string | undefined>
}

/** Posts what one parked build's check run still lacks: its end, or a progress line while it runs. */
export async function sweepBuild(build: RecentBuild, target: SweepTarget, ctx: HandlerContext): Promise<SweepOutcome> {
  const reference = build.reference as ParkReference
  const { repo } = target
  if (reference.repositoryHash !== repositoryHash(`${repo.owner}/${repo.repo}`)) return 'other-repository'
  if (reference.checkRunId === undefined) return sweepStatus(build, target, reference, ctx)
  let check: CheckRun | undefined
  try {
    check = await readCheckRun(target.request, repo, reference.checkRunId)
  } catch (error) {
    ctx.warning(`The check run of build ${build.slug} could not be read on GitHub: ${(error as Error).message}`)
    return 'failed'
  }
  if (!check) return 'missing'
  if (!waitsFor(check, build)) return 'not-ours'
  if (check.status === 'completed') return 'already'
  return post(reportOf(build, target, check, reference, ctx), build, target, check.title)
}

/**
 * Posts the build's end, or one progress line while it runs: a line that says the same as the one
 * shown (`said`) is not posted again, so a long build costs no GitHub write per sweep.
 */
async function post(
  reporter: GitHubStatus,
  build: RecentBuild,
  target: SweepTarget,
  said: string | undefined
): Promise<SweepOutcome> {
  const word = statusWord(build.status)
  if (word === undefined) {
    const running = build.timing.queueSeconds !== undefined ? 'is running on the service' : 'waits on the service'
    const line = `Build ${reporter.label()} ${running} (seen at`
    if (said?.startsWith(plainText(line, 255))) return 'unchanged'
    await reporter.post('pending', `${line} ${clock()} UTC)`)
    return 'progress'
  }
  await reporter.ended(word, build.buildNumber, await target.explain(build), build.timing.durationSeconds)
  return 'reported'
}

function reportOf(
  build: RecentBuild,
  target: SweepTarget,
  check: CheckRun,
  reference: ParkReference,
  ctx: HandlerContext
): GitHubStatus {
  const settings: GitHubStatusSettings = {
    mode: 'check-run',
    name: plainText(check.name, 100) || undefined,
    comment: reference.comment,
    token: target.token
  }
  const status = statusTargetOf(build, target, check.headSha ?? build.commitHash)
  return adoptGitHubStatus(settings, status, reference.checkRunId as number, ctx, envOf(target))
}

/** What the report of a swept build names: its app, build, workflow, commit, pull request and credits. */
function statusTargetOf(build: RecentBuild, target: SweepTarget, commit: string | undefined): StatusTarget {
  return {
    appSlug: target.appSlug,
    buildSlug: build.slug,
    buildNumber: build.buildNumber,
    workflow: build.triggeredWorkflow,
    commit,
    pullRequest: build.pullRequestId,
    creditCost: build.timing.creditCost
  }
}

/** The sweep posts in its own repository only, whatever the process's environment says. */
function envOf(target: SweepTarget): NodeJS.ProcessEnv {
  return { ...process.env, GITHUB_REPOSITORY: `${target.repo.owner}/${target.repo.repo}` }
}

/**
 * A build parked on a commit status: the status of this repository, on the build's commit, whose
 * context names that very build (statusContext) and is still pending, gets the build's end; a
 * final one is left alone, and no other context is ever posted.
 */
async function sweepStatus(
  build: RecentBuild,
  target: SweepTarget,
  reference: ParkReference,
  ctx: HandlerContext
): Promise<SweepOutcome> {
  if (!build.commitHash || !/^[0-9a-f]{40}$/i.test(build.commitHash)) return 'missing'
  let statuses: Array<{ context?: unknown; state?: unknown; description?: unknown }>
  try {
    const { data } = await target.request('GET /repos/{owner}/{repo}/commits/{ref}/status', {
      ...target.repo,
      ref: build.commitHash,
      per_page: 100
    })
    const list = (data as { statuses?: unknown } | undefined)?.statuses
    statuses = Array.isArray(list) ? list : []
  } catch (error) {
    if ((error as { status?: number }).status === 404) return 'missing'
    ctx.warning(`The commit statuses of build ${build.slug} could not be read on GitHub: ${(error as Error).message}`)
    return 'failed'
  }
  const suffix = statusContext('', build.slug)
  const found = statuses.find((one) => typeof one.context === 'string' && one.context.endsWith(suffix))
  if (!found) return 'missing'
  if (found.state !== 'pending') return 'already'
  const said = typeof found.description === 'string' ? found.description : undefined
  const settings: GitHubStatusSettings = {
    mode: 'commit-status',
    name: found.context as string,
    comment: reference.comment,
    token: target.token
  }
  return post(
    new GitHubStatus(settings, statusTargetOf(build, target, build.commitHash), ctx, envOf(target)),
    build,
    target,
    said
  )
}

function clock(): string {
  return new Date().toISOString().slice(11, 16)
}
