/**
 * Machine type migration end to end: a dry run that changes nothing, a migration
 * that replaces the type in the default stack and in a workflow's own stack, and
 * one that finds nothing to migrate.
 */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'js-yaml'
import {
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
} from '../bundle/emulator-steps.js'

interface Config {
  meta: { service: { stack: string; machine_type_id: string } }
  workflows: Record<string, { meta?: { service?: { machine_type_id?: string } } }>
}

/** web-app's service.yml with g2-m1.4core in the default stack and in the deploy workflow's stack. */
const WEB_APP_YML = `format_version: "13"
meta:
  service:
    stack: linux-docker-22.04
    machine_type_id: g2-m1.4core
workflows:
  primary: {}
  deploy:
    meta:
      service:
        stack: linux-docker-22.04
        machine_type_id: g2-m1.4core
`
const MIGRATION = { 'org-slug': 'acme', 'from-machine': 'g2-m1.4core', 'to-machine': 'g2-m2.8core' }

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started))
beforeEach(async () => {
  const dir = workspace()
  writeFileSync(join(dir, 'service.yml'), WEB_APP_YML)
  expectPassed(await step(emu, 'upload-config', { 'app-slug': 'web-app' }, { workspace: dir }))
})

async function configs(): Promise<Record<string, string>> {
  return Object.fromEntries(
    (await emulatorState(emu)).apps.map((a: { slug: string; service_yml: string }) => [a.slug, a.service_yml])
  )
}

async function downloaded(appSlug: string): Promise<Config> {
  const dir = workspace()
  const result = await step(
    emu,
    'get-config',
    { 'app-slug': appSlug, 'config-path': 'downloaded.yml' },
    { workspace: dir }
  )
  expectPassed(result)
  return load(readFileSync(join(dir, 'downloaded.yml'), 'utf8')) as Config
}

describe('migrate-machine-types through dist/index.js', () => {
  it('the dry run lists the apps and places that would change, and changes nothing', async () => {
    const before = await configs()
    const result = await step(emu, 'migrate-machine-types', { ...MIGRATION, 'dry-run': 'true' })
    expectPassed(result)
    expect(JSON.parse(result.outputs['migrated-apps'])).toEqual(['ios-app (ios-app)', 'web-app (web-app)'])
    expect(result.outputs['migrated-count']).toBe('2')
    expect(result.stdout).toContain(
      'Would change web-app (web-app): default stack (linux-docker-22.04), workflow deploy (linux-docker-22.04)'
    )
    expect(result.summary).toContain('Nothing was changed')
    expect(await configs()).toEqual(before)
    // The one write is beforeEach's upload; the service's checks (of that upload and of to-machine) change nothing.
    expect(
      (await requestLog(emu))
        .filter((r) => r.method !== 'GET' && r.path !== '/v0.1/validate-bitrise-yml')
        .map((r) => r.path)
    ).toEqual(['/v0.1/apps/web-app/service.yml'])
  })

  it('the migration replaces the type in the default stack and in the workflow stack', async () => {
    const result = await step(emu, 'migrate-machine-types', MIGRATION)
    expectPassed(result)
    expect(JSON.parse(result.outputs['migrated-apps'])).toEqual(['ios-app (ios-app)', 'web-app (web-app)'])
    expect(JSON.parse(result.outputs.errors)).toEqual([])
    // The summary leads with the result, as a build's does.
    expect(result.summary.split('\n')[0]).toMatch(
      /^<h3>✅ Migrated 2 app\(s\) · Workspace acme · \S+ → g2-m2\.8core<\/h3>$/
    )
    const web = await downloaded('web-app')
    expect(web.meta.service.machine_type_id).toBe('g2-m2.8core')
    expect(web.workflows.deploy.meta?.service?.machine_type_id).toBe('g2-m2.8core')
    const ios = await downloaded('ios-app')
    expect(ios.meta.service.machine_type_id).toBe('g2-m2.8core')
    // ios-app's deploy workflow used another type, which is left alone.
    expect(ios.workflows.deploy.meta?.service?.machine_type_id).toBe('g2-m1.8core')
    // Run again, nothing is left to migrate.
    const again = await step(emu, 'migrate-machine-types', MIGRATION)
    expectPassed(again)
    expect(again.outputs['migrated-apps']).toBe('[]')
  })

  it('no app uses the type: an empty list, and the step succeeds', async () => {
    const before = await configs()
    const result = await step(emu, 'migrate-machine-types', { ...MIGRATION, 'from-machine': 'm1.unused' })
    expectPassed(result)
    expect(result.outputs).toMatchObject({ 'migrated-apps': '[]', 'migrated-count': '0', errors: '[]' })
    expect(result.summary).toContain('Nothing to migrate')
    expect(await configs()).toEqual(before)
  })

  it('a Workspace admin who is not its owner: the dry run says what it read and what it cannot check; the migration is refused', async () => {
    const preview = await step(
      emu,
      'migrate-machine-types',
      { ...MIGRATION, 'dry-run': 'true' },
      { token: TOKENS.admin }
    )
    expectPassed(preview)
    // The admin sees two of the Workspace's apps; the owner's dry run reads all five.
    expect(preview.outputs['checked-count']).toBe('2')
    expect(JSON.parse(preview.outputs['migrated-apps'])).toEqual(['ios-app (ios-app)'])
    expect(preview.summary).toContain('Dry run: 1 would change, 1 unchanged')
    const note = preview.outputs['dry-run-note']
    expect(note).toContain('The dry run read the 2 app(s) of Workspace acme that this token can see.')
    expect(note).toContain('needs the Workspace owner role; a dry run cannot check that')
    expect(preview.stdout).toContain(`::notice::${note}`)
    expect(preview.summary).toContain(note)
    // The one write is beforeEach's upload; the service's checks (of that upload and of to-machine) change nothing.
    expect(
      (await requestLog(emu))
        .filter((r) => r.method !== 'GET' && r.path !== '/v0.1/validate-bitrise-yml')
        .map((r) => r.path)
    ).toEqual(['/v0.1/apps/web-app/service.yml'])

    const before = await configs()
    const real = await step(emu, 'migrate-machine-types', MIGRATION, { token: TOKENS.admin })
    expectFailed(real)
    expect(errorLine(real)).toMatch(
      /PATCH \/organizations\/acme\/apps\/machine_types failed: the service answered 403.*the Workspace owner role/
    )
    expect(await configs()).toEqual(before)

    const owner = await step(emu, 'migrate-machine-types', { ...MIGRATION, 'dry-run': 'true' })
    expectPassed(owner)
    expect(owner.outputs['checked-count']).toBe('5')
    expect(owner.outputs['dry-run-note']).toContain(
      'The dry run read the 5 app(s) of Workspace acme that this token can see.'
    )
  })

  it('a user migrates his own apps only', async () => {
    const result = await step(
      emu,
      'migrate-machine-types',
      { 'user-slug': 'sam', 'from-machine': 'standard', 'to-machine': 'elite' },
      { token: TOKENS.solo }
    )
    expectPassed(result)
    expect(JSON.parse(result.outputs['migrated-apps'])).toEqual(['sam-cli (sam-cli)'])
    const after = await configs()
    expect(after['sam-cli']).toContain('machine_type_id: elite')
    expect(after['docs-site']).toContain('machine_type_id: standard')
  })
})
