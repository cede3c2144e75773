/** The service's builds list (`GET /apps/{app-slug}/builds`), filtered, every page followed. */
import type { ServiceClient } from '../http/service-client.js'
import { listAll } from '../http/pagination.js'
import { wholeNumber } from './build-record.js'
import { buildsPath, slugProblem } from './paths.js'

/** A build of the list: the fields the pull-request features read. */
export interface ListedBuild {
  slug: string
  buildNumber?: number
  status?: number
  isOnHold: boolean
  triggeredWorkflow?: string
  branch?: string
  tag?: string
  commitHash?: string
  pullRequestId?: number
  /**
   * The owner of the build's branch as the trigger named it (original_build_params.branch_repo_owner):
   * none from the service's own push webhook, its CLI and MCP server, and for a fork pull request
   * the action sends; the fork's owner from the service's webhook.
   */
  branchRepoOwner?: string
  /** The repository the build's code came from, as the trigger recorded it: head_repository_url, else pull_request_repository_url. */
  headRepositoryUrl?: string
  /** The repository the build is for, as the trigger recorded it (base_repository_url: the service's push webhook sends it). */
  baseRepositoryUrl?: string
}

/** The list's filters, by their wire names. */
export interface BuildListFilters {
  workflow?: string
  branch?: string
  pullRequestId?: number
  status?: number
}

/** The service's name of each filter (its query parameters): the same word but for the pull request's. */
const QUERY_NAMES: { readonly [K in keyof Required<BuildListFilters>]: string } = {
  workflow: 'workflow',
  branch: 'branch',
  pullRequestId: 'pull_request_id',
  status: 'status'
}

/** The filters as the service's query parameters, in the order given (so the URL is written in that order). */
function serviceQuery(filters: BuildListFilters): Record<string, string | number | undefined> {
  return Object.fromEntries(
    Object.entries(filters).map(([key, value]) => [QUERY_NAMES[key as keyof BuildListFilters], value])
  )
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** What the trigger recorded about the build's repositories (original_build_params). */
function recordedRepository(
  value: unknown
): Pick<ListedBuild, 'branchRepoOwner' | 'headRepositoryUrl' | 'baseRepositoryUrl'> {
  const params = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  return {
    branchRepoOwner: text(params.branch_repo_owner),
    headRepositoryUrl: text(params.head_repository_url) ?? text(params.pull_request_repository_url),
    baseRepositoryUrl: text(params.base_repository_url)
  }
}

/** A list item as the action can use it, or undefined when its slug is unusable or a number is malformed. */
function readListed(item: unknown): ListedBuild | undefined {
  if (item === null || typeof item !== 'object') return undefined
  const raw = item as Record<string, unknown>
  if (slugProblem(raw.slug) !== undefined) return undefined
  try {
    return {
      slug: raw.slug as string,
      buildNumber: wholeNumber(raw.build_number, 'build_number', true),
      status: wholeNumber(raw.status, 'status', true),
      isOnHold: raw.is_on_hold === true,
      triggeredWorkflow: text(raw.triggered_workflow),
      branch: text(raw.branch),
      tag: text(raw.tag),
      ...recordedRepository(raw.original_build_params),
      commitHash: text(raw.commit_hash),
      pullRequestId: wholeNumber(raw.pull_request_id, 'pull_request_id', true) || undefined
    }
  } catch {
    return undefined
  }
}

/**
 * Lists an app's builds that match the filters, every page, keeping only those `take` takes,
 * page by page: the list as the service sends it is never held, only the builds a caller needs
 * (in the fields it reads). Items the action cannot use (no usable slug, malformed numbers) are
 * left out rather than failing the step.
 */
export async function listBuilds(
  client: ServiceClient,
  appSlug: string,
  filters: BuildListFilters,
  signal?: AbortSignal,
  take: (build: ListedBuild) => boolean = () => true
): Promise<ListedBuild[]> {
  const kept: ListedBuild[] = []
  const onPage = (page: (ListedBuild | undefined)[]): void => {
    for (const build of page) if (build !== undefined && take(build)) kept.push(build)
  }
  await listAll<ListedBuild | undefined>(client, buildsPath(appSlug), {
    query: serviceQuery(filters),
    signal,
    keep: readListed as (item: never) => unknown,
    onPage: onPage as (items: never[]) => void
  })
  return kept
}
