/**
 * The floor under an aimed wait (poll-interval not set): never less than 2 s of the service's
 * clock between two status reads of one build, whatever its record and history say. The service
 * is a loopback stand-in on a clock SCALE times the wall clock (the step given the same scale),
 * answering hostile records: a start that moves at every read to just before the expected end,
 * and a history of thousands of builds of zero, negative, future and ordinary lengths.
 */
import { describe, expect, it } from '@jest/globals'
import { fakeServices } from '../../helpers/fake-service.js'
import { random, randomInt } from '../../helpers/random.js'
import { fakeStep, fakeTriggerOnMain } from '../../helpers/scenarios/fake-steps.js'
import { useScaledClock } from '../../helpers/scaled-clock.js'

// The waits of these builds run on the emulator's faster clock: only the scaled-clock build reads it.
const scaledClock = useScaledClock()

const SCALE = 10
const BUILD = '/apps/app-1/builds/build-abc'
const serve = fakeServices()

const iso = (ms: number): string => new Date(ms).toISOString()

/** A history of `count` builds, most of them with times no real build has. */
function hostileHistory(count: number, now: number, shortestMs: number) {
  return Array.from({ length: count }, (_v, i) => {
    const kind = randomInt(5)
    const started = now - randomInt(1, 30 * 86_400_000)
    const length =
      kind === 0 ? 0 : kind === 1 ? -randomInt(1, 600_000) : shortestMs + randomInt(0, Math.round(shortestMs * 0.1))
    const start = kind === 2 ? now + randomInt(1, 86_400_000) : started
    return {
      slug: `h${i}`,
      status: 1,
      branch: 'main',
      triggered_workflow: 'primary',
      started_on_worker_at: iso(start),
      finished_at: iso(start + length)
    }
  })
}

describe('an aimed wait with a hostile record', () => {
  it('never reads the status of one build less than 2 s apart on the service clock', async () => {
    const origin = Date.now()
    const serviceNow = () => origin + (Date.now() - origin) * SCALE
    const shortest = randomInt(60_000, 120_000)
    const reads: number[] = []
    const endAfter = 12 + randomInt(8)
    // Ten ordinary builds first (the ones the pace reads), then thousands of hostile ones.
    const ordinary = hostileHistory(10, serviceNow(), shortest).map((b, i) => {
      const start = serviceNow() - 86_400_000 - i * 1_000_000
      return { ...b, started_on_worker_at: iso(start), finished_at: iso(start + shortest + i * 1_000) }
    })
    const history = [...ordinary, ...hostileHistory(2_000 + randomInt(2_000), serviceNow(), shortest)]
    const service = await serve(
      {
        'GET /apps/app-1/builds': () => ({ body: { data: history, paging: {} } }),
        [`GET ${BUILD}`]: () => {
          const now = serviceNow()
          reads.push(now)
          // Each answer moves the start so the build is a few ms short of where the reads close in.
          const started = now - (shortest - 2_000) + Math.round(random() * 20) + 1
          const done = reads.length >= endAfter
          return {
            body: {
              data: {
                slug: 'build-abc',
                status: done ? 1 : 0,
                status_text: done ? 'success' : 'in-progress',
                is_on_hold: false,
                triggered_workflow: 'primary',
                branch: 'main',
                started_on_worker_at: iso(started),
                ...(done ? { finished_at: iso(now) } : {})
              }
            }
          }
        }
      },
      { maxRequests: 400, lifetimeMs: 90_000 }
    )
    const result = await fakeStep(
      service,
      'wait',
      { 'build-slug': 'build-abc', 'stream-logs': 'false' },
      scaledClock.options(SCALE, origin, 60_000)
    )
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/The last 10 successful build\(s\) of workflow primary on main ran/)
    expect(reads.length).toBe(endAfter)
    const gaps = reads.slice(1).map((at, i) => at - reads[i])
    // A timer never fires early; the wall clock's millisecond is SCALE ms of the service's.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(2_000 - 2 * SCALE)
  }, 90_000)
})

describe('the aimed waits of one step', () => {
  it('share one budget of status reads, whatever each build says', async () => {
    const origin = Date.now()
    const serviceNow = () => origin + (Date.now() - origin) * SCALE
    const shortest = randomInt(60_000, 120_000)
    const count = 6 + randomInt(4)
    const slugs = Array.from({ length: count }, (_v, i) => `b${i}-${randomInt(1_000_000)}`)
    const reads: number[] = []
    const seen = new Map<string, number>()
    const ordinary = hostileHistory(10, serviceNow(), shortest).map((b, i) => {
      const start = serviceNow() - 86_400_000 - i * 1_000_000
      return { ...b, started_on_worker_at: iso(start), finished_at: iso(start + shortest + i * 1_000) }
    })
    const routes: Record<string, () => unknown> = {
      'POST /apps/app-1/builds': () => ({
        status: 201,
        body: {
          status: 'ok',
          results: slugs.map((slug, i) => ({ build_slug: slug, build_number: i + 1, triggered_workflow: 'primary' }))
        }
      }),
      'GET /apps/app-1/builds': () => ({ body: { data: ordinary, paging: {} } })
    }
    for (const slug of slugs)
      routes[`GET /apps/app-1/builds/${slug}`] = () => {
        const now = serviceNow()
        reads.push(now)
        const n = (seen.get(slug) ?? 0) + 1
        seen.set(slug, n)
        const done = n >= 8
        return {
          body: {
            data: {
              slug,
              status: done ? 1 : 0,
              status_text: done ? 'success' : 'in-progress',
              is_on_hold: false,
              triggered_workflow: 'primary',
              branch: 'main',
              started_on_worker_at: iso(now - (shortest - 2_000) + 1 + randomInt(20)),
              ...(done ? { finished_at: iso(now) } : {})
            }
          }
        }
      }
    const service = await serve(routes as never, { maxRequests: 600, lifetimeMs: 120_000 })
    const result = await fakeTriggerOnMain(
      service,
      { workflow: 'primary', wait: 'true', 'stream-logs': 'false' },
      scaledClock.options(SCALE, origin)
    )
    expect({ code: result.code, out: result.code === 0 ? '' : result.stdout.slice(-3000) }).toEqual({
      code: 0,
      out: ''
    })
    expect(reads.length).toBe(count * 8)
    // In any stretch of the service's clock, no more reads than the burst and the hourly pace allow.
    const perMs = 5_000 / 3_600_000
    const sorted = [...reads].sort((a, b) => a - b)
    for (let i = 0; i < sorted.length; i++)
      for (let j = i + 1; j < sorted.length; j++)
        expect(j - i + 1).toBeLessThanOrEqual(10 + Math.ceil((sorted[j] - sorted[i]) * perMs) + 1)
  }, 120_000)
})
