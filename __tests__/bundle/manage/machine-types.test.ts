/**
 * migrate-machine-types, run from dist/index.js: the real PATCH for a Workspace and a
 * user, the empty answer (nothing to migrate), the service's per-app errors, and the
 * dry run, which reads every app's service.yml and sends no PATCH. The service.yml
 * texts use the layout of the emulator's seed: meta.service.machine_type_id at the top
 * and in a workflow.
 */
import { describe, expect, it } from '@jest/globals'
import { fakeServices, type Routes } from '../../helpers/fake-service.js'
import { random, randomInt } from '../../helpers/random.js'
import { errorLine } from '../../helpers/run-action.js'
import { expectSuccess, runOperation, sent } from '../../helpers/scenarios/operation-steps.js'

const serve = fakeServices()

const migrate = { 'from-machine': 'g2-m1.4core', 'to-machine': 'g2-m2.4core', 'dry-run': 'false' }
const CHECK = 'POST /validate-bitrise-yml'
const ACCEPTED = { body: { errors: [], warnings: [] } }
const USES =
  'meta:\n  service:\n    stack: osx-xcode-16.0.x\n    machine_type_id: g2-m1.4core\nworkflows:\n  primary: {}\n'

/** What the check of to-machine before a real migration reads: one app of `list`, which uses from-machine, and the service's check. */
function checkRoutes(list: string, check: Routes[string] = ACCEPTED): Routes {
  return {
    [`GET ${list}`]: { body: { data: [{ slug: 'app-1', title: 'Demo iOS' }] } },
    'GET /apps/app-1/service.yml': { raw: USES },
    [CHECK]: check
  }
}

describe('migrate-machine-types', () => {
  it('migrates a Workspace and outputs the migrated apps', async () => {
    const fake = await serve({
      ...checkRoutes('/organizations/org-acme/apps'),
      'PATCH /organizations/org-acme/apps/machine_types': {
        body: { message: 'Machine types migrated', migrated_apps: ['Demo iOS (app-1)', 'Shop (app-2)'] }
      }
    })
    const result = await runOperation(fake, 'migrate-machine-types', { 'org-slug': 'org-acme', ...migrate })
    expectSuccess(result)
    // to-machine is checked first: the first app using from-machine, as it is and as the migration would leave it.
    expect(sent(fake.calls(CHECK))).toEqual([
      { method: 'POST', path: '/validate-bitrise-yml', query: { app_slug: 'app-1' }, body: { bitrise_yml: USES } },
      {
        method: 'POST',
        path: '/validate-bitrise-yml',
        query: { app_slug: 'app-1' },
        body: { bitrise_yml: USES.replace('g2-m1.4core', 'g2-m2.4core') }
      }
    ])
    expect(result.summary).toContain('to-machine "g2-m2.4core" was accepted by the service')
    expect(sent(fake.calls('PATCH /organizations/org-acme/apps/machine_types'))).toEqual([
      {
        method: 'PATCH',
        path: '/organizations/org-acme/apps/machine_types',
        query: {},
        body: { from_machine: 'g2-m1.4core', to_machine: 'g2-m2.4core' }
      }
    ])
    expect(JSON.parse(result.outputs['migrated-apps'])).toEqual(['Demo iOS (app-1)', 'Shop (app-2)'])
    expect(result.outputs['migrated-count']).toBe('2')
    expect(result.outputs.errors).toBe('[]')
    expect(JSON.parse(result.outputs.response).message).toBe('Machine types migrated')
    expect(result.summary).toContain('Migrated 2 app(s) from g2-m1.4core to g2-m2.4core.')
    expect(result.summary).toMatch(/<td>Demo iOS<\/td><td>app-1<\/td>/)
  })

  it('treats an empty list as success with nothing to migrate (user scope, singular /user/ path)', async () => {
    const fake = await serve({
      'GET /users/user-sam/apps': { body: { data: [] } },
      'PATCH /user/user-sam/apps/machine_types': { body: { message: 'No apps to migrate', migrated_apps: [] } }
    })
    const result = await runOperation(fake, 'migrate-machine-types', { 'user-slug': 'user-sam', ...migrate })
    expectSuccess(result)
    // No app uses from-machine: there is no file to check to-machine in, and the log says so.
    expect(result.stdout).toContain(
      'to-machine "g2-m2.4core" was not checked: no app this token can see uses "g2-m1.4core"'
    )
    expect(sent(fake.requests.filter((r) => r.method !== 'GET'))).toEqual([
      {
        method: 'PATCH',
        path: '/user/user-sam/apps/machine_types',
        query: {},
        body: { from_machine: 'g2-m1.4core', to_machine: 'g2-m2.4core' }
      }
    ])
    expect(result.outputs['migrated-apps']).toBe('[]')
    expect(result.outputs['migrated-count']).toBe('0')
    expect(result.outputs.errors).toBe('[]')
    expect(result.summary).toContain('Nothing to migrate: no app of the user user-sam uses g2-m1.4core.')
    // Nothing was there to read: the warning names from-machine, and no machine type near it.
    expect(result.stdout).toContain(
      '::warning::from-machine "g2-m1.4core" is used by none of the 0 app(s) of user user-sam that this token can see, so nothing was migrated.'
    )
    expect(result.outputs['nearest-machine-types']).toBe('[]')
  })

  it('reports the per-app errors of the answer as warnings and in the errors output', async () => {
    const errors = [{ app: 'Broken (app-3)', error: 'invalid service.yml' }]
    const fake = await serve({
      ...checkRoutes('/organizations/org-acme/apps'),
      'PATCH /organizations/org-acme/apps/machine_types': {
        body: { message: 'done', migrated_apps: ['Demo iOS (app-1)'], errors }
      }
    })
    const result = await runOperation(fake, 'migrate-machine-types', { 'org-slug': 'org-acme', ...migrate })
    expectSuccess(result)
    expect(JSON.parse(result.outputs.errors)).toEqual(errors)
    expect(result.outputs['migrated-count']).toBe('1')
    expect(result.stdout).toContain('::warning::Broken (app-3): invalid service.yml')
  })

  it('is not sent again after a 502: a repeat would find nothing left and report an empty list', async () => {
    const fake = await serve({
      ...checkRoutes('/organizations/org-acme/apps'),
      'PATCH /organizations/org-acme/apps/machine_types': [{ status: 502 }, { body: { migrated_apps: [] } }]
    })
    const result = await runOperation(fake, 'migrate-machine-types', { 'org-slug': 'org-acme', ...migrate })
    expect(result.code).toBe(1)
    expect(fake.calls('PATCH /organizations/org-acme/apps/machine_types')).toHaveLength(1)
    expect(errorLine(result)).toMatch(
      /PATCH \/organizations\/org-acme\/apps\/machine_types failed: the service answered 502/
    )
  })
})

describe('migrate-machine-types dry run', () => {
  const yml = {
    defaultOnly:
      'meta:\n  service:\n    stack: osx-xcode-16.0.x\n    machine_type_id: g2-m1.4core\nworkflows:\n  primary: {}\n',
    workflowOnly:
      'meta:\n  service:\n    stack: linux-docker-22.04\n    machine_type_id: standard\nworkflows:\n  primary: {}\n  deploy:\n    meta:\n      service:\n        stack: osx-xcode-16.0.x\n        machine_type_id: g2-m1.4core\n',
    both: 'meta:\n  service:\n    machine_type_id: g2-m1.4core\nworkflows:\n  primary:\n    meta:\n      service:\n        machine_type_id: g2-m1.4core\n',
    none: 'meta:\n  service:\n    machine_type_id: g2-m1.8core\nworkflows:\n  primary: {}\n',
    broken: 'workflows:\n  primary:\n    steps: [unclosed\n'
  }
  const app = (slug: string, title: string): { slug: string; title: string } => ({ slug, title })
  const routes = (): Routes => ({
    'GET /organizations/org-acme/apps': (req) =>
      req.query.next === 'p2'
        ? { body: { data: [app('app-4', 'Tools'), app('app-5', 'Legacy'), app('app-6', 'Secret')], paging: {} } }
        : {
            body: {
              data: [app('app-1', 'Demo iOS'), app('app-2', 'Shop'), app('app-3', 'Web')],
              paging: { next: 'p2' }
            }
          },
    'GET /apps/app-1/service.yml': { raw: yml.defaultOnly },
    'GET /apps/app-2/service.yml': { raw: yml.workflowOnly },
    'GET /apps/app-3/service.yml': { raw: yml.none },
    'GET /apps/app-4/service.yml': { raw: yml.both },
    'GET /apps/app-5/service.yml': { raw: yml.broken },
    'GET /apps/app-6/service.yml': { status: 403, body: { message: 'Admin access required' } },
    [CHECK]: ACCEPTED
  })

  it('reads every app, sends no PATCH, and lists the apps that would change and where', async () => {
    const fake = await serve(routes())
    const result = await runOperation(fake, 'migrate-machine-types', {
      'org-slug': 'org-acme',
      ...migrate,
      'dry-run': 'true'
    })
    expectSuccess(result)
    expect(fake.requests.filter((r) => r.method !== 'GET' && r.path !== '/validate-bitrise-yml')).toEqual([])
    expect(fake.calls('GET /organizations/org-acme/apps').map((r) => r.query)).toEqual([
      { limit: '50' },
      { limit: '50', next: 'p2' }
    ])
    // The dry run checks to-machine in the first app it would change, with the text it read (each file is read once).
    expect(fake.calls(CHECK).map((r) => r.query)).toEqual([{ app_slug: 'app-1' }, { app_slug: 'app-1' }])
    expect(result.summary).toContain('to-machine "g2-m2.4core" was accepted by the service')
    expect(
      fake.requests
        .filter((r) => r.path.endsWith('/service.yml'))
        .map((r) => r.path)
        .sort()
    ).toEqual(['app-1', 'app-2', 'app-3', 'app-4', 'app-5', 'app-6'].map((slug) => `/apps/${slug}/service.yml`))
    expect(JSON.parse(result.outputs['migrated-apps'])).toEqual(['Demo iOS (app-1)', 'Shop (app-2)', 'Tools (app-4)'])
    expect(result.outputs['migrated-count']).toBe('3')
    const errors = JSON.parse(result.outputs.errors) as Array<{ app: string; error: string }>
    expect(errors.map((e) => e.app)).toEqual(['Legacy (app-5)', 'Secret (app-6)'])
    expect(errors[0].error).toMatch(/service\.yml is not valid YAML: .+ at line \d+, column \d+/)
    expect(errors[1].error).toMatch(/could not read service\.yml: .*403: Admin access required/)
    expect(result.summary).toContain('\u26a0\ufe0f Dry run: 3 would change, 1 unchanged, 2 not checked')
    expect(result.summary).toContain('Nothing was changed (a dry run); 6 app(s) read.')
    expect(result.outputs['checked-count']).toBe('6')
    const note = result.outputs['dry-run-note']
    expect(note).toMatch(
      /^The dry run read the 6 app\(s\) of Workspace org-acme that this token can see\. .*needs the Workspace owner role; a dry run cannot check that/
    )
    expect(result.summary).toContain(note)
    expect(result.stdout).toContain(`::notice::${note}`)
    expect(result.summary).toMatch(/<td>Demo iOS<\/td><td>app-1<\/td><td>default stack \(osx-xcode-16.0.x\)<\/td>/)
    expect(result.summary).toMatch(/<td>Shop<\/td><td>app-2<\/td><td>workflow deploy \(osx-xcode-16.0.x\)<\/td>/)
    expect(result.summary).toMatch(/<td>Tools<\/td><td>app-4<\/td><td>default stack, workflow primary<\/td>/)
    expect(result.stdout.split('\n').filter((line) => line.startsWith('::warning::'))).toHaveLength(2)
    expect(result.outputs.response).toBeUndefined()
  })

  it('reports nothing would change when no app uses the machine type', async () => {
    const fake = await serve({
      'GET /users/user-sam/apps': { body: { data: [app('app-3', 'Web')] } },
      'GET /apps/app-3/service.yml': { raw: yml.none }
    })
    const result = await runOperation(fake, 'migrate-machine-types', {
      'user-slug': 'user-sam',
      ...migrate,
      'dry-run': 'true'
    })
    expectSuccess(result)
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /users/user-sam/apps',
      'GET /apps/app-3/service.yml'
    ])
    expect(result.summary).toContain('to-machine "g2-m2.4core" was not checked: no app this token can see uses')
    expect(result.outputs['migrated-apps']).toBe('[]')
    expect(result.outputs['migrated-count']).toBe('0')
    expect(result.outputs.errors).toBe('[]')
    expect(result.summary).toContain('\u26a0\ufe0f Dry run: from-machine is used by no app')
    expect(result.outputs['checked-count']).toBe('1')
    expect(result.outputs['dry-run-note']).toMatch(
      /^The dry run read the 1 app\(s\) of user user-sam that this token can see\. .*must be run with that user's own token; a dry run cannot check that/
    )
  })

  it('a from-machine no app uses: the files that could not be read are counted, since they may use it', async () => {
    const unreadable = 1 + randomInt(3)
    const broken = Array.from({ length: unreadable }, (_, i) => app(`app-b${i}`, `Broken ${i}`))
    const fake = await serve({
      'GET /users/user-sam/apps': { body: { data: [app('app-3', 'Web'), ...broken] } },
      'GET /apps/app-3/service.yml': { raw: yml.none },
      ...Object.fromEntries(broken.map((b) => [`GET /apps/${b.slug}/service.yml`, { raw: yml.broken }]))
    })
    const result = await runOperation(fake, 'migrate-machine-types', {
      'user-slug': 'user-sam',
      ...migrate,
      'dry-run': 'true'
    })
    expectSuccess(result)
    const warning = result.stdout.split('\n').find((line) => line.startsWith('::warning::from-machine'))
    expect(warning).toContain(`is used by none of the ${1 + unreadable} app(s) of user user-sam`)
    expect(warning).toContain('"g2-m1.8core" (1 app(s))')
    expect(warning).toContain(
      `${unreadable} app(s)' service.yml could not be read or parsed, so they were not searched`
    )
    expect(JSON.parse(result.outputs['nearest-machine-types'])).toEqual([{ 'machine-type': 'g2-m1.8core', apps: 1 }])
  })

  it('fails the whole preview when the token is refused while reading a service.yml', async () => {
    const fake = await serve({
      ...routes(),
      'GET /apps/app-2/service.yml': { status: 401, body: { message: 'Unauthorized' } }
    })
    const result = await runOperation(fake, 'migrate-machine-types', {
      'org-slug': 'org-acme',
      ...migrate,
      'dry-run': 'true'
    })
    expect(result.code).toBe(1)
    expect(errorLine(result)).toMatch(
      /GET \/apps\/app-2\/service\.yml failed: the service answered 401.*The token was refused/
    )
    expect(fake.requests.filter((r) => r.method !== 'GET')).toEqual([])
  })
})

describe('to-machine, checked by the service before anything is written', () => {
  /** The service refuses a machine type only in the file that names it. */
  const refuseIn =
    (machine: string, why: string): Routes[string] =>
    (req) => {
      const text = (req.body as { bitrise_yml: string }).bitrise_yml
      return {
        body: {
          errors: text.includes(machine) ? [`line 4: ${why}`] : ['line 1: an error the file has anyway'],
          warnings: []
        }
      }
    }

  it("a real migration is refused with the service's reason, and no PATCH is sent", async () => {
    const typo = `g2-m2.4core${random().toString(36).slice(2, 6)}`
    const why = `machine type ${typo} is not available`
    const fake = await serve({
      ...checkRoutes('/organizations/org-acme/apps', refuseIn(typo, why)),
      'PATCH /organizations/org-acme/apps/machine_types': { body: { migrated_apps: [] } }
    })
    const result = await runOperation(fake, 'migrate-machine-types', {
      'org-slug': 'org-acme',
      'from-machine': 'g2-m1.4core',
      'to-machine': typo,
      'dry-run': 'false'
    })
    expect(result.code).toBe(1)
    expect(errorLine(result)).toContain(`line 4: ${why}`)
    expect(errorLine(result)).toMatch(/Nothing was changed\.$/)
    // The error the file has without the change too is not the new machine type's doing.
    expect(errorLine(result)).not.toContain('an error the file has anyway')
    expect(fake.calls('PATCH /organizations/org-acme/apps/machine_types')).toEqual([])
  })

  it('a dry run reports the refusal as a warning, and still previews', async () => {
    const typo = `g2-m2.4core${random().toString(36).slice(2, 6)}`
    const fake = await serve({ ...checkRoutes('/organizations/org-acme/apps', refuseIn(typo, 'not offered')) })
    const result = await runOperation(fake, 'migrate-machine-types', {
      'org-slug': 'org-acme',
      'from-machine': 'g2-m1.4core',
      'to-machine': typo,
      'dry-run': 'true'
    })
    expectSuccess(result)
    expect(result.outputs['migrated-count']).toBe('1')
    expect(result.stdout).toMatch(
      new RegExp(
        `::warning::to-machine "${typo}" was refused by the service's check of the service\\.yml of Demo iOS \\(app-1\\).*line 4: not offered`
      )
    )
  })
})

/**
 * Machine type migration end to end: a dry run that changes nothing, a migration
 * that replaces the type in the default stack and in a workflow's own stack, and
 * one that finds nothing to migrate.
 */
