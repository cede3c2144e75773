/**
 * The memory of downloading many artifacts: list-artifacts with download-artifacts over a fake
 * service whose signed URLs are on loopback, with the step's peak RSS measured by
 * bench/maxrss.js. Each file is streamed to disk and let go of: ten times the files costs the
 * step no more memory. Each signed URL is still a secret for the rest of the step (masked and
 * redacted in every spelling), at a cost of a few of its own spellings as strings.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fakeServices, type Routes } from '../../helpers/fake-service.js'
import { randomInt, randomString } from '../../helpers/random.js'
import { errorLine, runAction } from '../../helpers/run-action.js'
import { TOKEN } from '../../helpers/secrets.js'

const MAXRSS = resolve('bench/maxrss.js')
const serve = fakeServices()
const temps: string[] = []
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true })
})

/** Downloads `count` artifacts of `bytes` each; the step's peak RSS in MiB and the files written. */
async function download(count: number, bytes: number) {
  const items = Array.from({ length: count }, (_, i) => ({
    slug: `art-${i}`,
    title: `file-${i}.apk`,
    artifact_type: 'android-apk',
    file_size_bytes: bytes,
    is_public_page_enabled: false
  }))
  const body = randomString(bytes)
  let origin = ''
  const signatures: string[] = []
  const routes: Routes = {
    'GET /apps/app-1/builds/b-1/artifacts': (req) => {
      const from = Number(req.query.next ?? 0)
      const to = Math.min(count, from + 50)
      return { body: { data: items.slice(from, to), paging: to < count ? { next: String(to) } : {} } }
    }
  }
  for (const item of items) {
    routes[`GET /apps/app-1/builds/b-1/artifacts/${item.slug}`] = () => {
      const signature = randomString(40)
      signatures.push(signature)
      return { body: { data: { ...item, expiring_download_url: `${origin}/dl/${item.slug}?signature=${signature}` } } }
    }
    routes[`GET /dl/${item.slug}`] = () => ({ raw: body, headers: { 'content-type': 'application/octet-stream' } })
  }
  const service = await serve(routes, { maxRequests: 2 * count + 100, lifetimeMs: 170_000 })
  origin = service.origin
  const workspace = mkdtempSync(join(tmpdir(), 'artifact-memory-'))
  temps.push(workspace)
  const rssFile = join(workspace, 'maxrss')
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
      // V8's young generation is capped (1 MiB per semi-space): left to itself it grows by its
      // own heuristics from 4 to 16–32 MiB in the longer run, noise larger than what is measured.
      nodeArgs: ['--max-semi-space-size=1', '--import', MAXRSS],
      env: { RUNNER_DEBUG: '0', BENCH_MAXRSS_FILE: rssFile }
    }
  )
  expect({ code: result.code, error: errorLine(result) }).toEqual({ code: 0, error: '' })
  // Each signed URL stays a secret: asked to be masked, and nowhere else in what the step wrote.
  const written = [
    result.stdout.replace(/^::add-mask::.*$/gm, ''),
    result.stderr,
    result.files.output,
    result.files.summary
  ].join('\n')
  expect(signatures.filter((signature) => written.includes(signature))).toEqual([])
  expect(signatures).toHaveLength(count)
  const files = readdirSync(join(workspace, 'out'))
  return { rssMiB: Number(readFileSync(rssFile, 'utf8')) / 1024, files, body, dir: join(workspace, 'out') }
}

describe('many artifacts downloaded', () => {
  it('cost the step no more memory than a tenth of them', async () => {
    const bytes = 20_000 + randomInt(20_000)
    const few = await download(100, bytes)
    const count = 1_000 + randomInt(100)
    const many = await download(count, bytes)
    expect(many.files).toHaveLength(count)
    expect(few.files).toHaveLength(100)
    expect(many.files.sort()).toEqual(Array.from({ length: count }, (_v, i) => `file-${i}.apk`).sort())
    expect(readFileSync(join(many.dir, `file-${count - 1}.apk`), 'utf8')).toBe(many.body)
    // Measured on a busy 2-core machine with 100 vs 1,000–1,100 files: +9.3 to +10.1 MiB now, what
    // the remembered URLs' spellings and V8's old space sizing add; +20.7 MiB when each URL kept a
    // compiled pattern and each download a ten-minute timer (and +49 MiB with the young generation
    // left to grow). 16 MiB leaves the present code 6 MiB for a loaded machine and fails the old.
    expect(many.rssMiB - few.rssMiB).toBeLessThan(16)
  }, 170_000)
})
