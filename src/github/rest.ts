/**
 * The GitHub REST client of the pull-request features, loaded only when one of them is used,
 * so no other step pays for it. It sends to GITHUB_API_URL (GitHub Enterprise Server too)
 * through the action's own transport. It computes each request as octokit's `endpoint()`
 * does for the few routes the action calls, instead of bundling `@actions/github`: octokit
 * with its own undici was 530 KB of a 767 KB dist/. `__tests__/unit/network/github-endpoint.test.ts`
 * keeps the two in step.
 */
import { USER_AGENT } from '../constants.js'
import { excerpt } from '../safe-text.js'
import { isSecureOrLoopback } from '../http/addresses.js'
import { attemptSignal } from '../http/attempt-signal.js'
import { failureFromError, type RawResponse } from '../http/failure.js'
import { send } from '../http/transport.js'

/** The few GitHub calls the action makes, as a plain request function. */
export type GitHubRequest = (
  route: string,
  parameters?: Record<string, unknown>
) => Promise<{ status: number; data: unknown }>

/** Longest a GitHub call may take: these calls are extras and must not hold the step. */
const TIMEOUT_MS = 30_000
const DEFAULT_API_URL = 'https://api.github.com'
/** The REST API version the routes and fields used here are documented for. */
const API_VERSION = '2022-11-28'
const MAX_MESSAGE = 300

/** One request as it goes out, without the headers that are the same for every call. */
export interface GitHubEndpoint {
  method: string
  /** The whole URL, with the query of a GET. */
  url: string
  /** `accept`, and `content-type` with a body. */
  headers: Record<string, string>
  /** The JSON text sent, when the method carries a body. */
  body?: string
}

/** Why a GitHub call failed: the HTTP status when GitHub answered, and a message safe to print. */
export class GitHubError extends Error {
  constructor(
    message: string,
    readonly method: string,
    readonly path: string,
    readonly status?: number
  ) {
    super(message)
    this.name = 'GitHubError'
  }
}

/**
 * The request for `route` (e.g. `POST /repos/{owner}/{repo}/statuses/{sha}`) and its
 * parameters: each `{name}` filled in URL-encoded, the rest the query of a GET or HEAD and
 * the JSON body of any other method. Pure, so it can be compared with octokit's.
 */
export function githubEndpoint(
  route: string,
  parameters: Record<string, unknown>,
  apiUrl: string = DEFAULT_API_URL
): GitHubEndpoint {
  const match = /^([A-Z]+) (\/\S*)$/.exec(route)
  if (!match) throw new Error(`A GitHub route must be "METHOD /path", not ${JSON.stringify(route)}`)
  const [, method, template] = match
  // Octokit leaves out parameters that are undefined; JSON and the query would otherwise differ.
  const rest: Record<string, unknown> = Object.fromEntries(
    Object.entries(parameters).filter(([, value]) => value !== undefined)
  )
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name]
    if (value === null || value === undefined || value === '')
      throw new Error(`The GitHub route ${route} needs a value for {${name}}`)
    delete rest[name]
    return encodePathValue(String(value))
  })
  const headers: Record<string, string> = { accept: 'application/vnd.github+json' }
  // GraphQL sits beside the REST API of an Enterprise Server (/api/graphql, not /api/v3/graphql), as @octokit/graphql finds it.
  const base = path === '/graphql' ? apiBase(apiUrl).replace(/\/api\/v3$/, '/api') : apiBase(apiUrl)
  const url = `${base}${path}`
  const names = Object.keys(rest)
  if (method === 'GET' || method === 'HEAD') {
    const query = names.map((name) => `${name}=${encodeURIComponent(String(rest[name]))}`).join('&')
    return { method, url: query ? `${url}?${query}` : url, headers }
  }
  if (names.length === 0)
    return method === 'PATCH' || method === 'PUT' ? { method, url, headers, body: '' } : { method, url, headers }
  return {
    method,
    url,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(rest)
  }
}

/**
 * A request function authenticated with `token` (none when it is empty), against
 * GITHUB_API_URL; `signal` (the job's cancellation) stops a call besides its timeout.
 */
export async function githubRequest(
  token: string,
  signal?: AbortSignal,
  env: NodeJS.ProcessEnv = process.env
): Promise<GitHubRequest> {
  const apiUrl = env.GITHUB_API_URL || DEFAULT_API_URL
  refuseTokenInClear(token, apiUrl)
  return async (route, parameters = {}) => {
    const endpoint = githubEndpoint(route, parameters, apiUrl)
    const headers: Record<string, string> = {
      ...endpoint.headers,
      'user-agent': userAgent(env),
      'x-github-api-version': API_VERSION
    }
    if (token) headers.authorization = `Bearer ${token}`
    const { method } = endpoint
    const url = new URL(endpoint.url)
    const attempt = attemptSignal(TIMEOUT_MS, signal)
    let raw: RawResponse
    try {
      raw = await send({ method, url, headers, body: endpoint.body, signal: attempt.signal, peer: 'github' })
    } catch (error) {
      const failure = failureFromError(error, {
        cancelled: signal?.aborted ?? false,
        timedOut: attempt.timedOut(),
        timeoutMs: TIMEOUT_MS
      })
      throw new GitHubError(`${method} ${url.pathname} to GitHub failed: ${failure.reason}`, method, url.pathname)
    } finally {
      attempt.release()
    }
    return { status: raw.status, data: readAnswer(method, url.pathname, raw) }
  }
}

/** The parsed JSON of a 2xx answer; any other answer, or one that is not JSON, throws. */
function readAnswer(method: string, path: string, { status, contentType, text }: RawResponse): unknown {
  const fail = (what: string): never => {
    throw new GitHubError(`GitHub answered ${status} to ${method} ${path}${what}`, method, path, status)
  }
  // A redirect is not followed: the token would go with the request to wherever it points.
  if (status >= 300 && status < 400) fail(' (a redirect, which the action does not follow)')
  if (status < 200 || status >= 400) fail(messageOf(text))
  if (text.trim() === '') return undefined
  if (/^\s*text\/html/i.test(contentType)) fail(` with an HTML page, not JSON (${excerpt(text, MAX_MESSAGE)})`)
  try {
    return JSON.parse(text) as unknown
  } catch {
    return fail(` with a body that is not JSON (${excerpt(text, MAX_MESSAGE)})`)
  }
}

/** GitHub's `message` from an error body, or the body itself, as one redacted, shortened line. */
function messageOf(text: string): string {
  if (text.trim() === '') return ''
  let message = text
  try {
    const body = JSON.parse(text) as { message?: unknown }
    if (typeof body?.message === 'string' && body.message !== '') message = body.message
  } catch {
    // not JSON: the text is the message
  }
  return `: ${excerpt(message, MAX_MESSAGE)}`
}

/** Encodes a path parameter as octokit's URL template does: `encodeURIComponent`, and `!'()*` too. */
function encodePathValue(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

/** The API base without a trailing slash; anything but http(s) is refused before a request is made. */
function apiBase(apiUrl: string): string {
  let parsed: URL | undefined
  try {
    parsed = new URL(apiUrl)
  } catch {
    parsed = undefined
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.search || parsed.hash) {
    throw new Error(`GITHUB_API_URL must be the http(s) URL of the GitHub REST API, e.g. ${DEFAULT_API_URL}`)
  }
  return apiUrl.replace(/\/+$/, '')
}

/** The token travels only over https, or to this machine (the tests' fake GitHub): refused before anything is sent. */
function refuseTokenInClear(token: string, apiUrl: string): void {
  const base = new URL(apiBase(apiUrl))
  if (token === '' || isSecureOrLoopback(base)) return
  throw new GitHubError(
    `GITHUB_API_URL (${base.protocol}//${base.host}) uses plain http:// to a host that is not this machine; github-token is sent only over https:// (or to this machine), so no request was sent`,
    'any',
    base.pathname
  )
}

/**
 * The action's User-Agent, as its calls to the service send; GitHub refuses a request
 * without one. The runner's orchestration id is added as `@actions/github` adds it.
 */
function userAgent(env: NodeJS.ProcessEnv): string {
  const id = env.ACTIONS_ORCHESTRATION_ID?.trim()
  const tag = id ? ` actions_orchestration_id/${id.replace(/[^a-z0-9_.-]/gi, '_')}` : ''
  return `${USER_AGENT}${tag}`
}

/** The `owner` and `repo` of GITHUB_REPOSITORY, or undefined when it is not `owner/name`. */
export function repositoryOf(env: NodeJS.ProcessEnv): { owner: string; repo: string } | undefined {
  const match = /^([\w.-]+)\/([\w.-]+)$/.exec(env.GITHUB_REPOSITORY ?? '')
  return match ? { owner: match[1], repo: match[2] } : undefined
}
