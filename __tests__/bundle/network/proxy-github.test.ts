/** The calls to GitHub through HTTPS_PROXY, through dist/index.js against the emulator and a fake GitHub behind TLS. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readFileSync, rmSync } from 'node:fs'
import { type AddressInfo, connect, type Server, type Socket } from 'node:net'
import { join } from 'node:path'
import { createServer as createTlsServer } from 'node:tls'
import { fakeServices } from '../../helpers/fake-service.js'
import { randomInt, randomProxyCredentials, randomString, randomToken } from '../../helpers/random.js'
import { type RunResult } from '../../helpers/run-action.js'
import { secretLeaks } from '../../helpers/secrets.js'
import {
  emulatorPerFile,
  expectPassed,
  type RunningEmulator,
  commitStatusInputs,
  step
} from '../../helpers/scenarios/emulator-steps.js'
import { startForwardProxy } from '../../helpers/scenarios/forward-proxy.js'
import { selfSignedCertificate } from '../../helpers/certificates.js'
import { tempDir } from '../../helpers/temp-dirs.js'

describe('GitHub through the proxy, against the emulator', () => {
  let emu: RunningEmulator
  emulatorPerFile((started) => {
    emu = started
  })
  const serve = fakeServices()

  const REPO = 'acme/demo'

  /** A waited trigger that posts a pending and a final commit status to GitHub at `api`. */
  function postStatus(api: string, commit: string, env: Record<string, string>): Promise<RunResult> {
    const inputs = commitStatusInputs(commit, randomToken())
    return step(emu, 'trigger', inputs, {
      env: { GITHUB_API_URL: api, GITHUB_REPOSITORY: REPO, NODE_EXTRA_CA_CERTS: join(certDir, 'cert.pem'), ...env }
    })
  }

  let certDir: string
  const fronts: Server[] = []
  beforeAll(() => {
    certDir = tempDir('github-proxy-tls-')
    // A self-signed certificate for github.test, made for this run only.
    selfSignedCertificate(join(certDir, 'key.pem'), join(certDir, 'cert.pem'), 'github.test', 'DNS:github.test')
  })
  afterAll(() => {
    for (const front of fronts) front.close()
    rmSync(certDir, { recursive: true, force: true })
  })

  /** A TLS front on 127.0.0.1 speaking as github.test, passing each connection to the fake at `origin`; returns its port. */
  async function tlsFront(origin: string): Promise<number> {
    const sockets = new Set<Socket>()
    const front = createTlsServer(
      { key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) },
      (socket) => {
        const upstream = connect(Number(new URL(origin).port), '127.0.0.1')
        sockets.add(socket).add(upstream)
        socket.pipe(upstream).pipe(socket)
        socket.on('error', () => upstream.destroy())
        upstream.on('error', () => socket.destroy())
      }
    )
    fronts.push(front)
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
    setTimeout(() => {
      for (const socket of sockets) socket.destroy()
      front.close()
    }, 30_000).unref()
    return (front.address() as AddressInfo).port
  }

  /** The values of the step's `::add-mask::` lines, unescaped as the runner reads them. */
  function masked(result: RunResult): string[] {
    return result.stdout
      .split('\n')
      .filter((line) => line.startsWith('::add-mask::'))
      .map((line) => line.slice('::add-mask::'.length).replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%'))
  }

  describe('GitHub through HTTPS_PROXY', () => {
    it('sends each call through one kept-alive CONNECT tunnel of the proxy, and the service directly', async () => {
      const commit = randomString(40, '0123456789abcdef')
      const route = `POST /api/v3/repos/${REPO}/statuses/${commit}`
      const github = await serve({ [route]: { status: 201, body: { id: 1 } } })
      const port = await tlsFront(github.origin)
      const proxy = await startForwardProxy({ hosts: { 'github.test': '127.0.0.1' } })
      const result = await postStatus(`https://github.test:${port}/api/v3`, commit, {
        [randomInt(2) === 0 ? 'https_proxy' : 'HTTPS_PROXY']: proxy.url
      })
      expectPassed(result)
      expect(result.stdout).not.toContain('::warning::')
      expect(proxy.connects.map((c) => c.authority)).toEqual([`github.test:${port}`])
      expect(github.calls(route).map((c) => [c.headers.host, (c.body as { state: string }).state])).toEqual([
        [`github.test:${port}`, 'pending'],
        [`github.test:${port}`, 'success']
      ])
      expect(proxy.connections).toBe(1)
      expect(proxy.requests).toHaveLength(0)
    })

    it('sends the proxy credentials as proxy-authorization, masks them, and never shows them', async () => {
      const { user, password } = randomProxyCredentials()
      const commit = randomString(40, '0123456789abcdef')
      const route = `POST /api/v3/repos/${REPO}/statuses/${commit}`
      const github = await serve({ [route]: { status: 201, body: { id: 1 } } })
      const port = await tlsFront(github.origin)
      const proxy = await startForwardProxy({ hosts: { 'github.test': '127.0.0.1' } })
      const proxyUrl = `http://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${proxy.port}`
      const result = await postStatus(`https://github.test:${port}/api/v3`, commit, { HTTPS_PROXY: proxyUrl })
      expectPassed(result)
      const basic = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
      expect(proxy.connects.map((c) => c.headers['proxy-authorization'])).toEqual([basic])
      expect(github.calls(route)).toHaveLength(2)
      expect(github.requests.some((r) => r.headers['proxy-authorization'] !== undefined)).toBe(false)
      expect(masked(result)).toEqual(expect.arrayContaining([password, basic]))
      expect(secretLeaks(result, [password, basic])).toEqual([])
    })

    it('a 407 of the proxy to the tunnel warns naming the proxy and the credentials, not GitHub', async () => {
      const { user, password } = randomProxyCredentials()
      const commit = randomString(40, '0123456789abcdef')
      const github = await serve({
        [`POST /api/v3/repos/${REPO}/statuses/${commit}`]: { status: 201, body: { id: 1 } }
      })
      const port = await tlsFront(github.origin)
      const proxy = await startForwardProxy({ hosts: { 'github.test': '127.0.0.1' }, refuseConnect: 407 })
      const proxyUrl = `http://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${proxy.port}`
      const result = await postStatus(`https://github.test:${port}/api/v3`, commit, { HTTPS_PROXY: proxyUrl })
      expectPassed(result)
      expect(result.stdout).toContain(
        `the proxy 127.0.0.1:${proxy.port} refused the tunnel to github.test:${port}: it answered 407 (proxy authentication required: check the user and password in the proxy variable)`
      )
      expect(proxy.connects.length).toBeGreaterThan(0)
      expect(github.requests).toHaveLength(0)
      expect(secretLeaks(result, [password])).toEqual([])
    })

    it('a call GitHub cannot get through the proxy only warns, naming the proxy and not its password', async () => {
      const { user, password } = randomProxyCredentials()
      const closed = await startForwardProxy({ hosts: {} })
      await closed.close()
      const proxyUrl = `http://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${closed.port}`
      const result = await postStatus(`https://github.test:1/api/v3`, randomString(40, '0123456789abcdef'), {
        HTTPS_PROXY: proxyUrl
      })
      expectPassed(result)
      expect(result.stdout).toContain(`the proxy 127.0.0.1:${closed.port} could not be reached (ECONNREFUSED)`)
      expect(secretLeaks(result, [password])).toEqual([])
    })
  })
})
