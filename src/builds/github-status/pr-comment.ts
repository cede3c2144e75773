/**
 * The pull request comment of github-comment: one per pull request and status name, found
 * again by a hidden marker and edited in place, so re-runs and later builds do not pile up
 * comments.
 */
import { checkedBuildUrl } from '../../api/build-url.js'
import { escape } from '../../runner/summary.js'
import { tokenLogin, writtenBy } from '../../github/identity.js'
import type { GitHubRequest } from '../../github/rest.js'

/** Comments read per page, and pages read at most, when looking for the marker. */
const PER_PAGE = 100
const MAX_PAGES = 10

/** The hidden line that marks the comment of `name`; encoded so no name can end the HTML comment. */
export function commentMarker(name: string): string {
  return `<!-- service-ci-status:${encodeURIComponent(name)} -->`
}

/** The comment's text: the marker, the name, what happened and a link to the build when its URL passed the check of build-url.ts. */
export function commentBody(name: string, line: string, buildUrl: string | undefined): string {
  const url = checkedBuildUrl(buildUrl).url
  const link = url ? ` ([open the build](${url}))` : ''
  return `${commentMarker(name)}\n**${escape(name, 100)}**: ${escape(line, 300)}${link}\n`
}

/**
 * Creates the comment on pull request `issue`, or edits the one carrying the marker that the
 * token's own account wrote (`known` when this step already made it): anyone can post a comment
 * that starts with the marker, and such a comment is never edited. Returns its id, and a note
 * when an earlier comment could not be taken for the action's own.
 */
export async function upsertComment(request: GitHubRequest, repo: { owner: string; repo: string }, issue: number, marker: string, body: string, known?: number): Promise<{ id: number; note?: string }> {
  const found = known !== undefined ? { id: known } : await findComment(request, repo, issue, marker)
  if (found.id !== undefined) {
    await request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', { ...repo, comment_id: found.id, body })
    return { id: found.id }
  }
  const created = await request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...repo, issue_number: issue, body })
  return { id: Number((created.data as { id?: unknown }).id), note: found.note }
}

/** The marked comment the token's account wrote, looked for only once a marked comment is seen. */
async function findComment(request: GitHubRequest, repo: { owner: string; repo: string }, issue: number, marker: string): Promise<{ id?: number; note?: string }> {
  let login: Promise<string | undefined> | undefined
  let others = 0
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...repo, issue_number: issue, per_page: PER_PAGE, page })
    const comments = Array.isArray(res.data) ? (res.data as Array<{ id?: unknown; body?: unknown; user?: unknown }>) : []
    for (const comment of comments) {
      if (typeof comment.body !== 'string' || !comment.body.startsWith(marker) || typeof comment.id !== 'number') continue
      login ??= tokenLogin(request)
      const own = await login
      if (own === undefined) return { note: 'GitHub did not say which account the github-token acts as, so a new comment was posted instead of editing an earlier one.' }
      if (writtenBy(comment, own)) return { id: comment.id }
      others += 1
    }
    if (comments.length < PER_PAGE) break
  }
  return others > 0 ? { note: `${others} earlier comment(s) with the status marker were written by another account and were left as they are; a new comment was posted.` } : {}
}
