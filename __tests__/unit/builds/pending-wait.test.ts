/** The pending-work state: what each wait saves, read back as the post step reads it. */
import { describe, expect, it } from '@jest/globals'
import {
  readPending,
  savedBuilds,
  savedPipeline,
  savedWork,
  type PendingBuild
} from '../../../src/builds/abort/pending.js'
import { randomInt, randomSlug } from '../../helpers/random.js'

const build = (): PendingBuild => ({ appSlug: randomSlug(), buildSlug: randomSlug() })

describe('the pending-work state', () => {
  it('one build is saved in the form earlier versions saved', () => {
    const one = build()
    expect(JSON.parse(savedBuilds([one]))).toEqual(one)
    expect(readPending(JSON.stringify(one))).toEqual({ builds: [one], pipelines: [] })
  })

  it('several builds, up to the 50 of a multi-app step, read back in order and stay small', () => {
    const builds = Array.from({ length: 2 + randomInt(49) }, build)
    const saved = savedBuilds(builds)
    expect(readPending(saved)).toEqual({ builds, pipelines: [] })
    // Two slugs and a few separators per build: no field names repeated per item.
    const slugs = builds.reduce((sum, b) => sum + b.appSlug.length + b.buildSlug.length, 0)
    expect(saved.length).toBeLessThanOrEqual(slugs + 8 * builds.length + 20)
  })

  it('a pipeline reads back as a pipeline', () => {
    const pipeline = { appSlug: randomSlug(), pipelineId: randomSlug() }
    expect(readPending(savedPipeline(pipeline))).toEqual({ builds: [], pipelines: [pipeline] })
  })

  it('builds and pipelines one trigger started read back together, in order; alone, each keeps its short form', () => {
    const builds = Array.from({ length: randomInt(4) }, build)
    const pipelines = Array.from({ length: 1 + randomInt(3) }, () => ({
      appSlug: randomSlug(),
      pipelineId: randomSlug()
    }))
    expect(readPending(savedWork({ builds, pipelines }))).toEqual({ builds, pipelines })
    expect(savedWork({ builds, pipelines: [] })).toBe(savedBuilds(builds))
    expect(savedWork({ builds: [], pipelines: [pipelines[0]] })).toBe(savedPipeline(pipelines[0]))
    expect(() => readPending(JSON.stringify({ builds: [], pipelines: [['a']] }))).toThrow(
      'names no build and no pipeline'
    )
  })

  it('no build saves an empty value, which names nothing', () => {
    expect(savedBuilds([])).toBe('')
    expect(readPending('')).toEqual({ builds: [], pipelines: [] })
  })

  const bad: Array<[string, string]> = [
    ['not JSON', '{appSlug'],
    ['a list', '[]'],
    ['a build without its app', JSON.stringify({ buildSlug: 'b' })],
    ['an empty slug', JSON.stringify({ appSlug: '', buildSlug: 'b' })],
    ['a slug that is no text', JSON.stringify({ appSlug: 'a', buildSlug: 7 })],
    ['a pair with one slug', JSON.stringify({ builds: [['a']] })],
    ['a pair with a number', JSON.stringify({ builds: [['a', 1]] })],
    ['builds that are no list', JSON.stringify({ builds: 'a' })]
  ]
  it.each(bad)('refuses %s', (_, saved) => {
    expect(() => readPending(saved)).toThrow(/saved state/)
  })
})
