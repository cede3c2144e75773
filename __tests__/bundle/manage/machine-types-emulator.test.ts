/**
 * migrate-machine-types against the emulator, run from dist/index.js: the migration and its dry
 * run over the emulator's apps and their service.yml, a slip in a machine type's name, and a dry
 * run over many apps.
 */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'js-yaml'
import { type Reply, startFakeService } from '../../helpers/fake-service.js'
import { random, randomInt, randomSlug } from '../../helpers/random.js'
import { errorLine, runAction } from '../../helpers/run-action.js'
import { TOKEN } from '../../helpers/secrets.js'
import {
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
import { typo } from '../../helpers/subjects/name-slips.js'

describe('against the emulator', () => {
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
  const MIGRATION = {
    'org-slug': 'acme',
    'from-machine': 'g2-m1.4core',
    'to-machine': 'g2-m2.8core',
    'dry-run': 'false'
  }

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

    it('a from-machine no app uses is a warning naming it and the nearest machine types the apps use; fail-if-nothing-to-migrate fails', async () => {
      const used = MIGRATION['from-machine']
      const types = new Set(
        Object.values(await configs()).flatMap((text) =>
          [...text.matchAll(/machine_type_id:\s*["']?([^"'#\s]+)/g)].map((m) => m[1])
        )
      )
      let slip = typo(used)
      while (types.has(slip)) slip = typo(used)
      const before = await configs()
      for (const dryRun of ['true', 'false']) {
        const result = await step(emu, 'migrate-machine-types', {
          ...MIGRATION,
          'from-machine': slip,
          'dry-run': dryRun
        })
        expectPassed(result)
        const warning = result.stdout.split('\n').find((line) => line.startsWith(`::warning::from-machine "${slip}"`))
        expect(warning).toMatch(/is used by none of the \d+ app\(s\) of Workspace acme that this token can see/)
        expect(warning).toContain(`"${used}" (`)
        const nearest = JSON.parse(result.outputs['nearest-machine-types']) as Array<{ 'machine-type': string }>
        expect(nearest.map((n) => n['machine-type'])).toContain(used)
        expect(nearest.every((n) => types.has(n['machine-type']))).toBe(true)
        expect(result.outputs['migrated-count']).toBe('0')
        const first = result.summary.split('\n')[0]
        expect(first.startsWith('<h3>\u26a0\ufe0f ')).toBe(true)
        expect(first).toContain('from-machine is used by no app')
        expect(result.summary).not.toContain('\u2705')
      }
      const failed = await step(emu, 'migrate-machine-types', {
        ...MIGRATION,
        'from-machine': slip,
        'dry-run': String(random() < 0.5),
        'fail-if-nothing-to-migrate': 'true'
      })
      expectFailed(failed)
      expect(errorLine(failed)).toContain(`from-machine "${slip}" is used by none of the`)
      expect(errorLine(failed)).toContain('fail-if-nothing-to-migrate is true, so the step fails')
      expect(failed.summary.split('\n')[0].startsWith('<h3>\u274c ')).toBe(true)
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
        { 'user-slug': 'sam', 'from-machine': 'standard', 'to-machine': 'elite', 'dry-run': 'false' },
        { token: TOKENS.solo }
      )
      expectPassed(result)
      expect(JSON.parse(result.outputs['migrated-apps'])).toEqual(['sam-cli (sam-cli)'])
      const after = await configs()
      expect(after['sam-cli']).toContain('machine_type_id: elite')
      expect(after['docs-site']).toContain('machine_type_id: standard')
    })
  })
})

/** A migration dry run over many apps: up to 16 service.yml reads at once, and all of them hold off after a 429. */
describe('a dry run over many apps', () => {
  const YAML = 'format_version: "13"\nmeta:\n  service:\n    machine_type_id: old-machine\n'

  /**
   * A fake Workspace of `count` apps whose service.yml answers after `delayMs`, counting the reads in flight,
   * and the time each answer left. No answer leaves before `holdUntil()` (0: none held).
   */
  async function workspace(
    count: number,
    delayMs: number,
    refuse: (n: number) => Reply | undefined = () => undefined,
    holdUntil: () => number = () => 0
  ) {
    const org = randomSlug('org')
    const apps = Array.from({ length: count }, (_, n) => ({ slug: `${randomSlug('app')}-${n}`, title: `App ${n}` }))
    let inFlight = 0
    let peak = 0
    let reads = 0
    const answeredAt: number[] = []
    const service = await startFakeService(
      {
        [`GET /organizations/${org}/apps`]: { body: { data: apps } },
        ...Object.fromEntries(
          apps.map((app) => [
            `GET /apps/${app.slug}/service.yml`,
            async (): Promise<Reply> => {
              const refused = refuse(++reads)
              if (refused) return refused
              peak = Math.max(peak, ++inFlight)
              await new Promise((resolve) => setTimeout(resolve, delayMs))
              const held = holdUntil() - Date.now()
              if (held > 0) await new Promise((resolve) => setTimeout(resolve, held))
              inFlight--
              answeredAt.push(Date.now())
              return { raw: YAML, headers: { 'content-type': 'text/plain' } }
            }
          ])
        )
      },
      { maxRequests: 3 * count + 20, lifetimeMs: 60_000 }
    )
    const run = () =>
      runAction({
        operation: 'migrate-machine-types',
        token: TOKEN,
        'base-url': service.url,
        'org-slug': org,
        'from-machine': 'old-machine',
        'to-machine': 'new-machine',
        'dry-run': 'true'
      })
    return { service, apps, run, peak: () => peak, answeredAt }
  }

  describe('migrate-machine-types dry run over many apps', () => {
    it('reads up to 16 service.yml files at once, and every app once', async () => {
      const count = 60 + randomInt(40)
      const ws = await workspace(count, 40)
      try {
        const result = await ws.run()
        expect(result.code).toBe(0)
        expect(result.outputs['checked-count']).toBe(String(count))
        expect(result.outputs['migrated-count']).toBe(String(count))
        expect(ws.peak()).toBeGreaterThan(4)
        expect(ws.peak()).toBeLessThanOrEqual(16)
      } finally {
        await ws.service.close()
      }
    })

    it('after a 429 with Retry-After, no read of any app is sent before the wait is over', async () => {
      const count = 40 + randomInt(20)
      const refusedAt = 5 + randomInt(10)
      let refusedTime = 0
      const ws = await workspace(
        count,
        20,
        (n) => {
          if (n !== refusedAt) return undefined
          refusedTime = Date.now()
          return { status: 429, headers: { 'retry-after': '1' }, body: { message: 'rate limited' } }
        },
        // Answers due within the second after the 429 wait until it is over: only an answer that left before
        // the 429 can have let a reader go on before the action read the 429.
        () => (refusedTime === 0 ? 0 : refusedTime + 1000)
      )
      try {
        const result = await ws.run()
        expect(result.code).toBe(0)
        expect(result.outputs['checked-count']).toBe(String(count))
        const reads = ws.service.requests.filter((req) => req.path.endsWith('/service.yml'))
        expect(reads).toHaveLength(count + 1)
        // Counted, not timed (a busy machine delays when a read sent before the 429 lands): the action keeps at
        // most 16 reads going and starts one only when one ends, so before it read the 429 it can have sent
        // at most 16 plus one per answer that left before the 429. Those the service had not received by then
        // may still land within the second; any other read landing then was started during the wait.
        const sentBefore = 16 + ws.answeredAt.filter((at) => at < refusedTime).length
        const landedBefore = reads.filter((req) => req.at <= refusedTime).length
        const landedWithin = reads.filter((req) => req.at > refusedTime && req.at < refusedTime + 950)
        expect(landedWithin.length).toBeLessThanOrEqual(Math.max(0, sentBefore - landedBefore))
      } finally {
        await ws.service.close()
      }
    })
  })
})
