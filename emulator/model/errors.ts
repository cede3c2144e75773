/**
 * The model's refusals, by kind. The model knows nothing of HTTP: `http/errors.ts` maps each
 * kind to the status code the service answers with, in one place.
 */
export type ModelErrorKind =
  /** The request is malformed, or names something the configuration does not define. */
  | 'invalid'
  /** The request is well formed but the state does not allow it now (an aborted build, a finished pipeline). */
  | 'conflict'
  /** The caller has no right to do it. */
  | 'forbidden'
  /** What the request is about does not exist. */
  | 'not-found'
  /** The body refers to something that is not there (a group outside the app's Workspace). */
  | 'unknown-reference'
  /** A configuration text that cannot be read at all (YAML syntax), given to the configuration check. */
  | 'unreadable'

/** A refusal of the model, with the message the caller reads. */
export class ModelError extends Error {
  constructor(
    readonly kind: ModelErrorKind,
    message: string
  ) {
    super(message)
    this.name = 'ModelError'
  }
}

export const invalid = (message: string): ModelError => new ModelError('invalid', message)
export const conflict = (message: string): ModelError => new ModelError('conflict', message)
export const forbidden = (message: string): ModelError => new ModelError('forbidden', message)
export const notFound = (message: string): ModelError => new ModelError('not-found', message)
export const unknownReference = (message: string): ModelError => new ModelError('unknown-reference', message)
export const unreadable = (message: string): ModelError => new ModelError('unreadable', message)
