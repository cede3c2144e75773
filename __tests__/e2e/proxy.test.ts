/**
 * Requests to GitHub through HTTP_PROXY, from dist/index.js against the emulator: a waited
 * trigger posts its commit statuses to GITHUB_API_URL http://github.test:PORT, a name that
 * does not resolve and that only the test's forward proxy knows (as 127.0.0.1). The emulator
 * on 127.0.0.1 is loopback, which never goes through a proxy.
 */
import { describe, expect, it } from '@jest/globals'
import { randomInt } from 'node:crypto'
import { fakeServices } from '../helpers/fake-service.js'
import { startForwardProxy } from '../helpers/forward-proxy.js'
import { randomProxyCredentials, randomString, randomToken } from '../helpers/random.js'
import type { RunResult } from '../helpers/run-action.js'
import { secretLeaks } from '../helpers/secrets.js'
import { emulatorPerFile, expectPassed, type RunningEmulator, SAME_REPOSITORY, step } from './support.js'

let emu: RunningEmulator
emulatorPerFile((started) => {
  emu = started
})
const serve = fakeServices()

const REPO = 'acme/demo'

/** A waited trigger that posts a pending and a final commit status to GitHub at `api`. */
function postStatus(api: string, commit: string, env: Record<string, string>): Promise<RunResult> {
  const inputs = { 'app-slug': 'ios-app', 'from-event': 'false', branch: 'main', wait: 'true', 'commit-hash': commit, 'github-status': 'commit-status', 'github-token': randomToken(), ...SAME_REPOSITORY }
  return step(emu, 'trigger', inputs, { env: { GITHUB_API_URL: api, GITHUB_REPOSITORY: REPO, ...env } })
}

/** The values of the step's `::add-mask::` lines, unescaped as the runner reads them. */
function masked(result: RunResult): string[] {
  return result.stdout
    .split('\n')
    .filter((line) => line.startsWith('::add-mask::'))
    .map((line) => line.slice('::add-mask::'.length).replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%'))
}


describe('GitHub through HTTP_PROXY', () => {
  it('sends each call in absolute form to the proxy, over one kept-alive connection, and the service directly', async () => {
    const commit = randomString(40, '0123456789abcdef')
    const route = `POST /api/v3/repos/${REPO}/statuses/${commit}`
    const github = await serve({ [route]: { status: 201, body: { id: 1 } } })
    const proxy = await startForwardProxy({ hosts: { 'github.test': '127.0.0.1' } })
    const port = new URL(github.origin).port
    const result = await postStatus(`http://github.test:${port}/api/v3`, commit, { [randomInt(2) === 0 ? 'http_proxy' : 'HTTP_PROXY']: proxy.url })
    expectPassed(result)
    expect(result.stdout).not.toContain('::warning::')
    const target = `http://github.test:${port}/api/v3/repos/${REPO}/statuses/${commit}`
    expect(proxy.requests.map((r) => `${r.method} ${r.target}`)).toEqual([`POST ${target}`, `POST ${target}`])
    expect(github.calls(route).map((c) => [c.headers.host, (c.body as { state: string }).state])).toEqual([
      [`github.test:${port}`, 'pending'],
      [`github.test:${port}`, 'success']
    ])
    expect(proxy.connections).toBe(1)
    expect(proxy.connects).toHaveLength(0)
  })

  it('sends the proxy credentials as proxy-authorization, masks them, and never shows them', async () => {
    const { user, password } = randomProxyCredentials()
    const commit = randomString(40, '0123456789abcdef')
    const route = `POST /api/v3/repos/${REPO}/statuses/${commit}`
    const github = await serve({ [route]: { status: 201, body: { id: 1 } } })
    const proxy = await startForwardProxy({ hosts: { 'github.test': '127.0.0.1' } })
    const proxyUrl = `http://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${proxy.port}`
    const result = await postStatus(`http://github.test:${new URL(github.origin).port}/api/v3`, commit, { HTTP_PROXY: proxyUrl })
    expectPassed(result)
    const basic = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
    expect(proxy.requests.map((r) => r.headers['proxy-authorization'])).toEqual([basic, basic])
    expect(github.requests.some((r) => r.headers['proxy-authorization'] !== undefined)).toBe(false)
    expect(masked(result)).toEqual(expect.arrayContaining([password, basic]))
    expect(secretLeaks(result, [password, basic])).toEqual([])
  })

  it('a 407 of the proxy to a request in absolute form warns naming the proxy and the credentials, not GitHub', async () => {
    const { user, password } = randomProxyCredentials()
    const commit = randomString(40, '0123456789abcdef')
    const github = await serve({ [`POST /api/v3/repos/${REPO}/statuses/${commit}`]: { status: 201, body: { id: 1 } } })
    const proxy = await startForwardProxy({ hosts: { 'github.test': '127.0.0.1' }, refuseRequests: 407 })
    const port = new URL(github.origin).port
    const proxyUrl = `http://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${proxy.port}`
    const result = await postStatus(`http://github.test:${port}/api/v3`, commit, { HTTP_PROXY: proxyUrl })
    expectPassed(result)
    expect(result.stdout).toContain(`the proxy 127.0.0.1:${proxy.port} refused the request to github.test:${port}: it answered 407 (proxy authentication required: check the user and password in the proxy variable)`)
    expect(proxy.requests.length).toBeGreaterThan(0)
    expect(github.requests).toHaveLength(0)
    expect(secretLeaks(result, [password])).toEqual([])
  })

  it('a call GitHub cannot get through the proxy only warns, naming the proxy and not its password', async () => {
    const { user, password } = randomProxyCredentials()
    const closed = await startForwardProxy({ hosts: {} })
    await closed.close()
    const proxyUrl = `http://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${closed.port}`
    const result = await postStatus(`http://github.test:1/api/v3`, randomString(40, '0123456789abcdef'), { HTTP_PROXY: proxyUrl })
    expectPassed(result)
    expect(result.stdout).toContain(`the proxy 127.0.0.1:${closed.port} could not be reached (ECONNREFUSED)`)
    expect(secretLeaks(result, [password])).toEqual([])
  })
})
