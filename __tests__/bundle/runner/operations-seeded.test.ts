/**
 * The operations on the seed's own apps (reads, settings, approvals, an abort, the matrix plan and
 * the parked-build sweep), run through dist/index.js against the emulator, each checked through its
 * outputs and through the emulator's state or request log. With operations.test.ts, every operation.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'js-yaml'
import {
  appState,
  buildState,
  clearRequestLog,
  emulatorPerFile,
  emulatorState,
  expectPassed,
  requestLog,
  SAME_REPOSITORY,
  setConcurrency,
  step,
  TOKENS,
  workspace,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'
import { randomBytes, randomToken } from '../../helpers/random.js'
import { expectMarkedSummaries, expectPartRan, SEEDED_PART } from '../../helpers/subjects/operation-tour.js'

const exercised = new Set<string>()
let emu: RunningEmulator

emulatorPerFile((started) => (emu = started), { resetEach: false, rebuildDelayMs: 0 })

describe("every operation on the seed's apps through dist/index.js against the emulator", () => {
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

  it('get-roles: the groups holding the Developer role on ios-app', async () => {
    const result = await step(emu, 'get-roles', { 'app-slug': 'ios-app', role: 'developer' }, {}, exercised)
    expectPassed(result)
    expect(JSON.parse(result.outputs.groups)).toEqual(['release-team'])
    expect((await appState(emu, 'ios-app')).group_roles.manager).toEqual(['release-team'])
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

  it('this part of the tour runs its operations; with the other part, every operation', () => {
    expectPartRan(exercised, SEEDED_PART)
  })

  it("every operation's summary leads with a mark: its first line opens with the sign of its result", () => {
    expectMarkedSummaries(SEEDED_PART)
  })
})
