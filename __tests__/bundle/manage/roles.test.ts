/** get-roles, set-roles and list-groups, run from dist/index.js against the fake service. */
import { describe, expect, it } from '@jest/globals'
import { expectSuccess, runOperation, sent } from '../../helpers/scenarios/operation-steps.js'
import { fakeServices } from '../../helpers/fake-service.js'
import { randomInt } from '../../helpers/random.js'

const serve = fakeServices()

describe('roles', () => {
  it('get-roles outputs the group slugs holding the role', async () => {
    const fake = await serve({ 'GET /apps/app-1/roles/manager': { body: { groups: ['mobile-devs', 'qa-team'] } } })
    // "developer" is the interface's name for the manager role.
    const result = await runOperation(fake, 'get-roles', { 'app-slug': 'app-1', role: 'developer' })
    expectSuccess(result)
    expect(sent(fake.requests)).toEqual([
      { method: 'GET', path: '/apps/app-1/roles/manager', query: {}, body: undefined }
    ])
    expect(JSON.parse(result.outputs.groups)).toEqual(['mobile-devs', 'qa-team'])
    expect(result.outputs.response).toBe('{"groups":["mobile-devs","qa-team"]}')
    expect(result.summary).toContain('app-1 \u00b7 Developer (manager) role')
  })

  it('get-roles reads the Platform Engineer role (platform-engineer written either way)', async () => {
    const fake = await serve({ 'GET /apps/app-1/roles/platform_engineer': { body: { groups: ['platform'] } } })
    const role = ['platform_engineer', 'platform-engineer'][randomInt(2)]
    const result = await runOperation(fake, 'get-roles', { 'app-slug': 'app-1', role })
    expectSuccess(result)
    expect(sent(fake.requests)).toEqual([
      { method: 'GET', path: '/apps/app-1/roles/platform_engineer', query: {}, body: undefined }
    ])
    expect(result.summary).toContain('Platform Engineer (platform_engineer) role')
  })

  it('set-roles replaces the groups with the given list, without duplicates', async () => {
    const fake = await serve({
      'PUT /apps/app-1/roles/admin': (req) => ({ body: { groups: (req.body as { groups: string[] }).groups } })
    })
    const result = await runOperation(fake, 'set-roles', {
      'app-slug': 'app-1',
      role: 'admin',
      groups: 'platform\nrelease-managers, platform'
    })
    expectSuccess(result)
    expect(sent(fake.requests)).toEqual([
      { method: 'PUT', path: '/apps/app-1/roles/admin', query: {}, body: { groups: ['platform', 'release-managers'] } }
    ])
    expect(JSON.parse(result.outputs.groups)).toEqual(['platform', 'release-managers'])
  })

  it('set-roles with allow-empty-groups clears the role', async () => {
    const fake = await serve({ 'PUT /apps/app-1/roles/member': { body: { groups: [] } } })
    const result = await runOperation(fake, 'set-roles', {
      'app-slug': 'app-1',
      role: 'tester',
      groups: '',
      'allow-empty-groups': 'true'
    })
    expectSuccess(result)
    expect(sent(fake.requests)).toEqual([
      { method: 'PUT', path: '/apps/app-1/roles/member', query: {}, body: { groups: [] } }
    ])
    expect(result.outputs.groups).toBe('[]')
    expect(result.summary).toContain('No group holds the role.')
  })
})

describe('list-groups', () => {
  const groups = [
    { slug: 'mobile-devs', name: 'Mobile developers' },
    { slug: 'qa-team', name: 'QA' }
  ]
  it.each([
    { shape: 'a bare list with 201 (the published contract)', reply: { status: 201, body: groups } },
    { shape: 'a {data: [...]} object', reply: { status: 200, body: { data: groups } } }
  ])('accepts $shape', async ({ reply }) => {
    const fake = await serve({ 'GET /organizations/org-acme/groups': reply })
    const result = await runOperation(fake, 'list-groups', { 'org-slug': 'org-acme' })
    expectSuccess(result)
    expect(sent(fake.requests)).toEqual([
      { method: 'GET', path: '/organizations/org-acme/groups', query: {}, body: undefined }
    ])
    expect(JSON.parse(result.outputs.groups)).toEqual(groups)
    expect(JSON.parse(result.outputs['group-slugs'])).toEqual(['mobile-devs', 'qa-team'])
    expect(result.summary).toContain('Mobile developers')
  })
})
