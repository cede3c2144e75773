/**
 * The dependencies agree with the Node versions package.json `engines` names: `npm ci` warns
 * about no package (EBADENGINE), and the older content-type that `overrides` pins for Node 20
 * still serves @octokit/request, which parses every answer's Content-Type with it.
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { copyFileSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { randomString } from '../../helpers/random.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  engines: { node: string }
  overrides: Record<string, string>
}

describe('npm ci', () => {
  it('prints no EBADENGINE warning on this Node', () => {
    // A dry run in an empty folder plans the whole install from the lock file, offline, and
    // checks every package's engines against this Node, as `npm ci` does.
    const dir = tempDir('engines-')
    try {
      for (const file of ['package.json', 'package-lock.json']) copyFileSync(file, join(dir, file))
      const result = spawnSync('npm', ['ci', '--dry-run', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 60_000
      })
      expect(result.status).toBe(0)
      expect(`${result.stdout}${result.stderr}`.split('\n').filter((line) => line.includes('EBADENGINE'))).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 90_000)

  it('installs the content-type that overrides names, and it accepts every Node of engines', () => {
    const installed = JSON.parse(
      readFileSync('node_modules/@octokit/request/node_modules/content-type/package.json', 'utf8')
    ) as { version: string; engines: { node: string } }
    expect(installed.version).toBe(pkg.overrides['content-type'])
    expect(installed.engines.node).toBe('>=18')
    expect(pkg.engines.node).toMatch(/^\^20\.\d+\.\d+ \|\| /)
  })
})

describe('@octokit/request with the pinned content-type', () => {
  async function serve(contentType: string, body: string): Promise<{ server: Server; url: string }> {
    const server = createServer((_, res) => {
      res.writeHead(200, { 'content-type': contentType })
      res.end(body)
    })
    server.unref()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
  }

  it.each([
    ['application/json; charset=utf-8', 'json'],
    ['Application/JSON ; charset="utf-8"', 'json'],
    ['text/plain; charset=UTF-8', 'text'],
    ['application/octet-stream', 'binary']
  ])('reads a %s answer as %s', async (contentType, kind) => {
    const { request } = await import('@octokit/request')
    const value = randomString(24)
    const { server, url } = await serve(contentType, kind === 'json' ? JSON.stringify({ value }) : value)
    try {
      const { data } = await request('GET /answer', { baseUrl: url, request: { retries: 0 } })
      if (kind === 'json') expect(data).toEqual({ value })
      else if (kind === 'text') expect(data).toBe(value)
      else expect(Buffer.from(data as ArrayBuffer).toString()).toBe(value)
    } finally {
      server.close()
    }
  })
})
