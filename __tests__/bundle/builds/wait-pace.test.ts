/**
 * The pace of a wait whose poll-interval is not set: reads aimed at the end the workflow's recent
 * successful builds predict. The emulator's clock runs SCALE times faster than the wall clock and
 * the step is given the same scale (SERVICE_TIME_SCALE, read only by the scaled-clock build of the
 * bundle, helpers/scaled-clock-bundle.ts), so builds of minutes take seconds; the
 * history is made in the emulator's past by holding its clock back while those builds run.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { bundledSeed } from '../../../emulator/model/seed.js'
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../emulator/server.js'
import { call, TOKENS, trigger } from '../../emulator/helpers.js'
import { fakeServices } from '../../helpers/fake-service.js'
import { random, randomInt, randomSlug, randomString } from '../../helpers/random.js'
import { runAction } from '../../helpers/run-action.js'
import { buildScaledClockBundle } from '../../helpers/scaled-clock-bundle.js'
import { TOKEN } from '../../helpers/secrets.js'
import { buildState, errorLine, expectFailed, printed, step } from '../../helpers/scenarios/emulator-steps.js'

const SCALE = 10
const APP = 'ios-app'

interface Read {
  method: string
  path: string
  at: number
}

/** An emulator on a scaled clock that can be set back, recording when each request came on that clock. */
async function scaledEmulator(
  options: EmulatorOptions = {}
): Promise<{ emu: RunningEmulator; reads: Read[]; back: (ms: number) => void; env: Record<string, string> }> {
  const origin = Date.now()
  let offset = 0
  const reads: Read[] = []
  const emu = await startEmulator({
    port: 0,
    logDelayMs: 0,
    ...options,
    now: () => origin + (Date.now() - origin) * SCALE + offset,
    onRequest: (read) => reads.push(read)
  })
  running.push(emu)
  // The step's clock is the emulator's once the offset is back at 0.
  const env = { SERVICE_TIME_SCALE: String(SCALE), SERVICE_TIME_ORIGIN: String(origin) }
  return { emu, reads, back: (ms) => (offset = -ms), env }
}

const running: RunningEmulator[] = []
let scaledClock: ReturnType<typeof buildScaledClockBundle>
beforeAll(() => {
  scaledClock = buildScaledClockBundle()
})
// The scaled-clock tests of a describe run side by side (it.concurrent: they spend their time
// waiting on a clock, each on an emulator of its own); jest runs no afterEach for those, so the
// emulators are closed after the file.
afterAll(async () => {
  for (const emu of running.splice(0)) await emu.close()
  scaledClock.remove()
})

async function startBuild(emu: RunningEmulator, branch: string, durationMs: number): Promise<string> {
  const answer = await trigger(
    emu,
    { branch, workflow_id: 'primary' },
    { 'X-Emulator-Build-Duration-Ms': String(Math.round(durationMs)) }
  )
  expect(answer.status).toBe(201)
  return answer.json.results[0].build_slug
}

/** Builds of `branch` that ran `lengths` and ended before now: started with the clock set back, which then returns. */
async function history(scaled: Awaited<ReturnType<typeof scaledEmulator>>, branch: string, lengths: number[]) {
  scaled.back(Math.max(...lengths) + 60_000)
  for (const ms of lengths) await startBuild(scaled.emu, branch, ms)
  scaled.back(0)
}

/** The times of the status reads of `slug`, on the emulator's clock. */
function statusReads(reads: Read[], slug: string): number[] {
  return reads.filter((r) => r.method === 'GET' && r.path === `/v0.1/apps/${APP}/builds/${slug}`).map((r) => r.at)
}

function listReads(reads: Read[]): number {
  return reads.filter((r) => r.method === 'GET' && r.path === `/v0.1/apps/${APP}/builds`).length
}

function gaps(times: number[]): number[] {
  return times.slice(1).map((t, i) => t - times[i])
}

/**
 * Reads at a fixed pace of 10 s: never closer, and apart by 10 s plus each read's own time,
 * which the scaled clock multiplies (on a busy machine 0.2 s becomes 2 s): the median is checked,
 * well under the far pause (30 s) and far above the close one (2 s).
 */
function expectFixedPace(times: number[]): void {
  const apart = gaps(times).sort((a, b) => a - b)
  expect(apart.length).toBeGreaterThanOrEqual(2)
  expect(apart[0]).toBeGreaterThanOrEqual(9_900)
  expect(apart[apart.length >> 1]).toBeLessThan(14_000)
}

const waitFor = (
  scaled: Awaited<ReturnType<typeof scaledEmulator>>,
  slug: string,
  inputs: Record<string, string> = {}
) =>
  step(
    scaled.emu,
    'wait',
    { 'app-slug': APP, 'build-slug': slug, 'stream-logs': 'false', 'poll-interval': '', ...inputs },
    { env: scaled.env, bundle: scaledClock.bundle, timeoutMs: 60_000 }
  )

describe('a wait with poll-interval not set', () => {
  it.concurrent(
    'with a history, sees the end within one close pause, sending no more reads than a fixed 10 s poll',
    async () => {
      // Every draw before the first await, so the draws of tests run side by side come in one order.
      const branch = randomSlug('pace-')
      const length = randomInt(150_000, 200_000)
      // Within ±5% of the build, some shorter and some longer, in a random order.
      const lengths = [1, -1, 1, -1, random() < 0.5 ? 1 : -1]
        .map((sign) => length * (1 + sign * (0.01 + random() * 0.04)))
        .sort(() => random() - 0.5)
      const scaled = await scaledEmulator()
      await history(scaled, branch, lengths)
      const aimed = await startBuild(scaled.emu, branch, length)
      const fixed = await startBuild(scaled.emu, branch, length)
      const [a, f] = await Promise.all([waitFor(scaled, aimed), waitFor(scaled, fixed, { 'poll-interval': '10s' })])
      expect([a.code, a.outputs['build-status'], f.code, f.outputs['build-status']]).toEqual([
        0,
        'success',
        0,
        'success'
      ])
      expect(a.stdout).toMatch(new RegExp(`The last 5 successful build\\(s\\) of workflow primary on ${branch} ran`))
      const record = await call(scaled.emu, 'GET', `/apps/${APP}/builds/${aimed}`, { token: TOKENS.owner })
      const end = Date.parse(record.json.data.finished_at)
      const seen = statusReads(scaled.reads, aimed).find((at) => at >= end) as number
      // One close pause (2 s), and a second for the reads' own time on a busy machine, scaled.
      expect(seen - end).toBeLessThanOrEqual(3_000)
      const aimedRequests = statusReads(scaled.reads, aimed).length + listReads(scaled.reads)
      expect(aimedRequests).toBeLessThanOrEqual(statusReads(scaled.reads, fixed).length)
      // A set poll-interval keeps its fixed pace: every read 10 s after the last, and no history read.
      expect(listReads(scaled.reads)).toBe(1)
      expectFixedPace(statusReads(scaled.reads, fixed))
    },
    90_000
  )

  it.concurrent(
    'without a history, reads at the fixed default pace of 10 s, as before',
    async () => {
      const [branch, length] = [randomSlug('new-'), randomInt(45_000, 60_000)]
      const scaled = await scaledEmulator()
      const slug = await startBuild(scaled.emu, branch, length)
      const result = await waitFor(scaled, slug)
      expect([result.code, result.outputs['build-status']]).toEqual([0, 'success'])
      expect(result.stdout).not.toContain('successful build(s)')
      expectFixedPace(statusReads(scaled.reads, slug))
      // The branch, then the workflow: neither has a build that succeeded.
      expect(listReads(scaled.reads)).toBe(2)
    },
    60_000
  )

  it.concurrent(
    'with a history, a wait-timeout still aborts the build',
    async () => {
      const branch = randomSlug('pace-')
      const scaled = await scaledEmulator()
      await history(scaled, branch, [600_000, 610_000, 620_000])
      const slug = await startBuild(scaled.emu, branch, 600_000)
      const result = await waitFor(scaled, slug, { 'wait-timeout': '2' })
      expectFailed(result)
      expect(result.outputs['build-status']).toBe('timed-out')
      expect(errorLine(result)).toContain('the build was aborted')
      expect(await buildState(scaled.emu, slug)).toMatchObject({ status: 3 })
    },
    60_000
  )

  it.concurrent(
    'with a history, a cancelled job still aborts the build',
    async () => {
      const branch = randomSlug('pace-')
      const scaled = await scaledEmulator()
      await history(scaled, branch, [600_000, 610_000, 620_000])
      const slug = await startBuild(scaled.emu, branch, 600_000)
      let spawned: (child: ChildProcess) => void = () => undefined
      const child = new Promise<ChildProcess>((resolve) => (spawned = resolve))
      const waiting = step(
        scaled.emu,
        'wait',
        { 'app-slug': APP, 'build-slug': slug, 'stream-logs': 'false', 'poll-interval': '' },
        { env: scaled.env, bundle: scaledClock.bundle, timeoutMs: 30_000, onSpawn: spawned }
      )
      const stepProcess = await child
      await printed(stepProcess, 'successful build(s)')
      stepProcess.kill('SIGINT')
      const result = await waiting
      expectFailed(result)
      expect(result.outputs['build-status']).toBe('cancelled')
      expect(await buildState(scaled.emu, slug)).toMatchObject({ status: 3 })
    },
    60_000
  )
})

describe('a pipeline waited for with poll-interval not set', () => {
  it("with a history of the pipeline's runs, sees its end within one close pause", async () => {
    const name = `quick-${randomSlug()}`.slice(0, 30)
    const seed = bundledSeed()
    for (const app of seed.apps ?? [])
      if (app.slug === APP)
        app.service_yml = `${app.service_yml ?? ''}\npipelines:\n  ${name}:\n    stages:\n    - only: { workflows: [primary] }\n`
    // Every build (so the pipeline's one workflow) runs this long on the emulator's clock.
    const length = randomInt(60_000, 90_000)
    const scaled = await scaledEmulator({ seed, buildDurationMs: length })
    const runs = 3 + randomInt(3)
    scaled.back(length * 2 + 60_000)
    for (let n = 0; n < runs; n++) {
      const answer = await trigger(scaled.emu, { branch: 'main', pipeline_id: name })
      expect(answer.status).toBe(201)
    }
    scaled.back(0)
    const started = await trigger(scaled.emu, { branch: 'main', pipeline_id: name })
    const id = started.json.results[0].build_slug
    const result = await step(
      scaled.emu,
      'wait',
      { 'app-slug': APP, 'pipeline-id': id, 'poll-interval': '' },
      { env: scaled.env, bundle: scaledClock.bundle, timeoutMs: 60_000 }
    )
    expect([result.code, result.outputs['build-status']]).toEqual([0, 'success'])
    expect(result.stdout).toContain(`The last ${runs} successful run(s) of pipeline ${name} ran`)
    const record = await call(scaled.emu, 'GET', `/apps/${APP}/pipelines/${id}`, { token: TOKENS.owner })
    const end = Date.parse(record.json.finished_at ?? record.json.data?.finished_at)
    const reads = scaled.reads
      .filter((r) => r.method === 'GET' && r.path === `/v0.1/apps/${APP}/pipelines/${id}`)
      .map((r) => r.at)
    const seen = reads.find((at) => at >= end) as number
    expect(seen - end).toBeLessThanOrEqual(3_000)
    // Fewer reads than a fixed 10 s poll would send over the pipeline's run.
    expect(reads.length).toBeLessThanOrEqual(Math.ceil(length / 10_000) + 1)
  }, 60_000)
})

describe('a streamed log that says the build has finished', () => {
  const serve = fakeServices()

  it('brings the next status read forward: the step ends without waiting out the 10 s pause', async () => {
    const slug = randomString(16).toLowerCase()
    const line = `step output ${randomString(12)}\n`
    const record = (status: number) => ({
      body: { data: { slug, status, status_text: status === 0 ? 'in-progress' : 'success', is_on_hold: false } }
    })
    const service = await serve({
      [`GET /apps/app-1/builds/${slug}`]: [record(0), record(1)],
      [`GET /apps/app-1/builds/${slug}/log`]: {
        body: { log_chunks: [{ chunk: line, position: 0 }], is_archived: true, expiring_raw_log_url: null }
      }
    })
    const result = await runAction({
      operation: 'wait',
      token: TOKEN,
      'base-url': service.url,
      'app-slug': 'app-1',
      'build-slug': slug
    })
    expect({ code: result.code, log: result.code === 0 ? '' : result.stdout }).toEqual({ code: 0, log: '' })
    expect(result.stdout).toContain(line.trim())
    // Two status reads, and far less than the fixed pause of 10 s between them.
    expect(service.requests.filter((r) => r.path === `/apps/app-1/builds/${slug}`)).toHaveLength(2)
    expect(result.durationMs).toBeLessThan(8_000)
  }, 30_000)
})
