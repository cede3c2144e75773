/**
 * The memory of a long list: list-apps writes the apps to its file outputs page by page as they
 * arrive, so ten times the apps costs the step no more memory; an abort by filter keeps of the
 * build list only the builds it acts on. The service is a loopback stand-in
 * answering pages of 50 by `next`, each app carrying a long description (so holding the list
 * would show); the step's peak RSS is measured by bench/maxrss.js.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fakeServices, type Routes } from '../../helpers/fake-service.js'
import { randomInt, randomSlug, randomString } from '../../helpers/random.js'
import { errorLine, runAction } from '../../helpers/run-action.js'
import { TOKEN } from '../../helpers/secrets.js'
import { tempDir } from '../../helpers/temp-dirs.js'
import { appsPage } from '../../helpers/scenarios/app-pages.js'

const MAXRSS = resolve('bench/maxrss.js')
const serve = fakeServices()

/** list-apps over `count` apps of about `bytes` each; the step's peak RSS in MiB and the apps file. */
async function listApps(count: number, bytes: number) {
  const prefix = randomSlug('app-')
  const filler = randomString(bytes)
  const page = (from: number) => appsPage(count, prefix, from, { description: filler })
  const service = await serve(
    { 'GET /apps': (req) => page(Number(req.query.next ?? 0)) },
    { maxRequests: Math.ceil(count / 50) + 10, lifetimeMs: 170_000 }
  )
  const temp = tempDir('list-memory-')
  const rssFile = join(temp, 'maxrss')
  const result = await runAction(
    { operation: 'list-apps', token: TOKEN, 'base-url': service.url },
    {
      timeoutMs: 160_000,
      // A heap of 24 MiB, which 50,000 apps of 1 KB and more held as read would not fit (the step
      // listed them in 16 MiB, measured 2026-12-07); it also keeps V8 from growing its heap when a
      // loaded machine delays its collector (88 MiB more RSS was once seen at 50,000 without it).
      nodeArgs: ['--max-old-space-size=24', '--import', MAXRSS],
      env: { RUNNER_DEBUG: '0', RUNNER_TEMP: temp, BENCH_MAXRSS_FILE: rssFile }
    }
  )
  expect({ code: result.code, error: errorLine(result) }).toEqual({ code: 0, error: '' })
  expect(result.outputs.count).toBe(String(count))
  const file = result.outputs['apps-file']
  const slugs = result.outputs['app-slugs-file']
  return { prefix, rssMiB: Number(readFileSync(rssFile, 'utf8')) / 1024, file, slugs }
}

describe('a long list', () => {
  it('is written as it arrives: 50,000 apps cost the step no more memory than 5,000', async () => {
    const bytes = 1_000 + randomInt(500)
    const small = await listApps(5_000, bytes)
    const count = 50_000 + randomInt(1_000)
    const large = await listApps(count, bytes)
    const apps = JSON.parse(readFileSync(large.file, 'utf8')) as { slug: string }[]
    expect(apps).toHaveLength(count)
    expect(apps.every((app, i) => app.slug === `${large.prefix}-${i}`)).toBe(true)
    const slugs = JSON.parse(readFileSync(large.slugs, 'utf8')) as string[]
    expect(slugs).toEqual(apps.map((app) => app.slug))
    // Both ran in the capped heap. Outside it, holding the 45,000 more apps would add their 50 MB
    // and more, several times over (376 MiB more was measured when the list was held). What may
    // differ is V8's young generation, which a longer run grows to its fixed cap (measured: 4 to
    // 32 MiB; 13 to 24 MiB apart with the cap, quiet or beside five heavy test files); nothing
    // grows with the list. The step's absolute peak is the bench's (bench/docs/memory.md).
    expect(large.rssMiB - small.rssMiB).toBeLessThan(64)
  }, 170_000)
})

describe('the build list of an abort by filter', () => {
  /** An app of `count` unfinished builds of pull request `pr`, `filler` in each one's parameters; `chosen` run `primary`. */
  async function buildsService(count: number, filler: string, chosen: Set<number>, pr: number) {
    const build = (i: number) => ({
      slug: `build-${i}`,
      build_number: i + 1,
      status: 0,
      triggered_workflow: chosen.has(i) ? 'primary' : 'deploy',
      pull_request_id: pr,
      commit_hash: randomString(40, '0123456789abcdef'),
      original_build_params: { environments: [{ mapped_to: 'NOTES', value: filler }] }
    })
    const page = (from: number) => {
      const to = Math.min(count, from + 50)
      const data = Array.from({ length: to - from }, (_v, i) => build(from + i))
      return { body: { data, paging: { page_item_limit: 50, next: to < count ? String(to) : undefined } } }
    }
    const routes: Routes = { 'GET /apps/app-1/builds': (req) => page(Number(req.query.next ?? 0)) }
    for (const i of chosen) routes[`POST /apps/app-1/builds/build-${i}/abort`] = { body: { status: 'ok' } }
    return serve(routes, { maxRequests: Math.ceil(count / 50) + chosen.size + 10, lifetimeMs: 170_000 })
  }
  const abortInputs = (url: string, pr: number) => ({
    operation: 'abort',
    token: TOKEN,
    'base-url': url,
    'app-slug': 'app-1',
    'pull-request-id': String(pr),
    workflow: 'primary'
  })
  const stepEnv = (temp: string) => ({
    RUNNER_DEBUG: '0',
    RUNNER_TEMP: temp,
    GITHUB_REPOSITORY: 'acme/app',
    GITHUB_REPOSITORY_OWNER: 'acme'
  })

  it('keeps only the builds it aborts, past 100 pages: 5,000 and more builds of big parameters in a small heap', async () => {
    const pr = 1 + randomInt(9_000)
    // Past 100 pages of 50, where the list once stopped: the bound is list-limit, in items.
    const count = 5_001 + randomInt(300)
    const filler = randomString(4_000 + randomInt(1_000))
    const chosen = new Set(Array.from({ length: 5 + randomInt(10) }, () => randomInt(count)))
    const service = await buildsService(count, filler, chosen, pr)
    const result = await runAction(abortInputs(service.url, pr), {
      timeoutMs: 160_000,
      // Held as sent, the list's 20 to 25 MB does not fit. Measured (Node 20, 2026-12-07): keeping
      // only the builds acted on, the step did this in 8 MiB; holding the list, it ran out of 24 MiB.
      nodeArgs: ['--max-old-space-size=12'],
      env: stepEnv(tempDir('list-memory-'))
    })
    expect({ code: result.code, error: errorLine(result), heap: /heap limit/.test(result.stderr) }).toEqual({
      code: 0,
      error: '',
      heap: false
    })
    expect(service.calls('GET /apps/app-1/builds')).toHaveLength(Math.ceil(count / 50))
    const aborted = (JSON.parse(result.outputs.builds) as { 'build-slug': string }[]).map((b) => b['build-slug'])
    expect(aborted.sort()).toEqual([...chosen].map((i) => `build-${i}`).sort())
  }, 170_000)

  it('stops at list-limit naming the input, and aborts nothing of a list it did not read to its end', async () => {
    const pr = 1 + randomInt(9_000)
    const count = 120 + randomInt(200)
    // Reached before the last page: the page that reaches the limit is read whole, and a list that
    // ends on it was read to its end.
    const limit = 50 + randomInt(50 * (Math.ceil(count / 50) - 1) - 49)
    const chosen = new Set(Array.from({ length: 3 + randomInt(5) }, () => randomInt(count)))
    const service = await buildsService(count, randomString(20), chosen, pr)
    const result = await runAction(
      { ...abortInputs(service.url, pr), 'list-limit': String(limit) },
      { env: stepEnv(tempDir('list-limit-')) }
    )
    expect(result.code).toBe(1)
    expect(errorLine(result)).toContain(`the most the list-limit input allows (${limit})`)
    expect(service.calls('GET /apps/app-1/builds').length).toBeLessThanOrEqual(Math.ceil(count / 50))
    for (const i of chosen) expect(service.calls(`POST /apps/app-1/builds/build-${i}/abort`)).toHaveLength(0)
  })
})
