/**
 * The inputs of signing in with the job's OIDC token (docs/oidc.md): read when the token input
 * is empty and oidc-policy-id is set. Everything is checked here, before anything is sent; the
 * runner's request variables exist only in a job with `permissions: id-token: write`.
 */
import { Input } from '../constants.js'
import type { OidcSettings } from '../http/oidc-sign-in.js'
import { isSecureOrLoopback } from '../http/addresses.js'
import { quote } from '../safe-text.js'
import { InputError } from './input-error.js'
import { matching, requiredSlug, singleLine, type GetInput } from './readers.js'

export const REQUEST_URL_ENV = 'ACTIONS_ID_TOKEN_REQUEST_URL'
export const REQUEST_TOKEN_ENV = 'ACTIONS_ID_TOKEN_REQUEST_TOKEN'

/** The subject token type sent when oidc-subject-token-type is empty: the one the service's exchange is seen to accept (docs/oidc.md). */
export const DEFAULT_SUBJECT_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token'

/** The permissions a job needs for the sign-in, as a workflow writes them. */
export const PERMISSIONS_LINE = 'permissions: { id-token: write, contents: read }'

/** Reads and checks the sign-in settings; `forkOf` tells a fork's pull request, for the message about a missing token. */
export async function readOidcSettings(get: GetInput, env: NodeJS.ProcessEnv, baseUrl: string, forkOf: () => Promise<string | undefined>): Promise<OidcSettings> {
  const policyId = matching(get, Input.oidcPolicyId, /^[\x21-\x7e]{1,200}$/, 'a trust policy id (printable characters, no spaces, at most 200)') as string
  const workspace = get(Input.orgSlug) === '' ? missingWorkspace() : requiredSlug(get, Input.orgSlug)
  const exchangeUrl = exchangeUrlOf(get, baseUrl)
  const audience = singleLine(get, Input.oidcAudience) ?? new URL(exchangeUrl).origin
  const subjectTokenType = matching(get, Input.oidcSubjectTokenType, /^urn:[\x21-\x7e]{1,200}$/, 'a token type URN, e.g. urn:ietf:params:oauth:token-type:jwt') ?? DEFAULT_SUBJECT_TOKEN_TYPE
  const requestUrl = env[REQUEST_URL_ENV] ?? ''
  const requestToken = env[REQUEST_TOKEN_ENV] ?? ''
  if (requestUrl === '' || requestToken === '') throw new InputError(Input.oidcPolicyId, await noIdTokenMessage(forkOf))
  if (!URL.canParse(requestUrl) || !isSecureOrLoopback(new URL(requestUrl))) {
    throw new InputError(Input.oidcPolicyId, `needs the runner's ${REQUEST_URL_ENV}, which is not an https:// URL; the step runs outside GitHub's runner or the variable was overwritten`)
  }
  return { policyId, workspace, audience, exchangeUrl, subjectTokenType, requestUrl, requestToken }
}

function missingWorkspace(): never {
  throw new InputError(Input.orgSlug, `is required with ${Input.oidcPolicyId}: the slug of the Workspace that holds the trust policy`)
}

/**
 * The exchange's address: the input, or the base URL's origin with /oidc/token, its `api.`
 * host turned into `app.` (the service's API lives at api., its exchange at app.).
 */
function exchangeUrlOf(get: GetInput, baseUrl: string): string {
  const given = singleLine(get, Input.oidcExchangeUrl)
  if (given === undefined) {
    const url = new URL('/oidc/token', baseUrl)
    url.hostname = url.hostname.replace(/^api\./, 'app.')
    return url.toString()
  }
  if (given.includes('@')) throw new InputError(Input.oidcExchangeUrl, 'must not contain a user name or password (it holds an "@")')
  if (!URL.canParse(given)) throw new InputError(Input.oidcExchangeUrl, `${quote(given)} is not a URL; expected e.g. https://app.example.com/oidc/token`)
  const url = new URL(given)
  if (!isSecureOrLoopback(url)) throw new InputError(Input.oidcExchangeUrl, `${quote(url.toString())} must use https:// (plain http:// only for this machine): the job's OIDC token is sent there`)
  if (url.hash) throw new InputError(Input.oidcExchangeUrl, `${quote(url.toString())} must not have a fragment`)
  return url.toString()
}

/** Why the job has no OIDC token: a fork's pull request gets none; any other job lacks the permission. */
async function noIdTokenMessage(forkOf: () => Promise<string | undefined>): Promise<string> {
  const fork = await forkOf()
  if (fork !== undefined) {
    return (
      `is set, so the step signs in with the job's OIDC token, but this pull_request event comes from ${fork}, and GitHub gives workflows run for fork ` +
      'pull requests no OIDC token (as it gives them no secrets). See "Pull requests from forks" in the README for how to build them'
    )
  }
  return (
    `is set, so the step signs in with the job's OIDC token, but the job has none: GitHub gives it only to a job allowed to ask for it. ` +
    `Add to the job (or the workflow) "${PERMISSIONS_LINE}", i.e. id-token: write under permissions:, and keep the token input empty`
  )
}
