/**
 * Errors as HTTP answers: the plumbing's own refusals (`HttpError`), and the one place that
 * gives each of the model's error kinds its status code.
 */
import { ModelError, type ModelErrorKind } from '../model/errors.js'

/** An error that the router turns into an HTTP answer with a message body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {}
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const badRequest = (message: string): HttpError => new HttpError(400, message)
export const notFound = (message: string): HttpError => new HttpError(404, message)

/**
 * The status code of each kind of model refusal, as the service answers it: it answers a
 * request the state does not allow (abort a finished build) with 400, like a malformed one,
 * a roles body naming a group outside the Workspace with 422, and a configuration it cannot
 * read at all, given to its check, with 422.
 */
export const STATUS_OF_KIND: Record<ModelErrorKind, number> = {
  invalid: 400,
  conflict: 400,
  forbidden: 403,
  'not-found': 404,
  'unknown-reference': 422,
  // The published contract's "Validation failed" of POST /validate-bitrise-yml.
  unreadable: 422
}

/** The error as an HTTP error, or null when it is neither the plumbing's nor the model's (a 500). */
export function asHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error
  if (error instanceof ModelError) return new HttpError(STATUS_OF_KIND[error.kind], error.message)
  return null
}

/** Most endpoints answer errors as `{message}`; register, roles and groups as `{error_msg}`. */
export type ErrorStyle = 'message' | 'error_msg'
