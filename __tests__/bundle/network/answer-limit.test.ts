/**
 * Every answer is read up to a fixed size (8 MiB for the service's and GitHub's JSON), past
 * which the step fails naming the limit, instead of reading gigabytes into memory. A loopback
 * server streams a valid JSON page past the limit (bounded: it stops at 48 MiB, or when the
 * action hangs up), run from dist/index.js.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomInt, randomSlug, randomToken } from '../../helpers/random.js'
import { errorLine, runAction } from '../../helpers/run-action.js'

const servers: Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

/** A service whose app list is one page of `bytes` bytes of valid JSON, sent in chunks; counts what it wrote. */
async function bigPage(bytes: number, declare: boolean): Promise<{ url: string; written: () => number }> {
  let written = 0
  const item = JSON.stringify({ slug: randomSlug(), title: 'x'.repeat(200) })
  const count = Math.ceil(bytes / (item.length + 1))
  const server = createServer((_req, res) => {
    const head = '{"data":['
    const tail = '],"paging":{}}'
    const length = head.length + count * item.length + (count - 1) + tail.length
    res.writeHead(200, { 'content-type': 'application/json', ...(declare ? { 'content-length': String(length) } : {}) })
    let sent = 0
    const pump = (): void => {
      if (res.destroyed) return
      let chunk = sent === 0 ? head : ''
      while (chunk.length < 64 * 1024 && sent < count) chunk += (sent++ === 0 ? '' : ',') + item
      if (sent >= count) {
        written += chunk.length + tail.length
        return void res.end(chunk + tail)
      }
      written += chunk.length
      if (res.write(chunk)) setImmediate(pump)
      else res.once('drain', pump)
    }
    pump()
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  setTimeout(() => server.close(), 30_000).unref()
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v0.1`, written: () => written }
}

const listApps = (url: string) =>
  runAction({
    operation: 'list-apps',
    token: randomToken(),
    'base-url': url,
    'org-slug': randomSlug(),
    'max-attempts': String(2 + randomInt(3))
  })

describe('the answer size limit', () => {
  it('fails a step whose answer streams past 8 MiB, naming the limit, once, and stops reading', async () => {
    const service = await bigPage(48 * 1024 * 1024, false)
    const result = await listApps(service.url)
    expect(result.code).toBe(1)
    expect(errorLine(result)).toContain(
      'the answer was larger than 8 MiB (8388608 bytes), the most the action reads of one answer'
    )
    expect(errorLine(result)).not.toContain('gave up after')
    expect(service.written()).toBeLessThan(32 * 1024 * 1024)
  })

  it('fails at once on a declared length past the limit', async () => {
    const service = await bigPage(9 * 1024 * 1024, true)
    const result = await listApps(service.url)
    expect(result.code).toBe(1)
    expect(errorLine(result)).toContain('larger than 8 MiB')
  })

  it('reads an answer under the limit', async () => {
    const service = await bigPage(7 * 1024 * 1024, randomInt(2) === 0)
    const result = await listApps(service.url)
    expect(errorLine(result)).toBe('')
    expect(result.code).toBe(0)
  })
})
