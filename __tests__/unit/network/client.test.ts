import { describe, expect, it } from '@jest/globals'
import { ApiError } from '../../../src/http/api-error.js'
import { ApiClient } from '../../../src/http/client.js'
import { parseRetryAfter } from '../../../src/http/failure.js'
import { fakeServices, type FakeService, type Routes } from '../../helpers/fake-service.js'
import { randomUUID } from '../../helpers/random.js'

const serve = fakeServices()
let service: FakeService | undefined

async function clientFor(
  routes: Routes,
  options: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}
): Promise<ApiClient> {
  service = await serve(routes)
  return new ApiClient({
    baseUrl: service.url,
    token: 'tok-unit',
    timeoutMs: 2000,
    maxAttempts: 3,
    retryBaseMs: 5,
    ...options
  })
}

describe('ApiClient', () => {
  it('sends the token, a User-Agent naming the action and a JSON body', async () => {
    const client = await clientFor({ 'POST /things': { status: 201, body: { ok: true } } })
    const res = await client.post('/things', { a: 1 })
    expect(res).toMatchObject({ status: 201, body: { ok: true } })
    const [req] = service!.requests
    expect(req.headers.authorization).toBe('tok-unit')
    expect(req.headers['user-agent']).toMatch(/^service-ci-action\/\d+\.\d+\.\d+/)
    expect(req.headers['content-type']).toBe('application/json')
    expect(req.body).toEqual({ a: 1 })
  })

  it('treats 204 as success with no body', async () => {
    const client = await clientFor({ 'PUT /x': { status: 204 } })
    expect(await client.put('/x', { location: 'service' })).toMatchObject({ status: 204, body: undefined })
  })

  it.each([
    { field: 'message', body: { message: 'App not found' } },
    { field: 'error_msg', body: { error_msg: 'App not found' } },
    { field: 'error', body: { error: 'App not found' } },
    { field: 'errors (strings)', body: { errors: ['App not found'] } },
    {
      field: 'errors (objects)',
      body: { errors: [{ message: 'App not found', code: 'not_found' }], request_id: 'r'.repeat(400) }
    }
  ])('puts the service error text from $field and the status in the error', async ({ body }) => {
    const client = await clientFor({ 'GET /apps/a': { status: 404, body } })
    await expect(client.get('/apps/a')).rejects.toMatchObject({
      status: 404,
      serviceMessage: 'App not found',
      message: expect.stringContaining('GET /apps/a failed: the service answered 404: App not found')
    })
  })

  it('joins the texts of several errors, each kept whole', async () => {
    const first = `branch ${randomUUID()} is unknown`
    const second = `workflow ${randomUUID()} is unknown`
    const client = await clientFor({
      'POST /apps/a/builds': { status: 400, body: { errors: [{ error: first }, second, 42], trace: 'x'.repeat(500) } }
    })
    await expect(client.post('/apps/a/builds', {})).rejects.toMatchObject({
      status: 400,
      serviceMessage: `${first}; ${second}`
    })
  })

  it('retries an idempotent GET on 5xx and succeeds within the budget', async () => {
    const client = await clientFor({
      'GET /apps': [{ status: 503 }, { status: 502 }, { status: 200, body: { data: [] } }]
    })
    expect((await client.get('/apps')).body).toEqual({ data: [] })
    expect(service!.calls('GET /apps')).toHaveLength(3)
  })

  it('gives up after max attempts and says so', async () => {
    const client = await clientFor({ 'GET /apps': { status: 500, body: { message: 'boom' } } })
    await expect(client.get('/apps')).rejects.toThrow(/answered 500: boom; gave up after 3 attempts/)
    expect(service!.calls('GET /apps')).toHaveLength(3)
  })

  it('does not retry a 4xx other than 429', async () => {
    const client = await clientFor({ 'GET /apps': { status: 400, body: { message: 'bad' } } })
    await expect(client.get('/apps')).rejects.toBeInstanceOf(ApiError)
    expect(service!.calls('GET /apps')).toHaveLength(1)
  })

  it('does not resend a POST after the connection dropped once the request was written', async () => {
    const client = await clientFor({ 'POST /apps/a/builds': { action: 'drop' } })
    const error = await client
      .post('/apps/a/builds', {}, { ambiguousHint: 'the build may have started' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).mayHaveTakenEffect).toBe(true)
    expect((error as ApiError).message).toMatch(
      /may have reached the service, so it was not sent again: the build may have started/
    )
    expect(service!.calls('POST /apps/a/builds')).toHaveLength(1)
  })

  it('does not resend a POST after a 5xx', async () => {
    const client = await clientFor({ 'POST /apps/a/builds': { status: 502 } })
    await expect(client.post('/apps/a/builds', {}, { ambiguousHint: 'the build may have started' })).rejects.toThrow(
      /answered 502; the request may have reached the service, so it was not sent again: the build may have started/
    )
    expect(service!.calls('POST /apps/a/builds')).toHaveLength(1)
  })

  it('retries a POST after 429, waiting the Retry-After delay', async () => {
    const client = await clientFor({
      'POST /apps/a/builds': [
        { status: 429, headers: { 'retry-after': '1' } },
        { status: 201, body: { build_slug: 'b' } }
      ]
    })
    const res = await client.post('/apps/a/builds', {})
    const [first, second] = service!.calls('POST /apps/a/builds')
    expect(res.status).toBe(201)
    expect(second.at - first.at).toBeGreaterThanOrEqual(950)
  })

  it('retries a POST when the connection was refused, since it never arrived', async () => {
    const client = new ApiClient({
      baseUrl: 'http://127.0.0.1:9/v0.1',
      token: 't',
      timeoutMs: 1000,
      maxAttempts: 2,
      retryBaseMs: 5
    })
    const error = (await client.post('/apps/a/builds', {}).catch((e: unknown) => e)) as ApiError
    expect(error.message).toMatch(/connection was refused.*gave up after 2 attempts/)
    expect(error.mayHaveTakenEffect).toBe(false)
  })

  it('ends a request that gets no answer within the timeout', async () => {
    const client = await clientFor({ 'GET /slow': { action: 'hang' } }, { timeoutMs: 300, maxAttempts: 2 })
    const started = Date.now()
    await expect(client.get('/slow')).rejects.toMatchObject({ kind: 'timeout' })
    expect(Date.now() - started).toBeLessThan(2000)
    expect(service!.calls('GET /slow')).toHaveLength(2)
  })

  it('does not follow a redirect (so the token never goes to another host)', async () => {
    const client = await clientFor({ 'GET /apps': { status: 302, headers: { location: 'http://127.0.0.2:1/steal' } } })
    await expect(client.get('/apps')).rejects.toThrow(/302 \(a redirect, which the action does not follow\)/)
    expect(service!.requests).toHaveLength(1)
  })

  it('follows paging.next to the end', async () => {
    const client = await clientFor({
      'GET /apps': (req) => {
        const pages: Record<string, unknown> = {
          '': { data: [1, 2], paging: { next: 'p2' } },
          p2: { data: [3], paging: { next: 'p3' } },
          p3: { data: [4], paging: {} }
        }
        return { body: pages[req.query.next ?? ''] }
      }
    })
    const { items, pages } = await client.listAll<number>('/apps')
    expect(items).toEqual([1, 2, 3, 4])
    expect(pages).toBe(3)
    expect(service!.calls('GET /apps').map((r) => r.query)).toEqual([
      { limit: '50' },
      { limit: '50', next: 'p2' },
      { limit: '50', next: 'p3' }
    ])
  })

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(parseRetryAfter('3', now)).toBe(3000)
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
  })
})
