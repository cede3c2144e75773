/** list-apps and the operations on a single app, through dist/index.js against a fake service. */
import { describe, expect, it } from '@jest/globals'
import { readFileSync, rmSync } from 'node:fs'
import { fakeServices } from '../../helpers/fake-service.js'
import { expectSuccess, runOperation, sent } from '../../helpers/scenarios/operation-steps.js'
import { APP } from '../../helpers/subjects/apps.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const serve = fakeServices()

describe('list-apps', () => {
  const page = (n: number): (typeof APP)[] =>
    [1, 2].map((i) => ({ ...APP, slug: `app-${n}-${i}`, title: `App ${n}.${i}` }))

  it('follows paging.next over three pages and outputs every app', async () => {
    const fake = await serve({
      'GET /organizations/org-acme/apps': (req) => {
        if (req.query.next === undefined)
          return { body: { data: page(1), paging: { next: 'anchor-2', page_item_limit: 2, total_item_count: 6 } } }
        if (req.query.next === 'anchor-2')
          return { body: { data: page(2), paging: { next: 'anchor-3', page_item_limit: 2, total_item_count: 6 } } }
        return { body: { data: page(3), paging: { page_item_limit: 2, total_item_count: 6 } } }
      }
    })
    const result = await runOperation(fake, 'list-apps', { 'org-slug': 'org-acme' })
    expectSuccess(result)
    expect(sent(fake.requests)).toEqual([
      { method: 'GET', path: '/organizations/org-acme/apps', query: { limit: '50' }, body: undefined },
      {
        method: 'GET',
        path: '/organizations/org-acme/apps',
        query: { limit: '50', next: 'anchor-2' },
        body: undefined
      },
      { method: 'GET', path: '/organizations/org-acme/apps', query: { limit: '50', next: 'anchor-3' }, body: undefined }
    ])
    const slugs = ['app-1-1', 'app-1-2', 'app-2-1', 'app-2-2', 'app-3-1', 'app-3-2']
    expect(JSON.parse(result.outputs['app-slugs'])).toEqual(slugs)
    expect(JSON.parse(result.outputs.apps).map((a: { title: string }) => a.title)).toEqual([
      'App 1.1',
      'App 1.2',
      'App 2.1',
      'App 2.2',
      'App 3.1',
      'App 3.2'
    ])
    expect(result.outputs.count).toBe('6')
    expect(JSON.parse(result.outputs.response).data[0].slug).toBe('app-3-1')
    expect(result.summary).toContain('app-2-2')
  })

  it.each<{ scope: Record<string, string>; path: string }>([
    { scope: {}, path: '/apps' },
    { scope: { 'user-slug': 'user-sam' }, path: '/users/user-sam/apps' }
  ])('lists from $path', async ({ scope, path }) => {
    const fake = await serve({ [`GET ${path}`]: { body: { data: [APP] } } })
    const result = await runOperation(fake, 'list-apps', scope)
    expectSuccess(result)
    expect(sent(fake.requests)).toEqual([{ method: 'GET', path, query: { limit: '50' }, body: undefined }])
    expect(result.outputs.count).toBe('1')
    expect(JSON.parse(result.outputs['app-slugs'])).toEqual(['app-9f2'])
  })

  it('reads a 1 MB page of a few hundred thousand items without overflowing the stack', async () => {
    // The smallest items the list can hold, so one 1 MB page has more than any spread call takes.
    const count = Math.floor((1024 * 1024 - 20) / 3)
    const raw = `{"data":[${new Array(count).fill('{}').join(',')}]}`
    expect(raw.length).toBeGreaterThan(1000 * 1000)
    const fake = await serve({ 'GET /apps': { raw, headers: { 'content-type': 'application/json' } } })
    // A RUNNER_TEMP of the test's own, so the whole list's file can be read after the step ends.
    const temp = tempDir('list-apps-temp-')
    try {
      const result = await runOperation(fake, 'list-apps', {}, { timeoutMs: 60_000, env: { RUNNER_TEMP: temp } })
      expectSuccess(result)
      expect(result.stderr).toBe('')
      expect(result.outputs.count).toBe(String(count))
      // The inline output is cut to GitHub's output limit; the file holds every item.
      expect(JSON.parse(result.outputs.apps).length).toBeLessThan(count)
      expect(JSON.parse(readFileSync(result.outputs['apps-file'], 'utf8'))).toHaveLength(count)
      expect(result.summary).toContain(`${count} app(s).`)
    } finally {
      rmSync(temp, { recursive: true, force: true })
    }
  }, 90_000)
})

describe('single app operations', () => {
  it('get-app outputs the app and its main fields', async () => {
    const fake = await serve({ 'GET /apps/app-9f2': { body: { data: APP } } })
    const result = await runOperation(fake, 'get-app', { 'app-slug': 'app-9f2' })
    expectSuccess(result)
    expect(sent(fake.requests)).toEqual([{ method: 'GET', path: '/apps/app-9f2', query: {}, body: undefined }])
    expect(JSON.parse(result.outputs.app)).toEqual(APP)
    expect(result.outputs.title).toBe('Demo iOS')
    expect(result.outputs['repo-url']).toBe('git@github.com:acme/demo-ios.git')
    expect(result.outputs['project-type']).toBe('ios')
    expect(JSON.parse(result.outputs.response)).toEqual({ data: APP })
  })

  it('update-app sends only the given fields and retries after a 503 (the change is idempotent)', async () => {
    const updated = { ...APP, title: 'Renamed', default_branch: 'develop', is_public: true }
    const fake = await serve({
      'PATCH /apps/app-9f2': [{ status: 503, body: { message: 'busy' } }, { body: { status: 'ok', data: updated } }]
    })
    const result = await runOperation(fake, 'update-app', {
      'app-slug': 'app-9f2',
      title: 'Renamed',
      'default-branch': 'develop',
      'is-public': 'true'
    })
    expectSuccess(result)
    const expected = {
      method: 'PATCH',
      path: '/apps/app-9f2',
      query: {},
      body: { title: 'Renamed', default_branch: 'develop', is_public: true }
    }
    expect(sent(fake.requests)).toEqual([expected, expected])
    expect(JSON.parse(result.outputs.app)).toEqual(updated)
    expect(JSON.parse(result.outputs.response).status).toBe('ok')
  })

  it('update-app sets no app output when the service answers only a status', async () => {
    const fake = await serve({ 'PATCH /apps/app-9f2': { body: { status: 'ok' } } })
    const result = await runOperation(fake, 'update-app', { 'app-slug': 'app-9f2', 'is-public': 'false' })
    expectSuccess(result)
    expect(fake.requests[0].body).toEqual({ is_public: false })
    expect(result.outputs.app).toBeUndefined()
    expect(result.outputs.response).toBe('{"status":"ok"}')
  })

  it('delete-app sends DELETE when confirm repeats the slug', async () => {
    const fake = await serve({ 'DELETE /apps/app-9f2': { body: { msg: 'ok' } } })
    const result = await runOperation(fake, 'delete-app', { 'app-slug': 'app-9f2', confirm: 'app-9f2' })
    expectSuccess(result)
    expect(sent(fake.requests)).toEqual([{ method: 'DELETE', path: '/apps/app-9f2', query: {}, body: undefined }])
    expect(result.outputs.response).toBe('{"msg":"ok"}')
    expect(result.summary).toContain('Deleted \u00b7 app-9f2')
  })

  it('list-branches outputs the branch names', async () => {
    const fake = await serve({ 'GET /apps/app-9f2/branches': { body: { data: ['main', 'develop', 'feature/x'] } } })
    const result = await runOperation(fake, 'list-branches', { 'app-slug': 'app-9f2' })
    expectSuccess(result)
    expect(sent(fake.requests)).toEqual([{ method: 'GET', path: '/apps/app-9f2/branches', query: {}, body: undefined }])
    expect(JSON.parse(result.outputs.branches)).toEqual(['main', 'develop', 'feature/x'])
    expect(result.summary).toContain('feature/x')
  })
})

/**
 * register-app's `default-branch`: given, it is sent as the published
 * contract's `default_branch_name`; empty, nothing is sent and the service's default applies,
 * which that contract gives as `master` (the emulator follows it).
 */
