/**
 * A rebuild is waited by its attempt, through dist/index.js. The service answers the rebuild 201
 * with no attempt, and reads may show the attempt before it for a while: against the emulator
 * (its new attempt shown late, held until the step has read the old one) the step never reports the old attempt's failure
 * as the rebuild's, with wait or without; against a loopback service answering the contract's
 * shapes (current_attempt_id only, attempts[] only, or neither), the same.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { fakeServices, type Reply } from '../../helpers/fake-service.js'
import { randomInt, randomUUID } from '../../helpers/random.js'
import { runAction } from '../../helpers/run-action.js'
import { TOKEN } from '../../helpers/secrets.js'
import {
  expectPassed,
  printed,
  resetEmulator,
  type RunningEmulator,
  startE2eEmulator,
  step
} from '../../helpers/scenarios/emulator-steps.js'
import { failedPipeline, flakyPipeline } from '../../helpers/subjects/release-pipeline.js'

/** A workflow that fails on the pipeline's first attempt only: the rebuild succeeds. */
const { pipeline: PIPELINE, flaky: FLAKY, seed } = flakyPipeline()
/**
 * The new attempt shows this long after the rebuild on the emulator's clock, which a test that
 * waits for it moves on by as much once the step has said it read the old attempt: held, not raced.
 */
const DELAY_MS = 600_000
let clockOffset = 0

let emu: RunningEmulator
beforeAll(async () => {
  emu = await startE2eEmulator({ seed, rebuildDelayMs: DELAY_MS, now: () => Date.now() + clockOffset })
})
beforeEach(async () => resetEmulator(emu))
afterAll(async () => emu?.close())

/** A pipeline of the emulator that ran and failed (its first attempt). */
const failed = (): Promise<string> => failedPipeline(emu, PIPELINE)

describe('rebuild-pipeline against the emulator, whose new attempt shows late', () => {
  it('with wait, waits through the reads that still show the failed attempt and reports the rebuild’s own end', async () => {
    const id = await failed()
    let spawned: (child: ChildProcess) => void = () => undefined
    const child = new Promise<ChildProcess>((resolve) => (spawned = resolve))
    const rebuilding = step(
      emu,
      'rebuild-pipeline',
      {
        'app-slug': 'ios-app',
        'pipeline-id': id,
        partial: String(randomInt(2) === 0),
        wait: 'true',
        'poll-interval': '0.2'
      },
      { onSpawn: spawned }
    )
    await printed(await child, `Pipeline ${id}: the rebuild's new attempt is not visible yet`, 60_000)
    clockOffset += DELAY_MS
    const rebuilt = await rebuilding
    expectPassed(rebuilt)
    expect(rebuilt.stdout).toContain(`Pipeline ${id}: the rebuild's new attempt is not visible yet`)
    expect(rebuilt.outputs).toMatchObject({ 'pipeline-status': 'succeeded', 'build-status': 'success' })
    expect(rebuilt.stdout).toContain(`Pipeline ${id} finished: succeeded`)
    expect(rebuilt.stdout).not.toContain('finished: failed')
    expect(emu.state.pipelines.get(id)!.attempts).toHaveLength(2)
  })

  it('without wait, says the new attempt is not visible yet, and reports none of the old attempt as the rebuild’s', async () => {
    const id = await failed()
    const rebuilt = await step(emu, 'rebuild-pipeline', { 'app-slug': 'ios-app', 'pipeline-id': id })
    expectPassed(rebuilt)
    expect(rebuilt.outputs['pipeline-status']).toBe('not-visible-yet')
    expect(JSON.parse(rebuilt.outputs.builds)).toEqual([])
    expect(rebuilt.stdout).toMatch(
      /^::notice::Pipeline \S+ of ios-app rebuilt, but its new attempt is not visible yet/m
    )
    expect(rebuilt.summary).toContain('not-visible-yet')
    expect(rebuilt.summary).not.toMatch(/Status[^\n]*failed/)
  })
})

describe('rebuild-pipeline against the contract’s answer shapes', () => {
  const serve = fakeServices()
  const ID = randomUUID()
  const path = `/apps/app-1/pipelines/${ID}`
  const workflow = (status: string) => ({ id: randomUUID(), name: FLAKY, external_id: randomUUID(), status })

  /** A pipeline answer of attempt `attempt` (1 the old one), in one of the shapes a service may give. */
  function answer(shape: string, attempt: number, status: string): Reply {
    const ids = [randomUUID(), randomUUID()]
    const times = attempt === 1 ? ['2026-04-03T17:27:33Z', '2026-04-03T17:31:07Z'] : ['2026-04-03T18:00:00Z', null]
    const finished = status === 'running' ? null : (times[1] ?? '2026-04-03T18:09:00Z')
    const attempts = ids.slice(0, attempt).map((id, i) => ({ id, number_in_pipeline_build_scope: i + 1 }))
    return {
      body: {
        id: ID,
        name: PIPELINE,
        status,
        started_at: times[0],
        finished_at: finished,
        ...(shape === 'current_attempt_id' || shape === 'both' ? { current_attempt_id: ids[attempt - 1] } : {}),
        ...(shape === 'attempts' || shape === 'both' ? { attempts } : {}),
        stages: [{ name: 'test', workflows: [workflow(status)] }]
      }
    }
  }

  it.each(['current_attempt_id', 'attempts', 'both', 'neither'])(
    'answers with %s: the old failed attempt read after the rebuild is not its end',
    async (shape) => {
      // The ids of each attempt stay the same from read to read.
      const old = answer(shape, 1, 'failed')
      const fresh = (status: string): Reply => {
        const reply = answer(shape, 2, status)
        const body = reply.body as Record<string, unknown>
        const was = old.body as Record<string, unknown>
        if (Array.isArray(was.attempts))
          body.attempts = [(was.attempts as unknown[])[0], (body.attempts as Array<unknown>)[1]]
        if (was.current_attempt_id !== undefined && Array.isArray(body.attempts))
          body.current_attempt_id = (body.attempts[1] as { id: string }).id
        return reply
      }
      const running = fresh('running')
      // The read before the rebuild, then at least two after it that still show the old attempt.
      const olds = Array.from({ length: 3 + randomInt(3) }, () => old)
      const reads: Reply[] = [...olds, running, fresh('succeeded')]
      const service = await serve({
        [`POST ${path}/rebuild`]: { status: 201, raw: '' },
        [`GET ${path}`]: (_req, count) => reads[Math.min(count - 1, reads.length - 1)]
      })
      const result = await runAction({
        operation: 'rebuild-pipeline',
        token: TOKEN,
        'base-url': service.url,
        'app-slug': 'app-1',
        'pipeline-id': ID,
        wait: 'true',
        'poll-interval': '0.1'
      })
      expect({ code: result.code, log: result.code === 0 ? '' : result.stdout }).toEqual({ code: 0, log: '' })
      expect(result.outputs['pipeline-status']).toBe('succeeded')
      expect(result.stdout).toContain(`Pipeline ${ID} finished: succeeded`)
    }
  )
})
