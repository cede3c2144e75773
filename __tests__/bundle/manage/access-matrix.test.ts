/**
 * check-access never says "yes" where the service refuses: for each of the five roles (and an
 * outsider) on a public and a private app, check-access runs through dist/index.js against the
 * emulator, asked about every operation, and then each operation's service call is made with
 * the same token. Every "yes" must be an answer the emulator does not refuse (401/403, or the
 * Workspace's 404). Each role is granted directly or through a Workspace group, at random; users,
 * tokens, the app and the Workspace have random names.
 */
import { describe, expect, it } from '@jest/globals'
import { bundledSeed } from '../../../emulator/model/seed.js'
import type { Seed } from '../../../emulator/model/types.js'
import { random, randomInt, randomSlug, randomToken, RUN_SEED } from '../../helpers/random.js'
import { emulatorPerFile, expectPassed, step, type RunningEmulator } from '../../helpers/scenarios/emulator-steps.js'

const ROLES = ['owner', 'admin', 'platform_engineer', 'developer', 'tester', 'outsider'] as const
type Role = (typeof ROLES)[number]

const ORG = randomSlug('ws-')
const APP = randomSlug('app-')
const USERS = Object.fromEntries(ROLES.map((role) => [role, randomSlug(`${role.slice(0, 3)}-`)])) as Record<
  Role,
  string
>
const TOKEN = Object.fromEntries(ROLES.map((role) => [role, randomToken()])) as Record<Role, string>
/** Each non-owner role is held directly on the team or through a group of the Workspace, drawn at random. */
const VIA_GROUP = Object.fromEntries(ROLES.map((role) => [role, random() < 0.5])) as Record<Role, boolean>
const GROUP_ROLE: Partial<Record<Role, string>> = {
  admin: 'admin',
  platform_engineer: 'platform_engineer',
  developer: 'manager',
  tester: 'member'
}
const YAML =
  'format_version: "13"\nworkflows:\n  primary:\n    steps:\n    - script:\n        inputs:\n        - content: echo hi\n'

function seed(isPublic: boolean): Seed {
  const base = bundledSeed()
  const template = (base.apps ?? []).find((app) => app.slug === 'ios-app')!
  const team: Record<string, string> = {}
  const groups: Array<{ slug: string; name: string; members: string[] }> = []
  const groupRoles: Record<string, string[]> = {}
  for (const [role, name] of Object.entries(GROUP_ROLE) as Array<[Role, string]>) {
    if (!VIA_GROUP[role]) team[USERS[role]] = role === 'developer' ? 'developer' : role === 'tester' ? 'tester' : name
    else {
      const group = randomSlug('group-')
      groups.push({ slug: group, name: group, members: [USERS[role]] })
      groupRoles[name] = [group]
    }
  }
  return {
    ...base,
    users: ROLES.map((role) => ({ slug: USERS[role], name: role })),
    tokens: Object.fromEntries(ROLES.map((role) => [TOKEN[role], USERS[role]])),
    organizations: [{ slug: ORG, name: ORG, owners: [USERS.owner], groups }],
    apps: [
      {
        ...template,
        slug: APP,
        title: APP,
        owner: { account_type: 'organization', slug: ORG },
        is_public: isPublic,
        team,
        group_roles: groupRoles,
        service_yml: template.service_yml
      }
    ],
    oidc: undefined
  }
}

const ABORT = { abort_reason: '', abort_with_success: false, skip_git_status_report: false, skip_notifications: false }

/** Each operation's service call, as the operation makes it (delete-app last: it ends the app). */
function calls(build: string): Record<string, [string, string, unknown?]> {
  const app = `/apps/${APP}`
  return {
    trigger: [
      'POST',
      `${app}/builds`,
      { hook_info: { type: 'service' }, build_params: { branch: 'main', workflow_id: 'primary' } }
    ],
    wait: ['GET', `${app}/builds/${build}`],
    abort: ['POST', `${app}/builds/${build}/abort`, ABORT],
    'register-app': [
      'POST',
      '/apps/register',
      {
        provider: 'github',
        repo_url: `https://github.com/${ORG}/x.git`,
        type: 'git',
        git_owner: ORG,
        git_repo_slug: 'x',
        organization_slug: ORG
      }
    ],
    'list-apps': ['GET', '/apps'],
    'get-app': ['GET', app],
    'update-app': ['PATCH', app, { title: randomSlug('t-') }],
    'list-branches': ['GET', `${app}/branches`],
    'get-config': ['GET', `${app}/service.yml`],
    'upload-config': ['POST', `${app}/service.yml`, { app_config_datastore_yaml: YAML }],
    'validate-config': ['GET', `${app}/service.yml`],
    'get-config-location': ['GET', `${app}/service.yml/config`],
    'set-config-location': ['PUT', `${app}/service.yml/config`, { location: 'service' }],
    'get-roles': ['GET', `${app}/roles/admin`],
    'set-roles': ['PUT', `${app}/roles/member`, { groups: [] }],
    'list-groups': ['GET', `/organizations/${ORG}/groups`],
    'migrate-machine-types': ['PATCH', `/organizations/${ORG}/apps/machine_types`, {}],
    'set-email-notifications': ['PATCH', `${app}/update-email-notifications`, { on_failure: 'always' }],
    'list-build-requests': ['GET', `${app}/build-requests`],
    'approve-build-request': ['PATCH', `${app}/build-requests/${randomSlug('r-')}`, { status: 'approved' }],
    'list-artifacts': ['GET', `${app}/builds/${build}/artifacts`],
    'rebuild-pipeline': ['POST', `${app}/pipelines/${randomSlug('p-')}/rebuild`, {}],
    'plan-matrix': ['GET', app],
    'check-access': ['GET', '/me'],
    'delete-app': ['DELETE', app]
  }
}

async function call(emu: RunningEmulator, token: string, [method, path, body]: [string, string, unknown?]) {
  const res = await fetch(`${emu.url}${path}`, {
    method,
    headers: { Authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined
  })
  await res.arrayBuffer()
  return res.status
}

/** A refusal: no token taken, too weak a role, or a Workspace that hides itself from outsiders. */
const refusal = (path: string, status: number): boolean =>
  status === 401 ||
  status === 403 ||
  (status === 404 && (path.startsWith('/organizations/') || path === '/apps/register'))

interface Row {
  operation: string
  allowed: boolean | null
  aborts?: boolean | null
  probe: string
}

const OPERATIONS = Object.keys(calls('b'))

describe.each([false, true])('check-access against the service, public app: %s', (isPublic) => {
  let emu: RunningEmulator
  emulatorPerFile((started) => (emu = started), { seed: seed(isPublic) })

  // Every role, in an order drawn at random.
  const order = [...ROLES].sort(() => randomInt(3) - 1)
  it.each(order)(`never answers yes where the service refuses: %s (seed ${RUN_SEED})`, async (role) => {
    const built = await call(emu, TOKEN.owner, calls('none').trigger)
    expect(built).toBe(201)
    const list = await fetch(`${emu.url}/apps/${APP}/builds?limit=1`, { headers: { Authorization: TOKEN.owner } })
    const build = ((await list.json()) as { data: Array<{ slug: string }> }).data[0].slug

    const result = await step(
      emu,
      'check-access',
      { 'app-slug': APP, operations: OPERATIONS.join(', '), 'org-slug': ORG },
      { token: TOKEN[role] }
    )
    expectPassed(result)
    const access = JSON.parse(result.outputs.access) as { operations: Row[]; migration?: Row; undecided: string[] }
    const rows = [
      ...access.operations,
      ...(access.migration ? [{ ...access.migration, operation: 'migrate-machine-types' }] : [])
    ]
    expect(rows.map((row) => row.operation).sort()).toEqual([...OPERATIONS].sort())

    const performed: Record<string, number> = {}
    for (const [operation, request] of Object.entries(calls(build)))
      performed[operation] = await call(emu, TOKEN[role], request)
    const wrong = rows
      .filter((row) => row.allowed === true && refusal(calls(build)[row.operation][1], performed[row.operation]))
      .map((row) => `${row.operation}: yes by ${row.probe}, the service answered ${performed[row.operation]}`)
    const waitRow = rows.find((row) => row.operation === 'wait')!
    if (waitRow.aborts === true && refusal('', performed.abort))
      wrong.push(`wait: abort on timeout yes, the service answered ${performed.abort}`)
    expect(wrong).toEqual([])

    // Not a check that passes by saying nothing: the Owner is decided on everything, and an
    // outsider is refused reading the app.
    if (role === 'owner') expect(rows.filter((row) => row.allowed !== true).map((row) => row.operation)).toEqual([])
    if (role === 'outsider') expect(rows.find((row) => row.operation === 'get-app')?.allowed).toBe(false)
    if (role === 'platform_engineer') {
      expect(rows.find((row) => row.operation === 'upload-config')?.allowed).toBe(true)
      expect(performed['update-app']).toBe(403)
    }
  })
})
