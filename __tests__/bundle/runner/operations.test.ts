/**
 * The operations that make, change, build and delete an app, run through dist/index.js against
 * the emulator (bundled seed), each checked through its outputs and through the emulator's state or
 * request log. The tests run in order: the app registered first is configured, built and finally
 * deleted. The operations on the seed's own apps are in operations-seeded.test.ts; the two parts
 * together run every operation (operation-tour.ts).
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  appState,
  buildState,
  clearRequestLog,
  emulatorPerFile,
  emulatorState,
  expectPassed,
  requestLog,
  SAME_REPOSITORY,
  step,
  workspace,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'
import { expectMarkedSummaries, expectPartRan, NEW_APP_PART } from '../../helpers/subjects/operation-tour.js'

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

  it('delete-app: with the slug repeated in confirm, the app is gone', async () => {
    const result = await step(emu, 'delete-app', { 'app-slug': appSlug, confirm: appSlug }, {}, exercised)
    expectPassed(result)
    expect(await appState(emu, appSlug)).toBeUndefined()
    const slugs = (await emulatorState(emu)).apps.map((a: { slug: string }) => a.slug)
    expect(slugs).toContain('ios-app')
  })

  it('this part of the tour runs its operations; with the other part, every operation', () => {
    expectPartRan(exercised, NEW_APP_PART)
  })

  it("every operation's summary leads with a mark: its first line opens with the sign of its result", () => {
    expectMarkedSummaries(NEW_APP_PART)
  })
})
