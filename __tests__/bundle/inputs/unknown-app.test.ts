/**
 * An app-slug the service does not know, through dist/index.js: after the 404, the step lists the
 * apps the credentials see once (at most 10 pages) and names the nearest slugs, or says none is
 * near, and says when the list was cut; when the app exists the 404 is told as before, and a step
 * that did not fail with a 404 never lists the apps. Slugs and slips are random.
 */
import { describe, expect, it } from '@jest/globals'
import { fakeServices } from '../../helpers/fake-service.js'
import { randomInt, randomSlug, randomString } from '../../helpers/random.js'
import { runAction } from '../../helpers/run-action.js'
import {
  clearRequestLog,
  emulatorPerFile,
  errorLine,
  expectFailed,
  expectPassed,
  requestLog,
  step,
  TOKENS,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started))
const serve = fakeServices()

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]
const LETTERS = 'abcdefghijklmnopqrstuvwxyz'

/** One slip in the middle of `slug`: a letter changed, added or dropped. */
function slipOf(slug: string): string {
  const at = 1 + randomInt(slug.length - 2)
  const letter = randomString(1, LETTERS.replace(slug[at], ''))
  return pick([
    () => slug.slice(0, at) + letter + slug.slice(at + 1),
    () => slug.slice(0, at) + letter + slug.slice(at),
    () => slug.slice(0, at) + slug.slice(at + 1)
  ])()
}

/** A step of a random operation that reads app-slug and acts on it. */
function onApp(appSlug: string): [string, Record<string, string>] {
  return pick([
    ['get-app', { 'app-slug': appSlug }],
    ['list-branches', { 'app-slug': appSlug }],
    ['trigger', { 'app-slug': appSlug, branch: 'main', 'branch-repo-owner': 'acme' }]
  ] as Array<[string, Record<string, string>]>)
}

async function visibleApps(): Promise<string[]> {
  const listed = await step(emu, 'list-apps', {})
  expectPassed(listed)
  return (JSON.parse(listed.outputs.apps) as Array<{ slug: string }>).map((app) => app.slug)
}

describe('an app-slug the service does not know', () => {
  it.each([1, 2, 3])('names the nearest slug the credentials see (draw %i)', async () => {
    const apps = await visibleApps()
    const meant = pick(apps)
    let slip = slipOf(meant)
    while (apps.includes(slip)) slip = slipOf(meant)
    const [operation, inputs] = onApp(slip)
    const result = await step(emu, operation, inputs)
    expectFailed(result)
    expect(errorLine(result)).toContain('Check the slugs')
    expect(errorLine(result)).toMatch(
      new RegExp(
        `These credentials see no app "${slip}"; the nearest of the ${apps.length} app\\(s\\) they see: ${meant}[,.]`
      )
    )
    expect(errorLine(result)).not.toContain('cut')
  })

  it('says when no slug is near', async () => {
    const apps = await visibleApps()
    const far = `${randomString(12, 'qxzjv')}-${randomString(10, 'qxzjv')}`
    const result = await step(emu, 'get-app', { 'app-slug': far })
    expectFailed(result)
    expect(errorLine(result)).toContain(
      `None of the ${apps.length} app(s) these credentials see has a slug near app-slug "${far}".`
    )
  })

  it('adds nothing when the app exists and the 404 is about something else', async () => {
    const result = await step(emu, 'abort', { 'app-slug': 'ios-app', 'build-slug': randomSlug('build-') })
    expectFailed(result)
    expect(errorLine(result)).toContain('Check the slugs')
    expect(errorLine(result)).not.toContain('these credentials see')
  })

  it('lists no apps when the step does not fail with a 404', async () => {
    await clearRequestLog(emu)
    expectPassed(await step(emu, 'get-app', { 'app-slug': 'web-app' }))
    const refused = await step(emu, 'get-app', { 'app-slug': 'web-app' }, { token: TOKENS.outsider })
    expectFailed(refused)
    expect((await requestLog(emu)).filter((r) => r.method === 'GET' && /\/apps$/.test(r.path))).toEqual([])
  })

  it('reads at most 10 pages of apps, and says the list was cut', async () => {
    const slug = randomSlug('app-')
    const near = slug.slice(0, -1) + randomString(1, LETTERS.replace(slug.at(-1) as string, ''))
    const page = (count: number): unknown => ({
      data: Array.from({ length: 50 }, (_, i) => ({ slug: i === 7 && count === 3 ? near : randomSlug('other-') })),
      paging: { next: randomString(12), page_item_limit: 50 }
    })
    const fake = await serve({
      [`GET /apps/${slug}`]: { status: 404, body: { message: 'Not Found' } },
      'GET /apps': (_req, count) => ({ body: page(count) })
    })
    const result = await runAction({
      operation: 'get-app',
      token: randomString(30),
      'base-url': fake.url,
      'app-slug': slug
    })
    expect(result.timedOut).toBe(false)
    expectFailed(result)
    expect(fake.calls('GET /apps')).toHaveLength(10)
    expect(errorLine(result)).toContain(`the nearest of the at least 500 app(s) they see: ${near}`)
    expect(errorLine(result)).toContain('Only the first 500 apps were read (10 pages): the list was cut')
  })
})
