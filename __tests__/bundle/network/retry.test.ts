/**
 * A retried idempotent write whose first attempt was applied but whose answer was
 * lost meets the state it wanted (an abort finds the build finished, a delete finds
 * no app). The action reads the resource back and reports success, saying so. The steps run the
 * tests' build, whose retry pauses are 20 ms (the shipped action's start at 500).
 */
import { describe, expect, it } from '@jest/globals'
import { type FakeService, fakeServices, type Reply } from '../../helpers/fake-service.js'
import { randomSlug } from '../../helpers/random.js'
import { errorLine, runActionWithHooks } from '../../helpers/run-action.js'
import { expectNoSecrets, TOKEN } from '../../helpers/secrets.js'

const serve = fakeServices()
let service: FakeService

const alreadyFinished: Reply = {
  status: 400,
  body: { message: 'build has already finished (aborted) and cannot be aborted' }
}
const record = (slug: string, status: unknown, statusText: string): Reply => ({
  body: { data: { slug, status, status_text: statusText, is_on_hold: false } }
})
const lost: Record<string, Reply> = {
  'a dropped connection': { action: 'drop' },
  'a 503': { status: 503, body: { message: 'upstream unavailable' } },
  'a 2xx whose body is cut off': { status: 200, raw: '{"status":"o', headers: { 'content-type': 'application/json' } }
}

function abortInputs(url: string, app: string, build: string, extra: Record<string, string> = {}) {
  return { operation: 'abort', token: TOKEN, 'base-url': url, 'app-slug': app, 'build-slug': build, ...extra }
}

describe('abort: the retry of an applied abort', () => {
  it.each(Object.keys(lost))(
    'after %s, a 400 "already finished" and a build read back as aborted: the step passes',
    async (how) => {
      const [app, build] = [randomSlug('app-'), randomSlug('b-')]
      const path = `/apps/${app}/builds/${build}`
      service = await serve({
        [`POST ${path}/abort`]: [lost[how], alreadyFinished],
        [`GET ${path}`]: record(build, 3, 'aborted')
      })
      const result = await runActionWithHooks(abortInputs(service.url, app, build))
      expect(result.code).toBe(0)
      expect(service.calls(`POST ${path}/abort`)).toHaveLength(2)
      expect(service.calls(`GET ${path}`)).toHaveLength(1)
      expect(result.stdout).toContain(
        `Aborted build ${build}: the first abort request took effect but its answer was lost; the retry found the build already finished, and reading it back shows it aborted (aborted).`
      )
      expect(result.stdout).not.toContain('::error::')
      expect(result.outputs).toMatchObject({ 'build-slug': build, 'build-status': 'aborted' })
      expect(result.summary).toContain(`⛔ Aborted · ${app} · build ${build}`)
      expectNoSecrets(result)
    }
  )

  it('also when the build was aborted with success (status 4) and the step asks to fail on a finished build', async () => {
    const [app, build] = [randomSlug('app-'), randomSlug('b-')]
    const path = `/apps/${app}/builds/${build}`
    service = await serve({
      [`POST ${path}/abort`]: [{ action: 'drop' }, alreadyFinished],
      [`GET ${path}`]: record(build, 4, 'aborted-with-success')
    })
    const result = await runActionWithHooks(
      abortInputs(service.url, app, build, { 'abort-with-success': 'true', 'fail-if-finished': 'true' })
    )
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('the first abort request took effect')
    expect(result.outputs['build-status']).toBe('aborted-with-success')
  })

  it("a 400 on the first attempt, nothing uncertain before, with the build still running: the step fails with the service's refusal", async () => {
    const [app, build] = [randomSlug('app-'), randomSlug('b-')]
    const path = `/apps/${app}/builds/${build}`
    service = await serve({
      [`POST ${path}/abort`]: { status: 400, body: { message: 'invalid abort body' } },
      [`GET ${path}`]: record(build, 0, 'in-progress')
    })
    const result = await runActionWithHooks(abortInputs(service.url, app, build))
    expect(result.code).toBe(1)
    expect(service.calls(`POST ${path}/abort`)).toHaveLength(1)
    expect(errorLine(result)).toBe(`POST ${path}/abort failed: the service answered 400: invalid abort body`)
  })

  it('a 400 on the first attempt, with the build finished by itself and fail-if-finished: the step fails, claiming no earlier attempt', async () => {
    const [app, build] = [randomSlug('app-'), randomSlug('b-')]
    const path = `/apps/${app}/builds/${build}`
    service = await serve({ [`POST ${path}/abort`]: alreadyFinished, [`GET ${path}`]: record(build, 3, 'aborted') })
    const result = await runActionWithHooks(abortInputs(service.url, app, build, { 'fail-if-finished': 'true' }))
    expect(result.code).toBe(1)
    expect(service.calls(`POST ${path}/abort`)).toHaveLength(1)
    expect(result.stdout).not.toContain('took effect')
    expect(errorLine(result)).toMatch(
      new RegExp(
        `^Build ${build} had already finished before it could be aborted; its final status is aborted \\(aborted\\)`
      )
    )
  })

  it('after a dropped connection, a 400 while the build still runs is not taken for success', async () => {
    const [app, build] = [randomSlug('app-'), randomSlug('b-')]
    const path = `/apps/${app}/builds/${build}`
    service = await serve({
      [`POST ${path}/abort`]: [{ action: 'drop' }, { status: 400, body: { message: 'abort refused' } }],
      [`GET ${path}`]: record(build, 0, 'in-progress')
    })
    const result = await runActionWithHooks(abortInputs(service.url, app, build))
    expect(result.code).toBe(1)
    expect(errorLine(result)).toMatch(/answered 400: abort refused; gave up after 2 attempts$/)
  })
})

describe('delete-app: the retry of an applied delete', () => {
  const deleteInputs = (url: string, app: string) => ({
    operation: 'delete-app',
    token: TOKEN,
    'base-url': url,
    'app-slug': app,
    confirm: app
  })

  it.each(Object.keys(lost))('after %s, a 404 and an app read back as 404: the step passes', async (how) => {
    const app = randomSlug('app-')
    service = await serve({
      [`DELETE /apps/${app}`]: [lost[how], { status: 404, body: { message: 'app not found' } }],
      [`GET /apps/${app}`]: { status: 404, body: { message: 'app not found' } }
    })
    const result = await runActionWithHooks(deleteInputs(service.url, app))
    expect(result.code).toBe(0)
    expect(service.calls(`DELETE /apps/${app}`)).toHaveLength(2)
    expect(service.calls(`GET /apps/${app}`)).toHaveLength(1)
    expect(result.stdout).toContain(
      `Deleted app ${app}: The first delete request took effect but its answer was lost; the retry found no app (404), and reading the app back confirmed it is gone.`
    )
    expect(result.summary).toContain(`✅ Deleted · ${app}`)
    expectNoSecrets(result)
  })

  it('a 404 on the first attempt, nothing uncertain before: the step fails and reads nothing back', async () => {
    const app = randomSlug('app-')
    service = await serve({
      [`DELETE /apps/${app}`]: { status: 404, body: { message: 'app not found' } },
      [`GET /apps/${app}`]: { status: 404 }
    })
    const result = await runActionWithHooks(deleteInputs(service.url, app))
    expect(result.code).toBe(1)
    expect(service.calls(`GET /apps/${app}`)).toHaveLength(0)
    expect(errorLine(result)).toMatch(
      new RegExp(`^DELETE /apps/${app} failed: the service answered 404: app not found\\. Check the slugs`)
    )
  })

  it('after a dropped connection, a 404 while the app can still be read is not taken for success', async () => {
    const app = randomSlug('app-')
    service = await serve({
      [`DELETE /apps/${app}`]: [{ action: 'drop' }, { status: 404, body: { message: 'no route' } }],
      [`GET /apps/${app}`]: { body: { data: { slug: app, title: 'still here' } } }
    })
    const result = await runActionWithHooks(deleteInputs(service.url, app))
    expect(result.code).toBe(1)
    expect(errorLine(result)).toMatch(/answered 404: no route; gave up after 2 attempts/)
  })
})

describe('a trigger is never sent again blindly', () => {
  const serve = fakeServices()
  let service: FakeService

  const inputs = (url: string) => ({
    operation: 'trigger',
    token: TOKEN,
    'base-url': url,
    'app-slug': 'app-1',
    branch: 'main'
  })

  describe('a build trigger is never sent twice by a blind retry', () => {
    it('is not re-sent after the connection drops once the request was written, and says the build may have started', async () => {
      service = await serve({ 'POST /apps/app-1/builds': { action: 'drop' } })
      const result = await runActionWithHooks(inputs(service.url))
      expect(result.code).toBe(1)
      expect(service.calls('POST /apps/app-1/builds')).toHaveLength(1)
      expect(errorLine(result)).toMatch(
        /POST \/apps\/app-1\/builds failed: the connection was closed before a complete answer arrived; the request may have reached the service, so it was not sent again: the build may have started/
      )
    })

    it('is retried once after a 429, after the Retry-After delay', async () => {
      service = await serve({
        'POST /apps/app-1/builds': [
          { status: 429, headers: { 'retry-after': '1' }, body: { message: 'slow down' } },
          { status: 201, body: { results: [{ build_slug: 'b-2', build_number: 2 }] } }
        ]
      })
      const result = await runActionWithHooks(inputs(service.url))
      expect(result.code).toBe(0)
      const sent = service.calls('POST /apps/app-1/builds')
      expect(sent).toHaveLength(2)
      expect(sent[1].at - sent[0].at).toBeGreaterThanOrEqual(950)
      expect(sent[1].rawBody).toBe(sent[0].rawBody)
      expect(result.outputs['build-slug']).toBe('b-2')
    })

    it('is not re-sent after a request timeout', async () => {
      service = await serve({ 'POST /apps/app-1/builds': { action: 'hang' } })
      const result = await runActionWithHooks({ ...inputs(service.url), 'request-timeout': '1' })
      expect(result.code).toBe(1)
      expect(service.calls('POST /apps/app-1/builds')).toHaveLength(1)
      expect(errorLine(result)).toMatch(
        /no complete answer within 1000 ms; the request may have reached the service.*the build may have started/
      )
    })
  })
})
