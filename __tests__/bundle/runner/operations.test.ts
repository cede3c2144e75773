/**
 * Every one of the 20 operations, run through dist/index.js against the emulator
 * (bundled seed), each checked through its outputs and through the emulator's
 * state or request log. The tests run in order: the app registered first is
 * configured, built and finally deleted. The last test checks that the set of
 * operations run here is exactly OPERATIONS.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'js-yaml'
import { OPERATIONS } from '../../helpers/operations.js'
import {
  appState,
  buildState,
  clearRequestLog,
  emulatorPerFile,
  emulatorState,
  expectPassed,
  firstLines,
  requestLog,
  SAME_REPOSITORY,
  setConcurrency,
  step,
  TOKENS,
  workspace,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'
import { randomBytes, randomToken } from '../../helpers/random.js'

/** A made-up key pair, for the SSH registration only: the private "key" body is not a key. */
const FAKE_PRIVATE_KEY_LINE = 'E2EFAKEKEYBODYnotarealkey0123456789'
const FAKE_PRIVATE_KEY = `-----BEGIN OPENSSH PRIVATE KEY-----\n${FAKE_PRIVATE_KEY_LINE}\n-----END OPENSSH PRIVATE KEY-----`
const FAKE_PUBLIC_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIE2eFakePublicKeyForTestsOnly e2e@example.test'

const exercised = new Set<string>()
let emu: RunningEmulator
/** The app registered by the first test, used by later ones and deleted by the last. */
let appSlug = ''

// A rebuild's new attempt shows at once here; rebuild-attempts.test.ts has it show late.
emulatorPerFile((started) => (emu = started), { resetEach: false, rebuildDelayMs: 0 })

describe('every operation through dist/index.js against the emulator', () => {
  it('register-app: registers an SSH repository, adds the key (never recorded) and finishes', async () => {
    await clearRequestLog(emu)
    const result = await step(
      emu,
      'register-app',
      {
        'repo-url': 'git@github.com:acme/e2e-app.git',
        'org-slug': 'acme',
        'ssh-private-key': FAKE_PRIVATE_KEY,
        'ssh-public-key': FAKE_PUBLIC_KEY,
        'project-type': 'flutter',
        'stack-id': 'linux-docker-22.04',
        'app-envs': 'FLAVOR=e2e'
      },
      {},
      exercised
    )
    expectPassed(result)
    appSlug = result.outputs['app-slug']
    expect(appSlug).toMatch(/^[0-9a-f]{16}$/)
    expect(result.outputs['build-trigger-token']).toMatch(/.{8,}/)
    const app = await appState(emu, appSlug)
    expect(app).toMatchObject({
      title: 'e2e-app',
      repo_url: 'git@github.com:acme/e2e-app.git',
      owner: { account_type: 'organization', slug: 'acme' },
      project_type: 'flutter',
      stack_id: 'linux-docker-22.04',
      has_ssh_key: true,
      has_build_trigger_token: true,
      envs: { FLAVOR: 'e2e' },
      team: { olivia: 'owner' }
    })
    const log = await requestLog(emu)
    expect(log.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v0.1/apps/register',
      `POST /v0.1/apps/${appSlug}/register-ssh-key`,
      `POST /v0.1/apps/${appSlug}/finish`
    ])
    expect(log[1].body).toMatchObject({ auth_ssh_private_key: '[redacted]', auth_ssh_public_key: FAKE_PUBLIC_KEY })
    expect(
      result.stdout
        .split('\n')
        .filter((l) => !l.startsWith('::add-mask::'))
        .join('\n')
    ).not.toContain(FAKE_PRIVATE_KEY_LINE)
    expect(result.files.output + result.summary).not.toContain(FAKE_PRIVATE_KEY_LINE)
  })

  it("list-apps: the Workspace's apps, including the new one, match the emulator's", async () => {
    const result = await step(emu, 'list-apps', { 'org-slug': 'acme' }, {}, exercised)
    expectPassed(result)
    const state = await emulatorState(emu)
    const acme = state.apps
      .filter((a: { owner: { slug: string } }) => a.owner.slug === 'acme')
      .map((a: { slug: string }) => a.slug)
    expect(JSON.parse(result.outputs['app-slugs'])).toEqual(acme)
    expect(acme).toContain(appSlug)
    expect(acme).not.toContain('sam-cli')
    expect(result.outputs.count).toBe(String(acme.length))
    expect(result.summary).toContain('app(s) \u00b7 Workspace acme')
  })

  it('check-access: a Tester/QA may read ios-app and wait, and the step sends only reads', async () => {
    await clearRequestLog(emu)
    const result = await step(
      emu,
      'check-access',
      { 'app-slug': 'ios-app', operations: 'wait' },
      { token: TOKENS.tester },
      exercised
    )
    expectPassed(result)
    const access = JSON.parse(result.outputs.access) as { operations: Array<{ allowed: boolean }>; missing: string[] }
    expect(access.operations.map((entry) => entry.allowed)).toEqual([true])
    expect(access.missing).toEqual([])
    expect((await requestLog(emu)).every((r) => r.method === 'GET')).toBe(true)
  })

  it('get-app: title, repository and project type of ios-app', async () => {
    const result = await step(emu, 'get-app', { 'app-slug': 'ios-app' }, { token: TOKENS.tester }, exercised)
    expectPassed(result)
    expect(result.outputs).toMatchObject({
      title: 'ios-app',
      'repo-url': 'git@github.com:acme/ios-app.git',
      'project-type': 'ios'
    })
    expect(JSON.parse(result.outputs.app)).toMatchObject({ slug: 'ios-app', owner: { slug: 'acme' } })
  })

  it('update-app: changes the title and visibility, and only those', async () => {
    await clearRequestLog(emu)
    const result = await step(
      emu,
      'update-app',
      { 'app-slug': appSlug, title: 'E2E App', 'is-public': 'true' },
      {},
      exercised
    )
    expectPassed(result)
    // Registered without default-branch: the contract's default, master.
    expect(await appState(emu, appSlug)).toMatchObject({ title: 'E2E App', is_public: true, default_branch: 'master' })
    // The answer to the PATCH is the contract's {status}, so the app output is read back with a GET.
    expect((await requestLog(emu)).map((r) => [r.method, r.body])).toEqual([
      ['PATCH', { title: 'E2E App', is_public: true }],
      ['GET', null]
    ])
    expect(JSON.parse(result.outputs.app)).toMatchObject({ title: 'E2E App', is_public: true })
  })

  it("list-branches: the seed's branches of ios-app", async () => {
    const result = await step(emu, 'list-branches', { 'app-slug': 'ios-app' }, {}, exercised)
    expectPassed(result)
    expect(JSON.parse(result.outputs.branches)).toEqual((await appState(emu, 'ios-app')).branches)
    expect(JSON.parse(result.outputs.branches)).toContain('release/1.2')
  })

  it("get-config: writes the app's service.yml into the workspace", async () => {
    const dir = workspace()
    const result = await step(
      emu,
      'get-config',
      { 'app-slug': 'ios-app', 'config-path': 'ci/service.yml' },
      { workspace: dir },
      exercised
    )
    expectPassed(result)
    expect(result.outputs['config-path']).toBe(join(dir, 'ci', 'service.yml'))
    expect(readFileSync(join(dir, 'ci', 'service.yml'), 'utf8')).toBe((await appState(emu, 'ios-app')).service_yml)
  })

  it("upload-config: the workspace file becomes the app's service.yml", async () => {
    const dir = workspace()
    const text = [
      'format_version: "13"',
      'meta:',
      '  service:',
      '    stack: linux-docker-22.04',
      '    machine_type_id: standard',
      'trigger_map:',
      '- push_branch: main',
      '  workflow: release',
      '- push_branch: "*"',
      '  workflow: check',
      'workflows:',
      '  check: {}',
      '  release: {}',
      'pipelines:',
      '  ship:',
      '    stages:',
      '    - checks: { workflows: [check] }',
      '    - releases: { workflows: [release] }',
      ''
    ].join('\n')
    writeFileSync(join(dir, 'service.yml'), text)
    const result = await step(emu, 'upload-config', { 'app-slug': appSlug }, { workspace: dir }, exercised)
    expectPassed(result)
    expect((await appState(emu, appSlug)).service_yml).toBe(text)
    expect(result.outputs['config-path']).toBe(join(dir, 'service.yml'))
  })

  it("validate-config: the service's check of a workspace file, against the app's stacks and machine types", async () => {
    const dir = workspace()
    writeFileSync(join(dir, 'service.yml'), (await appState(emu, 'ios-app')).service_yml)
    const result = await step(
      emu,
      'validate-config',
      { 'app-slug': 'ios-app', 'config-path': 'service.yml' },
      { workspace: dir },
      exercised
    )
    expectPassed(result)
    expect(JSON.parse(result.outputs.errors)).toEqual([])
    expect(JSON.parse(result.outputs.warnings)).toEqual([])
    expect(result.summary).toContain('service.yml check: service.yml is accepted')
  })

  it('get-config-location: ios-app reads it from the service, android-app from the repository', async () => {
    const ios = await step(emu, 'get-config-location', { 'app-slug': 'ios-app' }, {}, exercised)
    const android = await step(emu, 'get-config-location', { 'app-slug': 'android-app' }, {}, exercised)
    expectPassed(ios)
    expectPassed(android)
    expect([ios.outputs.location, android.outputs.location]).toEqual(['service', 'repository'])
  })

  it('set-config-location: switches the new app to repository, with a warning when no service.yml is in the workspace', async () => {
    const result = await step(
      emu,
      'set-config-location',
      { 'app-slug': appSlug, location: 'repository' },
      {},
      exercised
    )
    expectPassed(result)
    expect(result.outputs.location).toBe('repository')
    expect((await appState(emu, appSlug)).config_location).toBe('repository')
    expect(result.stdout).toMatch(/^::warning::service\.yml is not at the root of the workspace/m)
    const back = await step(emu, 'set-config-location', { 'app-slug': appSlug, location: 'service' }, {}, exercised)
    expectPassed(back)
    expect((await appState(emu, appSlug)).config_location).toBe('service')
  })

  it('get-roles: the groups holding the Developer role on ios-app', async () => {
    const result = await step(emu, 'get-roles', { 'app-slug': 'ios-app', role: 'developer' }, {}, exercised)
    expectPassed(result)
    expect(JSON.parse(result.outputs.groups)).toEqual(['release-team'])
    expect((await appState(emu, 'ios-app')).group_roles.manager).toEqual(['release-team'])
  })

  it('set-roles: gives the platform group the Admin role on the new app', async () => {
    const result = await step(
      emu,
      'set-roles',
      { 'app-slug': appSlug, role: 'admin', groups: 'platform' },
      {},
      exercised
    )
    expectPassed(result)
    expect(JSON.parse(result.outputs.groups)).toEqual(['platform'])
    expect((await appState(emu, appSlug)).group_roles.admin).toEqual(['platform'])
  })

  it('list-groups: the groups of Workspace acme', async () => {
    const result = await step(emu, 'list-groups', { 'org-slug': 'acme' }, { token: TOKENS.tester }, exercised)
    expectPassed(result)
    expect(JSON.parse(result.outputs['group-slugs'])).toEqual(['release-team', 'qa-team', 'platform'])
    expect(JSON.parse(result.outputs.groups)).toContainEqual({ slug: 'qa-team', name: 'QA team' })
  })

  it('migrate-machine-types: api-server moves from elite to elite-xl', async () => {
    const result = await step(
      emu,
      'migrate-machine-types',
      { 'org-slug': 'acme', 'from-machine': 'elite', 'to-machine': 'elite-xl', 'dry-run': 'false' },
      {},
      exercised
    )
    expectPassed(result)
    expect(JSON.parse(result.outputs['migrated-apps'])).toEqual(['api-server (api-server)'])
    expect(result.outputs['migrated-count']).toBe('1')
    const config = load((await appState(emu, 'api-server')).service_yml) as {
      meta: { service: { machine_type_id: string } }
    }
    expect(config.meta.service.machine_type_id).toBe('elite-xl')
  })

  it('set-email-notifications: changes on-success only', async () => {
    const result = await step(
      emu,
      'set-email-notifications',
      { 'app-slug': 'ios-app', 'on-success': 'never' },
      {},
      exercised
    )
    expectPassed(result)
    expect((await appState(emu, 'ios-app')).notifications).toEqual({ on_success: 'never', on_failure: 'always' })
  })

  let buildSlug = ''

  it('trigger: starts a build of the new app on a branch, picked by its trigger map', async () => {
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': appSlug, 'from-event': 'false', branch: 'main', ...SAME_REPOSITORY },
      {},
      exercised
    )
    expectPassed(result)
    buildSlug = result.outputs['build-slug']
    expect(result.outputs).toMatchObject({ 'build-number': '1', 'triggered-workflow': 'release' })
    expect(await buildState(emu, buildSlug)).toMatchObject({
      app: appSlug,
      branch: 'main',
      triggered_workflow: 'release',
      checkout: { kind: 'branch', value: 'main' }
    })
  })

  it('wait: follows that build to success and prints its log', async () => {
    const result = await step(emu, 'wait', { 'app-slug': appSlug, 'build-slug': buildSlug }, {}, exercised)
    expectPassed(result)
    expect(result.outputs).toMatchObject({
      'build-slug': buildSlug,
      'build-status': 'success',
      'build-status-text': 'success'
    })
    expect(result.stdout).toContain('Build finished with status success')
    expect((await buildState(emu, buildSlug)).status).toBe(1)
  })

  it("list-artifacts: the succeeded build's artifacts, the public install page only where public, downloaded whole", async () => {
    const dir = workspace()
    const result = await step(
      emu,
      'list-artifacts',
      { 'app-slug': appSlug, 'build-slug': buildSlug, 'download-artifacts': 'out' },
      { workspace: dir },
      exercised
    )
    expectPassed(result)
    const artifacts = JSON.parse(result.outputs.artifacts) as {
      slug: string
      title: string
      file_size_bytes: number
      public_install_page_url?: string
    }[]
    expect(artifacts.map((a) => [a.title, a.file_size_bytes, a.public_install_page_url !== undefined])).toEqual([
      ['app-release.apk', 4096, true],
      ['test-results.xml', 512, false]
    ])
    expect(artifacts[0].public_install_page_url).toMatch(new RegExp(`^${emu.origin}/artifact/${artifacts[0].slug}/`))
    expect(result.outputs['artifacts-dir']).toBe(join(dir, 'out'))
    const apk = readFileSync(join(dir, 'out', 'app-release.apk'), 'utf8')
    expect(apk.length).toBe(4096)
    expect(apk.startsWith(`app-release.apk of build ${buildSlug}\n`)).toBe(true)
    expect(readFileSync(join(dir, 'out', 'test-results.xml')).length).toBe(512)
    // The signed links are secrets: masked when read, and in no output.
    const masks = result.stdout
      .split('\n')
      .filter((line) => line.startsWith('::add-mask::') && line.includes('/_downloads/'))
    expect(masks).toHaveLength(2)
    expect(JSON.stringify(result.outputs)).not.toContain('signature=')
  })

  it('rebuild-pipeline: a finished pipeline of the new app runs again, every workflow a new build', async () => {
    const started = await step(emu, 'trigger', {
      'app-slug': appSlug,
      'from-event': 'false',
      branch: 'main',
      pipeline: 'ship',
      wait: 'true',
      ...SAME_REPOSITORY
    })
    expectPassed(started)
    expect(started.outputs['pipeline-status']).toBe('succeeded')
    const first = JSON.parse(started.outputs.builds) as { name: string; 'build-slug': string; status: string }[]
    const pipelineId = started.outputs['pipeline-id']
    const result = await step(
      emu,
      'rebuild-pipeline',
      { 'app-slug': appSlug, 'pipeline-id': pipelineId },
      {},
      exercised
    )
    expectPassed(result)
    expect(result.outputs['pipeline-id']).toBe(pipelineId)
    expect(result.outputs['pipeline-status']).toBe('running')
    const again = JSON.parse(result.outputs.builds) as { name: string; 'build-slug': string }[]
    expect(again.map((w) => w.name)).toEqual(['check', 'release'])
    for (const [i, w] of again.entries()) expect(w['build-slug']).not.toBe(first[i]['build-slug'])
  })

  it('abort: aborts an unfinished build with the reason and options given', async () => {
    // Builds here end in 300 ms, sooner than a step starts; with no free concurrency slot the
    // build stays on hold, so it is still unfinished when the abort arrives.
    await setConcurrency(emu, 'ios-app', 0)
    const started = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: 'feature/login',
      ...SAME_REPOSITORY
    })
    expectPassed(started)
    const slug = started.outputs['build-slug']
    expect(await buildState(emu, slug)).toMatchObject({ status: 0, is_on_hold: true })
    const result = await step(
      emu,
      'abort',
      { 'app-slug': 'ios-app', 'build-slug': slug, 'abort-reason': 'e2e: not needed', 'skip-notifications': 'true' },
      { token: TOKENS.developer },
      exercised
    )
    expectPassed(result)
    expect(result.outputs['build-slug']).toBe(slug)
    expect(await buildState(emu, slug)).toMatchObject({
      status: 3,
      status_text: 'aborted',
      abort_reason: 'e2e: not needed',
      abort: { with_success: false, skip_notifications: true, notification_sent: false, by: 'dora' }
    })
    await setConcurrency(emu, 'ios-app', null)
  })

  it('delete-app: with the slug repeated in confirm, the app is gone', async () => {
    const result = await step(emu, 'delete-app', { 'app-slug': appSlug, confirm: appSlug }, {}, exercised)
    expectPassed(result)
    expect(await appState(emu, appSlug)).toBeUndefined()
    const slugs = (await emulatorState(emu)).apps.map((a: { slug: string }) => a.slug)
    expect(slugs).toContain('ios-app')
  })

  it('list-build-requests and approve-build-request: a trigger held for approval is listed, and approving it starts a build', async () => {
    const commit = randomBytes(20).toString('hex')
    const held = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: 'feature/fork',
      'pull-request-id': '9',
      'commit-hash': commit
    })
    expectPassed(held)
    expect(held.outputs['build-status']).toBe('awaiting-approval')
    const listed = await step(
      emu,
      'list-build-requests',
      { 'app-slug': 'ios-app' },
      { token: TOKENS.tester },
      exercised
    )
    expectPassed(listed)
    const [request] = JSON.parse(listed.outputs['build-requests'])
    expect(request.slug).toBe(held.outputs['build-request-slug'])
    expect(request.build_params).toMatchObject({ branch: 'feature/fork', pull_request_id: 9 })
    const approved = await step(
      emu,
      'approve-build-request',
      { 'app-slug': 'ios-app', 'build-request-slug': request.slug, 'expected-commit': commit, approve: 'true' },
      { token: TOKENS.developer },
      exercised
    )
    expectPassed(approved)
    const builds = (await emulatorState(emu)).builds.filter(
      (b: { build_request: string | null }) => b.build_request === request.slug
    )
    expect(builds).toEqual([expect.objectContaining({ branch: 'feature/fork', pull_request_id: 9, is_on_hold: false })])
  })

  it('plan-matrix: without an event naming the changed files, every app of app-paths is planned (fail closed), and nothing is triggered', async () => {
    const before = (await emulatorState(emu)).builds.length
    const result = await step(
      emu,
      'plan-matrix',
      { 'app-paths': 'ios-app: apps/ios/**\nweb-app: apps/web/**', workflow: 'primary' },
      {},
      exercised
    )
    expectPassed(result)
    expect(JSON.parse(result.outputs.matrix)).toEqual({
      include: [
        { 'app-slug': 'ios-app', workflow: 'primary' },
        { 'app-slug': 'web-app', workflow: 'primary' }
      ]
    })
    expect(result.stdout).toContain('the changed files are not known')
    expect((await emulatorState(emu)).builds.length).toBe(before)
  })

  it('report-parked: with no parked build, the sweep reads a page of builds, posts nothing and reports none', async () => {
    await clearRequestLog(emu)
    const result = await step(
      emu,
      'report-parked',
      { 'app-slug': 'ios-app', 'github-token': randomToken() },
      { env: { GITHUB_REPOSITORY: 'acme/ios-app', GITHUB_API_URL: 'http://127.0.0.1:9' } },
      exercised
    )
    expectPassed(result)
    expect(result.outputs.count).toBe('0')
    expect((await requestLog(emu)).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v0.1/apps/ios-app/builds'])
  })

  it('the end-to-end suite covers every operation', () => {
    expect([...exercised].sort()).toEqual([...OPERATIONS].sort())
  })

  it("every operation's summary leads with a mark: its first line opens with the sign of its result", () => {
    const marks = [
      '\u2705',
      '\u274c',
      '\u26d4',
      '\u23f8\ufe0f',
      '\u23f3',
      '\u23f1\ufe0f',
      '\ud83d\udeab',
      '\u26a0\ufe0f',
      '\u2139\ufe0f'
    ]
    const unmarked = [...OPERATIONS].flatMap((operation) =>
      (firstLines.get(operation) ?? ['(no summary)'])
        .filter((line) => !marks.some((mark) => line.startsWith(`<h3>${mark} `)))
        .map((line) => `${operation}: ${line}`)
    )
    expect(unmarked).toEqual([])
  })
})
