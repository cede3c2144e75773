import { describe, expect, it } from '@jest/globals'
import type { RunningEmulator } from '../../emulator/server.js'
import { call, TOKENS, triggerBody, withEmulator } from './helpers.js'

let emu: RunningEmulator
withEmulator({}, (started) => (emu = started), false)

describe('authentication', () => {
  it('answers 401 without a token', async () => {
    const res = await call(emu, 'GET', '/apps', { token: null })
    expect(res.status).toBe(401)
    expect(res.json.message).toMatch(/Authorization/)
  })

  it('answers 401 for an unknown token', async () => {
    const res = await call(emu, 'GET', '/apps', { token: 'not-a-token' })
    expect(res.status).toBe(401)
    expect(res.json.message).toMatch(/invalid access token/)
  })

  it.each([
    ['bare', TOKENS.owner],
    ['token prefix', `token ${TOKENS.owner}`],
    ['Bearer prefix', `Bearer ${TOKENS.owner}`]
  ])('accepts the %s form of the Authorization header', async (_name, header) => {
    const res = await call(emu, 'GET', '/apps/ios-app', { token: header })
    expect(res.status).toBe(200)
    expect(res.json.data.slug).toBe('ios-app')
  })

  it('answers 401 as error_msg on the endpoints that use that body', async () => {
    const res = await call(emu, 'GET', '/organizations/acme/groups', { token: 'nope' })
    expect(res.status).toBe(401)
    expect(res.json.error_msg).toMatch(/invalid access token/)
  })
})

describe('roles', () => {
  it('lets a tester read the app but not trigger a build', async () => {
    expect((await call(emu, 'GET', '/apps/ios-app', { token: TOKENS.tester })).status).toBe(200)
    const res = await call(emu, 'POST', '/apps/ios-app/builds', {
      token: TOKENS.tester,
      body: triggerBody({ branch: 'main' })
    })
    expect(res.status).toBe(403)
    expect(res.json.message).toMatch(/Owner or Admin or Platform Engineer or Developer/)
  })

  it('lets a developer trigger but not upload or read the configuration', async () => {
    const trigger = await call(emu, 'POST', '/apps/ios-app/builds', {
      token: TOKENS.developer,
      body: triggerBody({ branch: 'main' })
    })
    expect(trigger.status).toBe(201)
    const upload = await call(emu, 'POST', '/apps/ios-app/service.yml', {
      token: TOKENS.developer,
      body: { app_config_datastore_yaml: 'format_version: "13"\n' }
    })
    expect(upload.status).toBe(403)
    expect(upload.json.message).toMatch(/Owner or Admin/)
    expect((await call(emu, 'GET', '/apps/ios-app/service.yml', { token: TOKENS.developer })).status).toBe(403)
  })

  it('gives a group member the role the group holds on the app', async () => {
    // greta has no direct team role; her group release-team holds the manager (Developer) role.
    const res = await call(emu, 'POST', '/apps/ios-app/builds', {
      token: TOKENS.groupDeveloper,
      body: triggerBody({ branch: 'main' })
    })
    expect(res.status).toBe(201)
    const patch = await call(emu, 'PATCH', '/apps/ios-app', { token: TOKENS.groupDeveloper, body: { title: 'x' } })
    expect(patch.status).toBe(403)
  })

  it('refuses a caller without any role on the app', async () => {
    const res = await call(emu, 'GET', '/apps/ios-app', { token: TOKENS.outsider })
    expect(res.status).toBe(403)
    expect(res.json.message).toMatch(/no role/)
  })

  it('lets an admin but not a developer patch an app', async () => {
    expect(
      (await call(emu, 'PATCH', '/apps/web-app', { token: TOKENS.developer, body: { is_public: true } })).status
    ).toBe(403)
    const res = await call(emu, 'PATCH', '/apps/ios-app', { token: TOKENS.admin, body: { is_public: false } })
    expect(res.status).toBe(200)
  })
})

describe('roles: refusals', () => {
  it('refuses the Workspace machine type migration to anyone but its owner', async () => {
    const res = await call(emu, 'PATCH', '/organizations/acme/apps/machine_types', {
      token: TOKENS.admin,
      body: { from_machine: 'a', to_machine: 'b' }
    })
    expect(res.status).toBe(403)
    expect(res.json.message).toMatch(/owner role of organization "acme"/)
  })

  it('refuses the user machine type migration to another user', async () => {
    const res = await call(emu, 'PATCH', '/user/sam/apps/machine_types', {
      token: TOKENS.owner,
      body: { from_machine: 'a', to_machine: 'b' }
    })
    expect(res.status).toBe(403)
  })

  it('refuses roles, notifications and config location to a developer', async () => {
    const roles = await call(emu, 'GET', '/apps/ios-app/roles/admin', { token: TOKENS.developer })
    expect(roles.status).toBe(403)
    expect(roles.json.error_msg).toMatch(/Owner or Admin/)
    const mail = await call(emu, 'PATCH', '/apps/ios-app/update-email-notifications', {
      token: TOKENS.developer,
      body: { on_failure: 'never' }
    })
    expect(mail.status).toBe(403)
    expect((await call(emu, 'GET', '/apps/ios-app/service.yml/config', { token: TOKENS.developer })).status).toBe(403)
    expect(
      (
        await call(emu, 'PUT', '/apps/ios-app/service.yml/config', {
          token: TOKENS.tester,
          body: { location: 'service' }
        })
      ).status
    ).toBe(403)
  })

  it('refuses the SSH key and app deletion to a developer', async () => {
    expect(
      (await call(emu, 'POST', '/apps/ios-app/register-ssh-key', { token: TOKENS.developer, body: {} })).status
    ).toBe(403)
    expect((await call(emu, 'DELETE', '/apps/ios-app', { token: TOKENS.developer })).status).toBe(403)
  })

  it.each([
    ['an outsider', TOKENS.outsider],
    ['the owner of another account', TOKENS.solo]
  ])(
    'answers the Workspace app list of %s with 200 and no apps, as the published contract says',
    async (_who, token) => {
      const res = await call(emu, 'GET', '/organizations/acme/apps', { token })
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ data: [], paging: { total_item_count: 0, page_item_limit: 50 } })
      const member = await call(emu, 'GET', '/organizations/acme/apps', { token: TOKENS.owner })
      expect(member.json.data.length).toBeGreaterThan(0)
    }
  )

  it('refuses the group list of a Workspace to a non-member', async () => {
    const res = await call(emu, 'GET', '/organizations/acme/groups', { token: TOKENS.solo })
    expect(res.status).toBe(403)
    expect(res.json.error_msg).toMatch(/not a member/)
  })
})

describe('unknown things', () => {
  it.each([
    ['GET', '/apps/no-such-app'],
    ['GET', '/apps/no-such-app/branches'],
    ['POST', '/apps/no-such-app/builds'],
    ['GET', '/apps/ios-app/builds/no-such-build'],
    ['GET', '/apps/ios-app/builds/no-such-build/log'],
    ['POST', '/apps/ios-app/builds/no-such-build/abort'],
    ['GET', '/organizations/no-such-org/apps'],
    ['GET', '/organizations/no-such-org/groups'],
    ['PATCH', '/organizations/no-such-org/apps/machine_types'],
    ['GET', '/users/no-such-user/apps'],
    ['GET', '/no/such/endpoint']
  ])('%s %s answers 404', async (method, path) => {
    const res = await call(emu, method, path, { body: method === 'GET' ? undefined : {} })
    expect(res.status).toBe(404)
    expect(res.json.message ?? res.json.error_msg).toEqual(expect.any(String))
  })

  it('answers 404 outside the API prefix', async () => {
    const res = await fetch(`${emu.origin}/apps`)
    expect(res.status).toBe(404)
  })
})
