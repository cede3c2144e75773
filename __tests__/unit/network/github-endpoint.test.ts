/**
 * src/github/rest.ts builds its GitHub requests itself instead of bundling octokit (see the
 * file's header for the size it saves). For every route the action sends, and random
 * parameter values, its method, URL (path parameters encoded, the query of a GET), JSON body
 * and content-type must be what octokit's `endpoint()` computes from the same route and
 * parameters, for github.com and for an Enterprise Server base URL with a path. No request
 * is sent. The `accept` headers differ on purpose and are only checked to both name GitHub's
 * JSON media type: octokit still sends its older `.v3` spelling.
 */
import { describe, expect, it } from '@jest/globals'
import { getOctokit } from '@actions/github'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { githubEndpoint } from '../../../src/github/rest.js'
import { randomInt, randomString, randomToken } from '../../helpers/random.js'

const NAME_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-'
/** Characters that change a URL's or Markdown's meaning when left raw, and some beyond ASCII. */
const AWKWARD = [
  '#',
  '?',
  '/',
  '%',
  '&',
  '=',
  '+',
  ' ',
  '!',
  "'",
  '(',
  ')',
  '*',
  '"',
  '\\',
  '\n',
  'é',
  'ß',
  '→',
  '漢',
  '😀',
  '%2F',
  '..'
]

/** An owner or repository name as GitHub allows them: letters, digits, `.`, `-` and `_`. */
const name = (): string => randomString(1) + randomString(randomInt(15), NAME_CHARS)

/** Text with awkward characters at random places. */
function awkward(length = 8 + randomInt(24)): string {
  let text = ''
  while (text.length < length)
    text += randomInt(3) === 0 ? AWKWARD[randomInt(AWKWARD.length)] : randomString(1 + randomInt(4))
  return text
}

const sha = (): string => randomString(40, '0123456789abcdef')
const id = (): number => 1 + randomInt(2 ** 40)
const when = (): string => new Date(Date.now() - randomInt(10 ** 9)).toISOString()

/** The check run fields build-status.ts sends, with or without a conclusion. */
function checkRun(): Record<string, unknown> {
  const done = randomInt(2) === 0
  return {
    name: awkward(),
    details_url: randomInt(2) === 0 ? undefined : `https://ci.example/${encodeURIComponent(awkward())}`,
    external_id: awkward(),
    output: { title: awkward(), summary: awkward(200) },
    ...(done
      ? { status: 'completed', conclusion: ['success', 'failure', 'cancelled'][randomInt(3)], completed_at: when() }
      : { status: 'in_progress' })
  }
}

/** Every route the action sends, with random parameters as its callers pass them. */
const ROUTES: Record<string, () => Record<string, unknown>> = {
  'POST /repos/{owner}/{repo}/statuses/{sha}': () => ({
    sha: sha(),
    state: ['pending', 'success', 'failure', 'error'][randomInt(4)],
    context: awkward(),
    description: awkward(140),
    target_url:
      randomInt(2) === 0 ? undefined : `https://ci.example/b/${randomString(12)}?x=${encodeURIComponent(awkward())}`
  }),
  'POST /repos/{owner}/{repo}/check-runs': () => ({ ...checkRun(), head_sha: sha(), started_at: when() }),
  'PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}': () => ({ ...checkRun(), check_run_id: id() }),
  'GET /repos/{owner}/{repo}/check-runs/{check_run_id}': () => ({ check_run_id: id() }),
  'GET /repos/{owner}/{repo}/pulls': () => ({ state: 'open', per_page: 1 + randomInt(100) }),
  'GET /repos/{owner}/{repo}/commits': () => ({ since: when(), per_page: 1 + randomInt(100) }),
  'GET /repos/{owner}/{repo}/commits/{ref}/status': () => ({ ref: sha(), per_page: 1 + randomInt(100) }),
  'GET /repos/{owner}/{repo}/commits/{ref}/check-runs': () => ({
    ref: randomInt(2) === 0 ? sha() : awkward(),
    status: 'in_progress',
    per_page: 1 + randomInt(100)
  }),
  'GET /repos/{owner}/{repo}/issues/{issue_number}/comments': () => ({
    issue_number: id(),
    per_page: 100,
    page: 1 + randomInt(30)
  }),
  'GET /repos/{owner}/{repo}/issues/{issue_number}': () => ({ issue_number: id() }),
  'POST /repos/{owner}/{repo}/issues/{issue_number}/comments': () => ({
    issue_number: id(),
    body: `<!-- m:${encodeURIComponent(awkward())} -->\n**${awkward()}**: ${awkward(300)}`
  }),
  'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}': () => ({ comment_id: id(), body: awkward(300) }),
  'GET /repos/{owner}/{repo}/pulls/{pull_number}': () => ({ pull_number: id() }),
  'GET /repos/{owner}/{repo}/pulls/{pull_number}/files': () => ({
    pull_number: id(),
    per_page: 100,
    page: 1 + randomInt(30)
  }),
  'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews': () => ({
    pull_number: id(),
    per_page: 100,
    page: 1 + randomInt(30)
  }),
  'GET /repos/{owner}/{repo}/compare/{basehead}': () => ({
    basehead: `${sha()}...${sha()}`,
    per_page: 100,
    page: 1 + randomInt(30)
  }),
  'GET /user': () => ({}),
  'POST /graphql': () => ({ query: 'query { viewer { login } }' })
}

const BASES = [
  'https://api.github.com',
  `https://${randomString(8, 'abcdefghijklmnopqrstuvwxyz')}.example/api/v3`,
  `http://127.0.0.1:${1024 + randomInt(60000)}`
]

/** What octokit would send for `route` and `parameters` against `baseUrl`. */
function octokitEndpoint(route: string, parameters: Record<string, unknown>, baseUrl: string) {
  const octokit = getOctokit(randomToken(), { baseUrl })
  return octokit.request.endpoint(route, parameters)
}

function compare(route: string, parameters: Record<string, unknown>, baseUrl: string): void {
  // @octokit/graphql sends a query to an Enterprise Server's /api/graphql, not /api/v3/graphql (its GHES_V3_SUFFIX_REGEX).
  const theirs = octokitEndpoint(
    route,
    parameters,
    route === 'POST /graphql' ? baseUrl.replace(/\/api\/v3\/?$/, '/api') : baseUrl
  )
  const ours = githubEndpoint(route, parameters, baseUrl)
  expect(ours.method).toBe(theirs.method)
  expect(ours.url).toBe(theirs.url)
  expect(ours.body).toBe(theirs.body === undefined ? undefined : JSON.stringify(theirs.body))
  expect(ours.headers['content-type']).toBe(theirs.headers['content-type'])
  for (const accept of [ours.headers.accept, theirs.headers.accept])
    expect(accept).toMatch(/^application\/vnd\.github(\.v3)?\+json$/)
}

describe('githubEndpoint against octokit', () => {
  it.each(Object.keys(ROUTES))(
    '%s: the same method, URL, body and content-type, for random values and three base URLs',
    (route) => {
      for (let round = 0; round < 20; round++) {
        const parameters = { owner: name(), repo: name(), ...ROUTES[route]() }
        compare(route, parameters, BASES[round % BASES.length])
      }
    }
  )

  it('path parameters with characters that change a URL are encoded as octokit encodes them', () => {
    for (let round = 0; round < 50; round++) {
      const parameters = { owner: awkward(), repo: awkward(), basehead: `${awkward()}...${awkward()}`, page: awkward() }
      compare('GET /repos/{owner}/{repo}/compare/{basehead}', parameters, BASES[round % BASES.length])
      compare(
        'POST /repos/{owner}/{repo}/statuses/{sha}',
        { owner: awkward(), repo: awkward(), sha: awkward(), description: awkward() },
        BASES[round % BASES.length]
      )
    }
  })

  it('the table holds every route the action sends', () => {
    const sent = new Set<string>()
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) walk(path)
        else if (path.endsWith('.ts'))
          for (const m of readFileSync(path, 'utf8').matchAll(
            /'((?:GET|POST|PATCH|PUT|DELETE) \/(?:repos\/[^']*|user|graphql))'/g
          ))
            sent.add(m[1])
      }
    }
    walk('src')
    expect([...sent].sort()).toEqual(Object.keys(ROUTES).sort())
  })
})

describe('githubEndpoint on its own', () => {
  it('refuses a missing path parameter and a base URL that is not http(s), before anything is sent', () => {
    expect(() =>
      githubEndpoint('GET /repos/{owner}/{repo}/pulls/{pull_number}', { owner: name(), repo: name() })
    ).toThrow('{pull_number}')
    for (const base of ['ftp://ghe.example/api/v3', 'not a url', `https://ghe.example/api?token=${randomToken()}`]) {
      expect(() =>
        githubEndpoint(
          'GET /repos/{owner}/{repo}/pulls/{pull_number}',
          { owner: name(), repo: name(), pull_number: id() },
          base
        )
      ).toThrow('GITHUB_API_URL')
    }
  })

  it('a base URL with a trailing slash gives no double slash', () => {
    const base = `https://${randomString(8, 'abcdefghijklmnopqrstuvwxyz')}.example/api/v3`
    const parameters = { owner: name(), repo: name(), pull_number: id() }
    expect(githubEndpoint('GET /repos/{owner}/{repo}/pulls/{pull_number}', parameters, `${base}/`).url).toBe(
      `${base}/repos/${parameters.owner}/${parameters.repo}/pulls/${parameters.pull_number}`
    )
  })
})
