import { describe, expect, it } from '@jest/globals'
import type { RunningEmulator } from '../../../emulator/server.js'
import { call, sleep, TOKENS, triggerBody, withEmulator } from '../helpers.js'

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

describe('the five roles and public apps (bitrise-io/docs roles-and-permissions-for-bitrise-ci.mdx, public-projects.mdx)', () => {
  it('only an Owner deletes an app: an Admin is refused', async () => {
    const admin = await call(emu, 'DELETE', '/apps/android-app', { token: TOKENS.admin })
    expect(admin.status).toBe(403)
    expect(admin.json.message).toMatch(/Owner/)
    expect((await call(emu, 'DELETE', '/apps/android-app', { token: TOKENS.owner })).status).toBe(200)
  })

  it('a Platform Engineer edits the configuration file but not the settings, the team or the app', async () => {
    // Adam, who has no role on web-app, gets one through his group "platform": Platform Engineer.
    const body = { groups: ['platform'] }
    expect((await call(emu, 'PUT', '/apps/web-app/roles/platform_engineer', { body })).status).toBe(200)
    const as = { token: TOKENS.admin }
    expect((await call(emu, 'GET', '/apps/web-app/service.yml', as)).status).toBe(200)
    expect((await call(emu, 'GET', '/apps/web-app/service.yml/config', as)).status).toBe(403)
    expect((await call(emu, 'GET', '/apps/web-app/roles/admin', as)).status).toBe(403)
    expect((await call(emu, 'PATCH', '/apps/web-app', { ...as, body: { title: 'x' } })).status).toBe(403)
    expect((await call(emu, 'DELETE', '/apps/web-app', as)).status).toBe(403)
    const triggered = await call(emu, 'POST', '/apps/web-app/builds', {
      ...as,
      body: triggerBody({ branch: 'main', workflow_id: 'primary' })
    })
    expect(triggered.status).toBe(201)
  })

  it("a public app's build log is read by anyone with a valid token, its settings are not", async () => {
    const triggered = await call(emu, 'POST', '/apps/docs-site/builds', {
      body: triggerBody({ branch: 'main', workflow_id: 'primary' })
    })
    expect(triggered.status).toBe(201)
    const build = triggered.json.results[0].build_slug as string
    const outsider = { token: TOKENS.outsider }
    // The log answers 404 until its first chunk; the Owner's read waits for it.
    for (let tries = 0; tries < 100; tries++) {
      if ((await call(emu, 'GET', `/apps/docs-site/builds/${build}/log`)).status !== 404) break
      await sleep(50)
    }
    expect((await call(emu, 'GET', `/apps/docs-site/builds/${build}/log`, outsider)).status).toBe(200)
    expect((await call(emu, 'GET', `/apps/docs-site/builds/${build}/service.yml`, outsider)).status).toBe(200)
    expect((await call(emu, 'GET', '/apps/docs-site', outsider)).status).toBe(403)
    expect((await call(emu, 'POST', `/apps/docs-site/builds/${build}/abort`, { ...outsider, body: {} })).status).toBe(
      403
    )
    // The same log of a private app stays closed to a Tester/QA.
    const own = await call(emu, 'POST', '/apps/ios-app/builds', {
      body: triggerBody({ branch: 'main', workflow_id: 'primary' })
    })
    const log = await call(emu, 'GET', `/apps/ios-app/builds/${own.json.results[0].build_slug}/log`, {
      token: TOKENS.tester
    })
    expect(log.status).toBe(403)
  })
})
