import { describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { type FakeService, fakeServices, type RecordedRequest, type Reply } from '../../helpers/fake-service.js'
import { randomSlug } from '../../helpers/random.js'
import { errorLine, runAction, runActionWithHooks } from '../../helpers/run-action.js'
import { expectNoSecrets, TOKEN } from '../../helpers/secrets.js'
import {
  buildState,
  emulatorPerFile,
  emulatorState,
  expectFailed,
  printed,
  type RunningEmulator,
  SAME_REPOSITORY,
  step
} from '../../helpers/scenarios/emulator-steps.js'

const BUILD = '/apps/app-1/builds/build-abc'
const TRIGGERED: Reply = {
  status: 201,
  body: {
    results: [
      {
        build_slug: 'build-abc',
        build_number: 42,
        build_url: 'https://service.example/build/build-abc',
        triggered_workflow: 'primary'
      }
    ]
  }
}
const running: Reply = {
  body: { data: { slug: 'build-abc', status: 0, status_text: 'in-progress', is_on_hold: false } }
}
const finished = (status: number, statusText: string): Reply => ({
  body: { data: { slug: 'build-abc', status, status_text: statusText, is_on_hold: false } }
})

const serve = fakeServices()
let service: FakeService

const waitInputs = (url: string, extra: Record<string, string> = {}) => ({
  operation: 'trigger',
  token: TOKEN,
  'base-url': url,
  'app-slug': 'app-1',
  workflow: 'primary',
  wait: 'true',
  'poll-interval': '0.1',
  ...extra
})

describe('waiting for a build', () => {
  it('waits to success, streams the log in order, each chunk once', async () => {
    service = await serve({
      'POST /apps/app-1/builds': TRIGGERED,
      [`GET ${BUILD}`]: [running, running, finished(1, 'success')],
      [`GET ${BUILD}/log`]: [
        { status: 404, body: { message: 'log not found' } },
        {
          body: {
            log_chunks: [
              { chunk: 'line two\n', position: 1 },
              { chunk: 'line one\n', position: 0 }
            ]
          }
        },
        {
          body: {
            log_chunks: [
              { chunk: 'line one\n', position: 0 },
              { chunk: 'line two\n', position: 1 },
              { chunk: 'line three\n', position: 2 }
            ]
          }
        }
      ]
    })
    const result = await runAction(waitInputs(service.url))
    expect(result.code).toBe(0)
    expect(result.outputs).toMatchObject({
      'build-slug': 'build-abc',
      'build-status': 'success',
      'build-status-text': 'success'
    })
    const log = result.stdout.split('\n').filter((l) => l.startsWith('line '))
    expect(log).toEqual(['line one', 'line two', 'line three'])
    expect(result.stdout).toContain('::group::Build log of build-abc')
    expect(service.calls(`GET ${BUILD}`)).toHaveLength(3)
    expect(result.summary).toMatch(/Result[\s\S]*success/)
    // The build was saved for the post step while waiting, and cleared once it ended.
    expect(result.state['pending-work']).toBe('')
    expectNoSecrets(result)
  })

  it('sets the trigger outputs before waiting ends (they survive the process being killed mid-wait)', async () => {
    let child: ChildProcess | undefined
    const killOnFirstPoll = (): Reply => {
      child?.kill('SIGKILL')
      return running
    }
    service = await serve({ 'POST /apps/app-1/builds': TRIGGERED, [`GET ${BUILD}`]: killOnFirstPoll })
    const result = await runAction(waitInputs(service.url, { 'stream-logs': 'false' }), { onSpawn: (c) => (child = c) })
    expect(result.signal).toBe('SIGKILL')
    expect(result.outputs['build-slug']).toBe('build-abc')
    expect(result.outputs['build-url']).toBe('https://service.example/build/build-abc')
    // The build is left in the state file, for the post step to abort.
    expect(JSON.parse(result.state['pending-work'])).toEqual({ appSlug: 'app-1', buildSlug: 'build-abc' })
  })

  it('a failed build fails the step, with build-status failed', async () => {
    service = await serve({ 'POST /apps/app-1/builds': TRIGGERED, [`GET ${BUILD}`]: [running, finished(2, 'error')] })
    const result = await runAction(waitInputs(service.url, { 'stream-logs': 'false' }))
    expect(result.code).toBe(1)
    expect(result.outputs['build-status']).toBe('failed')
    expect(result.stdout).toContain('::error::Build build-abc finished: failed (error)')
  })

  it('fail-on-build-failure false lets the step pass on a failed build', async () => {
    service = await serve({ 'POST /apps/app-1/builds': TRIGGERED, [`GET ${BUILD}`]: finished(2, 'error') })
    const result = await runAction(
      waitInputs(service.url, { 'stream-logs': 'false', 'fail-on-build-failure': 'false' })
    )
    expect(result.code).toBe(0)
    expect(result.outputs['build-status']).toBe('failed')
  })

  it('aborted with success counts as a success', async () => {
    service = await serve({
      'POST /apps/app-1/builds': TRIGGERED,
      [`GET ${BUILD}`]: finished(4, 'aborted-with-success')
    })
    const result = await runAction(waitInputs(service.url, { 'stream-logs': 'false' }))
    expect(result.code).toBe(0)
    expect(result.outputs['build-status']).toBe('aborted-with-success')
  })

  it('reports a build on hold once as waiting for a free concurrency slot (is_on_hold), never as waiting for approval', async () => {
    const held: Reply = { body: { data: { slug: 'build-abc', status: 0, status_text: 'on-hold', is_on_hold: true } } }
    service = await serve({
      'POST /apps/app-1/builds': TRIGGERED,
      [`GET ${BUILD}`]: [held, held, held, finished(1, 'success')]
    })
    const result = await runAction(waitInputs(service.url, { 'stream-logs': 'false' }))
    expect(result.code).toBe(0)
    expect(result.stdout.match(/is on hold/g)).toHaveLength(1)
    expect(result.stdout).toContain(
      'Build build-abc is on hold, waiting for a free concurrency slot: the service starts it when one of the builds using its concurrency finishes (https://service.example/build/build-abc).'
    )
    expect(result.summary).toContain('The build was on hold on the service, waiting for a free concurrency slot')
    expect(result.stdout + result.summary).not.toMatch(/approv/i)
    expect(result.summary).toContain('href="https://service.example/build/build-abc"')
  })

  it('operation wait: a build on hold is reported as waiting for a free concurrency slot', async () => {
    const slug = randomSlug('b-')
    const held: Reply = { body: { data: { slug, status: 0, status_text: 'on-hold', is_on_hold: true } } }
    service = await serve({
      [`GET /apps/app-1/builds/${slug}`]: [held, held, { body: { data: { slug, status: 1, status_text: 'success' } } }]
    })
    const result = await runAction({
      operation: 'wait',
      token: TOKEN,
      'base-url': service.url,
      'app-slug': 'app-1',
      'build-slug': slug,
      'poll-interval': '0.1',
      'stream-logs': 'false'
    })
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`Build ${slug} is on hold, waiting for a free concurrency slot`)
    expect(result.summary).toContain('waiting for a free concurrency slot')
    expect(result.stdout + result.summary).not.toMatch(/approv/i)
  })

  it('tolerates a 404 and 5xx from the status call just after the trigger', async () => {
    service = await serve({
      'POST /apps/app-1/builds': TRIGGERED,
      [`GET ${BUILD}`]: [{ status: 404, body: { message: 'not found' } }, { status: 503 }, finished(1, 'success')]
    })
    const result = await runAction(waitInputs(service.url, { 'stream-logs': 'false' }))
    expect(result.code).toBe(0)
    expect(result.outputs['build-status']).toBe('success')
  })

  it('a wait timeout aborts the build and fails the step', async () => {
    service = await serve({
      'POST /apps/app-1/builds': TRIGGERED,
      [`GET ${BUILD}`]: running,
      [`POST ${BUILD}/abort`]: { body: { status: 'ok' } }
    })
    const result = await runAction(waitInputs(service.url, { 'stream-logs': 'false', 'wait-timeout': '1' }))
    expect(result.code).toBe(1)
    const aborts = service.calls(`POST ${BUILD}/abort`)
    expect(aborts).toHaveLength(1)
    expect(aborts[0].body).toEqual({
      abort_reason: 'Aborted by the GitHub Action: the wait-timeout of 1 s was reached',
      abort_with_success: false,
      skip_git_status_report: false,
      skip_notifications: false
    })
    expect(result.outputs['build-status']).toBe('timed-out')
    expect(result.stdout).toContain(
      '::error::Stopped waiting for build build-abc because the wait-timeout of 1 s was reached; the build was aborted.'
    )
    expect(result.durationMs).toBeLessThan(8000)
  })

  it('SIGINT while waiting aborts the build before the process exits', async () => {
    let child: ChildProcess | undefined
    const onStatus = (_req: RecordedRequest, count: number): Reply => {
      if (count === 2) child?.kill('SIGINT')
      return running
    }
    service = await serve({
      'POST /apps/app-1/builds': TRIGGERED,
      [`GET ${BUILD}`]: onStatus,
      [`POST ${BUILD}/abort`]: { body: { status: 'ok' } }
    })
    const result = await runAction(waitInputs(service.url, { 'stream-logs': 'false', 'poll-interval': '0.2' }), {
      onSpawn: (c) => (child = c),
      env: { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'octo/repo', GITHUB_RUN_ID: '77' }
    })
    expect(result.code).toBe(1)
    const aborts = service.calls(`POST ${BUILD}/abort`)
    expect(aborts).toHaveLength(1)
    expect((aborts[0].body as { abort_reason: string }).abort_reason).toBe(
      'Aborted by the GitHub Action: the GitHub job was cancelled (https://github.com/octo/repo/actions/runs/77)'
    )
    expect(result.outputs['build-status']).toBe('cancelled')
    expect(result.state['pending-work']).toBe('')
  })

  it('the post step aborts a build the killed main step was waiting for', async () => {
    service = await serve({ [`POST ${BUILD}/abort`]: { body: { status: 'ok' } } })
    const result = await runAction(waitInputs(service.url), {
      state: { 'is-post': 'true', 'pending-work': JSON.stringify({ appSlug: 'app-1', buildSlug: 'build-abc' }) }
    })
    expect(result.code).toBe(0)
    expect(service.calls(`POST ${BUILD}/abort`)).toHaveLength(1)
    expect(service.requests).toHaveLength(1)
    expect(result.stdout).toContain(
      'Aborted build build-abc of app-1, which the main step was waiting for when it stopped.'
    )
  })

  it('the post step does nothing when no build is pending', async () => {
    service = await serve({})
    const result = await runAction(waitInputs(service.url), { state: { 'is-post': 'true', 'pending-work': '' } })
    expect(result.code).toBe(0)
    expect(service.requests).toHaveLength(0)
  })

  it('operation wait waits for an existing build', async () => {
    service = await serve({
      [`GET ${BUILD}`]: [running, finished(1, 'success')],
      [`GET ${BUILD}/log`]: { body: { log_chunks: [{ chunk: 'done', position: 0 }] } }
    })
    const result = await runAction({
      operation: 'wait',
      token: TOKEN,
      'base-url': service.url,
      'app-slug': 'app-1',
      'build-slug': 'build-abc',
      'poll-interval': '0.1'
    })
    expect(result.code).toBe(0)
    expect(result.outputs).toMatchObject({ 'build-slug': 'build-abc', 'build-status': 'success' })
    expect(service.requests.filter((r) => r.method !== 'GET')).toHaveLength(0)
  })
})

describe('operation abort', () => {
  it('sends every option', async () => {
    service = await serve({ [`POST ${BUILD}/abort`]: { body: { status: 'ok' } } })
    const result = await runAction({
      operation: 'abort',
      token: TOKEN,
      'base-url': service.url,
      'app-slug': 'app-1',
      'build-slug': 'build-abc',
      'abort-reason': 'Superseded by a newer commit',
      'abort-with-success': 'true',
      'skip-notifications': 'true',
      'skip-git-status-report': 'true'
    })
    expect(result.code).toBe(0)
    expect(service.calls(`POST ${BUILD}/abort`).map((r) => r.body)).toEqual([
      {
        abort_reason: 'Superseded by a newer commit',
        abort_with_success: true,
        skip_git_status_report: true,
        skip_notifications: true
      }
    ])
    expect(result.outputs).toMatchObject({ 'build-slug': 'build-abc', response: '{"status":"ok"}' })
    expect(result.summary).toContain('\u26d4 Aborted with success \u00b7 app-1 \u00b7 build build-abc')
    expectNoSecrets(result)
  })

  it('sends all four fields with their defaults when no option is given', async () => {
    service = await serve({ [`POST ${BUILD}/abort`]: { body: { status: 'ok' } } })
    const result = await runAction({
      operation: 'abort',
      token: TOKEN,
      'base-url': service.url,
      'app-slug': 'app-1',
      'build-slug': 'build-abc'
    })
    expect(result.code).toBe(0)
    expect(service.calls(`POST ${BUILD}/abort`)[0].body).toEqual({
      abort_reason: '',
      abort_with_success: false,
      skip_git_status_report: false,
      skip_notifications: false
    })
  })

  it('a 403 says which roles may abort', async () => {
    service = await serve({ [`POST ${BUILD}/abort`]: { status: 403, body: { message: 'You do not have permission' } } })
    const result = await runAction({
      operation: 'abort',
      token: TOKEN,
      'base-url': service.url,
      'app-slug': 'app-1',
      'build-slug': 'build-abc'
    })
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(
      /answered 403: You do not have permission\. The token's user lacks the role this call needs: Owner, Admin, Platform Engineer or Developer/
    )
  })
})

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

/**
 * Stopping a wait: when the wait-timeout runs out, or the job is cancelled (the
 * runner sends SIGINT), the action aborts the build on the service. This file's
 * emulator runs builds for a minute, so they are still running when that happens.
 */
describe('stopped, against the emulator', () => {
  let emu: RunningEmulator
  emulatorPerFile((started) => (emu = started), { resetEach: false, buildDurationMs: 60_000 })

  describe('a wait that is stopped aborts the build', () => {
    it('the wait-timeout runs out: the step fails with timed-out and the build is aborted', async () => {
      const result = await step(emu, 'trigger', {
        'app-slug': 'ios-app',
        'from-event': 'false',
        branch: 'develop',
        wait: 'true',
        'wait-timeout': '1',
        ...SAME_REPOSITORY
      })
      expectFailed(result)
      expect(result.outputs['build-status']).toBe('timed-out')
      expect(errorLine(result)).toContain('wait-timeout of 1 s was reached; the build was aborted')
      const build = await buildState(emu, result.outputs['build-slug'])
      expect(build).toMatchObject({ status: 3, status_text: 'aborted', abort: { with_success: false, by: 'olivia' } })
      expect(build.abort_reason).toContain('wait-timeout')
      // Nothing left for the post step to abort.
      expect(result.state['pending-work']).toBe('')
    })

    it('SIGINT during a wait: the step stops, reports cancelled, and the build is aborted', async () => {
      let spawned: (child: ChildProcess) => void = () => undefined
      const child = new Promise<ChildProcess>((resolve) => (spawned = resolve))
      const running = step(
        emu,
        'trigger',
        {
          'app-slug': 'ios-app',
          'from-event': 'false',
          branch: 'main',
          wait: 'true',
          'wait-timeout': '60',
          ...SAME_REPOSITORY
        },
        { onSpawn: spawned, timeoutMs: 15_000 }
      )
      const stepProcess = await child
      await printed(stepProcess, 'Waiting for build')
      const before = (await emulatorState(emu)).builds.at(-1)
      expect(before).toMatchObject({ status: 0, triggered_workflow: 'deploy' })
      stepProcess.kill('SIGINT')
      const result = await running
      expectFailed(result)
      expect(result.stdout).toContain('Received SIGINT')
      expect(result.outputs['build-status']).toBe('cancelled')
      expect(errorLine(result)).toContain('the GitHub job was cancelled; the build was aborted')
      const build = await buildState(emu, result.outputs['build-slug'])
      expect(build.slug).toBe(before.slug)
      expect(build).toMatchObject({ status: 3, abort: { with_success: false } })
      expect(build.abort_reason).toContain('cancelled')
    })

    it('the step is killed outright: the post step, given the saved state, aborts the build', async () => {
      let spawned: (child: ChildProcess) => void = () => undefined
      const child = new Promise<ChildProcess>((resolve) => (spawned = resolve))
      const inputs = {
        'app-slug': 'ios-app',
        'from-event': 'false',
        branch: 'develop',
        wait: 'true',
        'wait-timeout': '60',
        ...SAME_REPOSITORY
      }
      const running = step(emu, 'trigger', inputs, { onSpawn: spawned, timeoutMs: 15_000 })
      const stepProcess = await child
      await printed(stepProcess, 'Waiting for build')
      stepProcess.kill('SIGKILL')
      const killed = await running
      expect(killed.signal).toBe('SIGKILL')
      const pending = JSON.parse(killed.state['pending-work'])
      expect(pending).toEqual({ appSlug: 'ios-app', buildSlug: killed.outputs['build-slug'] })
      expect((await buildState(emu, pending.buildSlug)).status).toBe(0)

      const post = await step(emu, 'trigger', inputs, { state: killed.state })
      expect(post.code).toBe(0)
      expect(post.stdout).toContain(`Aborted build ${pending.buildSlug}`)
      const build = await buildState(emu, pending.buildSlug)
      expect(build).toMatchObject({ status: 3 })
      expect(build.abort_reason).toContain('the step was stopped while waiting')
    })
  })
})
