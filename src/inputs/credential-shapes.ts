/**
 * Credentials in the wrong input, told by their shape before anything is sent. Only what a
 * source settles is refused: GitHub's token prefixes (GitHub's "Behind GitHub's new
 * authentication token formats", 2021, and its docs on token types: ghp_ classic personal,
 * github_pat_ fine-grained, gho_ OAuth, ghu_ user-to-server, ghs_ server-to-server such as the
 * job's GITHUB_TOKEN, ghr_ refresh), and the service's trust policy id, a UUID (bitrise-io/docs,
 * oidc-for-bitrise.mdx, "Crafting a token request": policy_id=<POLICY_UUID>). No source shows
 * the shape of the service's own tokens, so github-token refuses only the value of token. No
 * message shows a value, nor any part of it.
 */
import { Input } from '../constants.js'
import { InputError } from './input-error.js'
import type { GetInput } from './readers.js'

const GITHUB_TOKEN = /^(?:gh[pousr]_|github_pat_)/
const GITHUB_PREFIXES = 'ghp_, github_pat_, gho_, ghu_, ghs_ or ghr_'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether a value starts as GitHub's tokens do. */
export function looksLikeGitHubToken(value: string): boolean {
  return GITHUB_TOKEN.test(value)
}

/** Refuses a GitHub token in token, which would be sent to the service. */
export function checkServiceToken(token: string): void {
  if (looksLikeGitHubToken(token))
    throw new InputError(
      Input.token,
      `starts as a GitHub token does (${GITHUB_PREFIXES}), not as the service's access token: pass the service's token from its own secret, e.g. token: \${{ secrets.SERVICE_TOKEN }} (${Input.githubToken} takes GitHub's)`
    )
}

/** Refuses github-token holding the service's token (token's value), which would be sent to GitHub. */
export function checkGitHubTokenInput(get: GetInput): void {
  const githubToken = get(Input.githubToken)
  if (githubToken !== '' && githubToken === get(Input.token))
    throw new InputError(
      Input.githubToken,
      `holds the same value as ${Input.token}, the service's access token, which must not be sent to GitHub: leave ${Input.githubToken} out (its default is the job's \${{ github.token }}) or pass a GitHub token`
    )
}

/** Whether a value has the shape of a trust policy id. */
export function isPolicyId(value: string): boolean {
  return UUID.test(value)
}

/** The trust policy's id, a UUID; anything else (a token pasted in its place) is refused without being shown. */
export function readPolicyId(get: GetInput): string {
  const value = get(Input.oidcPolicyId)
  if (isPolicyId(value)) return value
  const github = looksLikeGitHubToken(value) ? 'it starts as a GitHub token does, and ' : ''
  throw new InputError(
    Input.oidcPolicyId,
    `is not a trust policy id: ${github}the service names a policy by a UUID (8-4-4-4-12 hexadecimal digits, as the Workspace's Security settings show it under OIDC trust policies). Pass the policy's id, e.g. from a variable: ${Input.oidcPolicyId}: \${{ vars.SERVICE_POLICY_ID }}; a token belongs in a secret and in ${Input.token}, never here`
  )
}
