import { describe, expect, it } from '@jest/globals'
import type { RunningEmulator } from '../../../emulator/server.js'
import { call, TOKENS, withEmulator } from '../helpers.js'

let emu: RunningEmulator
withEmulator({}, (started) => (emu = started))

const REGISTER = {
  provider: 'github',
  repo_url: 'git@github.com:acme/new-app.git',
  git_repo_slug: 'new-app',
  git_owner: 'acme',
  organization_slug: 'acme',
  is_public: false,
  type: 'git'
}

describe('registration', () => {
  it('registers, takes an SSH key and finishes; the caller becomes owner', async () => {
    const reg = await call(emu, 'POST', '/apps/register', { token: TOKENS.admin, body: REGISTER })
    expect(reg.status).toBe(200)
    expect(reg.json).toEqual({ status: 'ok', slug: expect.any(String) })
    const slug = reg.json.slug as string

    const app = await call(emu, 'GET', `/apps/${slug}`, { token: TOKENS.admin })
    expect(app.json.data).toMatchObject({
      slug,
      title: 'new-app',
      repo_slug: 'new-app',
      owner: { account_type: 'organization', slug: 'acme' }
    })
    expect(emu.state.roleOf('adam', emu.state.apps.get(slug)!)).toBe('owner')

    const privateKey = '-----BEGIN OPENSSH PRIVATE KEY-----\nsecret-material\n-----END OPENSSH PRIVATE KEY-----'
    const key = await call(emu, 'POST', `/apps/${slug}/register-ssh-key`, {
      token: TOKENS.admin,
      body: {
        auth_ssh_private_key: privateKey,
        auth_ssh_public_key: 'ssh-ed25519 AAAA',
        is_register_key_into_provider_service: true
      }
    })
    expect(key.status).toBe(200)
    expect(key.json).toEqual({ status: 'ok' })

    const finish = await call(emu, 'POST', `/apps/${slug}/finish`, {
      token: TOKENS.admin,
      body: {
        project_type: 'ios',
        stack_id: 'osx-xcode-16',
        config: 'default-ios-config',
        mode: 'manual',
        envs: { FOO: 'bar' }
      }
    })
    expect(finish.status).toBe(200)
    // Registered without default_branch_name: the published contract's default is master.
    expect(finish.json).toEqual({
      status: 'ok',
      build_trigger_token: expect.any(String),
      branch_name: 'master',
      is_webhook_auto_reg_supported: true
    })

    const dump = await call(emu, 'GET', '/_emulator/state')
    const stored = dump.json.apps.find((a: { slug: string }) => a.slug === slug)
    expect(stored).toMatchObject({
      has_ssh_key: true,
      project_type: 'ios',
      stack_id: 'osx-xcode-16',
      envs: { FOO: 'bar' }
    })
    // The private key appears nowhere: not in the state dump, not in the request log.
    expect(dump.text).not.toContain('secret-material')
    expect((await call(emu, 'GET', '/_emulator/requests')).text).not.toContain('secret-material')
  })
})

describe('registration: refusals', () => {
  it.each(['provider', 'repo_url', 'git_repo_slug', 'git_owner', 'organization_slug'])(
    'refuses registration without %s',
    async (field) => {
      const body: Record<string, unknown> = { ...REGISTER }
      delete body[field]
      const res = await call(emu, 'POST', '/apps/register', { body })
      expect(res.status).toBe(400)
      expect(res.json.error_msg).toContain(field)
    }
  )

  it('refuses registration into an unknown or foreign Workspace', async () => {
    expect(
      (await call(emu, 'POST', '/apps/register', { body: { ...REGISTER, organization_slug: 'nope' } })).status
    ).toBe(404)
    const foreign = await call(emu, 'POST', '/apps/register', { body: { ...REGISTER, organization_slug: 'globex' } })
    expect(foreign.status).toBe(403)
    expect(foreign.json.error_msg).toMatch(/not a member/)
  })

  it('refuses an SSH key for an HTTPS repository', async () => {
    const res = await call(emu, 'POST', '/apps/sam-cli/register-ssh-key', {
      token: TOKENS.solo,
      body: { auth_ssh_private_key: 'k', auth_ssh_public_key: 'p' }
    })
    // 400: the refusal the published contract lists for register-ssh-key (it lists no 422).
    expect(res.status).toBe(400)
    expect(res.json.message).toMatch(/HTTPS repo_url/)
  })

  it('refuses a finish mode other than manual and non-string envs', async () => {
    const slug = (await call(emu, 'POST', '/apps/register', { body: REGISTER })).json.slug as string
    const mode = await call(emu, 'POST', `/apps/${slug}/finish`, { body: { mode: 'auto' } })
    expect(mode.status).toBe(400)
    expect(mode.json.message).toMatch(/mode/)
    const envs = await call(emu, 'POST', `/apps/${slug}/finish`, { body: { envs: { A: 1 } } })
    expect(envs.status).toBe(400)
    expect(envs.json.message).toMatch(/envs\.A/)
  })
})

describe('listing apps', () => {
  it('pages through five apps two at a time', async () => {
    const seen: string[] = []
    let next: string | undefined
    let pages = 0
    do {
      const res = await call(emu, 'GET', `/organizations/acme/apps?limit=2${next ? `&next=${next}` : ''}`)
      expect(res.status).toBe(200)
      expect(res.json.paging).toMatchObject({ total_item_count: 5, page_item_limit: 2 })
      seen.push(...res.json.data.map((a: { slug: string }) => a.slug))
      next = res.json.paging.next
      pages++
    } while (next)
    expect(pages).toBe(3)
    expect(seen).toEqual(['ios-app', 'android-app', 'web-app', 'api-server', 'docs-site'])
  })

  it('leaves next out on the last page', async () => {
    const res = await call(emu, 'GET', '/apps?limit=50')
    expect(res.json.paging.next).toBeUndefined()
    expect(res.json.data).toHaveLength(5)
  })

  it.each(['0', '51', 'abc', '2.5'])('refuses limit=%s', async (limit) => {
    const res = await call(emu, 'GET', `/apps?limit=${limit}`)
    expect(res.status).toBe(400)
    expect(res.json.message).toMatch(/limit/)
  })

  it('refuses an unknown next anchor', async () => {
    expect((await call(emu, 'GET', '/apps?next=nope')).status).toBe(400)
  })
})

describe('listing apps: whose apps', () => {
  it("lists only the caller's apps", async () => {
    const res = await call(emu, 'GET', '/apps', { token: TOKENS.tester })
    expect(res.json.data.map((a: { slug: string }) => a.slug)).toEqual(['ios-app', 'android-app'])
  })

  it("lists a user's apps with the interface's fields", async () => {
    const res = await call(emu, 'GET', '/users/sam/apps', { token: TOKENS.solo })
    expect(res.status).toBe(200)
    expect(res.json.data).toEqual([
      {
        slug: 'sam-cli',
        title: 'sam-cli',
        project_type: 'other',
        provider: 'github',
        repo_owner: 'sam',
        repo_url: 'https://github.com/sam/sam-cli.git',
        repo_slug: 'sam-cli',
        is_disabled: false,
        status: 1,
        is_public: false,
        owner: { account_type: 'user', name: 'Sam Solo', slug: 'sam' },
        avatar_url: null
      }
    ])
  })

  it('lists the branches of the repository', async () => {
    const res = await call(emu, 'GET', '/apps/ios-app/branches', { token: TOKENS.tester })
    expect(res.json).toEqual({ data: ['main', 'develop', 'release/1.2', 'feature/login'] })
  })
})

describe('updating and deleting apps', () => {
  it('changes only the given fields', async () => {
    const res = await call(emu, 'PATCH', '/apps/web-app', {
      body: { title: 'Web', is_public: true, services_credential_user_id: 42 }
    })
    expect(res.status).toBe(200)
    // The published contract's answer is {status} only (AppUpdateRespModel): no app.
    expect(res.json).toEqual({ status: 'ok' })
    const again = await call(emu, 'GET', '/apps/web-app')
    expect(again.json.data).toMatchObject({
      title: 'Web',
      is_public: true,
      repo_url: 'git@github.com:acme/web-app.git'
    })
  })

  it.each([
    ['title', 5],
    ['is_public', 'yes'],
    ['default_branch', false],
    ['repository_url', []],
    ['apple_credential_user_slug', 1]
  ])('refuses a wrong type for %s and changes nothing', async (field, value) => {
    const res = await call(emu, 'PATCH', '/apps/web-app', { body: { title: 'Changed', [field]: value } })
    expect(res.status).toBe(400)
    expect(res.json.message).toContain(field)
    expect((await call(emu, 'GET', '/apps/web-app')).json.data.title).toBe('web-app')
  })

  it('deletes an app for good', async () => {
    expect((await call(emu, 'DELETE', '/apps/docs-site')).status).toBe(200)
    expect((await call(emu, 'GET', '/apps/docs-site')).status).toBe(404)
    expect((await call(emu, 'DELETE', '/apps/docs-site')).status).toBe(404)
  })
})
