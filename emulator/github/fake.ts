/**
 * A loopback fake of the few GitHub REST endpoints the action calls (commit statuses, check
 * runs, issue comments listed a page at a time as GitHub lists them, an issue's comment count,
 * pull requests and their reviews, and who the token is: GraphQL's `viewer` and `GET /user`), for tests: it records every request and answers from what it was given. A
 * comment carries its author (`user` with `login`, `id`, `type`) and `author_association`, as
 * GitHub's comment objects do; the token's account is `identity`, by default the job's
 * GITHUB_TOKEN (`github-actions[bot]`, a `Bot`, which `GET /user` refuses with 403). It binds 127.0.0.1 only, reads at most 1 MiB per body, answers at most
 * `maxRequests` requests, and keeps nothing alive once closed.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { listAnswer, postStatus, type FakeState } from './fake-lists.js'

/** A request as the fake received it. */
export interface RecordedGitHubRequest {
  method: string
  path: string
  authorization: string | undefined
  body: unknown
}

/** A comment's author, as GitHub's `user` object names it. */
export interface FakeGitHubUser {
  login: string
  id: number
  type: 'User' | 'Bot'
}

/** A comment already on a pull request when the fake starts (another account's, say). */
export interface FakeGitHubComment {
  issue: number
  body: string
  user: FakeGitHubUser
  author_association?: string
}

/** The job's GITHUB_TOKEN: GitHub Actions' bot account. */
export const GITHUB_ACTIONS_BOT: FakeGitHubUser = { login: 'github-actions[bot]', id: 41898282, type: 'Bot' }

export interface FakeGitHubOptions {
  /** Pull requests by number, as `GET /repos/{owner}/{repo}/pulls/{n}` answers them. */
  pulls?: Record<number, unknown>
  /** The files of pull requests by number, as `GET /repos/{owner}/{repo}/pulls/{n}/files` lists them, on one page. */
  pullFiles?: Record<number, Array<{ filename: string }>>
  /**
   * The reviews of pull requests by number, oldest first, as `GET /repos/{owner}/{repo}/pulls/{n}/reviews`
   * lists them (`user`, `state` in capitals, `commit_id`, `author_association`), a page at a time.
   * A pull request not named here has none.
   */
  reviews?: Record<number, unknown[]>
  /** The account every token acts as; GITHUB_ACTIONS_BOT when not given. A `Bot` gets 403 from `GET /user`. */
  identity?: FakeGitHubUser
  /** Answer `POST /graphql` with 404, as a server without GraphQL would. */
  noGraphql?: boolean
  /** Comments on pull requests before the first request. */
  comments?: FakeGitHubComment[]
  /** The repository's recent commits, newest first, as `GET /repos/{owner}/{repo}/commits` lists them (one page). */
  commits?: Array<{ sha: string }>
  /** Answer every write (POST, PATCH; not a GraphQL query) with this status instead. */
  failWritesWith?: number
  maxRequests?: number
}

export interface FakeGitHub {
  /** The API base, for GITHUB_API_URL. */
  url: string
  requests: RecordedGitHubRequest[]
  /** The check runs made, by id, as they stand now. */
  checkRuns: Map<number, Record<string, unknown>>
  /** The commit statuses posted, oldest first, each with its repository (`owner/name`) and `sha`. */
  statuses: Array<Record<string, unknown>>
  close(): Promise<void>
}

const MAX_BODY = 1024 * 1024

async function readBody(req: IncomingMessage): Promise<unknown> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY) throw new Error('body over 1 MiB')
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  return text === '' ? undefined : JSON.parse(text)
}

/** GitHub's answer to `GET /user` for an installation token (actions/create-github-app-token#258). */
const NOT_FOR_INTEGRATIONS = {
  message: 'Resource not accessible by integration',
  documentation_url: 'https://docs.github.com/rest/users/users#get-the-authenticated-user',
  status: '403'
}

/** A comment object with the fields GitHub's REST API gives and the action reads. */
function comment(
  state: FakeState,
  issue: number,
  body: unknown,
  user: FakeGitHubUser,
  association: string
): Record<string, unknown> {
  const created = {
    id: state.nextId++,
    issue,
    body,
    user: { ...user },
    author_association: association,
    created_at: new Date().toISOString()
  }
  state.comments.set(created.id, created)
  return created
}

/** The fake's answer to a request about who the token is, or undefined for another path. */
function identityAnswer(options: FakeGitHubOptions, method: string, path: string): [number, unknown] | undefined {
  const identity = options.identity ?? GITHUB_ACTIONS_BOT
  if (path === '/graphql' && method === 'POST')
    return options.noGraphql ? [404, { message: 'Not Found' }] : [200, { data: { viewer: { login: identity.login } } }]
  if (path === '/user' && method === 'GET')
    return identity.type === 'User' ? [200, { ...identity }] : [403, NOT_FOR_INTEGRATIONS]
  return undefined
}

/**
 * A page of a pull request's comments as GitHub lists them: oldest first (ascending id),
 * `per_page` of them (30 unless asked, at most 100) from `page` (1 unless asked).
 */
function commentPage(state: FakeState, issue: number, query: URLSearchParams): unknown[] {
  const all = [...state.comments.values()]
    .filter((c) => c.issue === issue)
    .sort((a, b) => (a.id as number) - (b.id as number))
  return page(all, query)
}

/** One page of `all` as GitHub pages a list: `per_page` (30 unless asked, at most 100) from `page` (1 unless asked). */
function page(all: unknown[], query: URLSearchParams): unknown[] {
  const perPage = Math.min(100, Math.max(1, Number(query.get('per_page')) || 30))
  const at = Math.max(1, Number(query.get('page')) || 1)
  return all.slice((at - 1) * perPage, at * perPage)
}

/** The fake's answer to one request: its status and JSON body. */
function answer(
  state: FakeState,
  options: FakeGitHubOptions,
  method: string,
  path: string,
  body: unknown,
  query: URLSearchParams = new URLSearchParams()
): [number, unknown] {
  const who = identityAnswer(options, method, path)
  if (who) return who
  if (method !== 'GET' && options.failWritesWith) return [options.failWritesWith, { message: 'refused by the fake' }]
  const fields = (body ?? {}) as Record<string, unknown>
  let m: RegExpExecArray | null
  if ((m = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)$/.exec(path)) && method === 'GET') {
    const pr = options.pulls?.[Number(m[1])]
    return pr ? [200, pr] : [404, { message: 'Not Found' }]
  }
  if ((m = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/reviews$/.exec(path)) && method === 'GET')
    return [200, page(options.reviews?.[Number(m[1])] ?? [], query)]
  const listed = method === 'GET' ? listAnswer(state, options, path, query) : undefined
  if (listed) return listed
  if ((m = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/files$/.exec(path)) && method === 'GET') {
    const files = options.pullFiles?.[Number(m[1])]
    if (!files) return [404, { message: 'Not Found' }]
    return [200, Number(query.get('page') ?? '1') > 1 ? [] : files]
  }
  if ((m = /^\/repos\/([^/]+\/[^/]+)\/statuses\/([0-9a-f]+)$/.exec(path)) && method === 'POST')
    return [201, postStatus(state, m[1], m[2], fields)]
  if ((m = /^\/repos\/([^/]+\/[^/]+)\/check-runs(?:\/(\d+))?$/.exec(path)))
    return checkRunAnswer(state, method, m, fields)
  if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)$/.exec(path)) && method === 'GET') {
    const issue = Number(m[1])
    return [200, { number: issue, comments: [...state.comments.values()].filter((c) => c.issue === issue).length }]
  }
  if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(path))) {
    const issue = Number(m[1])
    if (method === 'GET') return [200, commentPage(state, issue, query)]
    // GitHub gives no association to its Actions bot on a repository it is not a member of.
    if (method === 'POST')
      return [
        201,
        comment(
          state,
          issue,
          fields.body,
          options.identity ?? GITHUB_ACTIONS_BOT,
          options.identity?.type === 'User' ? 'OWNER' : 'NONE'
        )
      ]
  }
  if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(path)) && method === 'PATCH') {
    const found = state.comments.get(Number(m[1]))
    if (!found) return [404, { message: 'Not Found' }]
    // A token with write access to issues may edit anyone's comment on GitHub, so the fake allows it too.
    found.body = fields.body
    return [200, found]
  }
  return [404, { message: 'Not Found' }]
}

/**
 * A check run made, read or edited, kept as GitHub keeps it: within its repository (another
 * repository's id is 404), fields merged on an edit, and `external_id` null until one is given.
 */
function checkRunAnswer(
  state: FakeState,
  method: string,
  [, repository, id]: RegExpExecArray,
  fields: Record<string, unknown>
): [number, unknown] {
  if (id === undefined) {
    if (method !== 'POST') return [404, { message: 'Not Found' }]
    const created = { external_id: null, ...fields, id: state.nextId++, repository }
    state.checkRuns.set(created.id, created)
    return [201, created]
  }
  const found = state.checkRuns.get(Number(id))
  if (!found || found.repository !== repository) return [404, { message: 'Not Found' }]
  if (method === 'GET') return [200, found]
  if (method !== 'PATCH') return [404, { message: 'Not Found' }]
  Object.assign(found, fields, { id: found.id, repository })
  return [200, found]
}

/** Starts the fake on a free loopback port. */
export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const requests: RecordedGitHubRequest[] = []
  const state: FakeState = { nextId: 1000, comments: new Map(), checkRuns: new Map(), statuses: [] }
  for (const seeded of options.comments ?? [])
    comment(state, seeded.issue, seeded.body, seeded.user, seeded.author_association ?? 'NONE')
  const maxRequests = options.maxRequests ?? 200
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const path = url.pathname
      let status: number
      let json: unknown
      try {
        const body = await readBody(req)
        requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body })
        ;[status, json] =
          requests.length > maxRequests
            ? [429, { message: 'too many requests for the fake' }]
            : answer(state, options, req.method ?? '', path, body, url.searchParams)
      } catch (error) {
        ;[status, json] = [400, { message: (error as Error).message }]
      }
      res.writeHead(status, { 'content-type': 'application/json', connection: 'close' })
      res.end(JSON.stringify(json))
    })()
  })
  server.keepAliveTimeout = 1
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  server.unref()
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    checkRuns: state.checkRuns,
    statuses: state.statuses,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
