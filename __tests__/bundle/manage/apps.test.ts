/**
 * register-app, list-apps, get-app, update-app, delete-app and list-branches, run from
 * dist/index.js against the fake service. Answers follow the shapes of the service's
 * published contract ({slug, status}, {build_trigger_token, ...}, {data, paging}).
 */
import { describe, expect, it } from '@jest/globals'
import { fakeServices, type Routes } from '../../helpers/fake-service.js'
import { randomSlug } from '../../helpers/random.js'
import { errorLine } from '../../helpers/run-action.js'
import {
  appState,
  clearRequestLog,
  emulatorPerFile,
  expectFailed,
  expectPassed,
  requestLog,
  type RunningEmulator,
  step
} from '../../helpers/scenarios/emulator-steps.js'
import {
  expectSuccess,
  runOperation,
  sent,
  SSH_PRIVATE_KEY,
  SSH_PUBLIC_KEY
} from '../../helpers/scenarios/operation-steps.js'
import { TRIGGER_TOKEN, expectTriggerTokenOnlyInItsOutput } from '../../helpers/subjects/apps.js'

const serve = fakeServices()

describe('register-app', () => {
  const registration = (): Routes => ({
    'POST /apps/register': { body: { slug: 'new-app-1', status: 'ok' } },
    'POST /apps/new-app-1/register-ssh-key': { body: { status: 'ok' } },
    'POST /apps/new-app-1/finish': {
      body: {
        status: 'ok',
        build_trigger_token: TRIGGER_TOKEN,
        branch_name: 'main',
        is_webhook_auto_reg_supported: true
      }
    }
  })
  const inputs = {
    'org-slug': 'org-acme',
    'project-type': 'ios',
    'stack-id': 'osx-xcode-16.0.x',
    'app-envs': 'SCHEME=Demo\nCONFIG=Release'
  }

  it('registers an SSH repository in three calls and outputs the slug and the masked trigger token', async () => {
    const fake = await serve(registration())
    const result = await runOperation(fake, 'register-app', {
      ...inputs,
      'repo-url': 'git@github.com:acme/demo-ios.git',
      title: 'Demo iOS',
      'is-public': 'true',
      'ssh-private-key': SSH_PRIVATE_KEY,
      'ssh-public-key': SSH_PUBLIC_KEY,
      'register-key-at-provider': 'true'
    })
    expectSuccess(result)
    expectTriggerTokenOnlyInItsOutput(result)
    expect(sent(fake.requests)).toEqual([
      {
        method: 'POST',
        path: '/apps/register',
        query: {},
        body: {
          provider: 'github',
          repo_url: 'git@github.com:acme/demo-ios.git',
          git_repo_slug: 'demo-ios',
          git_owner: 'acme',
          organization_slug: 'org-acme',
          is_public: true,
          type: 'git',
          title: 'Demo iOS'
        }
      },
      {
        method: 'POST',
        path: '/apps/new-app-1/register-ssh-key',
        query: {},
        body: {
          auth_ssh_private_key: `${SSH_PRIVATE_KEY}\n`,
          auth_ssh_public_key: SSH_PUBLIC_KEY,
          is_register_key_into_provider_service: true
        }
      },
      {
        method: 'POST',
        path: '/apps/new-app-1/finish',
        query: {},
        body: {
          project_type: 'ios',
          stack_id: 'osx-xcode-16.0.x',
          config: 'other-config',
          mode: 'manual',
          envs: { SCHEME: 'Demo', CONFIG: 'Release' },
          organization_slug: 'org-acme'
        }
      }
    ])
    expect(result.outputs['app-slug']).toBe('new-app-1')
    expect(JSON.parse(result.outputs.response)).toEqual({
      status: 'ok',
      build_trigger_token: '***',
      branch_name: 'main',
      is_webhook_auto_reg_supported: true
    })
    expect(result.summary).toContain('Registered \u00b7 new-app-1')
  })

  it('skips the SSH key for an HTTPS repository and sends no title when none is given', async () => {
    const fake = await serve(registration())
    const result = await runOperation(fake, 'register-app', {
      ...inputs,
      'repo-url': 'https://github.com/acme/demo-ios.git',
      'ssh-private-key': '',
      'ssh-public-key': ''
    })
    expectSuccess(result)
    expectTriggerTokenOnlyInItsOutput(result)
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /apps/register',
      'POST /apps/new-app-1/finish'
    ])
    expect(fake.requests[0].body).toEqual({
      provider: 'github',
      repo_url: 'https://github.com/acme/demo-ios.git',
      git_repo_slug: 'demo-ios',
      git_owner: 'acme',
      organization_slug: 'org-acme',
      is_public: false,
      type: 'git'
    })
    expect(result.outputs['app-slug']).toBe('new-app-1')
    expect(result.summary).toContain('not needed (HTTPS repository URL)')
  })

  it.each(['github', 'gitlab', 'gitlab-self-hosted', 'bitbucket', 'custom'])(
    'sends the provider %s, a value of the published contract',
    async (provider) => {
      const fake = await serve(registration())
      const result = await runOperation(fake, 'register-app', {
        ...inputs,
        provider,
        'repo-url': 'https://git.example.com/acme/demo-ios.git'
      })
      expectSuccess(result)
      expect((fake.requests[0].body as { provider: string }).provider).toBe(provider)
    }
  )

  it('still sends provider other, as before the contract values were accepted, and warns naming custom', async () => {
    const fake = await serve(registration())
    const result = await runOperation(fake, 'register-app', {
      ...inputs,
      provider: 'other',
      'repo-url': 'https://git.example.com/acme/demo-ios.git'
    })
    expectSuccess(result)
    expect((fake.requests[0].body as { provider: string }).provider).toBe('other')
    expect(result.stdout).toMatch(
      /::warning::provider "other" is not a value the service documents; it is sent as given, but custom is the documented value/
    )
  })

  it('keeps the app slug output and says what is left when the SSH key step fails', async () => {
    const fake = await serve({
      ...registration(),
      'POST /apps/new-app-1/register-ssh-key': { status: 422, body: { message: 'key rejected' } }
    })
    const result = await runOperation(fake, 'register-app', {
      ...inputs,
      'repo-url': 'git@github.com:acme/demo-ios.git',
      'ssh-private-key': SSH_PRIVATE_KEY,
      'ssh-public-key': SSH_PUBLIC_KEY
    })
    expect(result.code).toBe(1)
    expect(result.outputs['app-slug']).toBe('new-app-1')
    expect(errorLine(result)).toMatch(
      /POST \/apps\/new-app-1\/register-ssh-key failed: the service answered 422: key rejected/
    )
    expect(result.stdout).toMatch(/::warning::The app new-app-1 was registered, but adding the SSH key failed/)
    expect(fake.calls('POST /apps/new-app-1/finish')).toHaveLength(0)
    // A 422 is not retried: the key was sent once.
    expect(fake.calls('POST /apps/new-app-1/register-ssh-key')).toHaveLength(1)
  })
})

describe('register-app default-branch, against the emulator', () => {
  let emu: RunningEmulator
  emulatorPerFile((started) => (emu = started))

  function register(repo: string, extra: Record<string, string> = {}): Promise<Awaited<ReturnType<typeof step>>> {
    return step(emu, 'register-app', {
      'repo-url': `https://github.com/acme/${repo}.git`,
      'org-slug': 'acme',
      'project-type': 'android',
      'stack-id': 'linux-docker-22.04',
      ...extra
    })
  }

  describe('register-app default-branch', () => {
    it('sends default_branch_name when default-branch is given, and the app gets that branch', async () => {
      const branch = `release/${randomSlug('b')}`
      await clearRequestLog(emu)
      const result = await register(randomSlug('repo'), { 'default-branch': branch })
      expectPassed(result)
      const sent = (await requestLog(emu)).find(
        (entry) => entry.path === '/v0.1/apps/register' || entry.path === '/apps/register'
      )
      expect(sent?.body).toMatchObject({ default_branch_name: branch })
      expect(await appState(emu, result.outputs['app-slug'])).toMatchObject({
        default_branch: branch,
        branches: [branch]
      })
    })

    it('sends no default_branch_name when default-branch is empty, and the emulator applies the contract default master', async () => {
      await clearRequestLog(emu)
      const result = await register(randomSlug('repo'))
      expectPassed(result)
      const sent = (await requestLog(emu)).find((entry) => entry.path.endsWith('/apps/register'))
      expect(sent?.body).toBeDefined()
      expect(Object.keys(sent?.body as object)).not.toContain('default_branch_name')
      expect(await appState(emu, result.outputs['app-slug'])).toMatchObject({ default_branch: 'master' })
    })

    it('refuses a default-branch that is no git ref name, before sending anything', async () => {
      await clearRequestLog(emu)
      const result = await register(randomSlug('repo'), { 'default-branch': `bad..${randomSlug()}` })
      expectFailed(result)
      expect(result.stdout).toMatch(/default-branch/)
      expect(await requestLog(emu)).toEqual([])
    })
  })
})
