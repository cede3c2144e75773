/**
 * The service's role rules as a workflow meets them: a step run with a token whose
 * user lacks the role fails with the 403 and the roles the call needs, and the
 * emulator's state shows that nothing changed.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type FakeService, fakeServices, type Routes } from '../../helpers/fake-service.js'
import { type Operation, REQUIRED_ROLES } from '../../helpers/operations.js'
import { randomSlug } from '../../helpers/random.js'
import { errorLine } from '../../helpers/run-action.js'
import {
  appState,
  emulatorPerFile,
  emulatorState,
  expectFailed,
  expectPassed,
  requestLog,
  type RunningEmulator,
  step,
  TOKENS,
  workspace
} from '../../helpers/scenarios/emulator-steps.js'
import { runOperation } from '../../helpers/scenarios/operation-steps.js'
import { tempDir } from '../../helpers/temp-dirs.js'

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
    expect(error).toContain('Owner, Admin, Platform Engineer or Developer')
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
        { 'org-slug': 'acme', 'from-machine': 'standard', 'to-machine': 'elite', 'dry-run': 'false' },
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

/**
 * A 403 on a role-restricted call fails the step with a message naming the roles the
 * call needs (REQUIRED_ROLES), after sending the call once: a refusal is not retried.
 */
describe('a 403 from a fake service', () => {
  const serve = fakeServices()
  let service: FakeService | undefined
  const folders: string[] = []
  afterEach(async () => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  /** `before`: the calls the operation makes first, answered well (the service's check of a file or of to-machine). */
  const cases: Array<{
    operation: Operation
    route: string
    inputs: Record<string, string>
    roles: RegExp
    before?: Routes
  }> = [
    {
      operation: 'upload-config',
      route: 'POST /apps/app-1/service.yml',
      inputs: { 'app-slug': 'app-1' },
      roles: /Owner, Admin or Platform Engineer/,
      before: { 'POST /validate-bitrise-yml': { body: { errors: [], warnings: [] } } }
    },
    {
      operation: 'set-roles',
      route: 'PUT /apps/app-1/roles/admin',
      inputs: { 'app-slug': 'app-1', role: 'admin', groups: 'platform' },
      roles: /manage team roles/
    },
    {
      operation: 'migrate-machine-types',
      route: 'PATCH /organizations/org-acme/apps/machine_types',
      inputs: { 'org-slug': 'org-acme', 'from-machine': 'standard', 'to-machine': 'elite', 'dry-run': 'false' },
      roles: /Workspace owner role/,
      // No app the token sees uses the machine type: nothing to check to-machine in, so the PATCH is sent.
      before: { 'GET /organizations/org-acme/apps': { body: { data: [] } } }
    },
    {
      operation: 'set-config-location',
      route: 'PUT /apps/app-1/service.yml/config',
      inputs: { 'app-slug': 'app-1', location: 'service' },
      roles: /Admin access/
    },
    {
      operation: 'update-app',
      route: 'PATCH /apps/app-1',
      inputs: { 'app-slug': 'app-1', title: 'x' },
      roles: /Owner or Admin/
    }
  ]

  it.each(cases)(
    'a 403 on $operation names the roles it needs',
    async ({ operation, route, inputs, roles, before = {} }) => {
      service = await serve({ ...before, [route]: { status: 403, body: { message: 'You do not have permission' } } })
      const workspace = tempDir('ops-403-')
      folders.push(workspace)
      writeFileSync(join(workspace, 'service.yml'), 'workflows:\n  primary: {}\n')
      const result = await runOperation(service, operation, inputs, { workspace })
      expect(result.code).toBe(1)
      const error = errorLine(result)
      const [method, path] = route.split(' ')
      expect(error).toContain(`${method} ${path} failed: the service answered 403: You do not have permission`)
      expect(error).toContain(`The token's user lacks the role this call needs: ${REQUIRED_ROLES[operation]}.`)
      expect(error).toMatch(roles)
      expect(service.requests.map((r) => `${r.method} ${r.path}`)).toEqual([...Object.keys(before), route])
    }
  )

  it('list-apps claims no role on the app team: a Workspace the user is not in lists no apps, and a 403 names what the module declares', async () => {
    const org = randomSlug('org-')
    service = await serve({
      [`GET /organizations/${org}/apps`]: [
        { status: 200, body: { data: [] } },
        { status: 403, body: { message: 'Forbidden' } }
      ]
    })
    const empty = await runOperation(service, 'list-apps', { 'org-slug': org })
    expect({ code: empty.code, count: empty.outputs.count, apps: empty.outputs.apps }).toEqual({
      code: 0,
      count: '0',
      apps: '[]'
    })
    const refused = await runOperation(service, 'list-apps', { 'org-slug': org })
    expect(refused.code).toBe(1)
    expect(errorLine(refused)).toContain(
      `The token's user lacks the role this call needs: ${REQUIRED_ROLES['list-apps']}.`
    )
    expect(errorLine(refused)).not.toMatch(/role on the app team/)
  })
})
