/** A wait stopped by its timeout, by SIGINT or by a kill: the build is aborted, against the emulator. */
import { describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import {
  buildState,
  emulatorPerFile,
  emulatorState,
  errorLine,
  expectFailed,
  printed,
  type RunningEmulator,
  SAME_REPOSITORY,
  step
} from '../../helpers/scenarios/emulator-steps.js'

/**
 * Stopping a wait: when the wait-timeout runs out, or the job is cancelled (the
 * runner sends SIGINT), the action aborts the build on the service. This file's
 * emulator runs builds for a minute, so they are still running when that happens.
 */
describe('stopped, against the emulator', () => {
  let emu: RunningEmulator
  emulatorPerFile((started) => (emu = started), { resetEach: false, buildDurationMs: 60_000 })

  describe('a wait that is stopped aborts the build', () => {
    it('the wait-timeout runs out: the step fails with timed-out and the build is aborted', async () => {
      const result = await step(emu, 'trigger', {
        'app-slug': 'ios-app',
        'from-event': 'false',
        branch: 'develop',
        wait: 'true',
        'wait-timeout': '1',
        ...SAME_REPOSITORY
      })
      expectFailed(result)
      expect(result.outputs['build-status']).toBe('timed-out')
      expect(errorLine(result)).toContain('wait-timeout of 1 s was reached; the build was aborted')
      const build = await buildState(emu, result.outputs['build-slug'])
      expect(build).toMatchObject({ status: 3, status_text: 'aborted', abort: { with_success: false, by: 'olivia' } })
      expect(build.abort_reason).toContain('wait-timeout')
      // Nothing left for the post step to abort.
      expect(result.state['pending-work']).toBe('')
    })

    it('SIGINT during a wait: the step stops, reports cancelled, and the build is aborted', async () => {
      let spawned: (child: ChildProcess) => void = () => undefined
      const child = new Promise<ChildProcess>((resolve) => (spawned = resolve))
      const running = step(
        emu,
        'trigger',
        {
          'app-slug': 'ios-app',
          'from-event': 'false',
          branch: 'main',
          wait: 'true',
          'wait-timeout': '60',
          ...SAME_REPOSITORY
        },
        { onSpawn: spawned, timeoutMs: 15_000 }
      )
      const stepProcess = await child
      await printed(stepProcess, 'Waiting for build')
      const before = (await emulatorState(emu)).builds.at(-1)
      expect(before).toMatchObject({ status: 0, triggered_workflow: 'deploy' })
      stepProcess.kill('SIGINT')
      const result = await running
      expectFailed(result)
      expect(result.stdout).toContain('Received SIGINT')
      expect(result.outputs['build-status']).toBe('cancelled')
      expect(errorLine(result)).toContain('the GitHub job was cancelled; the build was aborted')
      const build = await buildState(emu, result.outputs['build-slug'])
      expect(build.slug).toBe(before.slug)
      expect(build).toMatchObject({ status: 3, abort: { with_success: false } })
      expect(build.abort_reason).toContain('cancelled')
    })

    it('the step is killed outright: the post step, given the saved state, aborts the build', async () => {
      let spawned: (child: ChildProcess) => void = () => undefined
      const child = new Promise<ChildProcess>((resolve) => (spawned = resolve))
      const inputs = {
        'app-slug': 'ios-app',
        'from-event': 'false',
        branch: 'develop',
        wait: 'true',
        'wait-timeout': '60',
        ...SAME_REPOSITORY
      }
      const running = step(emu, 'trigger', inputs, { onSpawn: spawned, timeoutMs: 15_000 })
      const stepProcess = await child
      await printed(stepProcess, 'Waiting for build')
      stepProcess.kill('SIGKILL')
      const killed = await running
      expect(killed.signal).toBe('SIGKILL')
      const pending = JSON.parse(killed.state['pending-work'])
      expect(pending).toEqual({ appSlug: 'ios-app', buildSlug: killed.outputs['build-slug'] })
      expect((await buildState(emu, pending.buildSlug)).status).toBe(0)

      const post = await step(emu, 'trigger', inputs, { state: killed.state })
      expect(post.code).toBe(0)
      expect(post.stdout).toContain(`Aborted build ${pending.buildSlug}`)
      const build = await buildState(emu, pending.buildSlug)
      expect(build).toMatchObject({ status: 3 })
      expect(build.abort_reason).toContain('the step was stopped while waiting')
    })
  })
})
