import { describe, expect, it } from '@jest/globals'
import { describeDuration } from '../../../src/inputs/durations.js'

const cases: Array<[number, string]> = [
  [0, '0 seconds'],
  [100, '0.1 seconds'],
  [1000, '1 second'],
  [5000, '5 seconds'],
  [60_000, '1 minute'],
  [90_000, '1 minute 30 seconds'],
  [65_500, '1 minute 5.5 seconds'],
  [1_800_000, '30 minutes'],
  [3_600_000, '1 hour'],
  [5_400_000, '1 hour 30 minutes'],
  [7_200_000, '2 hours'],
  [21_600_000, '6 hours'],
  [3_661_000, '1 hour 1 minute 1 second']
]

describe('durations in words', () => {
  it.each(cases)('%d ms is %s', (ms, words) => {
    expect(describeDuration(ms)).toBe(words)
  })
})
