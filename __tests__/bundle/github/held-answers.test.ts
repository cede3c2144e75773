/**
 * A 2xx trigger answer without a build slug (the service held the build for approval), through
 * dist/index.js against a loopback server: the matching open build request is reported.
 */
import { describe, expect, it } from '@jest/globals'
import { fakeServices, type Reply } from '../../helpers/fake-service.js'
import { errorLine, runAction } from '../../helpers/run-action.js'
import { randomBytes, randomInt, randomSlug } from '../../helpers/random.js'
import { TOKEN } from '../../helpers/secrets.js'

describe('a 2xx trigger answer without a build slug, against a loopback server', () => {
  const serve = fakeServices()
  const commit = randomBytes(20).toString('hex')
  const pr = randomInt(1, 100_000)
  const inputs = (url: string) => ({
    operation: 'trigger',
    token: TOKEN,
    'base-url': url,
    'app-slug': 'app-1',
    'from-event': 'false',
    branch: 'changes',
    'commit-hash': commit,
    'pull-request-id': String(pr)
  })

  it.each<[string, Reply]>([
    [
      'an empty build_slug in results[0]',
      { status: 201, body: { status: 'ok', results: [{ status: 'ok', build_slug: '', triggered_workflow: '' }] } }
    ],
    ['no build_slug at all', { status: 200, body: { status: 'ok', message: 'webhook processed' } }]
  ])('%s: the matching open build request is reported', async (_, answer) => {
    const slug = randomSlug('req-')
    const other = {
      slug: randomSlug('req-'),
      build_params: { commit_hash: randomBytes(20).toString('hex'), pull_request_id: pr }
    }
    const service = await serve({
      'POST /apps/app-1/builds': answer,
      'GET /apps/app-1/build-requests': {
        body: {
          data: [
            other,
            {
              slug,
              created_at: new Date().toISOString(),
              build_params: { commit_hash: commit.toUpperCase(), pull_request_id: pr }
            }
          ]
        }
      }
    })
    const result = await runAction(inputs(service.url))
    expect(result.code).toBe(0)
    expect(result.outputs['build-request-slug']).toBe(slug)
    expect(result.outputs['build-status']).toBe('awaiting-approval')
  })

  it('a matching request whose slug could not name a path is not reported', async () => {
    const service = await serve({
      'POST /apps/app-1/builds': { status: 201, body: { status: 'ok', build_slug: '' } },
      'GET /apps/app-1/build-requests': {
        body: { data: [{ slug: `../${randomSlug()}`, build_params: { commit_hash: commit, pull_request_id: pr } }] }
      }
    })
    const result = await runAction(inputs(service.url))
    expect(result.code).toBe(1)
    expect(errorLine(result)).toContain(`has no open build request for commit ${commit}`)
    expect(result.outputs['build-request-slug']).toBeUndefined()
  })

  it('with no open build request for the commit, the step fails as before: the answer named no build slug', async () => {
    const service = await serve({
      'POST /apps/app-1/builds': { status: 201, body: { status: 'ok', build_slug: '' } },
      'GET /apps/app-1/build-requests': {
        body: { data: [{ slug: randomSlug('req-'), build_params: { commit_hash: randomBytes(20).toString('hex') } }] }
      }
    })
    const result = await runAction(inputs(service.url))
    expect(result.code).toBe(1)
    expect(errorLine(result)).toMatch(/answered 201 but named no build slug; the build may have started/)
    expect(errorLine(result)).toContain(
      `and app app-1 has no open build request for commit ${commit} of pull request #${pr}`
    )
    expect(result.outputs['build-request-slug']).toBeUndefined()
  })
})
