/**
 * Where a download may go, through dist/index.js: only https (plain http to this machine
 * only when the service itself is here, as the fake is), never a data: URL, never to a
 * link-local, private or otherwise special address (named as an IPv4 or IPv6 literal, mapped
 * forms included), at most five redirects, and through the runner's proxy like every other
 * request. Each step runs under the loopback guard (helpers/loopback-guard.mjs): a connection
 * to anything but loopback is refused before it is made and logged, and the log must stay
 * empty, so the step never even tried.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { fakeServices, type Routes } from '../../helpers/fake-service.js'
import { startForwardProxy } from '../../helpers/scenarios/forward-proxy.js'
import { randomInt, randomString } from '../../helpers/random.js'
import { runAction } from '../../helpers/run-action.js'
import { selfSignedCertificate } from '../../helpers/certificates.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const serve = fakeServices()
const LIST = 'GET /apps/app-1/builds/b-1/artifacts'
const GUARD = pathToFileURL(resolve('__tests__/helpers/loopback-guard.mjs')).href
const octet = (): number => randomInt(256)

/** Special addresses, drawn at random, as a redirect would name them. */
function specialTarget(scheme = randomInt(2) ? 'https' : 'http'): string {
  const port = randomInt(2) ? '' : `:${1024 + randomInt(60000)}`
  const hosts = [
    '169.254.169.254',
    `169.254.${octet()}.${octet()}`,
    '[::ffff:169.254.169.254]',
    '[::ffff:a9fe:a9fe]',
    `10.${octet()}.${octet()}.${octet()}`,
    `172.${16 + randomInt(16)}.${octet()}.${octet()}`,
    `192.168.${octet()}.${octet()}`,
    `100.${64 + randomInt(64)}.${octet()}.${octet()}`,
    '0.0.0.0',
    `[fd${randomString(2, '0123456789abcdef')}::${randomInt(9999)}]`,
    `[fe80::${randomInt(9999)}]`,
    '[64:ff9b::a9fe:a9fe]',
    `[2002:0a${randomString(2, '0123456789abcdef')}::1]`,
    '[::]'
  ]
  return `${scheme}://${hosts[randomInt(hosts.length)]}${port}/latest/meta-data/${randomString(8)}`
}

interface Artifact {
  title: string
  /** The signed URL, given the fake's origin. */
  url: (origin: string) => string
}

async function service(artifacts: Artifact[], extra: Routes = {}) {
  const items = artifacts.map((a, i) => ({
    slug: `art-${i}`,
    title: a.title,
    artifact_type: 'file',
    file_size_bytes: 10,
    is_public_page_enabled: false
  }))
  const routes: Routes = { [LIST]: { body: { data: items, paging: {} } }, ...extra }
  let origin = ''
  items.forEach((item, i) => {
    routes[`GET /apps/app-1/builds/b-1/artifacts/${item.slug}`] = () => ({
      body: { data: { ...item, expiring_download_url: artifacts[i].url(origin) } }
    })
  })
  const fake = await serve(routes)
  origin = fake.origin
  return fake
}

function run(url: string, env: Record<string, string> = {}) {
  const workspace = tempDir('artifact-urls-')
  const log = join(workspace, 'guard.log')
  const inputs = {
    operation: 'list-artifacts',
    token: `tok_${randomString(30)}`,
    'base-url': url,
    'app-slug': 'app-1',
    'build-slug': 'b-1',
    'download-artifacts': 'out'
  }
  const result = runAction(inputs, {
    workspace,
    env: { NODE_OPTIONS: `--import ${GUARD}`, LOOPBACK_GUARD_LOG: log, ...env }
  })
  const tried = (): string[] => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [])
  const files = (): string[] => (existsSync(join(workspace, 'out')) ? readdirSync(join(workspace, 'out')) : [])
  return { result, tried, files, workspace }
}

describe('download URLs', () => {
  it('refuses data: URLs, redirects to special addresses or to plain http elsewhere, and a redirect loop, and downloads the rest', async () => {
    const body = randomString(40)
    // The first over https, so its refusal is for its address, not its scheme.
    const targets = [specialTarget('https'), specialTarget(), specialTarget()]
    targets.push(`http://${randomString(8).toLowerCase()}.example.com/${randomString(6)}`)
    const redirects: Routes = {
      'GET /file': { raw: body, headers: { 'content-type': 'application/octet-stream' } },
      'GET /ok': { status: 302, headers: { location: '/file' } }
    }
    targets.forEach(
      (target, i) =>
        (redirects[`GET /away/${i}`] = {
          status: [301, 302, 303, 307, 308][randomInt(5)],
          headers: { location: target }
        })
    )
    redirects['GET /loop'] = { status: 302, headers: { location: '/loop' } }
    const artifacts: Artifact[] = [
      {
        title: 'inline.bin',
        url: () => `data:application/octet-stream;base64,${Buffer.from(randomString(20)).toString('base64')}`
      },
      ...targets.map((_, i) => ({ title: `away-${i}.bin`, url: (origin: string) => `${origin}/away/${i}` })),
      { title: 'loop.bin', url: (origin) => `${origin}/loop` },
      { title: 'good.bin', url: (origin) => `${origin}/ok` }
    ]
    const fake = await service(artifacts, redirects)
    const { result, tried, files, workspace } = run(fake.url)
    const done = await result
    expect(tried()).toEqual([])
    expect(done.code).toBe(1)
    expect(done.stdout).toContain(
      'inline.bin: the download URL is refused: it is a data: URL, and downloads use https: only'
    )
    for (let i = 0; i < targets.length; i++)
      expect(done.stdout).toMatch(new RegExp(`away-${i}\\.bin: the download was redirected to a URL that is refused: `))
    expect(done.stdout).toMatch(
      /is a (link-local|private|private \(unique local\)|shared \(carrier-grade NAT\)|unspecified) address/
    )
    expect(done.stdout).toContain('loop.bin: the download was redirected more than 5 times')
    expect(fake.calls('GET /loop')).toHaveLength(6)
    expect(files()).toEqual(['good.bin'])
    expect(readFileSync(join(workspace, 'out', 'good.bin'), 'utf8')).toBe(body)
  })
})

describe('download URLs through HTTPS_PROXY', () => {
  let dir: string
  let server: Server
  const host = `dl-${randomString(8).toLowerCase()}.test`
  const body = randomString(64)
  const away = specialTarget('https')
  let port = 0
  beforeAll(async () => {
    dir = tempDir('artifact-urls-tls-')
    selfSignedCertificate(join(dir, 'key.pem'), join(dir, 'cert.pem'), host, `DNS:${host}`)
    server = createServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (req, res) => {
        if (req.url?.startsWith('/file')) res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body)
        else res.writeHead(302, { location: away }).end()
      }
    )
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    port = (server.address() as AddressInfo).port
    setTimeout(() => server.close(), 30_000).unref()
  })
  afterAll(() => {
    server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('fetches the signed URL through the proxy, and refuses a redirect to a special address without asking the proxy for it', async () => {
    const proxy = await startForwardProxy({ hosts: { [host]: '127.0.0.1' } })
    const fake = await service([
      { title: 'through.bin', url: () => `https://${host}:${port}/file?sig=${randomString(20)}` },
      { title: 'away.bin', url: () => `https://${host}:${port}/away?sig=${randomString(20)}` }
    ])
    const { result, tried, files, workspace } = run(fake.url, {
      HTTPS_PROXY: proxy.url,
      NODE_EXTRA_CA_CERTS: join(dir, 'cert.pem')
    })
    const done = await result
    expect(tried()).toEqual([])
    expect(done.code).toBe(1)
    expect(done.stdout).toContain('away.bin: the download was redirected to a URL that is refused: ')
    expect(proxy.connects.map((c) => c.authority)).toEqual(expect.arrayContaining([`${host}:${port}`]))
    expect(proxy.connects.every((c) => c.authority.startsWith(`${host}:`))).toBe(true)
    expect(files()).toEqual(['through.bin'])
    expect(readFileSync(join(workspace, 'out', 'through.bin'), 'utf8')).toBe(body)
  })
})
