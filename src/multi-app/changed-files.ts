/**
 * The files a push or a pull request changed, read through the GitHub REST API
 * (GITHUB_API_URL): a pull request's files, page after page, or the compare of a
 * push's before...after. Read with the runtime's fetch: nothing more is loaded.
 */
import { ACTION_NAME, ACTION_VERSION, Input } from '../constants.js'
import type { GitHubEvent } from '../event.js'

/** GitHub lists at most 3,000 files of a pull request, 100 a page. */
const PER_PAGE = 100
const MAX_PAGES = 30
const REQUEST_TIMEOUT_MS = 30_000

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
  const api = (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, '')
  const repository = env.GITHUB_REPOSITORY
  if (!event || !repository || !/^[\w.-]+\/[\w.-]+$/.test(repository)) return { unknown: 'the step does not run for a GitHub event of a repository' }
  const payload = event.payload
  if (event.name === 'pull_request' || event.name === 'pull_request_target') {
    const number = (payload.pull_request as { number?: unknown } | undefined)?.number
    if (typeof number !== 'number' || !Number.isInteger(number)) return { unknown: 'the pull request event names no pull request number' }
    return { files: await readPages(source, `${api}/repos/${repository}/pulls/${number}/files`, (body) => body) }
  }
  if (event.name === 'push') {
    const before = typeof payload.before === 'string' ? payload.before : ''
    const after = typeof payload.after === 'string' ? payload.after : ''
    if (!/^[0-9a-f]{40,64}$/.test(after) || !/^[0-9a-f]{40,64}$/.test(before) || /^0+$/.test(before)) {
      return { unknown: 'the push has no earlier commit to compare with (a new branch or tag)' }
    }
    const url = `${api}/repos/${repository}/compare/${before}...${after}`
    return { files: await readPages(source, url, (body) => (body as { files?: unknown } | undefined)?.files) }
  }
  return { unknown: `the ${event.name} event names no changed files (only push and pull_request do)` }
}

/** Reads every page of a file list; `list` finds the list in a page's body. */
async function readPages(source: ChangeSource, url: string, list: (body: unknown) => unknown): Promise<string[]> {
  const files = new Set<string>()
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const items = list(await getJson(source, `${url}?per_page=${PER_PAGE}&page=${page}`))
    if (!Array.isArray(items)) throw new Error(`GitHub's answer to GET ${url} holds no list of files`)
    for (const item of items as Array<{ filename?: unknown; previous_filename?: unknown }>) {
      if (typeof item?.filename === 'string') files.add(item.filename)
      // A file moved away from an app's folder changes that app too.
      if (typeof item?.previous_filename === 'string') files.add(item.previous_filename)
    }
    if (items.length < PER_PAGE) break
  }
  return [...files]
}

async function getJson(source: ChangeSource, url: string): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28', 'user-agent': `${ACTION_NAME}/${ACTION_VERSION}` }
  if (source.token) headers.authorization = `Bearer ${source.token}`
  const shown = url.replace(/\?.*$/, '')
  let res: Response
  try {
    res = await fetch(url, { headers, signal: AbortSignal.any([source.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]) })
  } catch (error) {
    throw new Error(`Could not read the changed files from GitHub (GET ${shown}): ${(error as Error).message}`, { cause: error })
  }
  if (!res.ok) {
    await res.body?.cancel()
    const hint = res.status === 401 || res.status === 403 || res.status === 404 ? `; check that ${Input.githubToken} can read the repository's contents and pull requests` : ''
    throw new Error(`Could not read the changed files from GitHub: GET ${shown} answered ${res.status}${hint}`)
  }
  try {
    return await res.json()
  } catch {
    throw new Error(`Could not read the changed files from GitHub: GET ${shown} answered with a body that is not JSON`)
  }
}
