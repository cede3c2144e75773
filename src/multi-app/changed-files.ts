/**
 * The files a push or a pull request changed, read through the GitHub REST API
 * (GITHUB_API_URL): a pull request's files, page after page, or the compare of a
 * push's before...after.
 */
import { Input } from '../constants.js'
import type { GitHubEvent } from '../event.js'
import { GitHubError, githubRequest, repositoryOf, type GitHubRequest } from '../github/rest.js'

/** GitHub lists at most 3,000 files of a pull request, 100 a page. */
const PER_PAGE = 100
const MAX_PAGES = 30

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
    if (typeof number !== 'number' || !Number.isInteger(number)) return { unknown: 'the pull request event names no pull request number' }
    const route = 'GET /repos/{owner}/{repo}/pulls/{pull_number}/files'
    return { files: await readPages(request, route, { ...repository, pull_number: number }, (body) => body) }
  }
  if (event.name === 'push') {
    const before = typeof payload.before === 'string' ? payload.before : ''
    const after = typeof payload.after === 'string' ? payload.after : ''
    if (!/^[0-9a-f]{40,64}$/.test(after) || !/^[0-9a-f]{40,64}$/.test(before) || /^0+$/.test(before)) {
      return { unknown: 'the push has no earlier commit to compare with (a new branch or tag)' }
    }
    const route = 'GET /repos/{owner}/{repo}/compare/{basehead}'
    return { files: await readPages(request, route, { ...repository, basehead: `${before}...${after}` }, (body) => (body as { files?: unknown } | undefined)?.files) }
  }
  return { unknown: `the ${event.name} event names no changed files (only push and pull_request do)` }
}

/** Reads every page of a file list; `list` finds the list in a page's body. */
async function readPages(request: GitHubRequest, route: string, parameters: Record<string, unknown>, list: (body: unknown) => unknown): Promise<string[]> {
  const files = new Set<string>()
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const items = list(await read(request, route, { ...parameters, per_page: PER_PAGE, page }))
    if (!Array.isArray(items)) throw new Error(`GitHub's answer to ${route} holds no list of files`)
    for (const item of items as Array<{ filename?: unknown; previous_filename?: unknown }>) {
      if (typeof item?.filename === 'string') files.add(item.filename)
      // A file moved away from an app's folder changes that app too.
      if (typeof item?.previous_filename === 'string') files.add(item.previous_filename)
    }
    if (items.length < PER_PAGE) break
  }
  return [...files]
}

async function read(request: GitHubRequest, route: string, parameters: Record<string, unknown>): Promise<unknown> {
  try {
    return (await request(route, parameters)).data
  } catch (error) {
    const status = error instanceof GitHubError ? error.status : undefined
    const hint = status === 401 || status === 403 || status === 404 ? `; check that ${Input.githubToken} can read the repository's contents and pull requests` : ''
    throw new Error(`Could not read the changed files from GitHub: ${(error as Error).message}${hint}`, { cause: error })
  }
}
