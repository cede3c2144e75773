/**
 * Pipelines waited for like builds, through dist/index.js against the emulator: wait with
 * pipeline-id, rebuild-pipeline with wait, and a pipeline id given where a build slug belongs.
 */
import { describe, expect, it } from '@jest/globals'
import { randomInt, randomString, randomUUID } from '../../helpers/random.js'
import {
  errorLine,
  expectFailed,
  expectPassed,
  requestLog,
  SAME_REPOSITORY,
  step
} from '../../helpers/scenarios/emulator-steps.js'
import {
  DEPLOY,
  emu,
  ON_MAIN,
  TESTS,
  useReleasePipeline,
  type Workflow
} from '../../helpers/subjects/release-pipeline.js'

useReleasePipeline()

/** A build's words for a pipeline's end. */
const AS_BUILD: Record<string, string> = {
  succeeded: 'success',
  failed: 'failed',
  aborted: 'aborted',
  succeeded_with_abort: 'aborted-with-success'
}

describe('pipelines waited for like builds', () => {
  /** A release pipeline started without waiting, as a step before the wait would. */
  async function started(): Promise<string> {
    const result = await step(emu, 'trigger', { ...ON_MAIN, ...SAME_REPOSITORY })
    expectPassed(result)
    return result.outputs['pipeline-id']
  }

  const viewOf = (id: string) => emu.model.pipelineView(emu.state.apps.get('ios-app')!, emu.state.pipelines.get(id)!)

  it("wait with pipeline-id follows the pipeline to its end, with a build's outputs and words", async () => {
    const id = await started()
    const pollInterval = (0.05 + randomInt(10) / 100).toFixed(2)
    // An input only a build's wait reads is named, not ignored.
    const buildOnly = ['stream-logs', 'explain-failure'][randomInt(2)]
    const result = await step(emu, 'wait', {
      'app-slug': 'ios-app',
      'pipeline-id': id,
      'fail-on-build-failure': 'false',
      'poll-interval': pollInterval,
      [buildOnly]: 'false'
    })
    expectPassed(result)
    expect(result.stdout).toContain(`::warning::${buildOnly} is not read when waiting for a pipeline (pipeline-id)`)
    const view = viewOf(id)
    expect(Object.keys(AS_BUILD)).toContain(view.status)
    expect(result.outputs).toMatchObject({
      'pipeline-id': id,
      'pipeline-status': view.status,
      'build-status': AS_BUILD[view.status],
      'build-status-text': view.status
    })
    expect(result.outputs['duration-seconds']).toMatch(/^\d+$/)
    expect(result.outputs['build-slug']).toBeUndefined()
    expect(JSON.parse(result.outputs.builds).map((w: Workflow) => w.name)).toEqual(['primary', TESTS, DEPLOY])
    expect(result.stdout).toContain(
      `Waiting for pipeline ${id} (wait-timeout: 1 hour, poll-interval: ${Number(pollInterval)} seconds)`
    )
    // The summary leads as a build's does: "Failed" or "Succeeded", not the pipeline's own word.
    expect(result.summary).toContain(view.status === 'succeeded' ? 'Succeeded' : 'Failed')
    expect(result.state['pending-work']).toBe('')
    expect((await requestLog(emu)).filter((r) => r.path.includes('/builds/'))).toEqual([])
  })

  it('rebuild-pipeline with wait: true waits for the rebuilt pipeline to end', async () => {
    const first = await step(emu, 'trigger', {
      ...ON_MAIN,
      ...SAME_REPOSITORY,
      wait: 'true',
      'fail-on-build-failure': 'false'
    })
    expect(first.outputs['build-status']).toBe('failed')
    const id = first.outputs['pipeline-id']
    const rebuilt = await step(emu, 'rebuild-pipeline', {
      'app-slug': 'ios-app',
      'pipeline-id': id,
      partial: String(randomInt(2) === 0),
      wait: 'true'
    })
    expectPassed(rebuilt)
    expect(viewOf(id).status).toBe('succeeded')
    expect(rebuilt.outputs).toMatchObject({
      'pipeline-status': 'succeeded',
      'build-status': 'success',
      'build-status-text': 'succeeded'
    })
    expect(rebuilt.stdout).toContain(`Pipeline ${id} finished: succeeded`)
  })

  it('a pipeline id given as build-slug is named as one, and nothing is aborted', async () => {
    const id = await started()
    await new Promise((resolve) => setTimeout(resolve, 100))
    const result = await step(emu, 'wait', {
      'app-slug': 'ios-app',
      'build-slug': id,
      'wait-timeout': String(2 + randomInt(4))
    })
    expectFailed(result)
    expect(errorLine(result)).toContain(`Input "build-slug": ${id} is not a build of ios-app but a pipeline`)
    expect(errorLine(result)).toContain('give it as pipeline-id')
    const sent = await requestLog(emu)
    expect(sent.filter((r) => r.path.endsWith('/abort'))).toEqual([])
    expect(sent.filter((r) => r.path === `/v0.1/apps/ios-app/builds/${id}`)).toHaveLength(1)
    expect(result.state['pending-work']).toBe('')
    expect(viewOf(id).status).not.toBe('aborted')
  })

  it('build-slug and pipeline-id together are refused before anything is sent', async () => {
    const result = await step(emu, 'wait', {
      'app-slug': 'ios-app',
      'build-slug': randomString(12).toLowerCase(),
      'pipeline-id': randomUUID()
    })
    expectFailed(result)
    expect(errorLine(result)).toContain('Input "pipeline-id": give build-slug or pipeline-id, not both')
    expect(await requestLog(emu)).toEqual([])
  })
})
