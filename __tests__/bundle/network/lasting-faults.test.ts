/**
 * Faults that outlast the retry budget, a service that is not there, redirects to
 * another server, waiting through a failing status endpoint, job cancellation during
 * a retry wait, and a service that echoes the secrets in successful answers.
 * Each scenario runs dist/index.js as the runner does and asserts its exact outcome.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { Checks, pool, ScenarioTable } from '../../helpers/scenarios/fault-cases.js'
import { budget, redirects, transport, type Scenario } from '../../helpers/subjects/lasting-faults.js'
import { echoes, waiting } from '../../helpers/subjects/waiting-faults.js'

const SCENARIOS: Scenario[] = [...budget, ...redirects, ...transport, ...waiting, ...echoes]
const table = new ScenarioTable('Retry budget, transport, waiting and secrets under faults')
afterAll(() => table.print())

describe('faults beyond one bad answer', () => {
  it(`runs ${SCENARIOS.length} scenarios, each with its exact outcome`, async () => {
    expect(SCENARIOS.length).toBeGreaterThanOrEqual(25)
    // Each scenario records into its own checks, so its row knows whether it failed.
    const own = SCENARIOS.map(() => new Checks())
    const observed = await pool(SCENARIOS, 6, (scenario, index) =>
      scenario.run(own[index]).catch((error: Error) => `threw: ${error.message}`)
    )
    const checks = new Checks()
    SCENARIOS.forEach((scenario, index) => {
      if (observed[index].startsWith('threw:')) own[index].problems.push(`${scenario.name}: ${observed[index]}`)
      checks.problems.push(...own[index].problems)
      table.add({
        scenario: scenario.name,
        expected: scenario.expected,
        observed: observed[index],
        failed: own[index].problems.length > 0
      })
    })
    expect(checks.problems).toEqual([])
  }, 120_000)
})
