import { describe, expect, it } from '@jest/globals'
import { BRANCH_SAMPLES, CLOSE_MS, expectedRun, FAR_MS, nextPauseMs } from '../../../src/builds/wait/pace.js'
import { random, randomInt, randomSlug } from '../../helpers/random.js'

const FIXED = 10_000

describe('what the history predicts', () => {
  it('takes the branch when it has enough builds, else the workflow', () => {
    const branch = randomSlug('b-')
    const onBranch = Array.from({ length: BRANCH_SAMPLES }, () => ({ branch, durationMs: randomInt(1000, 2000) }))
    const elsewhere = Array.from({ length: 4 }, () => ({ branch: randomSlug('o-'), durationMs: randomInt(5000, 9000) }))
    const enough = expectedRun([...elsewhere, ...onBranch], branch)
    expect(enough).toMatchObject({ branch, samples: BRANCH_SAMPLES })
    expect(enough?.longestMs).toBeLessThan(2000)
    const few = expectedRun([...elsewhere, ...onBranch.slice(1)], branch)
    expect(few).toMatchObject({ branch: undefined, samples: 4 + BRANCH_SAMPLES - 1 })
    expect(few?.longestMs).toBeGreaterThanOrEqual(5000)
    expect(expectedRun([], branch)).toBeUndefined()
  })

  it('gives the shortest, median and longest of the most recent ten', () => {
    const durations = Array.from({ length: 10 }, () => randomInt(1000, 100_000))
    const older = Array.from({ length: randomInt(1, 5) }, () => ({ durationMs: 1 }))
    const e = expectedRun([...durations.map((durationMs) => ({ durationMs })), ...older], undefined)
    const sorted = [...durations].sort((a, b) => a - b)
    expect(e).toMatchObject({ shortestMs: sorted[0], longestMs: sorted[9], medianMs: (sorted[4] + sorted[5]) / 2 })
  })
})

describe('the pause before the next read', () => {
  const around = (lengthMs: number) => {
    const spread = lengthMs * 0.1 * random()
    return { shortestMs: lengthMs - spread, medianMs: lengthMs, longestMs: lengthMs + spread, samples: 5 }
  }

  it('is at most FAR_MS far from the end, never past the close window, and CLOSE_MS around the end', () => {
    for (let n = 0; n < 200; n++) {
      const e = around(randomInt(30_000, 600_000))
      const ran = random() * (e.shortestMs - CLOSE_MS)
      const pause = nextPauseMs(e, ran, FIXED)
      expect(pause).toBeLessThanOrEqual(FAR_MS)
      expect(ran + pause).toBeLessThanOrEqual(e.shortestMs - CLOSE_MS + 1e-6)
      const within = e.shortestMs - CLOSE_MS + random() * (e.longestMs - e.shortestMs + CLOSE_MS)
      expect(nextPauseMs(e, within, FIXED)).toBe(CLOSE_MS)
    }
  })

  it('grows when the build runs long, up to the fixed interval', () => {
    const e = around(randomInt(30_000, 600_000))
    const pauses = [1, 2, 5, 10, 30, 60, 600].map((s) => nextPauseMs(e, e.longestMs + s * 1000, FIXED))
    expect(pauses).toEqual([...pauses].sort((a, b) => a - b))
    expect(pauses[0]).toBe(CLOSE_MS)
    expect(pauses.at(-1)).toBe(FIXED)
  })

  it('reads a build of the expected length with fewer reads than a fixed 10 s poll, seeing its end within CLOSE_MS', () => {
    for (let n = 0; n < 100; n++) {
      const length = randomInt(30_000, 600_000)
      const e = around(length * (0.95 + random() * 0.1))
      const end = Math.min(Math.max(length, e.shortestMs), e.longestMs)
      let at = 0
      let reads = 1
      while (at < end) {
        at += nextPauseMs(e, at, FIXED)
        reads++
      }
      expect(at - end).toBeLessThanOrEqual(CLOSE_MS)
      expect(reads).toBeLessThanOrEqual(Math.ceil(end / FIXED) + 1 + 3)
    }
  })
})
