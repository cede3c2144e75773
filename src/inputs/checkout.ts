/**
 * What a build checks out, as the service's standard clone step decides it from the trigger's
 * parameters (bitrise-steplib/steps-git-clone, `gitclone/checkout.go`, `selectCheckoutMethod`;
 * its inputs read the parameters' variables: `step.yml`). A trigger that names a destination
 * branch, a merge ref or a source repository URL is a pull request to the step, which then (with
 * its default `merge_pr: yes`) checks out GitHub's merge ref, or merges the head into the
 * destination branch itself: refs a later push moves. A trigger that names none of them gets the
 * most specific of commit, tag and branch (interface rule 1), so its commit exactly.
 */
import type { TriggerParams } from '../api/build-params.js'

/** The checkout in words, and whether it is the trigger's commit and nothing else. */
export interface Checkout {
  words: string
  exactCommit: boolean
  /** The parameters that made the step take the trigger for a pull request, for a warning. */
  pullRequestParams: string[]
}

/** The pull request parameters that switch the clone step to a pull request checkout. */
const PULL_REQUEST_PARAMS = ['branchDest', 'pullRequestMergeBranch', 'pullRequestRepositoryUrl'] as const

/** What the standard clone step checks out for `params`, with its inputs left at their defaults. */
export function checkoutOf(params: TriggerParams): Checkout {
  const pullRequestParams = PULL_REQUEST_PARAMS.filter((name) => params[name])
  if (pullRequestParams.length === 0) {
    if (params.commitHash) return { words: `commit ${params.commitHash} exactly`, exactCommit: true, pullRequestParams }
    if (params.tag) return { words: `tag ${params.tag}`, exactCommit: false, pullRequestParams }
    if (params.branch)
      return {
        words: `the newest commit of branch ${params.branch} when the build starts`,
        exactCommit: false,
        pullRequestParams
      }
    return {
      words: "the newest commit of the app's default branch when the build starts",
      exactCommit: false,
      pullRequestParams
    }
  }
  if (params.pullRequestMergeBranch) {
    return {
      words: `${params.pullRequestMergeBranch}, GitHub's merge of the pull request as it is when the build starts`,
      exactCommit: false,
      pullRequestParams
    }
  }
  const merged = params.pullRequestRepositoryUrl
    ? `branch ${params.branch ?? '(none)'} of ${params.pullRequestRepositoryUrl}`
    : `commit ${params.commitHash ?? '(none)'}`
  return {
    words: `${merged} merged into the newest commit of ${params.branchDest ?? '(no destination branch)'} when the build starts`,
    exactCommit: false,
    pullRequestParams
  }
}

/**
 * Whether the service may hold the trigger for manual approval: a pull request build whose
 * owners are not both given and equal (interface rule 3; the service's own webhook sends a fork's
 * owner and the base's, which differ).
 */
export function mayBeHeld(params: TriggerParams): boolean {
  if (params.pullRequestId === undefined) return false
  const source = params.branchRepoOwner
  const dest = params.branchDestRepoOwner
  return !source || !dest || source.toLowerCase() !== dest.toLowerCase()
}

/** The parameter names as the inputs that set them spell them: `branchDest` is `branch-dest`. */
export function inputNameOf(param: string): string {
  return param.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
}
