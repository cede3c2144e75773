/**
 * The files a push or a pull request changed, read through the GitHub REST API
 * (GITHUB_API_URL): a pull request's files, page after page, or the compare of a
 * push's before...after.
 */
import { Input } from '../constants.js'
import type { GitHubEvent } from './event.js'
import { GitHubError, githubRequest, repositoryOf, type GitHubRequest } from './rest.js'

/**
 * GitHub lists at most 3,000 files of a pull request (100 a page) and 300 of a compare, and says
 * nothing when it cuts the list: a list that long may be incomplete.
 */
const PER_PAGE = 100
const MAX_PAGES = 30
const PULL_REQUEST_CAP = PER_PAGE * MAX_PAGES
const COMPARE_CAP = 300

/** The changed files, or why they cannot be known (then every app builds). */
export type ChangedFiles = { files: string[] } | { unknown: string }

/** Where and how to read them. */
export interface ChangeSource {
  event: GitHubEvent | undefined
  env: NodeJS.ProcessEnv
  token: string
  signal: AbortSignal
}

/** Reads the files the event's push or pull request changed. */
export async function readChangedFiles(source: ChangeSource): Promise<ChangedFiles> {
  const { event, env } = source
  const repository = repositoryOf(env)
  if (!event || !repository) return { unknown: 'the step does not run for a GitHub event of a repository' }
  const request = await githubRequest(source.token, source.signal, env)
  const payload = event.payload
  if (event.name === 'pull_request' || event.name === 'pull_request_target') {
    const number = (payload.pull_request as { number?: unknown } | undefined)?.number
    if (typeof number !== 'number' || !Number.isInteger(number))
      return { unknown: 'the pull request event names no pull request number' }
    const route = 'GET /repos/{owner}/{repo}/pulls/{pull_number}/files'
    const { files, items } = await readPages(request, route, { ...repository, pull_number: number }, (body) => body)
    const declared = (payload.pull_request as { changed_files?: unknown }).changed_files
    if (items >= PULL_REQUEST_CAP)
      return { unknown: `GitHub listed ${items} files of the pull request, its limit: the list may be cut` }
    if (typeof declared === 'number' && declared > items)
      return { unknown: `the pull request changed ${declared} files but GitHub listed only ${items}` }
    return { files }
  }
  if (event.name === 'push') {
    const before = typeof payload.before === 'string' ? payload.before : ''
    const after = typeof payload.after === 'string' ? payload.after : ''
    if (!/^[0-9a-f]{40,64}$/.test(after) || !/^[0-9a-f]{40,64}$/.test(before) || /^0+$/.test(before)) {
      return { unknown: 'the push has no earlier commit to compare with (a new branch or tag)' }
    }
    const route = 'GET /repos/{owner}/{repo}/compare/{basehead}'
    // A compare lists its files on the first page only, up to its cap; later pages page its commits.
    const parameters = { ...repository, basehead: `${before}...${after}` }
    const { files, items } = await readPages(
      request,
      route,
      parameters,
      (body) => (body as { files?: unknown } | undefined)?.files,
      1
    )
    if (items >= COMPARE_CAP)
      return { unknown: `GitHub listed ${items} files of the compare, its limit: the list may be cut` }
    return { files }
  }
  return { unknown: `the ${event.name} event names no changed files (only push and pull_request do)` }
}

/** Reads the pages of a file list (at most `maxPages`); `list` finds the list in a page's body. `items` counts the entries GitHub listed. */
async function readPages(
  request: GitHubRequest,
  route: string,
  parameters: Record<string, unknown>,
  list: (body: unknown) => unknown,
  maxPages = MAX_PAGES
): Promise<{ files: string[]; items: number }> {
  const files = new Set<string>()
  let count = 0
  for (let page = 1; page <= maxPages; page += 1) {
    const items = list(await read(request, route, { ...parameters, per_page: PER_PAGE, page }))
    if (!Array.isArray(items)) throw new Error(`GitHub's answer to ${route} holds no list of files`)
    count += items.length
    for (const item of items as Array<{ filename?: unknown; previous_filename?: unknown }>) {
      if (typeof item?.filename === 'string') files.add(item.filename)
      // A file moved away from an app's folder changes that app too.
      if (typeof item?.previous_filename === 'string') files.add(item.previous_filename)
    }
    if (items.length < PER_PAGE) break
  }
  return { files: [...files], items: count }
}

async function read(request: GitHubRequest, route: string, parameters: Record<string, unknown>): Promise<unknown> {
  try {
    return (await request(route, parameters)).data
  } catch (error) {
    const status = error instanceof GitHubError ? error.status : undefined
    const hint =
      status === 401 || status === 403 || status === 404
        ? `; check that ${Input.githubToken} can read the repository's contents and pull requests`
        : ''
    throw new Error(`Could not read the changed files from GitHub: ${(error as Error).message}${hint}`, {
      cause: error
    })
  }
}
