/**
 * A pipeline's wait, through the bundle: a wait step of its own after a rebuild-pipeline step
 * takes the attempt the rebuild follows and never ends on it (against the emulator, whose new
 * attempt shows late, held until the wait has read the old one); the aimed waits of several pipelines take their turns in
 * the step's one budget of status reads, and a lone pipeline's reads keep the 2 s floor, as builds'
 * waits do (against a loopback stand-in on a clock SCALE times the wall clock, with the bundle
 * built to read that scale, answering a start that moves at every read).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { fakeServices } from '../../helpers/fake-service.js'
import { randomInt, randomString, randomUUID } from '../../helpers/random.js'
import { runAction } from '../../helpers/run-action.js'
import { buildScaledClockBundle } from '../../helpers/scaled-clock-bundle.js'
import { TOKEN } from '../../helpers/secrets.js'
import {
  expectPassed,
  printed,
  type RunningEmulator,
  SAME_REPOSITORY,
  startE2eEmulator,
  step
} from '../../helpers/scenarios/emulator-steps.js'
import { failedPipeline, flakyPipeline } from '../../helpers/subjects/release-pipeline.js'

describe('a wait step of its own after rebuild-pipeline', () => {
  /** A workflow that fails on the pipeline's first attempt only: the rebuild succeeds. */
  const { pipeline: PIPELINE, seed } = flakyPipeline()
  /**
   * The new attempt shows this long after the rebuild on the emulator's clock, which the test moves
   * on by as much once the wait has said it read the old attempt: held by the test, not raced.
   */
  const DELAY_MS = 600_000
  let clockOffset = 0
  let emu: RunningEmulator

  beforeAll(async () => {
    emu = await startE2eEmulator({ seed, rebuildDelayMs: DELAY_MS, now: () => Date.now() + clockOffset })
  })
  afterAll(async () => emu?.close())

  it('given previous-attempt-id, waits through the reads of the failed attempt and reports the rebuild’s end', async () => {
    const id = await failedPipeline(emu, PIPELINE)
    const rebuilt = await step(emu, 'rebuild-pipeline', { 'app-slug': 'ios-app', 'pipeline-id': id })
    expectPassed(rebuilt)
    // The emulator names its attempts `<pipeline>-<number>`: the rebuild follows the first.
    expect(rebuilt.outputs['previous-attempt-id']).toBe(`${id}-1`)
    let spawned: (child: ChildProcess) => void = () => undefined
    const child = new Promise<ChildProcess>((resolve) => (spawned = resolve))
    const waiting = step(
      emu,
      'wait',
      {
        'app-slug': 'ios-app',
        'pipeline-id': id,
        'previous-attempt-id': rebuilt.outputs['previous-attempt-id'],
        'poll-interval': '0.2'
      },
      { onSpawn: spawned }
    )
    await printed(await child, `Pipeline ${id}: the rebuild's new attempt is not visible yet`, 60_000)
    clockOffset += DELAY_MS
    const waited = await waiting
    expectPassed(waited)
    expect(waited.stdout).toContain(`Pipeline ${id}: the rebuild's new attempt is not visible yet`)
    expect(waited.outputs).toMatchObject({ 'pipeline-status': 'succeeded', 'build-status': 'success' })
    expect(waited.stdout).not.toContain('finished: failed')
    expect(emu.state.pipelines.get(id)!.attempts).toHaveLength(2)
  }, 120_000)

  it('warns that previous-attempt-id is not read when it waits for a build', async () => {
    const started = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: 'main',
      workflow: 'primary',
      ...SAME_REPOSITORY
    })
    expectPassed(started)
    const attempt = randomUUID()
    const waited = await step(emu, 'wait', {
      'app-slug': 'ios-app',
      'build-slug': started.outputs['build-slug'],
      'previous-attempt-id': attempt,
      'poll-interval': '0.2',
      'stream-logs': 'false'
    })
    expect(waited.stdout).toMatch(/^::warning::previous-attempt-id is not read when waiting for a build/m)
  }, 120_000)
})

describe('the aimed waits of several pipelines', () => {
  const SCALE = 10
  const serve = fakeServices()
  let scaledClock: ReturnType<typeof buildScaledClockBundle>
  beforeAll(() => {
    scaledClock = buildScaledClockBundle()
  })
  afterAll(() => scaledClock.remove())

  const iso = (ms: number): string => new Date(ms).toISOString()

  it('share the step’s one budget of status reads', async () => {
    const origin = Date.now()
    const serviceNow = () => origin + (Date.now() - origin) * SCALE
    const shortest = randomInt(60_000, 120_000)
    const count = 6 + randomInt(4)
    const name = `p-${randomString(6).toLowerCase()}`
    const ids = Array.from({ length: count }, () => randomUUID())
    const reads: number[] = []
    const seen = new Map<string, number>()
    // Successful runs of the pipeline: the pace aims its reads at their end, CLOSE_MS apart.
    const history = Array.from({ length: 10 }, (_v, i) => {
      const start = serviceNow() - 86_400_000 - i * 1_000_000
      return { id: randomUUID(), status: 'succeeded', started_at: iso(start), finished_at: iso(start + shortest + i) }
    })
    const routes: Record<string, () => unknown> = {
      'POST /apps/app-1/builds': () => ({
        status: 201,
        body: {
          status: 'ok',
          results: ids.map((id) => ({ build_slug: id, triggered_pipeline: name }))
        }
      }),
      'GET /apps/app-1/pipelines': () => ({ body: { data: history, paging: {} } })
    }
    for (const id of ids)
      routes[`GET /apps/app-1/pipelines/${id}`] = () => {
        const now = serviceNow()
        reads.push(now)
        const n = (seen.get(id) ?? 0) + 1
        seen.set(id, n)
        const done = n >= 8
        return {
          body: {
            id,
            name,
            status: done ? 'succeeded' : 'running',
            // Always just inside the close-in window: every pause is the shortest the pace takes.
            started_at: iso(now - (shortest - 2_000) + 1 + randomInt(20)),
            ...(done ? { finished_at: iso(now) } : {}),
            stages: []
          }
        }
      }
    const service = await serve(routes as never, { maxRequests: 600, lifetimeMs: 120_000 })
    const result = await runAction(
      {
        operation: 'trigger',
        token: TOKEN,
        'base-url': service.url,
        'app-slug': 'app-1',
        'from-event': 'false',
        branch: 'main',
        pipeline: name,
        wait: 'true'
      },
      {
        env: { SERVICE_TIME_SCALE: String(SCALE), SERVICE_TIME_ORIGIN: String(origin) },
        bundle: scaledClock.bundle,
        timeoutMs: 100_000
      }
    )
    expect({ code: result.code, out: result.code === 0 ? '' : result.stdout.slice(-3000) }).toEqual({
      code: 0,
      out: ''
    })
    expect(result.stdout).toMatch(/The last 10 successful run\(s\) of pipeline \S+ ran/)
    expect(reads.length).toBe(count * 8)
    // In any stretch of the service's clock, no more reads than the burst and the hourly pace allow.
    const perMs = 5_000 / 3_600_000
    const sorted = [...reads].sort((a, b) => a - b)
    let worst = 0
    for (let i = 0; i < sorted.length; i++)
      for (let j = i + 1; j < sorted.length; j++)
        worst = Math.max(worst, j - i + 1 - (10 + Math.ceil((sorted[j] - sorted[i]) * perMs) + 1))
    expect(worst).toBeLessThanOrEqual(0)
  }, 120_000)

  it('never reads a lone pipeline less than 2 s apart on the service clock, whatever its record says', async () => {
    const origin = Date.now()
    const serviceNow = () => origin + (Date.now() - origin) * SCALE
    const shortest = randomInt(60_000, 120_000)
    const id = randomUUID()
    const name = `p-${randomString(6).toLowerCase()}`
    const reads: number[] = []
    const endAfter = 10 + randomInt(6)
    const history = Array.from({ length: 10 }, (_v, i) => {
      const start = serviceNow() - 86_400_000 - i * 1_000_000
      return { id: randomUUID(), status: 'succeeded', started_at: iso(start), finished_at: iso(start + shortest + i) }
    })
    const service = await serve(
      {
        'GET /apps/app-1/pipelines': () => ({ body: { data: history, paging: {} } }),
        [`GET /apps/app-1/pipelines/${id}`]: () => {
          const now = serviceNow()
          reads.push(now)
          const done = reads.length >= endAfter
          return {
            body: {
              id,
              name,
              status: done ? 'succeeded' : 'running',
              // A start that moves at every read to a few ms short of where the reads close in.
              started_at: iso(now - (shortest - 2_000) + 1 + randomInt(20)),
              ...(done ? { finished_at: iso(now) } : {}),
              stages: []
            }
          }
        }
      },
      { maxRequests: 200, lifetimeMs: 90_000 }
    )
    const result = await runAction(
      { operation: 'wait', token: TOKEN, 'base-url': service.url, 'app-slug': 'app-1', 'pipeline-id': id },
      {
        env: { SERVICE_TIME_SCALE: String(SCALE), SERVICE_TIME_ORIGIN: String(origin) },
        bundle: scaledClock.bundle,
        timeoutMs: 60_000
      }
    )
    expect({ code: result.code, out: result.code === 0 ? '' : result.stdout.slice(-3000) }).toEqual({
      code: 0,
      out: ''
    })
    expect(result.stdout).toMatch(/The last 10 successful run\(s\) of pipeline \S+ ran/)
    expect(reads.length).toBe(endAfter)
    const gaps = reads.slice(1).map((at, i) => at - reads[i])
    // A timer never fires early; the wall clock's millisecond is SCALE ms of the service's.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(2_000 - 2 * SCALE)
  }, 90_000)
})
