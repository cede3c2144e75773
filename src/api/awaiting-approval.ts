/**
 * A trigger the service accepted without starting a build. The service's own build-router step
 * reads an empty build slug in a 2xx answer as "manual build approval is enabled"
 * (bitrise-steplib/bitrise-step-build-router-start, main.go): the service then keeps a build
 * request, and only its approval creates the build.
 */
import type { ApiError } from '../http/api-error.js'

export class AwaitingApproval extends Error {
  constructor(
    /** What to say when no open build request explains the answer: the answer was then simply invalid. */
    readonly unexplained: ApiError,
    /** The answer as received, for the `response` output. */
    readonly response: string,
    /** The answer's own message, if it gave one. */
    readonly serviceMessage: string | undefined
  ) {
    super(
      `${unexplained.message}. Manual build approval may be on for this app: a build request may await approval (see list-build-requests)`
    )
    this.name = 'AwaitingApproval'
  }
}
