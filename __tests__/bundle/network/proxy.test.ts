/**
 * Requests to an https service through the runner's proxy, run from dist/index.js. The
 * service (the fake service behind a TLS front with a certificate made for the run) is
 * addressed as service.test, a name that does not resolve: only the test's forward proxy
 * knows it (as 127.0.0.1), so a step succeeds only when its requests went through the proxy.
 * The steps run the tests' build, whose retry pauses are 20 ms (the shipped action's start at 500):
 * a refused or dropped proxy connection is retried, and the tests count those attempts.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { type AddressInfo, connect, type Server, type Socket } from 'node:net'
import { join } from 'node:path'
import { createServer as createTlsServer } from 'node:tls'
import { type FakeService, fakeServices, type Routes } from '../../helpers/fake-service.js'
import { randomInt, randomProxyCredentials } from '../../helpers/random.js'
import { errorLine, runActionWithHooks, type RunResult } from '../../helpers/run-action.js'
import { secretLeaks, TOKEN } from '../../helpers/secrets.js'
import { startForwardProxy } from '../../helpers/scenarios/forward-proxy.js'
import { selfSignedCertificate } from '../../helpers/certificates.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const serve = fakeServices()
const HOSTS = { 'service.test': '127.0.0.1' }
const APP = {
  slug: 'app-1',
  title: 'Demo',
  project_type: 'ios',
  provider: 'github',
  repo_owner: 'acme',
  repo_slug: 'demo',
  repo_url: 'https://github.com/acme/demo',
  is_disabled: false,
  status: 1,
  owner: { account_type: 'organization', name: 'acme', slug: 'org-acme' }
}

/** Three pages of apps, so a step sends three requests one after the other. */
const THREE_PAGES: Routes = {
  'GET /organizations/org-acme/apps': (req) => {
    const n = req.query.next === undefined ? 1 : Number(req.query.next)
    const data = [{ ...APP, slug: `app-${n}` }]
    return { body: { data, paging: n < 3 ? { next: String(n + 1), page_item_limit: 1 } : { page_item_limit: 1 } } }
  }
}

const listApps = (baseUrl: string) => ({
  operation: 'list-apps',
  token: TOKEN,
  'base-url': baseUrl,
  'org-slug': 'org-acme'
})

const proxyUrl = (port: number, user: string, password: string): string =>
  `http://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`

describe('https service through HTTPS_PROXY', () => {
  let dir: string
  let certFile: string
  let tlsServer: Server
  let service: FakeService
  let target: { port: number; forward: number }

  beforeAll(() => {
    dir = tempDir('proxy-tls-')
    certFile = join(dir, 'cert.pem')
    // A self-signed certificate for service.test, made for this run only.
    selfSignedCertificate(join(dir, 'key.pem'), certFile, 'service.test', 'DNS:service.test')
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  /** The fake service behind a TLS front on 127.0.0.1 that speaks as service.test. */
  async function startTlsService(routes: Routes): Promise<void> {
    service = await serve(routes)
    target = { port: 0, forward: Number(new URL(service.origin).port) }
    const sockets = new Set<Socket>()
    tlsServer = createTlsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(certFile) }, (socket) => {
      const upstream = connect(target.forward, '127.0.0.1')
      sockets.add(socket).add(upstream)
      socket.pipe(upstream).pipe(socket)
      socket.on('error', () => upstream.destroy())
      upstream.on('error', () => socket.destroy())
    })
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve))
    target.port = (tlsServer.address() as AddressInfo).port
    const stop = (): void => {
      for (const socket of sockets) socket.destroy()
      tlsServer.close()
    }
    setTimeout(stop, 30_000).unref()
    stopTls = stop
  }
  let stopTls: () => void = () => undefined
  afterAll(() => stopTls())

  const run = (env: Record<string, string>): Promise<RunResult> =>
    runActionWithHooks(listApps(`https://service.test:${target.port}/v0.1`), {
      env: { NODE_EXTRA_CA_CERTS: certFile, ...env }
    })

  it('opens one CONNECT tunnel, speaks TLS to service.test inside it, and reuses it for every page', async () => {
    await startTlsService(THREE_PAGES)
    const proxy = await startForwardProxy({ hosts: HOSTS })
    const result = await run({ HTTPS_PROXY: proxy.url, HTTP_PROXY: 'http://127.0.0.1:9' })
    stopTls()
    expect(result.code).toBe(0)
    expect(JSON.parse(result.outputs['app-slugs'])).toEqual(['app-1', 'app-2', 'app-3'])
    expect(proxy.connects.map((c) => c.authority)).toEqual([`service.test:${target.port}`])
    expect(service.calls('GET /organizations/org-acme/apps')).toHaveLength(3)
  })

  it('lower-case https_proxy wins over HTTPS_PROXY', async () => {
    await startTlsService(THREE_PAGES)
    const proxy = await startForwardProxy({ hosts: HOSTS })
    const result = await run({ https_proxy: proxy.url, HTTPS_PROXY: `http://127.0.0.1:9` })
    stopTls()
    expect(result.code).toBe(0)
    expect(proxy.connects).toHaveLength(1)
  })

  it('fails naming the proxy, and never its password, when the proxy refuses the tunnel', async () => {
    await startTlsService(THREE_PAGES)
    const status = [407, 502][randomInt(2)]
    const proxy = await startForwardProxy({ hosts: HOSTS, refuseConnect: status })
    const { user, password } = randomProxyCredentials()
    const result = await run({ HTTPS_PROXY: proxyUrl(proxy.port, user, password) })
    stopTls()
    expect(result.code).toBe(1)
    expect(errorLine(result)).toContain(
      `the proxy 127.0.0.1:${proxy.port} refused the tunnel to service.test:${target.port}: it answered ${status}`
    )
    expect(proxy.connects.length).toBeGreaterThan(0)
    expect(proxy.connects[0].headers['proxy-authorization']).toBe(
      `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
    )
    expect(service.requests).toHaveLength(0)
    expect(secretLeaks(result, [password])).toEqual([])
  })

  it('a 407 to CONNECT fails the step after one tunnel asked, whatever max-attempts allows; a 502 is asked again', async () => {
    await startTlsService(THREE_PAGES)
    const attempts = 3 + randomInt(3)
    const { user, password } = randomProxyCredentials()
    const refusing = await startForwardProxy({ hosts: HOSTS, refuseConnect: 407 })
    const failing = await startForwardProxy({ hosts: HOSTS, refuseConnect: 502 })
    const inputs = { ...listApps(`https://service.test:${target.port}/v0.1`), 'max-attempts': String(attempts) }
    const [refused, failed] = await Promise.all(
      [refusing, failing].map((proxy) =>
        runActionWithHooks(inputs, {
          env: { NODE_EXTRA_CA_CERTS: certFile, HTTPS_PROXY: proxyUrl(proxy.port, user, password) }
        })
      )
    )
    stopTls()
    expect([refused.code, failed.code]).toEqual([1, 1])
    expect(refusing.connects).toHaveLength(1)
    expect(errorLine(refused)).toContain(
      `the proxy 127.0.0.1:${refusing.port} refused the tunnel to service.test:${target.port}: it answered 407 (proxy authentication required: check the user and password in the proxy variable)`
    )
    expect(errorLine(refused)).not.toContain('gave up after')
    expect(failing.connects).toHaveLength(attempts)
    expect(errorLine(failed)).toContain(`gave up after ${attempts} attempts`)
    expect(service.requests).toHaveLength(0)
    expect(secretLeaks(refused, [password])).toEqual([])
    expect(secretLeaks(failed, [password])).toEqual([])
  })

  it('fails naming the proxy when nothing listens there', async () => {
    await startTlsService(THREE_PAGES)
    const closed = await startForwardProxy({ hosts: HOSTS })
    await closed.close()
    const { user, password } = randomProxyCredentials()
    const result = await run({ HTTPS_PROXY: proxyUrl(closed.port, user, password) })
    stopTls()
    expect(result.code).toBe(1)
    expect(errorLine(result)).toContain(`the proxy 127.0.0.1:${closed.port} could not be reached (ECONNREFUSED)`)
    expect(secretLeaks(result, [password])).toEqual([])
  })

  it('NO_PROXY sends a request to a listed host directly, past the proxy', async () => {
    await startTlsService(THREE_PAGES)
    const proxy = await startForwardProxy({ hosts: HOSTS })
    const forms = ['service.test', '.test', '*.test', `service.test:${target.port}`, 'other.example, SERVICE.test', '*']
    const noProxy = forms[randomInt(forms.length)]
    const result = await runActionWithHooks(
      { ...listApps(`https://service.test:${target.port}/v0.1`), 'max-attempts': '1' },
      {
        env: {
          NODE_EXTRA_CA_CERTS: certFile,
          HTTPS_PROXY: proxy.url,
          [randomInt(2) === 0 ? 'no_proxy' : 'NO_PROXY']: noProxy
        }
      }
    )
    stopTls()
    // service.test resolves nowhere: the step fails on the name, which proves the proxy was not asked.
    expect(result.code).toBe(1)
    expect(errorLine(result)).toMatch(/could not be resolved/)
    expect(proxy.connections).toBe(0)
  })

  it('NO_PROXY leaves the proxy in use for a host it does not list', async () => {
    await startTlsService(THREE_PAGES)
    const proxy = await startForwardProxy({ hosts: HOSTS })
    const noProxy = [
      'test.service',
      'xservice.test',
      `service.test:${target.port + 1}`,
      '.service.test',
      'example.com,,'
    ][randomInt(5)]
    const result = await run({ HTTPS_PROXY: proxy.url, NO_PROXY: noProxy })
    stopTls()
    expect(result.code).toBe(0)
    expect(proxy.connects).toHaveLength(1)
  })
})

/**
 * An https service addressed by an IP address, reached through the runner's proxy, run from
 * dist/index.js: its certificate is checked against that address (an IP SAN), never against
 * the proxy's. The address is random and outside loopback, so the step must go through the
 * test's forward proxy, which alone maps it to 127.0.0.1: nothing connects to it.
 */
describe('a service addressed by its IP address', () => {
  const serve = fakeServices()
  const ADDRESS = `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`
  const ROUTES: Routes = {
    'GET /organizations/org-acme/apps': () => ({ body: { data: [APP], paging: { page_item_limit: 50 } } })
  }

  describe('an IP-address https service through HTTPS_PROXY', () => {
    let dir: string
    let caFile: string
    const servers: Server[] = []

    /** A self-signed certificate whose only name is `san`, made for this run. */
    function certificate(name: string, san: string): { key: Buffer; cert: Buffer } {
      const key = join(dir, `${name}-key.pem`)
      const cert = join(dir, `${name}.pem`)
      selfSignedCertificate(key, cert, name, san)
      return { key: readFileSync(key), cert: readFileSync(cert) }
    }

    let own: { key: Buffer; cert: Buffer }
    let proxys: { key: Buffer; cert: Buffer }
    beforeAll(() => {
      dir = tempDir('proxy-tls-ip-')
      own = certificate('service', `IP:${ADDRESS}`)
      // A certificate for the proxy's address and for localhost: what the old code fell back to for an IP service.
      proxys = certificate('proxy', 'IP:127.0.0.1,DNS:localhost')
      caFile = join(dir, 'trusted.pem')
      writeFileSync(caFile, Buffer.concat([own.cert, proxys.cert]))
    })
    afterAll(() => {
      for (const server of servers) server.close()
      rmSync(dir, { recursive: true, force: true })
    })

    /** The fake service behind a TLS front on 127.0.0.1 presenting `pair`; returns its port and the TLS handshakes it completed. */
    async function tlsFront(pair: {
      key: Buffer
      cert: Buffer
    }): Promise<{ port: number; secured: () => number; requests: () => number }> {
      const service = await serve(ROUTES)
      const forward = Number(new URL(service.origin).port)
      const sockets = new Set<Socket>()
      let secured = 0
      const server = createTlsServer(pair, (socket) => {
        secured++
        const upstream = connect(forward, '127.0.0.1')
        sockets.add(socket).add(upstream)
        socket.pipe(upstream).pipe(socket)
        socket.on('error', () => upstream.destroy())
        upstream.on('error', () => socket.destroy())
      })
      server.on('tlsClientError', () => undefined)
      servers.push(server)
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      setTimeout(() => {
        for (const socket of sockets) socket.destroy()
        server.close()
      }, 30_000).unref()
      return {
        port: (server.address() as AddressInfo).port,
        secured: () => secured,
        requests: () => service.requests.length
      }
    }

    const run = (port: number, proxyUrl: string) =>
      runActionWithHooks(
        {
          operation: 'list-apps',
          token: TOKEN,
          'base-url': `https://${ADDRESS}:${port}/v0.1`,
          'org-slug': 'org-acme',
          'max-attempts': '1'
        },
        { env: { NODE_EXTRA_CA_CERTS: caFile, HTTPS_PROXY: proxyUrl } }
      )

    it('checks the service against its own address, and succeeds when its certificate names it', async () => {
      const front = await tlsFront(own)
      const proxy = await startForwardProxy({ hosts: { [ADDRESS]: '127.0.0.1' } })
      const result = await run(front.port, proxy.url)
      expect(errorLine(result)).toBe('')
      expect(result.code).toBe(0)
      expect(JSON.parse(result.outputs['app-slugs'])).toEqual(['app-1'])
      expect(proxy.connects.map((c) => c.authority)).toEqual([`${ADDRESS}:${front.port}`])
    })

    it("refuses a service whose certificate names the proxy's machine instead (127.0.0.1, localhost), before sending the token", async () => {
      const front = await tlsFront(proxys)
      const proxy = await startForwardProxy({ hosts: { [ADDRESS]: '127.0.0.1' } })
      const result = await run(front.port, proxy.url)
      expect(result.code).toBe(1)
      expect(proxy.connects.length).toBeGreaterThan(0)
      expect(errorLine(result)).toMatch(/ERR_TLS_CERT_ALTNAME_INVALID|IP: .* is not in the cert's list/)
      expect(front.requests()).toBe(0)
      expect(secretLeaks(result, [TOKEN])).toEqual([])
    })
  })
})

/**
 * Requests to GitHub through HTTPS_PROXY, from dist/index.js against the emulator: a waited
 * trigger posts its commit statuses to GITHUB_API_URL https://github.test:PORT, a name that
 * does not resolve and that only the test's forward proxy knows (as 127.0.0.1), where a TLS
 * front with a certificate made for the run passes them to a fake GitHub API. The emulator
 * on 127.0.0.1 is loopback, which never goes through a proxy. (GitHub over plain http to
 * another host is refused before sending: github-token-transport.test.ts.)
 */
