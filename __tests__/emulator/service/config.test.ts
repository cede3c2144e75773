import { describe, expect, it } from '@jest/globals'
import { randomSlug } from '../../helpers/random.js'
import { load } from 'js-yaml'
import type { RunningEmulator } from '../../../emulator/server.js'
import { call, TOKENS, withEmulator } from '../helpers.js'

let emu: RunningEmulator
withEmulator({}, (started) => (emu = started))

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const yamlOf = async (app: string, token: string = TOKENS.owner): Promise<any> =>
  load((await call(emu, 'GET', `/apps/${app}/service.yml`, { token })).text)

describe('service.yml', () => {
  it('returns the stored configuration as text/plain', async () => {
    const res = await call(emu, 'GET', '/apps/ios-app/service.yml', { token: TOKENS.admin })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(res.text).toContain('machine_type_id: g2-m1.4core')
  })

  it('stores uploaded YAML text as it was sent', async () => {
    const text = 'format_version: "13"\nworkflows:\n  only: {}\n'
    const res = await call(emu, 'POST', '/apps/web-app/service.yml', { body: { app_config_datastore_yaml: text } })
    expect(res.status).toBe(200)
    expect((await call(emu, 'GET', '/apps/web-app/service.yml')).text).toBe(text)
  })

  it('accepts an object and stores it serialised', async () => {
    const res = await call(emu, 'POST', '/apps/web-app/service.yml', {
      body: { app_config_datastore_yaml: { format_version: '13', workflows: { a: {} } } }
    })
    expect(res.status).toBe(200)
    expect(await yamlOf('web-app')).toEqual({ format_version: '13', workflows: { a: {} } })
  })

  it.each([
    // 400, the refusal the published contract lists for this route (it lists no 422).
    ['broken YAML', { app_config_datastore_yaml: 'a: [unclosed' }, 400],
    ['a YAML scalar', { app_config_datastore_yaml: 'just text' }, 400],
    ['a missing field', {}, 400],
    ['a number', { app_config_datastore_yaml: 3 }, 400]
  ])('refuses %s naming the field', async (_name, body, status) => {
    const res = await call(emu, 'POST', '/apps/web-app/service.yml', { body })
    expect(res.status).toBe(status)
    expect(res.json.message).toContain('app_config_datastore_yaml')
  })
})

describe('configuration location', () => {
  it('defaults to service and switches to repository with 204 and no body', async () => {
    expect((await call(emu, 'GET', '/apps/web-app/service.yml/config')).json).toEqual({ location: 'service' })
    const put = await call(emu, 'PUT', '/apps/web-app/service.yml/config', { body: { location: 'repository' } })
    expect(put.status).toBe(204)
    expect(put.text).toBe('')
    expect((await call(emu, 'GET', '/apps/web-app/service.yml/config', { token: TOKENS.owner })).json).toEqual({
      location: 'repository'
    })
  })

  it.each([{ location: 'elsewhere' }, { location: 5 }, {}])('refuses %j', async (body) => {
    const res = await call(emu, 'PUT', '/apps/web-app/service.yml/config', { body })
    expect(res.status).toBe(400)
    expect(res.json.message).toContain('location')
  })
})

describe('group roles', () => {
  it('lists, replaces and clears the groups holding a role', async () => {
    expect((await call(emu, 'GET', '/apps/ios-app/roles/manager')).json).toEqual({ groups: ['release-team'] })
    const put = await call(emu, 'PUT', '/apps/ios-app/roles/manager', { body: { groups: ['platform', 'qa-team'] } })
    expect(put.status).toBe(200)
    expect(put.json).toEqual({ groups: ['platform', 'qa-team'] })
    expect((await call(emu, 'GET', '/apps/ios-app/roles/manager')).json).toEqual({ groups: ['platform', 'qa-team'] })
    // release-team lost the role, so greta can no longer trigger.
    const trigger = await call(emu, 'POST', '/apps/ios-app/builds', {
      token: TOKENS.groupDeveloper,
      body: { hook_info: { type: 'service' }, build_params: { branch: 'main' } }
    })
    expect(trigger.status).toBe(403)
    expect((await call(emu, 'PUT', '/apps/ios-app/roles/manager', { body: { groups: [] } })).json).toEqual({
      groups: []
    })
  })

  it('refuses a group of another Workspace with 422 naming it', async () => {
    const res = await call(emu, 'PUT', '/apps/ios-app/roles/admin', { body: { groups: ['platform', 'nope'] } })
    expect(res.status).toBe(422)
    expect(res.json.error_msg).toContain('"nope"')
    expect((await call(emu, 'GET', '/apps/ios-app/roles/admin')).json).toEqual({ groups: [] })
  })

  it('refuses a body without a groups array', async () => {
    const res = await call(emu, 'PUT', '/apps/ios-app/roles/admin', { body: { groups: 'platform' } })
    // 422: the one refusal the published contract lists for PUT roles.
    expect(res.status).toBe(422)
    expect(res.json.error_msg).toContain('groups')
  })

  // The one refusal the published contract lists per route: 404 for GET, 422 for PUT.
  it('takes the role name platform_engineer (the published contract names it; the docs name the Platform Engineer)', async () => {
    const put = await call(emu, 'PUT', '/apps/ios-app/roles/platform_engineer', { body: { groups: ['platform'] } })
    expect(put.status).toBe(200)
    const res = await call(emu, 'GET', '/apps/ios-app/roles/platform_engineer')
    expect(res.status).toBe(200)
    expect(JSON.stringify(res.json)).toContain('platform')
  })

  it.each(['owner', 'platform', randomSlug('x-')])('refuses the role name %s', async (role) => {
    const res = await call(emu, 'GET', `/apps/ios-app/roles/${role}`)
    expect(res.status).toBe(404)
    expect(res.json.error_msg).toMatch(/role-name/)
    const put = await call(emu, 'PUT', `/apps/ios-app/roles/${role}`, { body: { groups: [] } })
    expect(put.status).toBe(422)
    expect(put.json.error_msg).toMatch(/role-name/)
  })

  it('lists Workspace groups with status 201 as a bare array', async () => {
    const res = await call(emu, 'GET', '/organizations/acme/groups', { token: TOKENS.tester })
    expect(res.status).toBe(201)
    expect(res.json).toEqual([
      { slug: 'release-team', name: 'Release team' },
      { slug: 'qa-team', name: 'QA team' },
      { slug: 'platform', name: 'Platform' }
    ])
  })
})

describe('machine type migration', () => {
  it('replaces the type in the default stack and in workflow stacks', async () => {
    const first = await call(emu, 'PATCH', '/organizations/acme/apps/machine_types', {
      body: { from_machine: 'g2-m1.4core', to_machine: 'g2-m2.4core' }
    })
    expect(first.status).toBe(200)
    expect(first.json.migrated_apps).toEqual(['ios-app (ios-app)'])
    expect(first.json.message).toEqual(expect.any(String))
    const second = await call(emu, 'PATCH', '/organizations/acme/apps/machine_types', {
      body: { from_machine: 'g2-m1.8core', to_machine: 'g2-m2.8core' }
    })
    expect(second.json.migrated_apps).toEqual(['ios-app (ios-app)'])
    const config = await yamlOf('ios-app')
    expect(config.meta.service.machine_type_id).toBe('g2-m2.4core')
    expect(config.workflows.deploy.meta.service.machine_type_id).toBe('g2-m2.8core')
    expect(config.workflows.deploy.meta.service.stack).toBe('osx-xcode-16.0.x')
  })

  it('migrates every matching app of the Workspace, default or workflow stack', async () => {
    const res = await call(emu, 'PATCH', '/organizations/acme/apps/machine_types', {
      body: { from_machine: 'standard', to_machine: 'large' }
    })
    expect(res.json.migrated_apps).toEqual(['android-app (android-app)', 'web-app (web-app)', 'docs-site (docs-site)'])
    // sam-cli also uses "standard" but belongs to a user, not to the Workspace.
    expect((await yamlOf('sam-cli', TOKENS.solo)).meta.service.machine_type_id).toBe('standard')
  })

  it('answers 200 with an empty list when nothing matches, changing nothing', async () => {
    const before = (await call(emu, 'GET', '/apps/ios-app/service.yml')).text
    const res = await call(emu, 'PATCH', '/organizations/acme/apps/machine_types', {
      body: { from_machine: 'g1-none', to_machine: 'g2-m2.4core' }
    })
    expect(res.status).toBe(200)
    expect(res.json.migrated_apps).toEqual([])
    expect((await call(emu, 'GET', '/apps/ios-app/service.yml')).text).toBe(before)
  })

  it("migrates a user's own apps", async () => {
    const res = await call(emu, 'PATCH', '/user/sam/apps/machine_types', {
      token: TOKENS.solo,
      body: { from_machine: 'standard', to_machine: 'large' }
    })
    expect(res.status).toBe(200)
    expect(res.json.migrated_apps).toEqual(['sam-cli (sam-cli)'])
    expect((await yamlOf('sam-cli', TOKENS.solo)).meta.service.machine_type_id).toBe('large')
  })

  it('reports apps whose configuration cannot be read', async () => {
    await call(emu, 'POST', '/apps/web-app/service.yml', { body: { app_config_datastore_yaml: 'meta: {}' } })
    emu.state.apps.get('web-app')!.serviceYml = 'meta: ['
    const res = await call(emu, 'PATCH', '/organizations/acme/apps/machine_types', {
      body: { from_machine: 'standard', to_machine: 'large' }
    })
    expect(res.status).toBe(200)
    expect(res.json.errors).toEqual([{ app: 'web-app (web-app)', error: expect.stringMatching(/not valid YAML/) }])
  })

  it.each([
    [{ to_machine: 'b' }, 'from_machine'],
    [{ from_machine: 'a' }, 'to_machine'],
    [{ from_machine: '', to_machine: 'b' }, 'from_machine'],
    [{ from_machine: 'a', to_machine: 7 }, 'to_machine']
  ])('refuses %j naming %s', async (body, field) => {
    const res = await call(emu, 'PATCH', '/organizations/acme/apps/machine_types', { body })
    expect(res.status).toBe(400)
    expect(res.json.message).toContain(field)
  })
})

describe('email notifications', () => {
  const settings = async (): Promise<unknown> =>
    (await call(emu, 'GET', '/_emulator/state')).json.apps.find((a: { slug: string }) => a.slug === 'web-app')
      .notifications

  it('starts at always/change and changes only the given setting', async () => {
    expect(await settings()).toEqual({ on_failure: 'always', on_success: 'change' })
    const res = await call(emu, 'PATCH', '/apps/web-app/update-email-notifications', {
      token: TOKENS.owner,
      body: { on_failure: 'never' }
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ msg: 'ok' })
    expect(await settings()).toEqual({ on_failure: 'never', on_success: 'change' })
    await call(emu, 'PATCH', '/apps/web-app/update-email-notifications', { body: { on_success: 'always' } })
    expect(await settings()).toEqual({ on_failure: 'never', on_success: 'always' })
  })

  it.each([
    [{ on_failure: 'sometimes' }, 'on_failure'],
    [{ on_success: true }, 'on_success']
  ])('refuses %j naming %s', async (body, field) => {
    const res = await call(emu, 'PATCH', '/apps/web-app/update-email-notifications', { body })
    expect(res.status).toBe(400)
    expect(res.json.message).toContain(field)
  })
})
