/**
 * A 403 on a role-restricted call fails the step with a message naming the roles the
 * call needs (REQUIRED_ROLES), after sending the call once: a refusal is not retried.
 */
import { afterEach, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REQUIRED_ROLES, type Operation } from '../helpers/operations.js'
import { fakeServices, type FakeService, type Routes } from '../helpers/fake-service.js'
import { randomSlug } from '../helpers/random.js'
import { errorLine } from '../helpers/run-action.js'
import { runOperation } from '../bundle/operation-steps.js'

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
    roles: /Owner or Admin/,
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
    inputs: { 'org-slug': 'org-acme', 'from-machine': 'standard', 'to-machine': 'elite' },
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
    const workspace = mkdtempSync(join(tmpdir(), 'ops-403-'))
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
