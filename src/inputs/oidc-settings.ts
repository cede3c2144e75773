/**
 * The inputs of signing in with the job's OIDC token (docs/oidc.md): read when the token input
 * is empty and oidc-policy-id is set. Everything is checked here, before anything is sent; the
 * runner's request variables exist only in a job with `permissions: id-token: write`.
 *
 * The job's token is requested for one audience and sent only to the exchange on that
 * audience's origin: a party that receives it cannot present it to another exchange that
 * checks its audience, so a wrong base-url or exchange URL loses nothing worth replaying.
 */
import { Input } from '../constants.js'
import type { OidcSettings } from '../http/oidc-sign-in.js'
import { isSecureOrLoopback } from '../http/addresses.js'
import { quote } from '../safe-text.js'
import { readPolicyId } from './credential-shapes.js'
import { InputError } from './input-error.js'
import { singleLine, type GetInput } from './readers.js'

export const REQUEST_URL_ENV = 'ACTIONS_ID_TOKEN_REQUEST_URL'
export const REQUEST_TOKEN_ENV = 'ACTIONS_ID_TOKEN_REQUEST_TOKEN'

/**
 * The subject token type sent when oidc-subject-token-type is empty: the one the service
 * documents (bitrise-io/docs, "OIDC for Bitrise", section "Crafting a token request").
 */
export const DEFAULT_SUBJECT_TOKEN_TYPE = 'id_token'

/** The permissions a job needs for the sign-in, as a workflow writes them. */
export const PERMISSIONS_LINE = 'permissions: { id-token: write, contents: read }'

/** Where the job's OIDC token goes, and which input (or default) said so, for messages. */
interface Exchange {
  url: URL
  from: string
}

/** Reads and checks the sign-in settings; `forkOf` tells a fork's pull request, for the message about a missing token. */
export async function readOidcSettings(
  get: GetInput,
  env: NodeJS.ProcessEnv,
  baseUrl: string,
  forkOf: () => Promise<string | undefined>
): Promise<OidcSettings> {
  const policyId = readPolicyId(get)
  const exchange = exchangeOf(get, baseUrl)
  const audience = audienceOf(get, exchange)
  const subjectTokenType = subjectTokenTypeOf(get)
  const requestUrl = env[REQUEST_URL_ENV] ?? ''
  const requestToken = env[REQUEST_TOKEN_ENV] ?? ''
  if (requestUrl === '' || requestToken === '') throw new InputError(Input.oidcPolicyId, await noIdTokenMessage(forkOf))
  if (!URL.canParse(requestUrl) || !isSecureOrLoopback(new URL(requestUrl))) {
    throw new InputError(
      Input.oidcPolicyId,
      `needs the runner's ${REQUEST_URL_ENV}, which is not an https:// URL; the step runs outside GitHub's runner or the variable was overwritten`
    )
  }
  return { policyId, audience, exchangeUrl: exchange.url.toString(), subjectTokenType, requestUrl, requestToken }
}

/**
 * The exchange's address: the input, or the base URL's origin with /oidc/token, its `api.`
 * host turned into `app.` (the service's API lives at api., its exchange at app.).
 */
function exchangeOf(get: GetInput, baseUrl: string): Exchange {
  const given = singleLine(get, Input.oidcExchangeUrl)
  if (given === undefined) {
    const url = new URL('/oidc/token', baseUrl)
    url.hostname = url.hostname.replace(/^api\./, 'app.')
    return { url, from: `${Input.baseUrl}'s exchange` }
  }
  if (given.includes('@'))
    throw new InputError(Input.oidcExchangeUrl, 'must not contain a user name or password (it holds an "@")')
  if (!URL.canParse(given))
    throw new InputError(
      Input.oidcExchangeUrl,
      `${quote(given)} is not a URL; expected e.g. https://app.example.com/oidc/token`
    )
  const url = new URL(given)
  if (!isSecureOrLoopback(url))
    throw new InputError(
      Input.oidcExchangeUrl,
      `${quote(url.toString())} must use https:// (plain http:// only for this machine): the job's OIDC token is sent there`
    )
  if (url.hash) throw new InputError(Input.oidcExchangeUrl, `${quote(url.toString())} must not have a fragment`)
  return { url, from: Input.oidcExchangeUrl }
}

/**
 * The audience GitHub puts in the job's token: the exchange's host by default (`app.bitrise.io`
 * for the service, as its documentation asks). A given one, a host or an origin, must be the
 * exchange's own, or the `api.` host of an `app.` exchange (the service's known pair).
 */
function audienceOf(get: GetInput, exchange: Exchange): string {
  const given = singleLine(get, Input.oidcAudience)
  if (given === undefined) return exchange.url.host
  const origin = audienceOrigin(given, exchange.url)
  const pair = origin.host.startsWith('api.') && exchange.url.host === `app.${origin.host.slice('api.'.length)}`
  if (origin.protocol === exchange.url.protocol && (origin.host === exchange.url.host || pair)) return given
  const fix =
    exchange.from === Input.oidcExchangeUrl
      ? ''
      : `, or set ${Input.oidcExchangeUrl} to the exchange on ${quote(given)}`
  throw new InputError(
    Input.oidcAudience,
    `${quote(given)} is not the host of the exchange the job's OIDC token is sent to, ${quote(exchange.url.origin)} (${exchange.from}): ` +
      `the token is requested for one audience and sent only to that audience's exchange, so no one who receives it can present it elsewhere. ` +
      `GitHub was not asked for a token. Leave ${Input.oidcAudience} empty (it then names ${exchange.url.host})${fix}`
  )
}

/** The scheme and host an audience names: a bare host (`app.example.com`, with a port if any) takes the exchange's scheme. */
function audienceOrigin(given: string, exchange: URL): { protocol: string; host: string } {
  const what = 'is not a host name (e.g. app.example.com) nor an origin (e.g. https://app.example.com)'
  const isOrigin = /^[a-z][a-z0-9+.-]*:\/\//i.test(given)
  const text = isOrigin ? given : `${exchange.protocol}//${given}`
  if (given.includes('@') || !URL.canParse(text)) throw new InputError(Input.oidcAudience, `${quote(given)} ${what}`)
  const url = new URL(text)
  const defaultPort = url.protocol === 'https:' ? ':443' : ':80'
  const bare = !isOrigin && url.host === given.toLowerCase().replace(new RegExp(`${defaultPort}$`), '')
  const origin =
    isOrigin &&
    ['http:', 'https:'].includes(url.protocol) &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !given.endsWith('#') &&
    !given.endsWith('?')
  if (!bare && !origin) throw new InputError(Input.oidcAudience, `${quote(given)} ${what}`)
  return { protocol: url.protocol, host: url.host }
}

/** `id_token` (the service's documented type) or a token type URN, such as RFC 8693's, for an exchange that wants one. */
function subjectTokenTypeOf(get: GetInput): string {
  const value = singleLine(get, Input.oidcSubjectTokenType)
  if (value === undefined) return DEFAULT_SUBJECT_TOKEN_TYPE
  if (value === DEFAULT_SUBJECT_TOKEN_TYPE || /^urn:[\x21-\x7e]{1,200}$/.test(value)) return value
  throw new InputError(
    Input.oidcSubjectTokenType,
    `${quote(value)} is not a token type URN nor id_token: leave it empty for id_token, the type the service documents, or give one of RFC 8693's, e.g. urn:ietf:params:oauth:token-type:jwt`
  )
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
    `Add to the job that runs this step (not to the whole workflow) "${PERMISSIONS_LINE}", i.e. id-token: write under the job's permissions:, and keep the token input empty`
  )
}
