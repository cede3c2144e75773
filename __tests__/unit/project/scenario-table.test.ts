/**
 * The fault suite's scenario table: a passing run prints nothing, so jest's summary is
 * what a person reads last; a failing run prints the failed rows only.
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { randomString } from '../../helpers/random.js'
import { ScenarioTable } from '../../helpers/scenarios/fault-cases.js'

afterEach(() => {
  jest.restoreAllMocks()
})

/** What print() wrote to stdout. */
function printed(table: ScenarioTable): string {
  let text = ''
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    text += String(chunk)
    return true
  })
  table.print()
  jest.restoreAllMocks()
  return text
}

const row = (failed: boolean): { scenario: string; expected: string; observed: string; failed: boolean } => ({
  scenario: `scenario ${randomString(10)}`,
  expected: `expected ${randomString(10)}`,
  observed: `observed ${randomString(10)}`,
  failed
})

describe('ScenarioTable', () => {
  it('prints nothing when every scenario passed', () => {
    const table = new ScenarioTable(`Title ${randomString(6)}`)
    for (let i = 0; i < 40; i++) table.add(row(false))
    expect(printed(table)).toBe('')
  })

  it('prints the failed rows only, with how many of all failed', () => {
    const title = `Title ${randomString(6)}`
    const table = new ScenarioTable(title)
    const rows = Array.from({ length: 30 }, (_, i) => row(i % 10 === 3))
    for (const r of rows) table.add(r)
    const text = printed(table)
    expect(text).toContain(`${title}: 3 of 30 scenarios failed`)
    for (const r of rows) {
      expect({ scenario: r.scenario, shown: text.includes(r.scenario) }).toEqual({
        scenario: r.scenario,
        shown: r.failed
      })
    }
    // Title, header, rule and three rows, between blank lines.
    expect(text.trim().split('\n')).toHaveLength(6)
  })
})
