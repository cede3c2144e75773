/**
 * Every operation run in process: its module reads a plain map of inputs, and its
 * handler runs against a fake client and a recording context. These check each
 * handler's own logic (calls, outputs, log lines, summary, state); the bundle
 * tests beside them remain the contract of what the runner sees.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ApiError } from '../../../src/http/api-error.js'
import { fakeClient, inputsFrom, recordingContext, type FakeRoutes, type RecordingContext } from '../fake-client.js'
import { MODULES, type Operation } from '../../helpers/operations.js'
import { randomSlug } from '../../helpers/random.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const workspace = tempDir('handlers-')
afterAll(() => rmSync(workspace, { recursive: true, force: true }))

/** Reads `inputs` through the module (asking for an undeclared input fails) and runs it against `routes`. */
async function runInProcess(
  operation: Operation,
  inputs: Record<string, string>,
  routes: FakeRoutes,
  env: NodeJS.ProcessEnv = {}
) {
  const module = MODULES[operation]
  const get = inputsFrom(inputs)
  const declared = new Set<string>(module.inputs)
  const params = await module.read(
    (name) => {
      if (!declared.has(name)) throw new Error(`${operation} read the undeclared input ${name}`)
      return get(name)
    },
    { GITHUB_WORKSPACE: workspace, ...env }
  )
  const client = fakeClient(routes)
  const ctx = recordingContext(module, client)
  const error = await module.run(params, ctx).then(
    () => undefined,
    (e: unknown) => e as Error
  )
  return { ctx, calls: client.calls, error }
}

const logged = (ctx: RecordingContext, level: string): string[] =>
  ctx.logs.filter((log) => log.level === level).map((log) => log.message)

describe('builds', () => {
  it('trigger: sends the build parameters, outputs the build at once, and summarises it', async () => {
    const app = randomSlug()
    const { ctx, calls, error } = await runInProcess(
      'trigger',
      { 'app-slug': app, branch: 'refs/heads/main', 'from-event': 'false' },
      {
        [`POST /apps/${app}/builds`]: {
          status: 201,
          body: {
            results: [
              {
                build_slug: 'b-1',
                build_number: '7',
                build_url: 'https://ci.example/b-1',
                triggered_workflow: 'primary'
              }
            ]
          }
        }
      }
    )
    expect(error).toBeUndefined()
    expect(calls).toEqual([
      {
        method: 'POST',
        path: `/apps/${app}/builds`,
        body: { hook_info: { type: 'service' }, build_params: { branch: 'main' } }
      }
    ])
    expect(ctx.outputs).toMatchObject({
      'build-slug': 'b-1',
      'build-number': 7,
      'build-url': 'https://ci.example/b-1',
      'triggered-workflow': 'primary'
    })
    expect(logged(ctx, 'info')).toEqual(['Triggered build #7 b-1: https://ci.example/b-1'])
    expect(ctx.sections[0]).toMatchObject({
      heading: `Build #7 triggered on ${app}`,
      link: { href: 'https://ci.example/b-1' }
    })
  })

  it('wait: polls until the build ends, outputs its status and clears the pending build', async () => {
    const { ctx, calls, error } = await runInProcess(
      'wait',
      { 'app-slug': 'app-1', 'build-slug': 'b-1', 'poll-interval': '0.05', 'stream-logs': 'false' },
      {
        'GET /apps/app-1/builds/b-1': [
          { body: { data: { status: 0, status_text: 'in-progress' } } },
          { body: { data: { status: 1, status_text: 'success' } } }
        ]
      }
    )
    expect(error).toBeUndefined()
    // Two status reads, then the ended build's step summary and test results (the reviewer's view).
    expect(calls.map((c) => c.path)).toEqual([
      '/apps/app-1/builds/b-1',
      '/apps/app-1/builds/b-1',
      '/apps/app-1/builds/b-1/log/summary',
      '/apps/app-1/builds/b-1/test-results'
    ])
    expect(ctx.outputs).toMatchObject({
      'build-slug': 'b-1',
      'build-status': 'success',
      'build-status-text': 'success'
    })
    expect(ctx.state['pending-work']).toBe('')
    expect(logged(ctx, 'info')).toEqual(
      expect.arrayContaining(['Build b-1: running (in-progress)', 'Build b-1 finished: success (success)'])
    )
  })

  it('wait: a failed build fails the step unless fail-on-build-failure is false', async () => {
    const routes = { 'GET /apps/app-1/builds/b-1': { body: { data: { status: 2, status_text: 'error' } } } }
    // No AI summary here (404): it is asked for again a poll interval apart, so the interval is short.
    const failing = await runInProcess(
      'wait',
      { 'app-slug': 'app-1', 'build-slug': 'b-1', 'stream-logs': 'false', 'poll-interval': '0.05' },
      routes
    )
    expect(failing.error?.message).toBe(
      'Build b-1 finished: failed (error). Set fail-on-build-failure: false to let the step pass.'
    )
    const passing = await runInProcess(
      'wait',
      {
        'app-slug': 'app-1',
        'build-slug': 'b-1',
        'stream-logs': 'false',
        'poll-interval': '0.05',
        'fail-on-build-failure': 'false'
      },
      routes
    )
    expect(passing.error).toBeUndefined()
  })

  it('abort: sends all four fields; a build already finished passes with a notice', async () => {
    const refused = ApiError.http({
      method: 'POST',
      path: '/apps/app-1/builds/b-1/abort',
      status: 400,
      message: 'refused'
    })
    const { ctx, calls, error } = await runInProcess(
      'abort',
      { 'app-slug': 'app-1', 'build-slug': 'b-1', 'abort-reason': 'superseded' },
      {
        'POST /apps/app-1/builds/b-1/abort': { error: refused },
        'GET /apps/app-1/builds/b-1': { body: { data: { status: 1, status_text: 'success' } } }
      }
    )
    expect(error).toBeUndefined()
    expect(calls[0].body).toEqual({
      abort_reason: 'superseded',
      abort_with_success: false,
      skip_git_status_report: false,
      skip_notifications: false
    })
    expect(ctx.outputs).toMatchObject({ 'build-status': 'success' })
    expect(logged(ctx, 'notice')).toEqual([
      'Build b-1 had already finished before it could be aborted; its final status is success (success). Nothing was changed.'
    ])
  })
})

describe('apps', () => {
  it('register-app: registers, skips the key for HTTPS, finishes, and outputs the trigger token as a secret', async () => {
    const { ctx, calls, error } = await runInProcess(
      'register-app',
      {
        'repo-url': 'https://github.com/acme/demo.git',
        'org-slug': 'acme',
        'project-type': 'ios',
        'stack-id': 'osx-16',
        provider: 'other'
      },
      {
        'POST /apps/register': { body: { slug: 'app-new' } },
        'POST /apps/app-new/finish': { body: { build_trigger_token: 'trigger-token-123' } }
      }
    )
    expect(error).toBeUndefined()
    expect(calls.map((call) => call.path)).toEqual(['/apps/register', '/apps/app-new/finish'])
    expect(calls[0].body).toMatchObject({
      provider: 'other',
      git_owner: 'acme',
      git_repo_slug: 'demo',
      organization_slug: 'acme',
      type: 'git'
    })
    expect(ctx.outputs).toMatchObject({ 'app-slug': 'app-new', 'build-trigger-token': 'trigger-token-123' })
    expect(ctx.secretOutputs).toEqual(['build-trigger-token'])
    expect(logged(ctx, 'warning')[0]).toMatch(/^provider "other" is not a value the service documents/)
  })

  it('register-app: a failed finish leaves a warning naming the half-registered app', async () => {
    const failed = ApiError.http({ method: 'POST', path: '/apps/app-new/finish', status: 500, message: 'boom' })
    const { ctx, error } = await runInProcess(
      'register-app',
      {
        'repo-url': 'https://github.com/acme/demo.git',
        'org-slug': 'acme',
        'project-type': 'ios',
        'stack-id': 'osx-16'
      },
      { 'POST /apps/register': { body: { slug: 'app-new' } }, 'POST /apps/app-new/finish': { error: failed } }
    )
    expect(error).toBe(failed)
    expect(logged(ctx, 'warning')).toEqual([
      'The app app-new was registered, but finishing the registration failed: finish it on the service, or delete it before registering again.'
    ])
    expect(ctx.sections[0].heading).toBe('App app-new registered, not finished')
  })

  it('list-apps: follows the pages and outputs every app and slug', async () => {
    const { ctx, calls } = await runInProcess(
      'list-apps',
      { 'org-slug': 'acme' },
      {
        'GET /organizations/acme/apps': (options) => ({
          body: options.query?.next
            ? { data: [{ slug: 'b' }] }
            : { data: [{ slug: 'a', title: 'A' }], paging: { next: 'p2' } }
        })
      }
    )
    expect(calls.map((call) => call.query)).toEqual([
      { limit: 50, next: undefined },
      { limit: 50, next: 'p2' }
    ])
    expect(ctx.outputs).toMatchObject({ 'app-slugs': ['a', 'b'], count: 2 })
    expect(logged(ctx, 'info')).toEqual(['Listed 2 app(s) of Workspace acme over 2 page(s)'])
  })

  it('get-app, update-app, delete-app and list-branches send their call and output the answer', async () => {
    const app = { slug: 'app-1', title: 'Demo', repo_url: 'https://github.com/acme/demo.git', project_type: 'ios' }
    const got = await runInProcess('get-app', { 'app-slug': 'app-1' }, { 'GET /apps/app-1': { body: { data: app } } })
    expect(got.ctx.outputs).toMatchObject({ title: 'Demo', 'repo-url': app.repo_url, 'project-type': 'ios' })
    const updated = await runInProcess(
      'update-app',
      { 'app-slug': 'app-1', title: 'New', 'is-public': 'true' },
      { 'PATCH /apps/app-1': { body: { data: app } } }
    )
    expect(updated.calls[0].body).toEqual({ title: 'New', is_public: true })
    const deleted = await runInProcess(
      'delete-app',
      { 'app-slug': 'app-1', confirm: 'app-1' },
      { 'DELETE /apps/app-1': { status: 204 } }
    )
    expect(logged(deleted.ctx, 'info')).toEqual(['Deleted app app-1'])
    const branches = await runInProcess(
      'list-branches',
      { 'app-slug': 'app-1' },
      { 'GET /apps/app-1/branches': { body: { data: ['main', 'dev'] } } }
    )
    expect(branches.ctx.outputs.branches).toEqual(['main', 'dev'])
  })
})

describe('configuration, roles, machine types and notifications', () => {
  it('get-config writes the file; upload-config sends it; the location operations read and set it', async () => {
    const yaml = "format_version: '13'\nworkflows:\n  primary: {}\n"
    const got = await runInProcess(
      'get-config',
      { 'app-slug': 'app-1', 'config-path': 'ci/service.yml' },
      { 'GET /apps/app-1/service.yml': { text: yaml } }
    )
    expect(got.error).toBeUndefined()
    expect(readFileSync(join(workspace, 'ci', 'service.yml'), 'utf8')).toBe(yaml)
    const sent = await runInProcess(
      'upload-config',
      { 'app-slug': 'app-1', 'config-path': 'ci/service.yml' },
      {
        'POST /validate-bitrise-yml': { body: { errors: [], warnings: [] } },
        'POST /apps/app-1/service.yml': { body: {} }
      }
    )
    expect(sent.calls.map((call) => call.body)).toEqual([{ bitrise_yml: yaml }, { app_config_datastore_yaml: yaml }])
    const location = await runInProcess(
      'get-config-location',
      { 'app-slug': 'app-1' },
      { 'GET /apps/app-1/service.yml/config': { body: { location: 'service' } } }
    )
    expect(location.ctx.outputs.location).toBe('service')
    writeFileSync(join(workspace, 'service.yaml'), yaml)
    const set = await runInProcess(
      'set-config-location',
      { 'app-slug': 'app-1', location: 'repository' },
      { 'PUT /apps/app-1/service.yml/config': { status: 204 } }
    )
    expect(logged(set.ctx, 'warning')[0]).toMatch(/there is a service\.yaml, but the service looks for service\.yml/)
  })

  it('get-roles, set-roles and list-groups', async () => {
    const got = await runInProcess(
      'get-roles',
      { 'app-slug': 'app-1', role: 'Developer' },
      { 'GET /apps/app-1/roles/manager': { body: { groups: [{ slug: 'qa' }] } } }
    )
    expect(got.ctx.outputs.groups).toEqual(['qa'])
    const set = await runInProcess(
      'set-roles',
      { 'app-slug': 'app-1', role: 'tester', groups: 'qa, qa\nrelease' },
      { 'PUT /apps/app-1/roles/member': { status: 204 } }
    )
    expect(set.calls[0].body).toEqual({ groups: ['qa', 'release'] })
    expect(set.ctx.sections[0].heading).toBe('Tester/QA (member) role on app-1 set')
    const groups = await runInProcess(
      'list-groups',
      { 'org-slug': 'acme' },
      { 'GET /organizations/acme/groups': { status: 201, body: [{ slug: 'qa', name: 'QA' }] } }
    )
    expect(groups.ctx.outputs).toMatchObject({ groups: [{ slug: 'qa', name: 'QA' }], 'group-slugs': ['qa'] })
  })

  it('migrate-machine-types: a dry run reads each app and changes nothing; the run sends the migration once', async () => {
    const routes: FakeRoutes = {
      'GET /users/sam/apps': { body: { data: [{ slug: 'cli', title: 'CLI' }] } },
      'GET /apps/cli/service.yml': { text: 'meta:\n  service:\n    machine_type_id: small\nworkflows: {}\n' },
      'PATCH /user/sam/apps/machine_types': { body: { message: 'ok', migrated_apps: ['CLI (cli)'] } },
      'POST /validate-bitrise-yml': { body: { errors: [], warnings: [] } }
    }
    const dry = await runInProcess(
      'migrate-machine-types',
      { 'user-slug': 'sam', 'from-machine': 'small', 'to-machine': 'large', 'dry-run': 'true' },
      routes
    )
    // The apps and their files, then the service's check of the first changed app's file as it is and migrated.
    expect(dry.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /users/sam/apps',
      'GET /apps/cli/service.yml',
      'POST /validate-bitrise-yml',
      'POST /validate-bitrise-yml'
    ])
    expect(dry.ctx.outputs).toMatchObject({ 'migrated-apps': ['CLI (cli)'], 'checked-count': 1 })
    const run = await runInProcess(
      'migrate-machine-types',
      { 'user-slug': 'sam', 'from-machine': 'small', 'to-machine': 'large', 'dry-run': 'false' },
      routes
    )
    expect(run.calls.filter((call) => call.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/user/sam/apps/machine_types', body: { from_machine: 'small', to_machine: 'large' } }
    ])
    expect(run.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { bitrise_yml: 'meta:\n  service:\n    machine_type_id: small\nworkflows: {}\n' },
      { bitrise_yml: 'meta:\n  service:\n    machine_type_id: large\nworkflows: {}\n' }
    ])
    expect(run.ctx.sections[0].table).toEqual([
      ['App', 'Slug'],
      ['CLI', 'cli']
    ])
  })

  it('set-email-notifications sends only the settings given', async () => {
    const { calls, ctx } = await runInProcess(
      'set-email-notifications',
      { 'app-slug': 'app-1', 'on-failure': 'change' },
      { 'PATCH /apps/app-1/update-email-notifications': { body: {} } }
    )
    expect(calls[0].body).toEqual({ on_failure: 'change' })
    expect(ctx.sections[0].facts).toEqual([
      ['On success', 'unchanged'],
      ['On failure', 'change']
    ])
  })
})
