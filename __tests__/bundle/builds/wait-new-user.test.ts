/** Waiting and aborting against a fake service, as a new user meets them. */
import { describe, expect, it } from '@jest/globals'
import { type FakeService, fakeServices, type Reply } from '../../helpers/fake-service.js'
import { randomSlug } from '../../helpers/random.js'
import { errorLine, runAction, runActionWithHooks } from '../../helpers/run-action.js'
import { TOKEN } from '../../helpers/secrets.js'

/**
 * Waiting and aborting as a new user meets them: the wait-timeout in words, status
 * lines and a heartbeat when the log is not streamed, and an abort of a build that
 * has already finished.
 */
describe('as a new user meets it', () => {
  const serve = fakeServices()
  let service: FakeService

  const record = (slug: string, status: number, statusText: string, onHold = false): Reply => ({
    body: { data: { slug, status, status_text: statusText, is_on_hold: onHold } }
  })

  function names() {
    const app = randomSlug('app-')
    const build = randomSlug('b-')
    return { app, build, path: `/apps/${app}/builds/${build}` }
  }

  const waitInputs = (url: string, app: string, build: string, extra: Record<string, string> = {}) => ({
    operation: 'wait',
    token: TOKEN,
    'base-url': url,
    'app-slug': app,
    'build-slug': build,
    'poll-interval': '0.1',
    'stream-logs': 'false',
    ...extra
  })

  describe('wait-timeout, as the step reads it', () => {
    it('a bare 5 is 5 seconds: printed in words, with a warning to add a unit if minutes were meant', async () => {
      const { app, build, path } = names()
      service = await serve({ [`GET ${path}`]: record(build, 1, 'success') })
      const result = await runAction(waitInputs(service.url, app, build, { 'wait-timeout': '5' }))
      expect(result.code).toBe(0)
      expect(result.stdout).toContain(
        `Waiting for build ${build} (wait-timeout: 5 seconds, poll-interval: 0.1 seconds, stream-logs: false)`
      )
      expect(result.stdout).toContain(
        '::warning::wait-timeout: 5 means 5 seconds (a number without a unit is seconds); a build still running then is aborted. If minutes were meant, add the unit: 5m.'
      )
    })

    it.each([
      ['30m', '30 minutes'],
      ['2h', '2 hours'],
      ['90', '1 minute 30 seconds'],
      ['45s', '45 seconds'],
      ['', '1 hour']
    ])('wait-timeout %p is printed as %s, without a warning', async (given, words) => {
      const { app, build, path } = names()
      service = await serve({ [`GET ${path}`]: record(build, 1, 'success') })
      const result = await runAction(waitInputs(service.url, app, build, given ? { 'wait-timeout': given } : {}))
      expect(result.code).toBe(0)
      expect(result.stdout).toContain(`(wait-timeout: ${words}, poll-interval:`)
      expect(result.stdout).not.toContain('::warning::')
    })
  })

  describe('with stream-logs false, the wait is not silent', () => {
    it('prints each status change: running, on hold, running again, finished', async () => {
      const { app, build, path } = names()
      service = await serve({
        [`GET ${path}`]: [
          record(build, 0, 'in-progress'),
          record(build, 0, 'in-progress'),
          record(build, 0, 'on-hold', true),
          record(build, 0, 'on-hold', true),
          record(build, 0, 'in-progress'),
          record(build, 1, 'success')
        ]
      })
      const result = await runAction(waitInputs(service.url, app, build))
      expect(result.code).toBe(0)
      const lines = result.stdout.split('\n').filter((line) => line.startsWith(`Build ${build}`))
      expect(lines).toEqual([
        `Build ${build}: running (in-progress)`,
        `Build ${build} is on hold, waiting for a free concurrency slot: the service starts it when one of the builds using its concurrency finishes.`,
        `Build ${build}: running (in-progress)`,
        `Build ${build} finished: success (success)`
      ])
    })

    it('prints a heartbeat with the elapsed time and the status when nothing else was printed for the interval', async () => {
      const { app, build, path } = names()
      service = await serve({ [`GET ${path}`]: [record(build, 0, 'in-progress'), record(build, 1, 'success')] })
      // The tests' build: it takes a heartbeat of 0.4 s where the shipped action waits a minute.
      const result = await runActionWithHooks(waitInputs(service.url, app, build, { 'poll-interval': '2' }), {
        env: { SERVICE_HEARTBEAT_MS: '400' }
      })
      expect(result.code).toBe(0)
      expect(service.calls(`GET ${path}`)).toHaveLength(2)
      const beats = result.stdout.split('\n').filter((line) => line.startsWith(`Still waiting for build ${build}: `))
      // Two seconds between polls, a heartbeat every 0.4 s of silence: about four.
      expect(beats.length).toBeGreaterThanOrEqual(3)
      expect(beats.length).toBeLessThanOrEqual(6)
      for (const beat of beats)
        expect(beat).toMatch(
          new RegExp(`^Still waiting for build ${build}: \\d+ seconds? elapsed, running \\(in-progress\\)$`)
        )
      const elapsed = beats.map((beat) => Number(/: (\d+) seconds? elapsed/.exec(beat)?.[1]))
      expect(elapsed).toEqual([...elapsed].sort((a, b) => a - b))
      expect(elapsed[elapsed.length - 1]).toBeGreaterThanOrEqual(1)
    })

    it('no heartbeat while the poll keeps printing status changes faster than the interval', async () => {
      const { app, build, path } = names()
      service = await serve({
        [`GET ${path}`]: [record(build, 0, 'queued'), record(build, 0, 'preparing'), record(build, 1, 'success')]
      })
      const result = await runActionWithHooks(waitInputs(service.url, app, build), {
        env: { SERVICE_HEARTBEAT_MS: '5000' }
      })
      expect(result.code).toBe(0)
      expect(result.stdout).not.toContain('Still waiting')
      expect(result.stdout).toContain(`Build ${build}: running (queued)`)
      expect(result.stdout).toContain(`Build ${build}: running (preparing)`)
    })
  })

  describe('aborting a build that has already finished', () => {
    const abortInputs = (url: string, app: string, build: string, extra: Record<string, string> = {}) => ({
      operation: 'abort',
      token: TOKEN,
      'base-url': url,
      'app-slug': app,
      'build-slug': build,
      ...extra
    })

    it('passes with a notice giving the final status', async () => {
      const { app, build, path } = names()
      service = await serve({
        [`POST ${path}/abort`]: {
          status: 400,
          body: { message: `build "${build}" has already finished (error) and cannot be aborted` }
        },
        [`GET ${path}`]: record(build, 2, 'error')
      })
      const result = await runAction(abortInputs(service.url, app, build))
      expect(result.code).toBe(0)
      expect(service.calls(`POST ${path}/abort`)).toHaveLength(1)
      expect(result.stdout).toContain(
        `::notice::Build ${build} had already finished before it could be aborted; its final status is failed (error). Nothing was changed.`
      )
      expect(result.outputs).toMatchObject({
        'build-slug': build,
        'build-status': 'failed',
        'build-status-text': 'error'
      })
      expect(result.summary).toContain(`\u2139\ufe0f Already finished (failed) \u00b7 ${app} \u00b7 build ${build}`)
    })

    it('fails with fail-if-finished: true', async () => {
      const { app, build, path } = names()
      service = await serve({
        [`POST ${path}/abort`]: { status: 400, body: { message: 'already finished' } },
        [`GET ${path}`]: record(build, 1, 'success')
      })
      const result = await runAction(abortInputs(service.url, app, build, { 'fail-if-finished': 'true' }))
      expect(result.code).toBe(1)
      expect(errorLine(result)).toBe(
        `Build ${build} had already finished before it could be aborted; its final status is success (success). Set fail-if-finished: false to let the step pass when the build has already finished.`
      )
    })

    it('a bad fail-if-finished value is refused before anything is sent', async () => {
      const { app, build } = names()
      service = await serve({})
      const result = await runAction(abortInputs(service.url, app, build, { 'fail-if-finished': 'maybe' }))
      expect(result.code).toBe(1)
      expect(errorLine(result)).toBe(
        'Input "fail-if-finished": "maybe" is not a boolean; expected true or false. Nothing was sent to the service.'
      )
      expect(service.requests).toHaveLength(0)
    })
  })
})
