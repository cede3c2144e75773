/**
 * Pipelines through dist/index.js against the emulator: a held pipeline aborted through its
 * own endpoint when the job is cancelled, a partial rebuild that keeps the workflows that
 * succeeded and runs the failed one and those after it, the wait's heartbeat, reads of the
 * pipeline that fail for a while (answered through the emulator's fault injection), a bare
 * wait-timeout under a minute, artifacts refused with a pipeline, and holds as the service has them.
 */
import { describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { randomInt, randomString } from '../../helpers/random.js'
import { HOOKS_BUNDLE } from '../../helpers/run-action.js'
import {
  addEmulatorFault,
  emulatorFaults,
  errorLine,
  expectFailed,
  expectPassed,
  printed,
  requestLog,
  SAME_REPOSITORY,
  setConcurrency,
  step
} from '../../helpers/scenarios/emulator-steps.js'
import {
  emu,
  ON_MAIN,
  TESTS,
  DEPLOY,
  useReleasePipeline,
  waitedRelease,
  type Workflow
} from '../../helpers/subjects/release-pipeline.js'

useReleasePipeline()

const addFault = (fault: Record<string, unknown>): Promise<void> => addEmulatorFault(emu, fault)
const pendingFaults = (): Promise<unknown[]> => emulatorFaults(emu)

describe('pipelines', () => {
  it('a cancelled job aborts the held pipeline through its own abort endpoint', async () => {
    let spawned: (child: ChildProcess) => void = () => undefined
    const child = new Promise<ChildProcess>((resolve) => (spawned = resolve))
    // With no free concurrency slot the pipeline is held, so it is still unfinished at the cancel.
    await setConcurrency(emu, 'ios-app', 0)
    const running = step(
      emu,
      'trigger',
      { ...ON_MAIN, wait: 'true', 'wait-timeout': '60' },
      { onSpawn: spawned, timeoutMs: 15_000, env: {} }
    )
    const stepProcess = await child
    await printed(stepProcess, ': on_hold')
    stepProcess.kill('SIGTERM')
    const result = await running
    expectFailed(result)
    expect(errorLine(result)).toContain('the GitHub job was cancelled; the pipeline was aborted')
    const id = result.outputs['pipeline-id']
    expect(result.outputs['pipeline-status']).toBe('cancelled')
    const aborts = (await requestLog(emu)).filter((r) => r.method === 'POST' && r.path.endsWith('/abort'))
    expect(aborts.map((r) => r.path)).toEqual([`/v0.1/apps/ios-app/pipelines/${id}/abort`])
    expect(aborts[0].body).toMatchObject({
      abort_with_success: false,
      skip_notifications: false,
      abort_reason: expect.stringContaining('the GitHub job was cancelled')
    })
    const pipeline = emu.state.pipelines.get(id)!
    expect(emu.model.pipelineView(emu.state.apps.get('ios-app')!, pipeline).status).toBe('aborted')
  })

  it('a partial rebuild keeps the workflow that succeeded and runs the failed one and the one after it', async () => {
    const first = await waitedRelease()
    expect(first.outputs['pipeline-status']).toBe('failed')
    // The wait ended: nothing is left for the post step to abort.
    expect(first.state['pending-work']).toBe('')
    const before = JSON.parse(first.outputs.builds) as Workflow[]
    expect(before.map((w) => [w.stage, w.name, w.status])).toEqual([
      ['build', 'primary', 'succeeded'],
      ['test', TESTS, 'failed'],
      ['ship', DEPLOY, 'skipped']
    ])
    expect(first.stdout).toContain(`stage test, workflow ${TESTS}: failed`)
    const id = first.outputs['pipeline-id']
    const rebuilt = await step(emu, 'rebuild-pipeline', { 'app-slug': 'ios-app', 'pipeline-id': id, partial: 'true' })
    expectPassed(rebuilt)
    const rebuild = (await requestLog(emu)).filter((r) => r.path.endsWith('/rebuild'))
    expect(rebuild.map((r) => r.body)).toEqual([{ partial: true }])
    const after = JSON.parse(rebuilt.outputs.builds) as Workflow[]
    // The succeeded workflow is kept (same build), the others run again as new workflows: the
    // failed one as a new build at once, the skipped one once its stage starts (no build yet).
    expect(after[0]).toEqual(before[0])
    expect(after[1]['build-slug']).not.toBe(before[1]['build-slug'])
    expect(after[2]['workflow-id']).not.toBe(before[2]['workflow-id'])
    expect([before[2]['build-slug'], after[2]['build-slug']]).toEqual(['', ''])
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const view = emu.model.pipelineView(emu.state.apps.get('ios-app')!, emu.state.pipelines.get(id)!)
    expect(view.status).toBe('succeeded')
    expect(view.stages.flatMap((s) => s.workflows.map((w) => w.status))).toEqual([
      'succeeded',
      'succeeded',
      'succeeded'
    ])
  })

  it('a quiet wait prints a heartbeat with the time waited and the state, then a wait-timeout aborts the pipeline', async () => {
    // Held (no free concurrency slot), the pipeline never changes: only the heartbeat speaks.
    await setConcurrency(emu, 'ios-app', 0)
    const heartbeatMs = 250 + randomInt(150)
    const result = await step(
      emu,
      'trigger',
      { ...ON_MAIN, wait: 'true', 'wait-timeout': '2', 'poll-interval': '0.5' },
      // The tests' build, which takes a heartbeat this short (the shipped action's is a minute).
      { bundle: HOOKS_BUNDLE, env: { SERVICE_HEARTBEAT_MS: String(heartbeatMs) } }
    )
    expectFailed(result)
    const id = result.outputs['pipeline-id']
    const beats = result.stdout.split('\n').filter((line) => line.startsWith(`Still waiting for pipeline ${id}: `))
    // About two seconds of silence after the first read, a heartbeat every heartbeatMs of it.
    expect(beats.length).toBeGreaterThanOrEqual(Math.floor(1500 / heartbeatMs))
    expect(beats.length).toBeLessThanOrEqual(Math.ceil(2500 / heartbeatMs))
    for (const beat of beats)
      expect(beat).toMatch(new RegExp(`^Still waiting for pipeline ${id}: \\d+ seconds? elapsed, on_hold$`))
    const elapsed = beats.map((beat) => Number(/: (\d+) seconds? elapsed/.exec(beat)?.[1]))
    expect(elapsed).toEqual([...elapsed].sort((a, b) => a - b))
    expect(elapsed.at(-1)).toBeGreaterThanOrEqual(1)
    expect(errorLine(result)).toContain('the wait-timeout of 2 s was reached; the pipeline was aborted')
    expect(result.stdout).toContain(`Waiting for pipeline ${id} (wait-timeout: 2 seconds, poll-interval: 0.5 seconds)`)
    expect(result.state['pending-work']).toBe('')
  })

  it("reads of the pipeline answered 5xx beyond the client's retries do not end the wait: the step ends with the real status", async () => {
    const attempts = 2 + randomInt(2)
    // More failed answers than one read's attempts, so at least two whole reads fail.
    const failures = attempts * 2 + randomInt(attempts)
    await addFault({
      path: '/apps/ios-app/pipelines/',
      method: 'GET',
      action: 'status',
      status: [500, 502, 503, 504][randomInt(4)],
      count: failures
    })
    const result = await step(emu, 'trigger', {
      ...ON_MAIN,
      ...SAME_REPOSITORY,
      wait: 'true',
      'fail-on-build-failure': 'false',
      'max-attempts': String(attempts)
    })
    expectPassed(result)
    const id = result.outputs['pipeline-id']
    const view = emu.model.pipelineView(emu.state.apps.get('ios-app')!, emu.state.pipelines.get(id)!)
    expect(result.outputs['pipeline-status']).toBe(view.status)
    expect(['succeeded', 'failed']).toContain(view.status)
    expect(result.stdout).toContain(`Pipeline ${id} finished: ${view.status}`)
    // Said once, however many reads failed.
    const said = result.stdout.split('\n').filter((line) => line.startsWith(`Reading pipeline ${id} failed (`))
    expect(said).toHaveLength(1)
    expect(said[0]).toMatch(/; still waiting\.$/)
    expect(await pendingFaults()).toEqual([])
    expect((await requestLog(emu)).filter((r) => r.path.endsWith('/abort'))).toEqual([])
  })

  it('a refusal of a read of the pipeline (401, 403, 404) still ends the wait and leaves the pipeline as it is', async () => {
    const status = [401, 403, 404][randomInt(3)]
    await addFault({ path: '/apps/ios-app/pipelines/', method: 'GET', action: 'status', status, count: 1 })
    const result = await step(emu, 'trigger', { ...ON_MAIN, ...SAME_REPOSITORY, wait: 'true' })
    expectFailed(result)
    expect(errorLine(result)).toContain(`answered ${status}`)
    expect(errorLine(result)).toContain(`pipeline ${result.outputs['pipeline-id']} was left as it is`)
    expect(result.state['pending-work']).toBe('')
    expect((await requestLog(emu)).filter((r) => r.path.endsWith('/abort'))).toEqual([])
  })

  it('a bare wait-timeout under a minute warns that it is seconds, as for a build', async () => {
    const seconds = 20 + randomInt(40)
    const result = await step(emu, 'trigger', {
      ...ON_MAIN,
      ...SAME_REPOSITORY,
      wait: 'true',
      'fail-on-build-failure': 'false',
      'wait-timeout': String(seconds)
    })
    expectPassed(result)
    expect(result.stdout).toContain(
      `::warning::wait-timeout: ${seconds} means ${seconds} seconds (a number without a unit is seconds); a pipeline still running then is aborted. If minutes were meant, add the unit: ${seconds}m.`
    )
    expect(result.stdout.split('\n').filter((line) => line.startsWith('::warning::'))).toHaveLength(1)
  })

  it('list-artifacts or download-artifacts with pipeline is refused, naming both inputs, before anything is sent', async () => {
    const asked: Record<string, string> =
      randomInt(2) === 0 ? { 'list-artifacts': 'true' } : { 'download-artifacts': `artifacts-${randomString(6)}` }
    const name = Object.keys(asked)[0]
    const result = await step(emu, 'trigger', { ...ON_MAIN, ...SAME_REPOSITORY, wait: 'true', ...asked })
    expectFailed(result)
    expect(errorLine(result)).toContain(`Input "${name}": cannot be used together with pipeline`)
    expect(errorLine(result)).toContain('Nothing was sent to the service')
    expect(await requestLog(emu)).toEqual([])
    expect(emu.state.pipelines.size).toBe(0)
  })
})

describe('pipeline holds follow the service', () => {
  it('a push pipeline without repository owners runs: only a fork pull request waits for approval', async () => {
    const result = await step(emu, 'trigger', { ...ON_MAIN, wait: 'true', 'fail-on-build-failure': 'false' })
    expect(result.outputs['pipeline-status']).not.toBe('on_hold')
    expect(['succeeded', 'failed']).toContain(result.outputs['pipeline-status'])
  })

  it('a fork pull request pipeline on an app with manual approval is held; a slot-held one starts when a slot frees', async () => {
    const pr = String(1 + randomInt(5000))
    const held = await step(emu, 'trigger', {
      ...ON_MAIN,
      'pull-request-id': pr,
      'branch-repo-owner': `fork-${randomString(6).toLowerCase()}`,
      'branch-dest-repo-owner': 'acme'
    })
    expectPassed(held)
    const app = emu.state.apps.get('ios-app')!
    expect(emu.model.pipelineView(app, emu.state.pipelines.get(held.outputs['pipeline-id'])!).status).toBe('on_hold')
    await setConcurrency(emu, 'ios-app', 0)
    const waiting = await step(emu, 'trigger', { ...ON_MAIN, ...SAME_REPOSITORY })
    const pipeline = emu.state.pipelines.get(waiting.outputs['pipeline-id'])!
    expect(emu.model.pipelineView(app, pipeline).status).toBe('on_hold')
    await setConcurrency(emu, 'ios-app', null)
    expect(emu.model.pipelineView(app, pipeline).status).toBe('running')
    expect(emu.model.pipelineView(app, emu.state.pipelines.get(held.outputs['pipeline-id'])!).status).toBe('on_hold')
  })
})
