import * as core from './workflow-commands.js'
import { MIN_SECRET_LENGTH, redact, rememberSecret, rememberSecretFor } from '../safe-text.js'

export { MIN_SECRET_LENGTH, redact }

/**
 * Registers a secret value: the runner masks it in the log, and `redact` removes
 * it, in every encoding, from everything the action writes. A value shorter than
 * MIN_SECRET_LENGTH is not registered; when `what` names it, a warning says so.
 * Returns whether the value is masked.
 */
export function addSecret(value: string | undefined, what?: string): boolean {
  if (!value) return false
  if (value.length < MIN_SECRET_LENGTH) {
    if (what) {
      core.warning(
        `${what} is ${value.length} character(s) long, too short to be masked safely (at least ${MIN_SECRET_LENGTH} are needed): ` +
          'it is sent, but not masked, so the service or the build may show it.'
      )
    }
    return false
  }
  core.setSecret(value)
  rememberSecret(value)
  // Inputs reach the action trimmed: a secret with white space at an end can show without it
  // (pasted into another input, say), so the trimmed form is a secret too.
  const bare = value.trim()
  if (bare !== value && bare.length >= MIN_SECRET_LENGTH) {
    core.setSecret(bare)
    rememberSecret(bare)
  }
  if (!/[\r\n]/.test(value)) return true
  // Multi-line secrets (SSH keys) are masked line by line by the runner; do the same here.
  for (const line of value.split(/\r\n|\r|\n/)) {
    const trimmed = line.trim()
    if (trimmed.length >= MIN_SECRET_LENGTH && !trimmed.startsWith('-----')) {
      core.setSecret(trimmed)
      rememberSecret(trimmed)
    }
  }
  // A key pasted with escaped line breaks can be echoed back by a server in that form.
  rememberSecret(value.replace(/\r?\n/g, '\\n'))
  return true
}

/**
 * Registers a secret for one use (a signed URL while its file downloads): the runner masks it
 * in the log for good, and `redact` removes it, in every encoding, until the function returned
 * is called. After that the step holds nothing of it. Returns that release.
 */
export function addSecretFor(value: string): () => void {
  if (value.length < MIN_SECRET_LENGTH) return () => {}
  core.setSecret(value)
  // A URL's signature can show without the rest of it (a file name cut from a title that
  // holds the URL): its query, and each long value of it, are held too.
  const url = URL.canParse(value) ? new URL(value) : undefined
  const parts = url ? [url.search.slice(1), ...url.searchParams.values()] : []
  const releases = [value, ...parts.filter((part) => part.length >= MIN_SECRET_LENGTH)].map(rememberSecretFor)
  return () => releases.forEach((release) => release())
}
