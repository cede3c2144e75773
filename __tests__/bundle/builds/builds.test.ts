/**
 * Build rules end to end: waiting to success and to failure, the pull request hold
 * and its approval, the configuration location `repository` making triggers fail,
 * and the precedence of the app's environment variables over a trigger's.
 */
import { describe, expect, it } from '@jest/globals'
import * as events from '../../fixtures/events/events.js'
import {
  appState,
  buildState,
  emulatorPerFile,
  emulatorState,
  errorLine,
  expectFailed,
  expectPassed,
  printed,
  SAME_REPOSITORY,
  setConcurrency,
  step,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'
import type { ChildProcess } from 'node:child_process'
import { randomSlug } from '../../helpers/random.js'

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started))

describe('waiting for a build, through dist/index.js', () => {
  it('trigger with wait: a push to a release branch runs deploy and ends in success', async () => {
    const push = events.pushBranch()
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app', wait: 'true', branch: 'release/1.2', ...SAME_REPOSITORY },
      { event: { name: 'push', payload: push } }
    )
    expectPassed(result)
    expect(result.outputs).toMatchObject({
      'triggered-workflow': 'deploy',
      'build-status': 'success',
      'build-status-text': 'success'
    })
    expect(await buildState(emu, result.outputs['build-slug'])).toMatchObject({
      status: 1,
      branch: 'release/1.2',
      commit_hash: push.head_commit.id
    })
    expect(result.summary).toContain('success')
  })

  it('a failing build (android-app builds fail in the seed) fails the step, unless fail-on-build-failure is false', async () => {
    // android-app reads its service.yml from a repository that has none; point it back at the service first.
    expectPassed(await step(emu, 'set-config-location', { 'app-slug': 'android-app', location: 'service' }))
    const failed = await step(emu, 'trigger', {
      'app-slug': 'android-app',
      'from-event': 'false',
      branch: 'develop',
      wait: 'true',
      ...SAME_REPOSITORY
    })
    expectFailed(failed)
    expect(failed.outputs['build-status']).toBe('failed')
    expect(errorLine(failed)).toMatch(/finished: failed \(error\).*fail-on-build-failure: false/s)
    expect((await buildState(emu, failed.outputs['build-slug'])).status).toBe(2)

    const tolerated = await step(emu, 'wait', {
      'app-slug': 'android-app',
      'build-slug': failed.outputs['build-slug'],
      'fail-on-build-failure': 'false'
    })
    expectPassed(tolerated)
    expect(tolerated.outputs['build-status']).toBe('failed')
  })
})

describe('tags', () => {
  it('a v* tag push runs deploy and checks out the commit; a tag the trigger map does not know is refused', async () => {
    const push = events.pushTag()
    push.ref = 'refs/tags/v1.3.0'
    const result = await step(emu, 'trigger', { 'app-slug': 'ios-app' }, { event: { name: 'push', payload: push } })
    expectPassed(result)
    expect(result.outputs['triggered-workflow']).toBe('deploy')
    expect(await buildState(emu, result.outputs['build-slug'])).toMatchObject({
      tag: 'v1.3.0',
      checkout: { kind: 'commit_hash', value: push.head_commit.id }
    })

    const unknown = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app' },
      { event: { name: 'push', payload: events.pushTag() } }
    )
    expectFailed(unknown)
    expect(errorLine(unknown)).toMatch(/400.*no trigger map item matched/s)
  })
})

describe('the pull request hold', () => {
  it('a PR event from the same repository sends both owners, so the build is not held for approval', async () => {
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app' },
      { event: { name: 'pull_request', payload: events.pullRequestOpened() } }
    )
    expectPassed(result)
    const build = await buildState(emu, result.outputs['build-slug'])
    expect(build).toMatchObject({ build_request: null, triggered_workflow: 'primary', pull_request_id: 2 })
    expect(build.original_build_params).toMatchObject({
      branch_repo_owner: 'Codertocat',
      branch_dest_repo_owner: 'Codertocat'
    })
  })

  it('a build on hold (no free concurrency slot): wait says so once, and follows it once a slot frees', async () => {
    await setConcurrency(emu, 'ios-app', 0)
    const triggered = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: `feature/${randomSlug()}`,
      ...SAME_REPOSITORY
    })
    expectPassed(triggered)
    const slug = triggered.outputs['build-slug']
    expect(await buildState(emu, slug)).toMatchObject({ is_on_hold: true, status: 0, status_text: 'on-hold' })

    let spawned: (child: ChildProcess) => void = () => undefined
    const child = new Promise<ChildProcess>((resolve) => (spawned = resolve))
    const waiting = step(
      emu,
      'wait',
      { 'app-slug': 'ios-app', 'build-slug': slug, 'poll-interval': '0.1', 'wait-timeout': '15' },
      { onSpawn: spawned }
    )
    await printed(await child, 'is on hold')
    // A few more polls while on hold, to show the hold is reported once, not on every poll.
    await new Promise((resolve) => setTimeout(resolve, 400))
    await setConcurrency(emu, 'ios-app', null)
    const result = await waiting
    expectPassed(result)
    expect(result.stdout.match(/is on hold/g)).toHaveLength(1)
    expect(result.stdout).toContain(`Build ${slug} is on hold, waiting for a free concurrency slot`)
    expect(result.stdout + result.summary).not.toMatch(/approv/i)
    expect(result.outputs['build-status']).toBe('success')
  })
})

describe('configuration location', () => {
  it('android-app (location repository, no file in the repository) cannot be triggered: the service says why', async () => {
    const result = await step(emu, 'trigger', { 'app-slug': 'android-app', 'from-event': 'false', branch: 'main' })
    expectFailed(result)
    expect(errorLine(result)).toMatch(/400.*service\.yml was not found in the repository/s)
    expect((await emulatorState(emu)).builds).toEqual([])
  })

  it('set-config-location repository makes a later trigger of web-app fail; service makes it work again', async () => {
    expectPassed(await step(emu, 'trigger', { 'app-slug': 'web-app', 'from-event': 'false', branch: 'main' }))
    expectPassed(await step(emu, 'set-config-location', { 'app-slug': 'web-app', location: 'repository' }))
    expect((await appState(emu, 'web-app')).config_location).toBe('repository')
    const refused = await step(emu, 'trigger', { 'app-slug': 'web-app', 'from-event': 'false', branch: 'main' })
    expectFailed(refused)
    expect(errorLine(refused)).toContain('was not found in the repository of app "web-app"')
    expectPassed(await step(emu, 'set-config-location', { 'app-slug': 'web-app', location: 'service' }))
    expectPassed(await step(emu, 'trigger', { 'app-slug': 'web-app', 'from-event': 'false', branch: 'main' }))
    expect((await emulatorState(emu)).builds).toHaveLength(2)
  })
})

describe('environment variables', () => {
  it("a trigger's environments cannot override the app's own; new names are added; secrets stay secret", async () => {
    const result = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: 'develop',
      environments: 'APP_ENV=staging\nFEATURE_FLAG=on',
      'secret-environments': 'SIGNING_PASSWORD=from-the-trigger'
    })
    expectPassed(result)
    const build = await buildState(emu, result.outputs['build-slug'])
    // Sent, but the app's value wins. The emulator keeps no value a trigger sends: any of them may be a secret.
    expect(build.additional_envs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'APP_ENV', value: '[redacted]' }),
        expect.objectContaining({ name: 'FEATURE_FLAG', value: '[redacted]' })
      ])
    )
    expect(build.effective_env).toMatchObject({
      APP_ENV: 'production',
      API_URL: 'https://api.example.test',
      FEATURE_FLAG: '[redacted]',
      SIGNING_PASSWORD: '[secret]'
    })
    expect(build.env_sources).toMatchObject({ APP_ENV: 'app', FEATURE_FLAG: 'additional', SIGNING_PASSWORD: 'secret' })
    expect(result.files.output + result.summary).not.toContain('from-the-trigger')
  })
})
