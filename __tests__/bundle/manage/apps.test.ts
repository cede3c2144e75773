/**
 * register-app, list-apps, get-app, update-app, delete-app and list-branches, run from
 * dist/index.js against the fake service. Answers follow the shapes of the service's
 * published contract ({slug, status}, {build_trigger_token, ...}, {data, paging}).
 */
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fakeServices, type Routes } from '../../helpers/fake-service.js'
import { randomSlug } from '../../helpers/random.js'
import { errorLine, type RunResult } from '../../helpers/run-action.js'
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

const serve = fakeServices()

const TRIGGER_TOKEN = 'btt-TRIGGER-5678'
const APP = {
  slug: 'app-9f2',
  title: 'Demo iOS',
  project_type: 'ios',
  provider: 'github',
  repo_owner: 'acme',
  repo_url: 'git@github.com:acme/demo-ios.git',
  repo_slug: 'demo-ios',
  is_disabled: false,
  status: 1,
  is_public: false,
  owner: { account_type: 'organization', name: 'Acme', slug: 'org-acme' },
  avatar_url: null
}

/** The trigger token must reach its output (later steps need it) and nowhere else, the log showing it masked. */
function expectTriggerTokenOnlyInItsOutput(result: RunResult): void {
  const stdout = result.stdout
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n')
  const { 'build-trigger-token': token, ...otherOutputs } = result.outputs
  expect(token).toBe(TRIGGER_TOKEN)
  expect(result.stdout).toContain(`::add-mask::${TRIGGER_TOKEN}`)
  for (const [place, text] of Object.entries({
    stdout,
    stderr: result.stderr,
    summary: result.summary,
    otherOutputs: JSON.stringify(otherOutputs)
  })) {
    expect({ place, leaked: text.includes(TRIGGER_TOKEN) }).toEqual({ place, leaked: false })
  }
}

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
    const temp = mkdtempSync(join(tmpdir(), 'list-apps-temp-'))
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
