/**
 * github-token goes only over https, or to this machine: a GITHUB_API_URL with plain http://
 * to another host is refused before anything is sent. The host is a name only the test's
 * forward proxy knows (as 127.0.0.1, where a fake GitHub API listens), so on the old code the
 * token reached the fake through the proxy, and nothing ever connects elsewhere.
 */
import { describe, expect, it } from '@jest/globals'
import { fakeServices } from '../helpers/fake-service.js'
import { startForwardProxy } from '../bundle/forward-proxy.js'
import { randomString, randomToken } from '../helpers/random.js'
import { expectNoSecrets } from '../helpers/secrets.js'
import { emulatorPerFile, expectPassed, type RunningEmulator, SAME_REPOSITORY, step } from '../bundle/emulator-steps.js'

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
    const inputs = {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: 'main',
      wait: 'true',
      'commit-hash': commit,
      'github-status': 'commit-status',
      'github-token': token,
      ...SAME_REPOSITORY
    }
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
