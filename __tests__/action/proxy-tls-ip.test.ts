/**
 * An https service addressed by an IP address, reached through the runner's proxy, run from
 * dist/index.js: its certificate is checked against that address (an IP SAN), never against
 * the proxy's. The address is random and outside loopback, so the step must go through the
 * test's forward proxy, which alone maps it to 127.0.0.1: nothing connects to it.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect, type AddressInfo, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer as createTlsServer } from 'node:tls'
import { fakeServices, type Routes } from '../helpers/fake-service.js'
import { startForwardProxy } from '../bundle/forward-proxy.js'
import { errorLine, runAction } from '../helpers/run-action.js'
import { secretLeaks, TOKEN } from '../helpers/secrets.js'
import { randomInt } from '../helpers/random.js'

const serve = fakeServices()
const ADDRESS = `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`
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
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${name}`,
        '-addext',
        `subjectAltName=${san}`,
        '-keyout',
        key,
        '-out',
        cert
      ],
      { stdio: 'ignore' }
    )
    return { key: readFileSync(key), cert: readFileSync(cert) }
  }

  let own: { key: Buffer; cert: Buffer }
  let proxys: { key: Buffer; cert: Buffer }
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'proxy-tls-ip-'))
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
    runAction(
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
