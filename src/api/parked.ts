/**
 * Parked builds on the service's side: the environment variable a parked trigger adds to its
 * build's parameters (a reference to the check run that waits for the build, not a secret), and
 * the reading of an app's recent builds, newest first and a bounded number of pages, as the
 * sweep of report-parked needs them. The service keeps the parameters the trigger sent on the
 * build's record (`original_build_params`, contract `v0.BuildResponseItemModel`).
 */
import type { ServiceClient } from '../http/service-client.js'
import type { EnvironmentItem } from './build-params.js'
import { timingOf, type BuildTiming } from './build-timing.js'
import { wholeNumber } from './build-record.js'
import { buildsPath, slugProblem } from './paths.js'

/** The start of the variable's name in the build's environment. */
export const PARK_VARIABLE = 'SERVICE_CI_PARKED'

/**
 * The reference is carried in the variable's name, with the value repeating it for a reader:
 * whether the service's answers show environment values in `original_build_params` no public
 * answer settles (they show the `environments` key; the emulator redacts every value), and a
 * name is kept either way. The name holds the check run's id and a hash of the repository; the
 * hash only sorts builds out, it proves nothing: the sweep checks the check run on GitHub.
 */
const NAME = new RegExp(`^${PARK_VARIABLE}_([1-9][0-9]{0,15}|S)_([0-9a-f]{8})(_C)?$`)

/** Where the build's result goes once it ends: a check run (or a commit status) of a repository, and whether to comment. */
export interface ParkReference {
  /** repositoryHash of the repository (`owner/name`) the check run is in. */
  repositoryHash: string
  /** The check run's id; undefined for a commit status, whose context names the build (statusContext). */
  checkRunId?: number
  comment: boolean
}

/** The context of a parked build's commit status: the status's name, then the build it waits for. */
export function statusContext(name: string, buildSlug: string): string {
  return `${name} (build ${buildSlug})`
}

/** A short hash (FNV-1a, 32 bits) of `owner/name`, any case: enough to sort out another repository's builds. */
export function repositoryHash(repository: string): string {
  let hash = 0x811c9dc5
  for (const byte of Buffer.from(repository.toLowerCase(), 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0
  return hash.toString(16).padStart(8, '0')
}

/** The environment item a parked trigger adds to its build's parameters. */
export function parkVariable(repository: string, checkRunId: number | undefined, comment: boolean): EnvironmentItem {
  const name = `${PARK_VARIABLE}_${checkRunId ?? 'S'}_${repositoryHash(repository)}${comment ? '_C' : ''}`
  const value = checkRunId === undefined ? `${repository} commit status` : `${repository} check run ${checkRunId}`
  return { name, value, isExpand: false }
}

/** The reference a variable's name holds, or undefined for any other name (the name is not trusted: the sweep checks it on GitHub). */
export function parseParkName(name: unknown): ParkReference | undefined {
  const match = typeof name === 'string' ? NAME.exec(name) : null
  if (!match) return undefined
  const checkRunId = match[1] === 'S' ? undefined : Number(match[1])
  if (checkRunId !== undefined && !Number.isSafeInteger(checkRunId)) return undefined
  return { checkRunId, repositoryHash: match[2], comment: match[3] !== undefined }
}

/** A build of the list as the sweep reads it. */
export interface RecentBuild {
  slug: string
  buildNumber?: number
  /** 0 while it runs; 1 to 4 once it has ended. */
  status: number
  statusText?: string
  abortReason?: string
  triggeredWorkflow?: string
  commitHash?: string
  pullRequestId?: number
  triggeredAt?: number
  timing: BuildTiming
  /** The park reference its parameters carry, when they carry one. */
  reference?: ParkReference
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** The park reference among the recorded environment items (`mapped_to`, or the contract's `key`). */
function referenceIn(params: unknown): ParkReference | undefined {
  const environments = (params as { environments?: unknown } | null)?.environments
  if (!Array.isArray(environments)) return undefined
  for (const item of environments as Array<Record<string, unknown> | null>) {
    const found = parseParkName(item?.mapped_to ?? item?.key)
    if (found) return found
  }
  return undefined
}

/** One list item, or undefined when the sweep cannot use it (no usable slug, a malformed number). */
function readRecent(item: unknown): RecentBuild | undefined {
  if (item === null || typeof item !== 'object') return undefined
  const raw = item as Record<string, unknown>
  if (slugProblem(raw.slug) !== undefined) return undefined
  try {
    const triggered = Date.parse(String(raw.triggered_at))
    return {
      slug: raw.slug as string,
      buildNumber: wholeNumber(raw.build_number, 'build_number', true),
      status: wholeNumber(raw.status, 'status', true) ?? 0,
      statusText: text(raw.status_text),
      abortReason: text(raw.abort_reason),
      triggeredWorkflow: text(raw.triggered_workflow),
      commitHash: text(raw.commit_hash),
      pullRequestId: wholeNumber(raw.pull_request_id, 'pull_request_id', true) || undefined,
      triggeredAt: Number.isFinite(triggered) ? triggered : undefined,
      timing: timingOf({
        triggered: raw.triggered_at,
        started: raw.started_on_worker_at,
        finished: raw.finished_at,
        credits: raw.credit_cost
      }),
      reference: referenceIn(raw.original_build_params)
    }
  } catch {
    return undefined
  }
}

/** What one app's list gave: the builds that carry a reference, how many pages, and whether the pages ran out before the list did. */
export interface RecentBuilds {
  builds: RecentBuild[]
  pages: number
  cut: boolean
}

/**
 * The app's builds started after `sinceMs`, newest first, at most `maxPages` pages of 50: only
 * those whose parameters carry a park reference are kept, so a long list holds little.
 */
export async function listParkedSince(
  client: ServiceClient,
  appSlug: string,
  sinceMs: number,
  maxPages: number,
  signal?: AbortSignal
): Promise<RecentBuilds> {
  const kept: RecentBuild[] = []
  const after = Math.floor(sinceMs / 1000)
  let cursor: string | undefined
  for (let page = 1; page <= maxPages; page++) {
    const answer = await client.request<unknown>('GET', buildsPath(appSlug), {
      query: { after, limit: 50, next: cursor },
      signal
    })
    const body = answer.body as { data?: unknown; paging?: { next?: unknown } } | undefined
    const items = Array.isArray(body?.data) ? (body.data as unknown[]) : []
    for (const item of items) {
      const build = readRecent(item)
      if (build?.reference) kept.push(build)
    }
    const following = body?.paging?.next
    cursor = typeof following === 'string' && following !== '' && items.length > 0 ? following : undefined
    if (cursor === undefined) return { builds: kept, pages: page, cut: false }
  }
  return { builds: kept, pages: maxPages, cut: true }
}
