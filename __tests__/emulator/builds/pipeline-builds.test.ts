/**
 * A pipeline's builds as the recorded real answers show them (bitrise-io/bitrise-mcp
 * devenv/test-responses): every workflow build of a pipeline carries the pipeline's build number,
 * so a build-list filter `build_number=N` finds them; numbers follow the order of the triggers;
 * the pipeline answer carries `attempts[].status` and `triggered_by`, as `get_pipeline.json`
 * does. Plain builds and pipelines are triggered in a random order, on a random graph.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { bundledSeed } from '../../../emulator/model/seed.js'
import type { RunningEmulator } from '../../../emulator/server.js'
import { randomGraph, seedWithGraph } from '../../helpers/graph-pipeline.js'
import { random, randomInt, randomString } from '../../helpers/random.js'
import { call, sleep, start, TOKENS, trigger, SAME_REPOSITORY } from '../helpers.js'

let emu: RunningEmulator | undefined
afterEach(async () => {
  await emu?.close()
  emu = undefined
})

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any

async function ended(e: RunningEmulator, pipeline: string): Promise<Json> {
  for (let i = 0; i < 300; i++) {
    const res = await call(e, 'GET', `/apps/ios-app/pipelines/${pipeline}`, { token: TOKENS.tester })
    if (!['running', 'on_hold'].includes(res.json.status)) return res.json
    await sleep(50)
  }
  throw new Error(`pipeline ${pipeline} did not end`)
}

async function allBuilds(e: RunningEmulator, query = ''): Promise<Json[]> {
  const res = await call(e, 'GET', `/apps/ios-app/builds?limit=50${query}`, { token: TOKENS.tester })
  expect(res.status).toBe(200)
  return res.json.data
}

describe("a pipeline's builds", () => {
  it("carry the pipeline's build number, and numbers follow the order of the triggers", async () => {
    const graph = randomGraph({ count: 2 + randomInt(3), taken: ['primary', 'deploy'] })
    const id = randomString(8, 'abcdefghijklmnopqrstuvwxyz')
    emu = await start({ seed: seedWithGraph(bundledSeed(), 'ios-app', id, graph), buildDurationMs: 100 })
    const kinds = Array.from({ length: 4 + randomInt(3) }, (_, i) => (i === 0 || random() < 0.5 ? 'pipeline' : 'build'))
    const triggered: Array<{ kind: string; number: number; slug: string }> = []
    for (const kind of kinds) {
      const params = kind === 'pipeline' ? { pipeline_id: id } : { workflow_id: 'primary' }
      const res = await trigger(emu, { branch: 'main', ...SAME_REPOSITORY, ...params })
      expect(res.status).toBe(201)
      triggered.push({ kind, number: res.json.results[0].build_number, slug: res.json.results[0].build_slug })
      // Let the pipeline's first workflows start (and take numbers, were they to) before the next trigger.
      await sleep(randomInt(150))
    }
    const numbers = triggered.map((t) => t.number)
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
    expect(new Set(numbers).size).toBe(numbers.length)
    for (const t of triggered.filter((one) => one.kind === 'pipeline')) await ended(emu, t.slug)

    for (const t of triggered.filter((one) => one.kind === 'pipeline')) {
      const answer = await ended(emu, t.slug)
      const ran = answer.workflows.filter((w: Json) => w.external_id !== '').map((w: Json) => w.external_id)
      expect(ran.length).toBeGreaterThan(0)
      const found = await allBuilds(emu, `&build_number=${t.number}`)
      expect(found.map((b: Json) => b.slug).sort()).toEqual([...ran].sort())
      expect(found.every((b: Json) => b.build_number === t.number)).toBe(true)
    }
    // No build took a number after its trigger: a workflow build that starts late takes none of its own
    // (its triggered_at is its own start, as in the recorded list_builds.json, so only numbers are compared).
    const highest = Math.max(...(await allBuilds(emu)).map((b: Json) => b.build_number))
    expect(highest).toBe(numbers[numbers.length - 1])
  })

  it('the pipeline answer carries attempts[].status and triggered_by, as the recorded answer does', async () => {
    const graph = randomGraph({ count: 2 + randomInt(2), taken: ['primary', 'deploy'] })
    const id = randomString(8, 'abcdefghijklmnopqrstuvwxyz')
    emu = await start({
      seed: seedWithGraph(bundledSeed(), 'ios-app', id, graph),
      buildDurationMs: 50,
      rebuildDelayMs: 0
    })
    const res = await trigger(emu, { branch: 'main', ...SAME_REPOSITORY, pipeline_id: id })
    const pipeline = res.json.results[0].build_slug as string
    const first = await ended(emu, pipeline)
    expect(first).toHaveProperty('triggered_by')
    expect(first.attempts).toEqual([expect.objectContaining({ status: first.status })])
    const rebuilt = await call(emu, 'POST', `/apps/ios-app/pipelines/${pipeline}/rebuild`, {
      token: TOKENS.developer,
      body: { partial: false }
    })
    expect(rebuilt.status).toBeLessThan(300)
    const second = await ended(emu, pipeline)
    expect(second.attempts.map((a: Json) => a.status)).toEqual([first.status, second.status])
  })
})
