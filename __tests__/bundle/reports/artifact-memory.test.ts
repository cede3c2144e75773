/**
 * The memory of downloading many artifacts: list-artifacts with download-artifacts over a
 * loopback stand-in for the service, the step run with a small V8 heap
 * (`--max-old-space-size`). Whatever one file kept for the rest of the step (its signed URL as a
 * secret, its timer, its record), a thousand and more of them cannot fit in that heap; with each
 * let go of once its file is written, the step needs the same heap for any number of files.
 * A heap limit holds under load where a difference of RSS does not: what the step keeps is the
 * same however busy the machine is.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fakeServices, type Routes } from '../../helpers/fake-service.js'
import { randomInt, randomString } from '../../helpers/random.js'
import { errorLine, runAction } from '../../helpers/run-action.js'
import { expectNoSecrets, TOKEN } from '../../helpers/secrets.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const serve = fakeServices()

/**
 * The old generation the step is given, in MiB. Measured on Node 20 (2 cores, 2026-12-07): the
 * step starts in 7 to 8 MiB and downloads 1,000 or 2,000 files in 8 MiB; with every URL kept
 * as a secret and a timer kept per file, 1,000 files needed 17 to 20 MiB (16 ran out), and 1,500
 * ran out of 12 MiB after a few hundred files.
 */
const HEAP_MIB = 12

/** list-artifacts downloading `count` artifacts of `bytes` each, each with its own signed URL. */
async function download(count: number, bytes: number) {
  const signatures: string[] = []
  const body = randomString(bytes)
  let origin = ''
  const item = (i: number) => ({
    slug: `art-${i}`,
    title: `file-${i}.apk`,
    artifact_type: 'android-apk',
    file_size_bytes: bytes,
    is_public_page_enabled: i % 7 === 0
  })
  const routes: Routes = {
    'GET /apps/app-1/builds/b-1/artifacts': (req) => {
      const from = Number(req.query.next ?? 0)
      const to = Math.min(count, from + 50)
      const data = Array.from({ length: to - from }, (_v, i) => item(from + i))
      return { body: { data, paging: to < count ? { next: String(to) } : {} } }
    }
  }
  for (let i = 0; i < count; i++) {
    const signature = randomString(60 + randomInt(40))
    signatures.push(signature)
    routes[`GET /apps/app-1/builds/b-1/artifacts/art-${i}`] = () => ({
      body: {
        data: {
          ...item(i),
          expiring_download_url: `${origin}/dl/art-${i}?X-Signature=${signature}`,
          public_install_page_url: `https://install.example/art-${i}`
        }
      }
    })
    routes[`GET /dl/art-${i}`] = () => ({ raw: body, headers: { 'content-type': 'application/octet-stream' } })
  }
  const service = await serve(routes, { maxRequests: 2 * count + 100, lifetimeMs: 170_000 })
  origin = service.origin
  const workspace = tempDir('artifact-memory-')
  const result = await runAction(
    {
      operation: 'list-artifacts',
      token: TOKEN,
      'base-url': service.url,
      'app-slug': 'app-1',
      'build-slug': 'b-1',
      'download-artifacts': 'out'
    },
    {
      workspace,
      timeoutMs: 160_000,
      nodeArgs: [`--max-old-space-size=${HEAP_MIB}`],
      env: { RUNNER_DEBUG: '0', RUNNER_TEMP: workspace }
    }
  )
  return { result, dir: join(workspace, 'out'), signatures, body, origin }
}

describe('many artifacts downloaded', () => {
  it('cost the step no memory per file: 1,200 and more fit in a heap the old per-file cost ran out of', async () => {
    const count = 1_200 + randomInt(100)
    const { result, dir, signatures, body, origin } = await download(count, 200 + randomInt(800))
    // A step out of heap ends with V8's "heap limit" on stderr and no exit code.
    expect({ code: result.code, error: errorLine(result), heap: /heap limit/.test(result.stderr) }).toEqual({
      code: 0,
      error: '',
      heap: false
    })
    const files = readdirSync(dir)
    expect(files).toHaveLength(count)
    for (const i of [0, count - 1, randomInt(count)])
      expect(readFileSync(join(dir, `file-${i}.apk`), 'utf8')).toBe(body)
    const listed = JSON.parse(readFileSync(result.outputs['artifacts-file'], 'utf8')) as { slug: string }[]
    expect(listed.map((a) => a.slug)).toEqual(files.map((_f, i) => `art-${i}`))
    // Every signed URL is masked in the runner's log, and no signature shows anywhere else.
    expect(result.stdout.split(`::add-mask::${origin}/dl/`).length - 1).toBe(count)
    const unmasked = result.stdout.replace(/^::add-mask::.*$/gm, '')
    expect(signatures.filter((s) => unmasked.includes(s) || result.stderr.includes(s))).toEqual([])
    expectNoSecrets(result, [TOKEN, ...Array.from({ length: 20 }, () => signatures[randomInt(count)])])
  }, 170_000)
})

describe('a long artifact list', () => {
  it('is written to its file as it arrives: 10,000 artifacts of long titles fit in a heap the list would not', async () => {
    const count = 10_000 + randomInt(500)
    const prefix = randomString(3_000 + randomInt(1_000))
    const item = (i: number) => ({
      slug: `art-${i}`,
      title: `${prefix}-${i}`,
      artifact_type: 'file',
      file_size_bytes: i
    })
    const page = (from: number) => {
      const to = Math.min(count, from + 50)
      const data = Array.from({ length: to - from }, (_v, i) => item(from + i))
      return { body: { data, paging: to < count ? { next: String(to) } : {} } }
    }
    const service = await serve(
      { 'GET /apps/app-1/builds/b-1/artifacts': (req) => page(Number(req.query.next ?? 0)) },
      { maxRequests: count / 50 + 10, lifetimeMs: 170_000 }
    )
    const workspace = tempDir('artifact-list-')
    const result = await runAction(
      { operation: 'list-artifacts', token: TOKEN, 'base-url': service.url, 'app-slug': 'app-1', 'build-slug': 'b-1' },
      {
        workspace,
        timeoutMs: 160_000,
        nodeArgs: [`--max-old-space-size=${HEAP_MIB}`],
        env: { RUNNER_DEBUG: '0', RUNNER_TEMP: workspace }
      }
    )
    expect({ code: result.code, error: errorLine(result), heap: /heap limit/.test(result.stderr) }).toEqual({
      code: 0,
      error: '',
      heap: false
    })
    // Held whole, the list of 30 to 45 MB would not fit, nor its items' JSON (measured: the old
    // code ran out of the heap); written page by page, the step holds a page.
    const listed = JSON.parse(readFileSync(result.outputs['artifacts-file'], 'utf8')) as {
      slug: string
      title: string
    }[]
    expect(listed).toHaveLength(count)
    expect(listed.every((a, i) => a.slug === `art-${i}` && a.title === `${prefix}-${i}`)).toBe(true)
  }, 170_000)
})
