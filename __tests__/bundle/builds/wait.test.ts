/** Waiting for a build and aborting one, against a fake service. */
import { describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { type FakeService, fakeServices, type RecordedRequest, type Reply } from '../../helpers/fake-service.js'
import { randomSlug } from '../../helpers/random.js'
import { runAction } from '../../helpers/run-action.js'
import { expectNoSecrets, TOKEN } from '../../helpers/secrets.js'
import { fakeStep } from '../../helpers/scenarios/fake-steps.js'

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
    const result = await fakeStep(service, 'wait', {
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
    const result = await fakeStep(service, 'wait', { 'build-slug': 'build-abc', 'poll-interval': '0.1' })
    expect(result.code).toBe(0)
    expect(result.outputs).toMatchObject({ 'build-slug': 'build-abc', 'build-status': 'success' })
    expect(service.requests.filter((r) => r.method !== 'GET')).toHaveLength(0)
  })
})

describe('operation abort', () => {
  it('sends every option', async () => {
    service = await serve({ [`POST ${BUILD}/abort`]: { body: { status: 'ok' } } })
    const result = await fakeStep(service, 'abort', {
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
    const result = await fakeStep(service, 'abort', { 'build-slug': 'build-abc' })
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
    const result = await fakeStep(service, 'abort', { 'build-slug': 'build-abc' })
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(
      /answered 403: You do not have permission\. The token's user lacks the role this call needs: Owner, Admin, Platform Engineer or Developer/
    )
  })
})
