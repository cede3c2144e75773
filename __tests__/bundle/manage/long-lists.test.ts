/**
 * Lists of any length: list-apps reads tens of thousands of apps page after page, writing them
 * to the file its apps-file output names, and a list longer than the list-limit input fails the
 * step naming it. The service is a loopback stand-in answering pages of 50 by `next`.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { readFileSync, rmSync } from 'node:fs'
import { fakeServices } from '../../helpers/fake-service.js'
import { randomInt, randomSlug } from '../../helpers/random.js'
import { errorLine, runAction } from '../../helpers/run-action.js'
import { TOKEN } from '../../helpers/secrets.js'
import { tempDir } from '../../helpers/temp-dirs.js'
import { appsPage } from '../../helpers/scenarios/app-pages.js'

const serve = fakeServices()
const temps: string[] = []
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true })
})

/** A service listing `count` apps of the caller, 50 a page, each slug drawn at random. */
async function appsService(count: number) {
  const prefix = randomSlug('app-')
  const page = (from: number) => appsPage(count, prefix, from, {}, { total_item_count: count })
  const service = await serve(
    { 'GET /apps': (req) => page(Number(req.query.next ?? 0)) },
    { maxRequests: Math.ceil(count / 50) + 10, lifetimeMs: 180_000 }
  )
  return { service, prefix }
}

describe('lists of any length', () => {
  it('lists 50,000 apps and more, all of them in the apps file', async () => {
    const count = 50_000 + randomInt(2_000)
    const { service, prefix } = await appsService(count)
    // A RUNNER_TEMP of the test's own, so the whole list's file can be read after the step ends.
    const temp = tempDir('long-list-')
    temps.push(temp)
    const result = await runAction(
      { operation: 'list-apps', token: TOKEN, 'base-url': service.url },
      { timeoutMs: 170_000, env: { RUNNER_DEBUG: '0', RUNNER_TEMP: temp } }
    )
    expect({ code: result.code, error: errorLine(result) }).toEqual({ code: 0, error: '' })
    expect(result.outputs.count).toBe(String(count))
    const apps = JSON.parse(readFileSync(result.outputs['apps-file'], 'utf8')) as { slug: string }[]
    expect(apps).toHaveLength(count)
    expect(apps.every((app, i) => app.slug === `${prefix}-${i}`)).toBe(true)
  }, 180_000)

  it('stops a list longer than list-limit, naming the input and the bound', async () => {
    const limit = 100 * (1 + randomInt(20))
    const { service } = await appsService(limit + 500 + randomInt(500))
    const result = await runAction(
      { operation: 'list-apps', token: TOKEN, 'base-url': service.url, 'list-limit': String(limit) },
      { timeoutMs: 60_000 }
    )
    expect(result.code).not.toBe(0)
    expect(errorLine(result)).toContain(`the most the list-limit input allows (${limit})`)
  }, 60_000)
})
