/**
 * Values of the build record in the types the service may send: whole numbers as
 * numeric strings are read; anything else fails naming the field, the value and its
 * JSON type, and leaves the build alone (no abort now, none by the post step).
 */
import { describe, expect, it } from '@jest/globals'
import { type FakeService, fakeServices, type Reply } from '../../helpers/fake-service.js'
import { randomInt, randomSlug, randomString } from '../../helpers/random.js'
import { errorLine, runAction } from '../../helpers/run-action.js'
import { fakeTriggerOnMain } from '../../helpers/scenarios/fake-steps.js'
import { TOKEN } from '../../helpers/secrets.js'

const serve = fakeServices()
let service: FakeService

const record = (slug: string, fields: Record<string, unknown>): Reply => ({
  body: { data: { slug, is_on_hold: false, ...fields } }
})

function names() {
  const app = randomSlug('app-')
  const build = randomSlug('b-')
  return { app, build, path: `/apps/${app}/builds/${build}` }
}

const triggerInputs = (url: string, app: string) => ({
  operation: 'trigger',
  token: TOKEN,
  'base-url': url,
  'app-slug': app,
  workflow: 'primary',
  wait: 'true',
  'poll-interval': '0.1',
  'stream-logs': 'false'
})

describe('numbers sent as numeric strings are read', () => {
  it('status "0" is a running build, and "1" a success; build_number "42" is read as 42', async () => {
    const { app, build, path } = names()
    service = await serve({
      [`POST /apps/${app}/builds`]: { status: 201, body: { results: [{ build_slug: build, build_number: '42' }] } },
      [`GET ${path}`]: [
        record(build, { status: '0', status_text: 'in-progress', build_number: '42' }),
        record(build, { status: '0', status_text: 'in-progress', build_number: '42' }),
        record(build, { status: '1', status_text: 'success', build_number: '42' })
      ]
    })
    const result = await runAction(triggerInputs(service.url, app))
    expect(errorLine(result)).toBe('')
    expect(result.code).toBe(0)
    expect(result.outputs).toMatchObject({ 'build-slug': build, 'build-number': '42', 'build-status': 'success' })
    expect(service.calls(`GET ${path}`)).toHaveLength(3)
    expect(service.requests.filter((r) => r.path.endsWith('/abort'))).toHaveLength(0)
  })
})

describe('any other value fails, naming the field, the value and its type, and leaves the build running', () => {
  const bad: Array<[string, () => { value: unknown; says: string }]> = [
    [
      'a string of letters',
      () => {
        const value = randomString(3 + randomInt(5), 'abcdefghijklmnopqrstuvwxyz')
        return { value, says: `status is "${value}" (a string), not a whole number` }
      }
    ],
    ['a boolean', () => ({ value: true, says: 'status is true (a boolean), not a whole number' })],
    ['null', () => ({ value: null, says: 'status is null, not a whole number' })],
    ['a fraction', () => ({ value: 1.5, says: 'status is 1.5 (a number), not a whole number' })],
    ['an object', () => ({ value: { code: 1 }, says: 'status is {"code":1} (an object), not a whole number' })],
    [
      'an unknown code as a string',
      () => ({
        value: '9',
        says: 'unknown build status "9" (a string); known: 0 (running), 1 (success), 2 (failed), 3 (aborted), 4 (aborted with success)'
      })
    ]
  ]

  it.each(bad)('status as %s', async (_name, make) => {
    const { value, says } = make()
    const { app, build, path } = names()
    service = await serve({
      [`POST /apps/${app}/builds`]: { status: 201, body: { results: [{ build_slug: build, build_number: 3 }] } },
      [`GET ${path}`]: [
        record(build, { status: 0, status_text: 'in-progress' }),
        record(build, { status: value, status_text: 'in-progress' })
      ],
      [`POST ${path}/abort`]: { body: { status: 'ok' } }
    })
    const result = await runAction(triggerInputs(service.url, app))
    expect(result.code).toBe(1)
    expect(errorLine(result)).toBe(
      `GET ${path} answered a build record the action cannot read: ${says}; build ${build} was left as it is (the action aborts a build only when the wait-timeout runs out or the job is cancelled)`
    )
    expect(service.calls(`POST ${path}/abort`)).toHaveLength(0)
    // The step state no longer names the build ...
    expect(result.state['pending-work']).toBe('')
    // ... so the post step, run with that state, leaves the build alone.
    service.requests.length = 0
    const post = await runAction(triggerInputs(service.url, app), { state: result.state })
    expect(post.code).toBe(0)
    expect(service.requests).toHaveLength(0)
  })

  it('build_number as a boolean in the trigger answer fails naming it, and says the build was started', async () => {
    const { app, build } = names()
    service = await serve({
      [`POST /apps/${app}/builds`]: { status: 201, body: { results: [{ build_slug: build, build_number: false }] } }
    })
    const result = await runAction({ ...triggerInputs(service.url, app), wait: 'false' })
    expect(result.code).toBe(1)
    expect(errorLine(result)).toBe(
      `POST /apps/${app}/builds answered 201 and started build ${build}, but its build_number is false (a boolean), not a whole number`
    )
  })

  it('a 401 while waiting also leaves the build running, and the post step alone', async () => {
    const { app, build, path } = names()
    service = await serve({
      [`POST /apps/${app}/builds`]: { status: 201, body: { results: [{ build_slug: build, build_number: 3 }] } },
      [`GET ${path}`]: [record(build, { status: 0 }), { status: 401, body: { message: 'token revoked' } }],
      [`POST ${path}/abort`]: { body: { status: 'ok' } }
    })
    const result = await runAction(triggerInputs(service.url, app))
    expect(result.code).toBe(1)
    expect(errorLine(result)).toContain('answered 401: token revoked')
    expect(errorLine(result)).toContain(`build ${build} was left as it is`)
    expect(service.calls(`POST ${path}/abort`)).toHaveLength(0)
    expect(result.state['pending-work']).toBe('')
  })

  it('the wait-timeout still aborts the build (by design)', async () => {
    const { app, build, path } = names()
    service = await serve({
      [`POST /apps/${app}/builds`]: { status: 201, body: { results: [{ build_slug: build }] } },
      [`GET ${path}`]: record(build, { status: '0', status_text: 'in-progress' }),
      [`POST ${path}/abort`]: { body: { status: 'ok' } }
    })
    const result = await runAction({ ...triggerInputs(service.url, app), 'wait-timeout': '1' })
    expect(result.code).toBe(1)
    expect(service.calls(`POST ${path}/abort`)).toHaveLength(1)
  })
})

/**
 * Error bodies shaped `{error}` or `{errors: [...]}`, besides the published
 * contract's `{message}` and `{error_msg}`: the step's error names the service's text itself,
 * not the JSON around it, through dist/index.js on a loopback server.
 */
describe('error bodies', () => {
  const serve = fakeServices()
  const TOKEN = `tok_${randomString(30)}`
  const words = (): string => `${randomString(8)} ${randomString(5)} ${randomString(7)}`

  describe('the service text of an error body', () => {
    it.each([
      ['{error}', (a: string) => ({ error: a })],
      ['{errors: [string]}', (a: string) => ({ errors: [a] })],
      [
        '{errors: [{message}]}',
        (a: string) => ({ errors: [{ message: a, field: 'branch' }], request_id: randomString(400) })
      ]
    ])('%s: the text is in the step error', async (_shape, body) => {
      const text = words()
      const service = await serve({ 'POST /apps/app-1/builds': { status: 400, body: body(text) } })
      const result = await fakeTriggerOnMain(service, {
        token: TOKEN,
        'branch-repo-owner': 'acme',
        'branch-dest-repo-owner': 'acme'
      })
      expect(result.code).toBe(1)
      expect(errorLine(result)).toContain(`the service answered 400: ${text}`)
      expect(errorLine(result)).not.toContain('{')
    })

    it('several errors: each text, in order', async () => {
      const [first, second] = [words(), words()]
      const service = await serve({ 'GET /apps/app-1': { status: 422, body: { errors: [{ error: first }, second] } } })
      const result = await runAction({
        operation: 'get-app',
        token: TOKEN,
        'base-url': service.url,
        'app-slug': 'app-1'
      })
      expect(result.code).toBe(1)
      expect(errorLine(result)).toContain(`the service answered 422: ${first}; ${second}`)
    })
  })
})
