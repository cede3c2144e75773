/**
 * The GitHub client of dist/index.js on the wire, against the emulator and a scriptable fake
 * of the GitHub API on loopback: the headers GitHub needs reach it under an Enterprise Server
 * base URL with a path; a redirect is not followed (the token would go with it), and a 5xx
 * whose body echoes the token and carries workflow commands and Markdown only warns, with
 * neither shown.
 */
import { describe, expect, it } from '@jest/globals'
import * as events from '../../fixtures/events/events.js'
import { fakeServices } from '../../helpers/fake-service.js'
import { randomHostileMarkdown, randomHostileText, randomInt, randomString, randomToken } from '../../helpers/random.js'
import { echoes, expectNoSecrets } from '../../helpers/secrets.js'
import {
  emulatorPerFile,
  emulatorState,
  errorLine,
  expectFailed,
  expectPassed,
  type RunningEmulator,
  commitStatusInputs,
  SAME_REPOSITORY,
  step,
  TOKENS
} from '../../helpers/scenarios/emulator-steps.js'
import { startForwardProxy } from '../../helpers/scenarios/forward-proxy.js'
import { expectInert } from '../../helpers/scenarios/inert.js'

let emu: RunningEmulator
emulatorPerFile((started) => {
  emu = started
})
const serve = fakeServices()

const sha = (): string => randomString(40, '0123456789abcdef')
const repository = (): string =>
  `${randomString(6)}-${randomString(4)}.${randomString(3)}_x/${randomString(8)}.${randomString(2)}`

/** A waited trigger posting a commit status to GITHUB_API_URL `api` for `repo`. */
function postStatus(api: string, repo: string, commit: string, token: string, env: Record<string, string> = {}) {
  const inputs = commitStatusInputs(commit, token)
  return step(emu, 'trigger', inputs, { env: { GITHUB_API_URL: api, GITHUB_REPOSITORY: repo, ...env } })
}

describe('the GitHub client on the wire', () => {
  it('sends the token, a User-Agent, the API version and JSON to an Enterprise Server base URL with a path', async () => {
    const repo = repository()
    const commit = sha()
    const token = randomToken()
    const orchestration = `${randomString(8)}-${randomString(4)}`
    const route = `POST /api/v3/repos/${repo}/statuses/${commit}`
    const github = await serve({ [route]: { status: 201, body: { id: 1 } } })
    const result = await postStatus(`${github.origin}/api/v3/`, repo, commit, token, {
      ACTIONS_ORCHESTRATION_ID: orchestration
    })
    expectPassed(result)
    expect(result.stdout).not.toContain('::warning::')
    const calls = github.calls(route)
    expect(calls.map((c) => (c.body as { state: string }).state)).toEqual(['pending', 'success'])
    for (const call of calls) {
      expect(call.headers).toMatchObject({
        authorization: `Bearer ${token}`,
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        'content-type': 'application/json; charset=utf-8'
      })
      expect(call.headers['user-agent']).toMatch(
        new RegExp(`^service-ci-action/\\d+\\.\\d+\\.\\d+ node/\\d+\\S* actions_orchestration_id/${orchestration}$`)
      )
    }
    expect(github.requests.length).toBe(2)
    expectNoSecrets(result, [token])
  })

  it('a redirect is not followed: the post only warns, and nothing reaches where it points', async () => {
    const repo = repository()
    const commit = sha()
    const token = randomToken()
    const elsewhere = await serve({})
    const status = [301, 302, 303, 307, 308][randomInt(5)]
    const github = await serve({
      [`POST /repos/${repo}/statuses/${commit}`]: {
        status,
        headers: { location: `${elsewhere.origin}/repos/${repo}/statuses/${commit}` }
      }
    })
    const result = await postStatus(github.origin, repo, commit, token)
    expectPassed(result)
    expect(result.outputs['build-status']).toBe('success')
    expect(result.stdout).toMatch(
      new RegExp(
        `::warning::Could not post the commit status .*GitHub answered ${status} to POST /repos/.*a redirect, which the action does not follow`
      )
    )
    expect(github.requests.length).toBe(2)
    expect(elsewhere.requests).toEqual([])
    expectNoSecrets(result, [token])
  })

  it('a 5xx whose body echoes the token with workflow commands and Markdown only warns, showing none of them', async () => {
    const repo = repository()
    const commit = sha()
    const token = randomToken()
    const hostile = randomHostileText()
    const markdown = randomHostileMarkdown()
    const echoed = echoes(token).map((e) => e.text)
    const message = `${hostile.text}\n${echoed.join(' ')}\n${markdown.text}`
    const status = 500 + randomInt(4)
    const json = randomInt(2) === 0
    const github = await serve({
      [`POST /repos/${repo}/statuses/${commit}`]: json
        ? { status, body: { message } }
        : { status, raw: message, headers: { 'content-type': 'text/plain' } }
    })
    const result = await postStatus(github.origin, repo, commit, token)
    expectPassed(result)
    expect(result.stdout).toMatch(
      new RegExp(`::warning::Could not post the commit status .*GitHub answered ${status} to POST /repos/`)
    )
    expect(github.requests.length).toBe(2)
    expectNoSecrets(result, [token, TOKENS.owner])
    expectInert(result, [token, TOKENS.owner], hostile.commandLines, markdown.fragments)
  })

  it('app-paths: a redirect of the changed files is not followed, and no build starts', async () => {
    const repo = repository()
    const payload = events.sameRepositoryPullRequest()
    const number = (payload.pull_request as { number: number }).number
    const token = randomToken()
    const elsewhere = await serve({
      [`GET /repos/${repo}/pulls/${number}/files`]: { body: [{ filename: 'apps/web/index.ts' }] }
    })
    const github = await serve({
      [`GET /repos/${repo}/pulls/${number}/files`]: {
        status: 302,
        headers: { location: `${elsewhere.origin}/repos/${repo}/pulls/${number}/files?per_page=100&page=1` }
      }
    })
    const result = await step(
      emu,
      'trigger',
      {
        'app-paths': 'ios-app: apps/ios/**\nweb-app: apps/web/**',
        'github-token': token,
        workflow: 'primary',
        ...SAME_REPOSITORY
      },
      { event: { name: 'pull_request', payload }, env: { GITHUB_API_URL: github.origin, GITHUB_REPOSITORY: repo } }
    )
    expectFailed(result)
    expect(errorLine(result)).toContain(
      `Could not read the changed files from GitHub: GitHub answered 302 to GET /repos/${repo}/pulls/${number}/files (a redirect, which the action does not follow)`
    )
    expect(elsewhere.requests).toEqual([])
    expect((await emulatorState(emu)).builds).toEqual([])
    expectNoSecrets(result, [token])
  })
})

/**
 * github-token goes only over https, or to this machine: a GITHUB_API_URL with plain http://
 * to another host is refused before anything is sent. The host is a name only the test's
 * forward proxy knows (as 127.0.0.1, where a fake GitHub API listens), so on the old code the
 * token reached the fake through the proxy, and nothing ever connects elsewhere.
 */
describe('how the token travels', () => {
  let emu: RunningEmulator
  emulatorPerFile((started) => {
    emu = started
  })
  const serve = fakeServices()

  describe('github-token in clear', () => {
    it('is never sent over plain http:// to a host that is not this machine, and the step says why', async () => {
      const host = `${randomString(8).toLowerCase()}.test`
      const repo = `${randomString(6)}/${randomString(8)}`
      const commit = randomString(40, '0123456789abcdef')
      const token = randomToken()
      const github = await serve({ [`POST /repos/${repo}/statuses/${commit}`]: { status: 201, body: { id: 1 } } })
      const proxy = await startForwardProxy({ hosts: { [host]: '127.0.0.1' } })
      const api = `http://${host}:${new URL(github.origin).port}`
      const inputs = commitStatusInputs(commit, token)
      const result = await step(emu, 'trigger', inputs, {
        env: { GITHUB_API_URL: api, GITHUB_REPOSITORY: repo, HTTP_PROXY: proxy.url }
      })
      expectPassed(result)
      expect(github.requests).toHaveLength(0)
      expect(proxy.requests).toHaveLength(0)
      expect(proxy.connections).toBe(0)
      expect(result.stdout).toContain(
        `GITHUB_API_URL (http://${host}:${new URL(github.origin).port}) uses plain http:// to a host that is not this machine; github-token is sent only over https://`
      )
      expectNoSecrets(result, [token])
    })
  })
})
