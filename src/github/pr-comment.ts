/**
 * The pull request comment of github-comment: one per pull request and status name, found
 * again by a hidden marker and edited in place, so re-runs and later builds do not pile up
 * comments.
 */
import { escape } from '../summary.js'
import type { GitHubRequest } from './rest.js'

/** Comments read per page, and pages read at most, when looking for the marker. */
const PER_PAGE = 100
const MAX_PAGES = 10

/** The hidden line that marks the comment of `name`; encoded so no name can end the HTML comment. */
export function commentMarker(name: string): string {
  return `<!-- service-ci-status:${encodeURIComponent(name)} -->`
}

/** The comment's text: the marker, the name, what happened and a link to the build when it is a plain http(s) URL. */
export function commentBody(name: string, line: string, buildUrl: string | undefined): string {
  const link = buildUrl && /^https?:\/\/[^\s"'<>()`\\\p{Cc}]+$/iu.test(buildUrl) ? ` ([open the build](${buildUrl}))` : ''
  return `${commentMarker(name)}\n**${escape(name, 100)}**: ${escape(line, 300)}${link}\n`
}

/**
 * Creates the comment on pull request `issue`, or edits the one carrying the marker (`known`
 * when this step already made it). Returns its id.
 */
export async function upsertComment(request: GitHubRequest, repo: { owner: string; repo: string }, issue: number, marker: string, body: string, known?: number): Promise<number> {
  const id = known ?? (await findComment(request, repo, issue, marker))
  if (id !== undefined) {
    await request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', { ...repo, comment_id: id, body })
    return id
  }
  const created = await request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...repo, issue_number: issue, body })
  return Number((created.data as { id?: unknown }).id)
}

async function findComment(request: GitHubRequest, repo: { owner: string; repo: string }, issue: number, marker: string): Promise<number | undefined> {
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...repo, issue_number: issue, per_page: PER_PAGE, page })
    const comments = Array.isArray(res.data) ? (res.data as Array<{ id?: unknown; body?: unknown }>) : []
    const found = comments.find((c) => typeof c.body === 'string' && c.body.startsWith(marker) && typeof c.id === 'number')
    if (found) return found.id as number
    if (comments.length < PER_PAGE) return undefined
  }
  return undefined
}
