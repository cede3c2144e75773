/**
 * The service's role rules as a workflow meets them: a step run with a token whose
 * user lacks the role fails with the 403 and the roles the call needs, and the
 * emulator's state shows that nothing changed.
 */
import { describe, expect, it } from '@jest/globals'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  appState,
  emulatorPerFile,
  emulatorState,
  errorLine,
  expectFailed,
  expectPassed,
  requestLog,
  step,
  TOKENS,
  workspace,
  type RunningEmulator
} from './emulator-steps.js'

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started))

describe('role rules, through dist/index.js', () => {
  it('a Tester cannot trigger: 403, naming the roles that may; no build exists', async () => {
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app', 'from-event': 'false', branch: 'develop' },
      { token: TOKENS.tester }
    )
    expectFailed(result)
    const error = errorLine(result)
    expect(error).toContain('403')
    expect(error).toContain('Owner, Admin or Developer')
    expect(result.outputs['build-slug']).toBeUndefined()
    expect((await emulatorState(emu)).builds).toEqual([])
    // A refused trigger is not sent again.
    expect((await requestLog(emu)).filter((r) => r.method === 'POST')).toHaveLength(1)
  })

  it('a member of a group holding the Developer role can trigger', async () => {
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app', 'from-event': 'false', branch: 'develop' },
      { token: TOKENS.groupDeveloper }
    )
    expectPassed(result)
    expect((await emulatorState(emu)).builds.map((b: { slug: string }) => b.slug)).toEqual([
      result.outputs['build-slug']
    ])
  })

  it('a Developer cannot upload service.yml: 403, and the app keeps its file', async () => {
    const before = (await appState(emu, 'ios-app')).service_yml
    const dir = workspace()
    writeFileSync(join(dir, 'service.yml'), 'format_version: "13"\nworkflows:\n  primary: {}\n')
    const result = await step(
      emu,
      'upload-config',
      { 'app-slug': 'ios-app' },
      { token: TOKENS.developer, workspace: dir }
    )
    expectFailed(result)
    expect(errorLine(result)).toMatch(/403.*Owner or Admin/s)
    expect((await appState(emu, 'ios-app')).service_yml).toBe(before)
  })

  it.each([
    ['an Admin of every app', TOKENS.admin],
    ['a Developer', TOKENS.developer]
  ])(
    '%s who does not own the Workspace cannot migrate its machine types: 403, nothing changes',
    async (_who, token) => {
      const before = (await emulatorState(emu)).apps.map((a: { service_yml: string }) => a.service_yml)
      const result = await step(
        emu,
        'migrate-machine-types',
        { 'org-slug': 'acme', 'from-machine': 'standard', 'to-machine': 'elite' },
        { token }
      )
      expectFailed(result)
      expect(errorLine(result)).toMatch(/403.*the Workspace owner role/s)
      expect(result.outputs['migrated-apps']).toBeUndefined()
      expect((await emulatorState(emu)).apps.map((a: { service_yml: string }) => a.service_yml)).toEqual(before)
    }
  )

  it('an outsider with no role on the app cannot even read it: 403', async () => {
    const result = await step(emu, 'get-app', { 'app-slug': 'ios-app' }, { token: TOKENS.outsider })
    expectFailed(result)
    expect(errorLine(result)).toContain('403')
  })

  it('an unknown token is refused with 401 and a hint about the secret', async () => {
    const result = await step(emu, 'list-apps', {}, { token: 'token-nobody' })
    expectFailed(result)
    expect(errorLine(result)).toMatch(/401.*check that the secret holds a valid access token/s)
  })
})
