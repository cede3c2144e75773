/**
 * One request per route of the emulator, for the contract test (server/contract.test.ts): each
 * drives its route once to success in a world of apps, builds and pipelines made for it.
 */
import { expect } from '@jest/globals'
import type { RunningEmulator } from '../../emulator/server.js'
import { call, sleep, triggerBody, type ApiAnswer } from './helpers.js'
import { randomSlug } from '../helpers/random.js'

export const SAME_REPO = { branch_repo_owner: 'acme', branch_dest_repo_owner: 'acme' }
export const PIPELINE_YML = [
  'pipelines:',
  '  release:',
  '    stages:',
  '    - build: { workflows: [primary] }',
  '    - ship: { workflows: [deploy] }',
  ''
].join('\n')

export interface Request {
  path: string
  body?: unknown
  token?: string
  /** A request the route refuses for what it says (a wrong field, an unknown role), when the route has one. */
  invalid?: { path: string; body?: unknown }
}

/** What each route is called with to succeed; the world is built as the rows need it. */
export const REQUESTS: Record<string, (w: World) => Promise<Request>> = {
  'POST /apps/register': async () => ({
    path: '/apps/register',
    body: {
      provider: 'github',
      repo_url: `https://github.com/acme/${randomSlug()}.git`,
      git_repo_slug: randomSlug(),
      git_owner: 'acme',
      organization_slug: 'acme',
      is_public: false,
      type: 'git'
    }
  }),
  'POST /apps/:app/register-ssh-key': async (w) => ({
    path: `/apps/${await w.registered('git@github.com:acme/ssh-app.git')}/register-ssh-key`,
    body: {
      auth_ssh_private_key: 'k',
      auth_ssh_public_key: 'ssh-ed25519 AAAA',
      is_register_key_into_provider_service: false
    },
    // A key for an HTTPS repository has no use.
    invalid: {
      path: `/apps/${await w.registered(`https://github.com/acme/${randomSlug()}.git`)}/register-ssh-key`,
      body: { auth_ssh_private_key: 'k', auth_ssh_public_key: 'p' }
    }
  }),
  'POST /apps/:app/finish': async (w) => ({
    path: `/apps/${await w.registered(`https://github.com/acme/${randomSlug()}.git`)}/finish`,
    body: {
      project_type: 'android',
      stack_id: 'linux-docker-22.04',
      config: 'other-config',
      mode: 'manual',
      envs: {},
      organization_slug: 'acme'
    }
  }),
  'GET /apps': async () => ({ path: '/apps' }),
  'GET /organizations/:org/apps': async () => ({ path: '/organizations/acme/apps' }),
  'GET /users/:user/apps': async () => ({ path: '/users/olivia/apps' }),
  'GET /apps/:app': async () => ({ path: '/apps/web-app' }),
  'PATCH /apps/:app': async () => ({
    path: '/apps/web-app',
    body: { title: randomSlug('title-') },
    invalid: { path: '/apps/web-app', body: { is_public: 'yes' } }
  }),
  'DELETE /apps/:app': async (w) => ({
    path: `/apps/${await w.registered(`https://github.com/acme/${randomSlug()}.git`)}`
  }),
  'GET /apps/:app/branches': async () => ({ path: '/apps/ios-app/branches' }),
  'GET /me': async () => ({ path: '/me' }),
  'GET /organizations/:org': async () => ({ path: '/organizations/acme' }),
  'GET /apps/:app/service.yml': async () => ({ path: '/apps/ios-app/service.yml' }),
  'POST /apps/:app/service.yml': async (w) => ({
    path: '/apps/web-app/service.yml',
    body: { app_config_datastore_yaml: w.webAppYml },
    invalid: { path: '/apps/web-app/service.yml', body: { app_config_datastore_yaml: 'a: [unclosed' } }
  }),
  'GET /apps/:app/service.yml/config': async () => ({ path: '/apps/ios-app/service.yml/config' }),
  'PUT /apps/:app/service.yml/config': async () => ({
    path: '/apps/ios-app/service.yml/config',
    body: { location: 'service' }
  }),
  'POST /validate-bitrise-yml': async (w) => ({
    path: '/validate-bitrise-yml?app_slug=web-app',
    body: { bitrise_yml: w.webAppYml },
    invalid: { path: '/validate-bitrise-yml?app_slug=web-app', body: { bitrise_yml: 'a: [unclosed' } }
  }),
  'PATCH /user/:user/apps/machine_types': async () => ({
    path: '/user/olivia/apps/machine_types',
    body: { from_machine: 'm-unused', to_machine: 'm-other' }
  }),
  'PATCH /organizations/:org/apps/machine_types': async () => ({
    path: '/organizations/acme/apps/machine_types',
    body: { from_machine: 'm-unused', to_machine: 'm-other' }
  }),
  'PATCH /apps/:app/update-email-notifications': async () => ({
    path: '/apps/ios-app/update-email-notifications',
    body: { on_failure: 'always' }
  }),
  'GET /apps/:app/roles/:role': async () => ({
    path: '/apps/ios-app/roles/admin',
    invalid: { path: '/apps/ios-app/roles/owner' }
  }),
  'PUT /apps/:app/roles/:role': async () => ({
    path: '/apps/ios-app/roles/member',
    body: { groups: [] },
    invalid: { path: '/apps/ios-app/roles/member', body: { groups: 'release-team' } }
  }),
  'GET /organizations/:org/groups': async () => ({ path: '/organizations/acme/groups' }),
  'POST /apps/:app/builds': async () => ({
    path: '/apps/ios-app/builds',
    body: triggerBody({ branch: 'main', ...SAME_REPO }),
    invalid: { path: '/apps/ios-app/builds', body: triggerBody({ branch: 'main', pull_request_id: 'seven' }) }
  }),
  'GET /apps/:app/builds/:build': async (w) => ({ path: `/apps/ios-app/builds/${await w.finishedBuild()}` }),
  'GET /apps/:app/builds/:build/log': async (w) => ({ path: `/apps/ios-app/builds/${await w.finishedBuild()}/log` }),
  'GET /apps/:app/builds/:build/service.yml': async (w) => ({
    path: `/apps/ios-app/builds/${await w.finishedBuild()}/service.yml`
  }),
  'POST /apps/:app/builds/:build/abort': async (w) => ({
    path: `/apps/ios-app/builds/${await w.build({ branch: 'main', ...SAME_REPO })}/abort`,
    body: {}
  }),
  'GET /apps/:app/builds': async (w) => {
    await w.finishedBuild()
    return {
      path: '/apps/ios-app/builds?limit=1&branch=main&sort_by=running_first',
      invalid: { path: `/apps/ios-app/builds?trigger_event_type=${randomSlug()}` }
    }
  },
  'GET /apps/:app/build-workflows': async (w) => {
    await w.finishedBuild()
    return { path: '/apps/ios-app/build-workflows' }
  },
  'GET /apps/:app/build-requests': async (w) => {
    await w.held({ branch: 'main', pull_request_id: 7 })
    return { path: '/apps/ios-app/build-requests' }
  },
  'PATCH /apps/:app/build-requests/:request': async (w) => ({
    path: `/apps/ios-app/build-requests/${await w.openRequest()}`,
    body: { is_approved: true }
  }),
  'GET /builds/:build/ai-summary': async (w) => ({ path: `/builds/${await w.failedBuild()}/ai-summary` }),
  'GET /apps/:app/builds/:build/log/summary': async (w) => ({
    path: `/apps/ios-app/builds/${await w.finishedBuild()}/log/summary`
  }),
  'GET /apps/:app/builds/:build/test-results': async (w) => ({
    path: `/apps/ios-app/builds/${await w.finishedBuild()}/test-results`
  }),
  'GET /apps/:app/builds/:build/artifacts': async (w) => ({
    path: `/apps/ios-app/builds/${await w.finishedBuild()}/artifacts`
  }),
  'GET /apps/:app/builds/:build/artifacts/:artifact': async (w) => ({
    path: `/apps/ios-app/builds/${await w.finishedBuild()}/artifacts/${await w.artifact()}`
  }),
  'PATCH /apps/:app/builds/:build/artifacts/:artifact': async (w) => {
    const path = `/apps/ios-app/builds/${await w.finishedBuild()}/artifacts/${await w.artifact()}`
    return { path, body: { is_public_page_enabled: true }, invalid: { path, body: { is_public_page_enabled: 'yes' } } }
  },
  'GET /apps/:app/pipelines': async (w) => {
    await w.finishedPipeline()
    await w.finishedBuild()
    return {
      path: '/apps/ios-app/pipelines?limit=2&branch=main',
      invalid: { path: '/apps/ios-app/pipelines?status=finished' }
    }
  },
  'GET /apps/:app/pipelines/:pipeline': async (w) => ({ path: `/apps/ios-app/pipelines/${await w.pipeline()}` }),
  'POST /apps/:app/pipelines/:pipeline/abort': async (w) => ({
    path: `/apps/ios-app/pipelines/${await w.pipeline()}/abort`,
    body: { abort_reason: 'contract test' }
  }),
  'POST /apps/:app/pipelines/:pipeline/rebuild': async (w) => ({
    path: `/apps/ios-app/pipelines/${await w.finishedPipeline()}/rebuild`,
    body: {}
  })
}

/** The builds, apps and pipelines the requests need, made on demand. */
export class World {
  private finished?: string
  constructor(
    private readonly emu: RunningEmulator,
    readonly webAppYml: string
  ) {}

  async registered(repoUrl: string): Promise<string> {
    const body = {
      provider: 'github',
      repo_url: repoUrl,
      git_repo_slug: randomSlug(),
      git_owner: 'acme',
      organization_slug: 'acme',
      is_public: false,
      type: 'git'
    }
    return (await this.ok('POST', '/apps/register', body)).json.slug as string
  }

  async build(params: Record<string, unknown>): Promise<string> {
    return (await this.ok('POST', '/apps/ios-app/builds', triggerBody(params))).json.results[0].build_slug as string
  }

  async finishedBuild(): Promise<string> {
    if (this.finished) return this.finished
    const slug = await this.build({ branch: 'main', ...SAME_REPO })
    await this.until(async () => (await this.ok('GET', `/apps/ios-app/builds/${slug}`)).json.data.status !== 0)
    this.finished = slug
    return slug
  }

  /** A failed build of android-app, whose settings turn the AI build summary on (the seed). */
  async failedBuild(): Promise<string> {
    const started = await this.ok('POST', '/apps/android-app/builds', triggerBody({ branch: 'main', ...SAME_REPO }))
    const slug = started.json.results[0].build_slug as string
    await this.until(async () => (await this.ok('GET', `/apps/android-app/builds/${slug}`)).json.data.status === 2)
    return slug
  }

  async artifact(): Promise<string> {
    return (await this.ok('GET', `/apps/ios-app/builds/${await this.finishedBuild()}/artifacts`)).json.data[0]
      .slug as string
  }

  /** A fork pull request trigger, held for manual approval: answered without a build, kept as a build request. */
  async held(params: Record<string, unknown>): Promise<void> {
    expect((await this.ok('POST', '/apps/ios-app/builds', triggerBody(params))).json.build_slug).toBe('')
  }

  async openRequest(): Promise<string> {
    await this.held({ branch: 'main', pull_request_id: 8 })
    return (await this.ok('GET', '/apps/ios-app/build-requests')).json.data[0].slug as string
  }

  async pipeline(): Promise<string> {
    return (
      await this.ok(
        'POST',
        '/apps/ios-app/builds',
        triggerBody({ branch: 'main', pipeline_id: 'release', ...SAME_REPO })
      )
    ).json.results[0].build_slug as string
  }

  async finishedPipeline(): Promise<string> {
    const id = await this.pipeline()
    await this.until(
      async () =>
        !['running', 'on_hold', 'initializing'].includes(
          (await this.ok('GET', `/apps/ios-app/pipelines/${id}`)).json.status
        )
    )
    return id
  }

  private async ok(method: string, path: string, body?: unknown): Promise<ApiAnswer> {
    const res = await call(this.emu, method, path, { body })
    if (res.status >= 300) throw new Error(`setup: ${method} ${path} answered ${res.status}: ${res.text}`)
    return res
  }

  private async until(done: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 100; i++) {
      if (await done()) return
      await sleep(50)
    }
    throw new Error('setup: timed out')
  }
}
