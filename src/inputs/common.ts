/**
 * The inputs every operation uses, read once before the operation's own: the
 * secrets are masked first, then the operation, the token, the base URL and the
 * request settings are checked. Any bad value throws an InputError, so nothing is
 * sent when an input is wrong.
 */
import { API_VERSION, BASE_URL_ENV, Input } from '../constants.js'
import { checkGitHubTokenInput, checkServiceToken, isPolicyId } from './credential-shapes.js'
import { InputError } from './input-error.js'
import { MIN_SECRET_LENGTH, quote } from '../safe-text.js'
import { isSecureOrLoopback } from '../http/addresses.js'
import { booleanFlag, durationMs, environmentItems, integerInRange, type GetInput } from './readers.js'
import type { OidcSettings } from '../http/oidc-sign-in.js'
import { LIST_LIMIT } from '../http/pagination.js'

/** Inputs every operation uses. */
export interface CommonInputs<Operation extends string = string> {
  operation: Operation
  baseUrl: string
  /** Empty when the step signs in with the job's OIDC token (`oidc`). */
  token: string
  oidc?: OidcSettings
  requestTimeoutMs: number
  maxAttempts: number
  /** The most items read of any one list (pagination.ts). */
  listLimit: number
  /**
   * First retry delay: 500 ms. Only the bench's and the tests' build (scripts/bundle.js
   * `scaledClock`, see src/sleep.ts) takes SERVICE_RETRY_BASE_MS instead; in dist/ the reading is
   * not there, so no workflow can change it.
   */
  retryBaseMs: number
  /** Whether every exchange is written to the wire trace (docs/trace.md). */
  trace: boolean
}

/**
 * The inputs of a sign-in with the job's OIDC token, read only when `token` is empty (see
 * usesOidc). The trust policy's id alone names the policy, and so its Workspace: org-slug is
 * read only by the operations that act on a Workspace.
 */
export const OIDC_INPUTS = [
  Input.oidcPolicyId,
  Input.oidcAudience,
  Input.oidcExchangeUrl,
  Input.oidcSubjectTokenType
] as const

/** The inputs read here, for every operation; an operation declares only its own. */
export const COMMON_INPUTS = [
  Input.operation,
  Input.baseUrl,
  Input.token,
  ...OIDC_INPUTS,
  Input.requestTimeout,
  Input.maxAttempts,
  Input.listLimit,
  Input.trace
] as const

/** Whether the step signs in with the job's OIDC token (docs/oidc.md): no token given, and a trust policy named. */
export function usesOidc(get: GetInput): boolean {
  return get(Input.token) === '' && get(Input.oidcPolicyId) !== ''
}

/** Registers a secret for masking; `what` names it in the warning about a value too short to mask. */
export type Mask = (value: string, what?: string) => void

/**
 * Masks every secret input before anything else is read or checked: the tokens, the
 * SSH private key (line by line) and each secret-environments and build-secrets value, whatever the
 * operation, so no later message or output can show one.
 */
export async function maskSecretInputs(get: GetInput, mask: Mask, env: NodeJS.ProcessEnv = {}): Promise<void> {
  mask(get(Input.token))
  // The runner's request token for the job's OIDC token, when the step signs in with it.
  if (usesOidc(get)) mask(env.ACTIONS_ID_TOKEN_REQUEST_TOKEN ?? '')
  mask(get(Input.sshPrivateKey))
  mask(get(Input.githubToken))
  // A policy id is no secret, but a value of another shape may be a token pasted in its place.
  if (!isPolicyId(get(Input.oidcPolicyId))) mask(get(Input.oidcPolicyId))
  await maskSecretEnvironments(get, mask)
}

/**
 * Masks the secret-environments and build-secrets values: first what the parser could meet
 * (each line's value, and a whole line it refuses), in both inputs, then each value parsed,
 * warning about one too short to mask. A refusal of either input is thrown once both are masked.
 */
async function maskSecretEnvironments(get: GetInput, mask: Mask): Promise<void> {
  const names = [Input.secretEnvironments, Input.buildSecrets].filter((name) => get(name).trim() !== '')
  if (names.length === 0) return
  const { secretTextsBeforeParsing } = await import('./environments.js')
  const masked = new Set<string>()
  const once = (value: string, what?: string): void => {
    if (masked.has(value) && value.length >= MIN_SECRET_LENGTH) return
    masked.add(value)
    mask(value, what)
  }
  for (const name of names) for (const text of secretTextsBeforeParsing(get(name))) once(text)
  let refused: unknown
  for (const name of names) {
    try {
      for (const item of await environmentItems(get, name, true)) once(item.value, `The ${name} value of ${item.name}`)
    } catch (error) {
      refused ??= error
    }
  }
  if (refused !== undefined) throw refused
}

/** The fork a pull_request event comes from, or undefined for any other event. */
export type ForkOf = { fullName?: string; deleted: boolean } | undefined

/**
 * What the common inputs need from the layers above: the operation registry reads the
 * operation input, and the GitHub event code tells a fork's pull request (for the message
 * about an empty token only).
 */
export interface CommonReaders<Operation extends string> {
  operation: (get: GetInput) => Operation
  forkPullRequest: (env: NodeJS.ProcessEnv) => Promise<ForkOf>
}

/** Reads and checks the inputs every operation uses. */
export async function readCommonInputs<Operation extends string>(
  get: GetInput,
  env: NodeJS.ProcessEnv,
  readers: CommonReaders<Operation>
): Promise<CommonInputs<Operation>> {
  const operation = readers.operation(get)
  const token = get(Input.token)
  const oidc = usesOidc(get)
  if (!oidc) await checkToken(token, env, readers.forkPullRequest)
  checkGitHubTokenInput(get)
  const baseUrl = readBaseUrl(get, env)
  return {
    operation,
    baseUrl,
    token,
    // Loaded only by a step that signs in with OIDC: every other step starts without it.
    ...(oidc
      ? {
          oidc: await (
            await import('./oidc-settings.js')
          ).readOidcSettings(get, env, baseUrl, async () =>
            env.GITHUB_EVENT_NAME === 'pull_request'
              ? forkName(await forkPullRequestOrUndefined(env, readers.forkPullRequest))
              : undefined
          )
        }
      : {}),
    requestTimeoutMs: durationMs(get, Input.requestTimeout, 30, 1, 600),
    maxAttempts: integerInRange(get, Input.maxAttempts, 4, 1, 10),
    listLimit: integerInRange(get, Input.listLimit, LIST_LIMIT, 1, 100_000_000),
    retryBaseMs:
      typeof SCALED_SERVICE_CLOCK !== 'undefined' && SCALED_SERVICE_CLOCK && env.SERVICE_RETRY_BASE_MS
        ? Math.max(0, Number(env.SERVICE_RETRY_BASE_MS)) || 0
        : 500,
    trace: booleanFlag(get, Input.trace, false)
  }
}

/** Refuses a token that cannot be a real one; the message never shows the token or any part of it. */
async function checkToken(
  token: string,
  env: NodeJS.ProcessEnv,
  forkPullRequest: CommonReaders<string>['forkPullRequest']
): Promise<void> {
  if (token === '') throw new InputError(Input.token, await emptyTokenMessage(env, forkPullRequest))
  // The service takes the token alone in its Authorization header, with no scheme before it.
  if (/^(bearer|token)\s/i.test(token)) {
    const scheme = /^\S+/.exec(token)?.[0] ?? ''
    throw new InputError(
      Input.token,
      `starts with "${scheme} ": the service takes the access token alone in its Authorization header; drop "${scheme} " from the secret, keeping only the token`
    )
  }
  if (/\s/.test(token))
    throw new InputError(Input.token, 'contains white space or a line break; check the secret holds only the token')
  checkServiceToken(token)
  const odd = /[^\x21-\x7e]/.exec(token)
  if (odd) {
    const code = odd[0].codePointAt(0) as number
    const kind =
      code < 0x20 || (code >= 0x7f && code < 0xa0) ? 'a control character' : 'a character outside printable ASCII'
    const where = `U+${code.toString(16).toUpperCase().padStart(4, '0')} at position ${odd.index + 1}`
    throw new InputError(Input.token, `contains ${kind} (${where}); check the secret holds only the token`)
  }
  if (token.length < MIN_SECRET_LENGTH) {
    throw new InputError(
      Input.token,
      `is ${token.length} character(s) long; no access token is shorter than ${MIN_SECRET_LENGTH}: check the secret holds the whole token`
    )
  }
}

/** Why the token is empty: on a pull request from a fork GitHub gives no secrets, which the message says. */
async function emptyTokenMessage(
  env: NodeJS.ProcessEnv,
  forkPullRequest: CommonReaders<string>['forkPullRequest']
): Promise<string> {
  const fork =
    env.GITHUB_EVENT_NAME === 'pull_request' ? await forkPullRequestOrUndefined(env, forkPullRequest) : undefined
  if (!fork)
    return `is required: pass the access token from a secret, e.g. token: \${{ secrets.SERVICE_TOKEN }}, or sign in with the job's OIDC token (${Input.oidcPolicyId}, see docs/oidc.md)`
  const from = fork.deleted ? 'a fork whose repository was deleted' : `the fork ${fork.fullName}`
  return `is empty: this pull_request event comes from ${from}, and GitHub gives workflows run for fork pull requests no secrets. See "Pull requests from forks" in the README for how to build them`
}

function forkName(fork: ForkOf): string | undefined {
  if (!fork) return undefined
  return fork.deleted ? 'a fork whose repository was deleted' : `the fork ${fork.fullName}`
}

/** The fork of the event's pull request; an unreadable event payload counts as none, for this message only. */
async function forkPullRequestOrUndefined(
  env: NodeJS.ProcessEnv,
  forkPullRequest: CommonReaders<string>['forkPullRequest']
): Promise<ForkOf> {
  try {
    return await forkPullRequest(env)
  } catch {
    return undefined
  }
}

/** The service's own API base URL, the one example an error gives (never a host that is not the service's). */
const SERVICE_API_EXAMPLE = `https://api.bitrise.io/${API_VERSION}`

function readBaseUrl(get: GetInput, env: NodeJS.ProcessEnv): string {
  const given = get(Input.baseUrl)
  const value = given || env[BASE_URL_ENV]?.trim() || ''
  const source = given ? '' : ` (from ${BASE_URL_ENV})`
  if (value === '')
    throw new InputError(
      Input.baseUrl,
      `is required (or set ${BASE_URL_ENV}): the API base URL ending in its version segment, e.g. ${SERVICE_API_EXAMPLE}`
    )
  // Checked on the text, before parsing: a password holding "/", "#" or "@" makes the
  // URL parse differently or not at all, and no message may quote it back.
  if (value.includes('@'))
    throw new InputError(
      Input.baseUrl,
      `must not contain a user name or password (it holds an "@")${source}; pass the access token in the token input`
    )
  if (!URL.canParse(value))
    throw new InputError(Input.baseUrl, `${quote(value)}${source} is not a URL; expected e.g. ${SERVICE_API_EXAMPLE}`)
  const url = new URL(value)
  const shown = `${quote(url.toString())}${source}`
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new InputError(Input.baseUrl, `${shown} must use https://`)
  if (!isSecureOrLoopback(url)) {
    throw new InputError(
      Input.baseUrl,
      `${shown} uses plain http:// to a host that is not this machine; use https:// so the token is not sent in clear`
    )
  }
  if (url.search || url.hash) throw new InputError(Input.baseUrl, `${shown} must not have a query or fragment`)
  const segments = url.pathname.split('/').filter(Boolean)
  const version = segments[segments.length - 1] ?? ''
  if (!/^v\d+(\.\d+)*$/.test(version)) {
    throw new InputError(
      Input.baseUrl,
      `${shown} must end in the API version segment ${API_VERSION}, e.g. ${SERVICE_API_EXAMPLE}`
    )
  }
  // The action speaks one version of the API; another version's paths and answers are not the ones it knows.
  if (version !== API_VERSION) {
    throw new InputError(
      Input.baseUrl,
      `${shown} ends in /${version}, but the service's API is served under /${API_VERSION}: end the URL in /${API_VERSION}, e.g. ${new URL(`${[...segments.slice(0, -1), API_VERSION].join('/')}`, url.origin + '/').toString()}`
    )
  }
  return url.toString().replace(/\/$/, '')
}
