/**
 * The pull request comment of github-comment: one per pull request and status name, found
 * again by a hidden marker and edited in place, so re-runs and later builds do not pile up
 * comments.
 */
import { checkedBuildUrl } from '../../../api/build-url.js'
import { escape } from '../../../summary/text.js'
import { tokenLogin, writtenBy } from '../../../github/identity.js'
import type { GitHubRequest } from '../../../github/rest.js'

/**
 * Comments read per page (GitHub's most), and pages read from the start and from the end when
 * looking for the marker: GitHub lists a pull request's comments oldest first, so a status
 * comment posted after a flood of comments sits at the end, where a read of the first pages
 * would never find it and every run would post another.
 */
const PER_PAGE = 100
const HEAD_PAGES = 10
const TAIL_PAGES = 10

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
export async function upsertComment(
  request: GitHubRequest,
  repo: { owner: string; repo: string },
  issue: number,
  marker: string,
  body: string,
  known?: number
): Promise<{ id: number; note?: string }> {
  const found = known !== undefined ? { id: known } : await findComment(request, repo, issue, marker)
  if (found.id !== undefined) {
    await request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', { ...repo, comment_id: found.id, body })
    return { id: found.id }
  }
  const created = await request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    ...repo,
    issue_number: issue,
    body
  })
  return { id: Number((created.data as { id?: unknown }).id), note: found.note }
}

type Repo = { owner: string; repo: string }

/**
 * The marked comment the token's account wrote, looked for only once a marked comment is seen:
 * in the first pages, then, when there are more, in the last ones. When some comments in between
 * were not read and none of those read is the action's, the note says so: a new comment is
 * posted, and the next run finds that one among the last.
 */
async function findComment(
  request: GitHubRequest,
  repo: Repo,
  issue: number,
  marker: string
): Promise<{ id?: number; note?: string }> {
  const seen = { others: 0, login: undefined as Promise<string | undefined> | undefined }
  const read = async (page: number): Promise<{ found?: { id?: number; note?: string }; full: boolean }> => {
    const res = await request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      ...repo,
      issue_number: issue,
      per_page: PER_PAGE,
      page
    })
    const comments = Array.isArray(res.data)
      ? (res.data as Array<{ id?: unknown; body?: unknown; user?: unknown }>)
      : []
    for (const comment of comments) {
      if (typeof comment.body !== 'string' || !comment.body.startsWith(marker) || typeof comment.id !== 'number')
        continue
      seen.login ??= tokenLogin(request)
      const own = await seen.login
      if (own === undefined)
        return {
          found: {
            note: 'GitHub did not say which account the github-token acts as, so a new comment was posted instead of editing an earlier one.'
          },
          full: false
        }
      if (writtenBy(comment, own)) return { found: { id: comment.id }, full: false }
      seen.others += 1
    }
    return { full: comments.length >= PER_PAGE }
  }
  for (let page = 1; page <= HEAD_PAGES; page++) {
    const { found, full } = await read(page)
    if (found) return found
    if (!full) return othersNote(seen.others)
  }
  const total = await commentCount(request, repo, issue)
  const from =
    total === undefined ? HEAD_PAGES + 1 : Math.max(HEAD_PAGES + 1, Math.ceil(total / PER_PAGE) - TAIL_PAGES + 1)
  // Read forward from there: comments posted since the count was taken fill pages past its last.
  for (let page = from; page < from + TAIL_PAGES; page++) {
    const { found, full } = await read(page)
    if (found) return found
    if (!full)
      return from === HEAD_PAGES + 1 ? othersNote(seen.others) : unreadNote(total, (from - HEAD_PAGES - 1) * PER_PAGE)
  }
  return unreadNote(total, undefined)
}

function othersNote(others: number): { note?: string } {
  return others > 0
    ? {
        note: `${others} earlier comment(s) with the status marker were written by another account and were left as they are; a new comment was posted.`
      }
    : {}
}

/** The note of a search that could not read every comment: how many it skipped, when known. */
function unreadNote(total: number | undefined, skipped: number | undefined): { note: string } {
  const count = total === undefined ? 'more comments than the action reads' : `${total} comments`
  const unread =
    skipped === undefined
      ? 'some of them were not read'
      : `${skipped} of them, after the first ${HEAD_PAGES * PER_PAGE}, were not read`
  return {
    note: `This pull request has ${count}; ${unread}, and none of those read is this status comment of the action's own, so a new one was posted (an earlier one may be among those not read; later runs find and edit the new one).`
  }
}

/** How many comments the pull request has, as its issue counts them; undefined when GitHub does not say. */
async function commentCount(request: GitHubRequest, repo: Repo, issue: number): Promise<number | undefined> {
  try {
    const count = (
      (await request('GET /repos/{owner}/{repo}/issues/{issue_number}', { ...repo, issue_number: issue })).data as
        { comments?: unknown } | undefined
    )?.comments
    return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : undefined
  } catch {
    return undefined
  }
}
