/**
 * check-access knows every operation the action has, through dist/index.js against the emulator:
 * asked about all of them, in a random order, it answers each (none is refused as unknown), and
 * report-parked, which only reads builds on the service, is allowed to any role on the app and
 * refused to a caller outside its team. Nothing is written.
 */
import { describe, expect, it } from '@jest/globals'
import { OPERATIONS } from '../../../src/operations/index.js'
import { randomInt } from '../../helpers/random.js'
import {
  emulatorPerFile,
  expectPassed,
  requestLog,
  step,
  TOKENS,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started))

interface Row {
  operation: string
  app: string
  needs: string
  allowed: boolean | null
  probe: string
}

/** The operations in a random order. */
function shuffled(): string[] {
  const items = [...OPERATIONS] as string[]
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[items[i], items[j]] = [items[j], items[i]]
  }
  return items
}

describe('check-access knows every operation', () => {
  it('answers each operation of the action, report-parked by the app read, for any role', async () => {
    const operations = shuffled()
    const token = [TOKENS.tester, TOKENS.developer, TOKENS.admin][randomInt(3)]
    const result = await step(
      emu,
      'check-access',
      { 'app-slug': 'ios-app', operations: operations.join(randomInt(2) === 0 ? ', ' : '\n'), 'org-slug': 'acme' },
      { token }
    )
    expectPassed(result)
    const access = JSON.parse(result.outputs.access) as { operations: Row[] }
    const answered = new Set(access.operations.map((row) => row.operation))
    // migrate-machine-types is answered apart, as the Workspace's migration.
    expect([...answered].sort()).toEqual(operations.filter((name) => name !== 'migrate-machine-types').sort())
    expect(access.operations.find((row) => row.operation === 'report-parked')).toEqual(
      expect.objectContaining({
        app: 'ios-app',
        needs: 'any role on the app',
        allowed: true,
        probe: 'GET /apps/{app-slug} -> 200'
      })
    )
    expect((await requestLog(emu)).filter((r) => r.method !== 'GET' && !r.path.includes('/oidc'))).toEqual([])
  })

  it('refuses report-parked to a caller outside the app team, naming the read', async () => {
    const others = shuffled().filter((name) => name !== 'report-parked' && name !== 'migrate-machine-types')
    const asked = [...others.slice(0, randomInt(3)), 'report-parked']
    const result = await step(
      emu,
      'check-access',
      { 'app-slug': 'ios-app', operations: asked.join(', ') },
      { token: TOKENS.outsider }
    )
    expectPassed(result)
    const access = JSON.parse(result.outputs.access) as { operations: Row[]; missing: string[] }
    expect(access.operations.find((row) => row.operation === 'report-parked')).toMatchObject({
      allowed: false,
      probe: 'GET /apps/{app-slug} -> 403'
    })
    expect(access.missing).toContain('report-parked on ios-app')
    expect(result.stdout).toContain('report-parked on ios-app')
  })
})
