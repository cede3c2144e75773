/**
 * Who may start or approve a build from GitHub. A comment or a review can be written by anyone
 * who can see the pull request, yet its job runs with the base repository's secrets: only the
 * associations in `allowed-associations` are let through, and a pull request's own author never
 * approves its build.
 */
import { Input } from '../constants.js'
import { readGitHubEvent, type GitHubEvent } from './event.js'
import { InputError } from '../inputs/input-error.js'
import { quote } from '../safe-text.js'
import type { GetInput } from '../inputs/readers.js'
import { obj, str } from './payload.js'

/** GitHub's values of `author_association`, as its webhooks and REST answers spell them. */
export const ASSOCIATIONS = [
  'OWNER',
  'MEMBER',
  'COLLABORATOR',
  'CONTRIBUTOR',
  'FIRST_TIME_CONTRIBUTOR',
  'FIRST_TIMER',
  'MANNEQUIN',
  'NONE'
] as const

/** The list when the input is empty: the people with write access or more. */
export const DEFAULT_ASSOCIATIONS = ['OWNER', 'MEMBER', 'COLLABORATOR'] as const

/**
 * Where the association of a commenter or reviewer is, by event. An event not named here that
 * still carries a `comment` or a `review` (`commit_comment`, `discussion_comment`, one GitHub adds
 * later) is read the same way: every comment is someone's, and is gated like the others.
 */
const ACTOR_FIELD: Record<string, string> = {
  issue_comment: 'comment',
  pull_request_review_comment: 'comment',
  pull_request_review: 'review'
}

/** The payload's field that holds the commenter or reviewer, or undefined when it carries neither. */
function actorField(event: GitHubEvent): string | undefined {
  const named = ACTOR_FIELD[event.name]
  if (named) return named
  return ['comment', 'review'].find(
    (field) => event.payload[field] !== null && typeof event.payload[field] === 'object'
  )
}

/** Reads `allowed-associations`: a comma- or line-separated list of GitHub's values, in any case. */
export function readAllowedAssociations(get: GetInput): string[] {
  const items = get(Input.allowedAssociations)
    .split(/[\n,]/)
    .map((item) => item.trim().toUpperCase())
    .filter(Boolean)
  if (items.length === 0) return [...DEFAULT_ASSOCIATIONS]
  for (const item of items) {
    if (!(ASSOCIATIONS as readonly string[]).includes(item))
      throw new InputError(
        Input.allowedAssociations,
        `${quote(item)} is not one of GitHub's author associations: ${ASSOCIATIONS.join(', ')}`
      )
  }
  return [...new Set(items)]
}

/** Who asked, as the event tells it: the commenter or reviewer and their association. */
export interface Asker {
  login: string
  association: string
  /** Where the association was read, for the workflow `if:` the message suggests; undefined when the event carries none. */
  field?: string
}

/**
 * Events about a pull request's review that carry no association of the one who caused them: a
 * review thread resolved or unresolved names only its `sender`, so its association is unknown,
 * and unknown counts as NONE.
 */
const UNVOUCHED_REVIEW_EVENTS = ['pull_request_review_thread']

/** The commenter or reviewer of an event that carries a comment or a review; undefined for any other event. */
export function askerOf(event: GitHubEvent): Asker | undefined {
  if (UNVOUCHED_REVIEW_EVENTS.includes(event.name))
    return { login: str(obj(event.payload.sender).login) ?? 'an unknown user', association: 'NONE' }
  const field = actorField(event)
  if (!field) return undefined
  const item = obj(event.payload[field])
  const login = str(obj(item.user).login) ?? str(obj(event.payload.sender).login) ?? 'an unknown user'
  // A missing association proves nothing about the asker: it counts as NONE.
  const association = str(item.author_association)?.toUpperCase() ?? 'NONE'
  return { login, association, field }
}

/**
 * Refuses, before anything is sent, a comment or review whose author's association is not
 * allowed. The message names who asked and how to widen the list or gate the job.
 */
export function checkAsker(event: GitHubEvent, allowed: readonly string[], what: string): void {
  const asker = askerOf(event)
  if (!asker || allowed.includes(asker.association)) return
  if (asker.field === undefined)
    throw new Error(
      `This ${event.name} event was sent by ${quote(asker.login)}, and GitHub gives no author_association for it, so it counts as NONE, which is not in ${Input.allowedAssociations} (${allowed.join(', ')}): nothing is ${what}. ` +
        `To let anyone ask this way, add NONE to ${Input.allowedAssociations}; to skip the job for such events, gate it with if: github.event_name != '${event.name}'`
    )
  throw new Error(
    `This ${event.name} event was written by ${quote(asker.login)} (author_association ${asker.association}), which is not in ${Input.allowedAssociations} (${allowed.join(', ')}): nothing is ${what}. ` +
      `To let such users ask, add ${asker.association} to ${Input.allowedAssociations}; to skip the job for them, gate it with ` +
      `if: contains(fromJSON('["${allowed.join('","')}"]'), github.event.${asker.field}.author_association)`
  )
}

/**
 * The gate of every operation that starts, stops or approves a build: run from a comment or a
 * review (a `/cancel`, a `/rebuild`, a wait that aborts on a timeout), the one who wrote it must
 * be in allowed-associations, checked before anything is read or sent.
 */
export function checkCommenter(get: GetInput, env: NodeJS.ProcessEnv, what: string): void {
  const allowed = readAllowedAssociations(get)
  const event = readGitHubEvent(env)
  if (event) checkAsker(event, allowed, what)
}

/**
 * The GitHub users who caused this run: the commenter or reviewer, the sender, and the
 * runner's actor and triggering actor (a re-run is started by its own user).
 */
export function actorsOf(event: GitHubEvent, env: NodeJS.ProcessEnv): string[] {
  const asker = askerOf(event)
  const logins = [asker?.login, str(obj(event.payload.sender).login), env.GITHUB_ACTOR, env.GITHUB_TRIGGERING_ACTOR]
  return [
    ...new Set(
      logins
        .filter((login): login is string => !!login && login !== 'an unknown user')
        .map((login) => login.toLowerCase())
    )
  ]
}

/** The author of the event's pull request (`pull_request.user`, or the issue's user for a comment). */
export function pullRequestAuthorOf(event: GitHubEvent): string | undefined {
  return str(obj(obj(event.payload.pull_request).user).login) ?? str(obj(obj(event.payload.issue).user).login)
}

/** Refuses an approval asked for by the pull request's own author: they cannot vouch for their own code. */
export function checkNotSelfApproval(event: GitHubEvent, env: NodeJS.ProcessEnv): void {
  const author = pullRequestAuthorOf(event)
  if (!author || !actorsOf(event, env).includes(author.toLowerCase())) return
  throw new Error(
    `This ${event.name} event comes from ${quote(author)}, the author of the pull request: a pull request's author never approves its own build, so nothing is approved. Someone else in ${Input.allowedAssociations} must approve it.`
  )
}
