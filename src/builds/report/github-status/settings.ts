/**
 * The inputs of the build's status on GitHub (a commit status or a check run, and a pull
 * request comment). Read with the other inputs, so a bad value fails the step before anything
 * is sent; the module that posts is loaded only when one of them asks for it.
 */
import { Input } from '../../../constants.js'
import { InputError } from '../../../inputs/input-error.js'
import { booleanFlag, oneOf, singleLine, type GetInput } from '../../../inputs/readers.js'

/** How the build shows on the commit. */
export type GitHubStatusMode = 'commit-status' | 'check-run'

/** What to post to GitHub for the build; undefined when nothing is asked. */
export interface GitHubStatusSettings {
  /** Undefined: only the comment, when asked. */
  mode: GitHubStatusMode | undefined
  /** The status context or check run name; undefined: service-ci/<workflow>. */
  name: string | undefined
  comment: boolean
  token: string
}

/** The inputs readGitHubStatusSettings reads. */
export const GITHUB_STATUS_INPUTS = [Input.githubStatus, Input.githubStatusName, Input.githubComment] as const

const MODES = ['none', 'commit-status', 'check-run'] as const

/** Reads the settings; undefined with the defaults, so nothing is loaded or sent. */
export function readGitHubStatusSettings(get: GetInput): GitHubStatusSettings | undefined {
  const mode = oneOf(get, Input.githubStatus, MODES) ?? 'none'
  const comment = booleanFlag(get, Input.githubComment, false)
  const name = singleLine(get, Input.githubStatusName)
  if (name !== undefined && name.length > 100)
    throw new InputError(Input.githubStatusName, `is ${name.length} characters long; GitHub takes at most 100`)
  if (mode === 'none' && !comment) return undefined
  const token = get(Input.githubToken)
  if (token === '')
    throw new InputError(
      Input.githubToken,
      `is empty, but ${mode !== 'none' ? `${Input.githubStatus}: ${mode}` : `${Input.githubComment}: true`} posts to GitHub with it; pass \${{ github.token }} (the default)`
    )
  return { mode: mode === 'none' ? undefined : mode, name, comment, token }
}
