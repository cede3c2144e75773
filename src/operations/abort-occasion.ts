/**
 * Why a pull request's builds are aborted, as the step's event shows it. The abort-on-close
 * recipe runs on the pull request's closing; on any other pull_request* event (an opened or
 * synchronize event, when types: [closed] is left out) the pull request is open, and its live
 * builds are aborted only when abort-open-pull-request says so. The reason each build's page
 * shows says what happened: the closing, or an abort while the pull request was open.
 */
import type { AbortOccasion } from '../builds/abort/by-filter.js'
import { Input } from '../constants.js'
import type { GitHubEvent } from '../github/event.js'
import { obj, str } from '../github/payload.js'

/** The occasion of an abort of `pullRequestId`'s builds, and why nothing is aborted when the event's pull request is open. */
export function abortOccasion(
  event: GitHubEvent | undefined,
  pullRequestId: number,
  abortOpen: boolean
): { occasion?: AbortOccasion; held?: string } {
  if (!event) return {}
  if (!event.name.startsWith('pull_request'))
    return { occasion: { note: `aborted from a ${event.name} event, not on the pull request's closing` } }
  // eslint-disable-next-line house/service-words -- GitHub's event payload, in GitHub's words
  const pr = obj(event.payload.pull_request)
  const action = str(event.payload.action)
  const number = typeof pr.number === 'number' ? pr.number : event.payload.number
  const ours = number === undefined || number === pullRequestId
  const which = ours ? `pull request #${pullRequestId}` : `pull request #${String(number)} (this event's)`
  if (action === 'closed' || pr.state === 'closed') {
    if (!ours)
      return { occasion: { note: `aborted on the closing of ${which}, not of pull request #${pullRequestId}` } }
    // eslint-disable-next-line house/service-words -- GitHub's event payload, in GitHub's words
    const merged = pr.merged === true || str(pr.merged_at) !== undefined
    return { occasion: { lead: `Pull request #${pullRequestId} was ${merged ? 'merged' : 'closed'}` } }
  }
  if (abortOpen)
    return { occasion: { note: `aborted while ${which} was open, as ${Input.abortOpenPullRequest}: true asks` } }
  const on = action ? `${event.name} event (${action})` : `${event.name} event`
  return {
    held: `Nothing was aborted: this ${on} is about ${which}, which is open, and abort aborts a pull request's builds on such an event only once it is closed. To abort them when the pull request closes, run the job on types: [closed] (on: ${event.name}: types: [closed]); to abort an open pull request's builds, set ${Input.abortOpenPullRequest}: true.`
  }
}
