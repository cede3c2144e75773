/**
 * finish ends a registration once. Called again it is refused and changes nothing, so an Admin
 * who also belongs to another Workspace cannot move an app there and become its Owner.
 */
import { describe, expect, it } from '@jest/globals'
import type { RunningEmulator } from '../../../emulator/server.js'
import type { Seed } from '../../../emulator/model/types.js'
import { randomSlug, randomToken } from '../../helpers/random.js'
import { call, withEmulator } from '../helpers.js'

// Every name is drawn per run, so nothing in the emulator can single them out.
const home = randomSlug('home-')
const other = randomSlug('other-')
const sharedGroup = randomSlug('group-')
const owner = { slug: randomSlug('owner-'), token: randomToken() }
const admin = { slug: randomSlug('admin-'), token: randomToken() }
const bystander = { slug: randomSlug('by-'), token: randomToken() }
const seeded = randomSlug('app-')

/** `admin` is an Admin of the seeded app in `home` and owns `other`, whose group shares a slug with one of `home`. */
const SEED: Seed = {
  users: [owner, admin, bystander].map((u) => ({ slug: u.slug, name: u.slug })),
  tokens: Object.fromEntries([owner, admin, bystander].map((u) => [u.token, u.slug])),
  organizations: [
    {
      slug: home,
      name: home,
      owners: [owner.slug],
      groups: [{ slug: sharedGroup, name: 'home group', members: [admin.slug] }]
    },
    {
      slug: other,
      name: other,
      owners: [admin.slug],
      groups: [{ slug: sharedGroup, name: 'other group', members: [bystander.slug] }]
    }
  ],
  apps: [
    {
      slug: seeded,
      owner: { account_type: 'organization', slug: home },
      team: { [owner.slug]: 'owner', [admin.slug]: 'admin' }
    }
  ]
}

let emu: RunningEmulator
withEmulator({ seed: SEED }, (started) => (emu = started))

const roles = (app: string) => ({
  owner: emu.state.roleOf(owner.slug, emu.state.apps.get(app)!),
  admin: emu.state.roleOf(admin.slug, emu.state.apps.get(app)!),
  bystander: emu.state.roleOf(bystander.slug, emu.state.apps.get(app)!)
})
const stateOf = async (app: string) =>
  (await call(emu, 'GET', '/_emulator/state')).json.apps.find((a: { slug: string }) => a.slug === app)

describe('a second finish', () => {
  it('is refused on an app that exists already, and moves it nowhere', async () => {
    const before = await stateOf(seeded)
    const res = await call(emu, 'POST', `/apps/${seeded}/finish`, {
      token: admin.token,
      body: { organization_slug: other, project_type: 'ios', envs: { A: 'b' } }
    })
    expect(res.status).toBe(400)
    expect(res.json.message).toMatch(/has already finished its registration/)
    expect(await stateOf(seeded)).toEqual(before)
    expect(roles(seeded)).toEqual({ owner: 'owner', admin: 'admin', bystander: null })
  })

  it('is refused after a registration finished, leaving owner, roles, grants and trigger token as they were', async () => {
    const register = {
      provider: 'github',
      repo_url: `git@github.com:${home}/${seeded}.git`,
      git_repo_slug: seeded,
      git_owner: home,
      organization_slug: home
    }
    const slug = (await call(emu, 'POST', '/apps/register', { token: owner.token, body: register })).json.slug as string
    const first = await call(emu, 'POST', `/apps/${slug}/finish`, {
      token: owner.token,
      body: { organization_slug: home, mode: 'manual' }
    })
    expect(first.status).toBe(200)
    expect(
      (await call(emu, 'PUT', `/apps/${slug}/roles/admin`, { token: owner.token, body: { groups: [sharedGroup] } }))
        .status
    ).toBe(200)
    const before = await stateOf(slug)
    expect(before.registration_finished).toBe(true)
    expect(roles(slug)).toEqual({ owner: 'owner', admin: 'admin', bystander: null })

    const again = await call(emu, 'POST', `/apps/${slug}/finish`, {
      token: admin.token,
      body: { organization_slug: other }
    })
    expect(again.status).toBe(400)
    expect(again.json.message).toMatch(/has already finished its registration/)
    expect(again.text).not.toContain(first.json.build_trigger_token)
    expect(await stateOf(slug)).toEqual(before)
    expect(roles(slug)).toEqual({ owner: 'owner', admin: 'admin', bystander: null })
  })
})

describe('the first finish', () => {
  it("may hand the app to another Workspace, and then drops the old Workspace's group grants", async () => {
    const register = {
      provider: 'github',
      repo_url: `git@github.com:${home}/x.git`,
      git_repo_slug: 'x',
      git_owner: home,
      organization_slug: home
    }
    const slug = (await call(emu, 'POST', '/apps/register', { token: admin.token, body: register })).json.slug as string
    expect(
      (await call(emu, 'PUT', `/apps/${slug}/roles/manager`, { token: admin.token, body: { groups: [sharedGroup] } }))
        .status
    ).toBe(200)
    const res = await call(emu, 'POST', `/apps/${slug}/finish`, {
      token: admin.token,
      body: { organization_slug: other }
    })
    expect(res.status).toBe(200)
    const after = await stateOf(slug)
    expect(after.owner.slug).toBe(other)
    expect(after.group_roles).toEqual({ admin: [], platform_engineer: [], manager: [], member: [] })
    // The same-named group of the new Workspace gains nothing.
    expect(roles(slug).bystander).toBeNull()
  })
})
