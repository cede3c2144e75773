import { describe, expect, it } from '@jest/globals'
import { fakeServices, type FakeService } from '../helpers/fake-service.js'
import { errorLine, runAction } from '../helpers/run-action.js'
import { TOKEN } from '../helpers/secrets.js'

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
    const result = await runAction(inputs(service.url))
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
    const result = await runAction(inputs(service.url))
    expect(result.code).toBe(0)
    const sent = service.calls('POST /apps/app-1/builds')
    expect(sent).toHaveLength(2)
    expect(sent[1].at - sent[0].at).toBeGreaterThanOrEqual(950)
    expect(sent[1].rawBody).toBe(sent[0].rawBody)
    expect(result.outputs['build-slug']).toBe('b-2')
  })

  it('is not re-sent after a request timeout', async () => {
    service = await serve({ 'POST /apps/app-1/builds': { action: 'hang' } })
    const result = await runAction({ ...inputs(service.url), 'request-timeout': '1' })
    expect(result.code).toBe(1)
    expect(service.calls('POST /apps/app-1/builds')).toHaveLength(1)
    expect(errorLine(result)).toMatch(
      /no complete answer within 1000 ms; the request may have reached the service.*the build may have started/
    )
  })
})
