/** A migration dry run over many apps: up to 16 service.yml reads at once, and all of them hold off after a 429. */
import { describe, expect, it } from '@jest/globals'
import { startFakeService, type Reply } from '../helpers/fake-service.js'
import { randomInt, randomSlug } from '../helpers/random.js'
import { runAction } from '../helpers/run-action.js'
import { TOKEN } from '../helpers/secrets.js'

const YAML = 'format_version: "13"\nmeta:\n  service:\n    machine_type_id: old-machine\n'

/** A fake Workspace of `count` apps whose service.yml answers after `delayMs`, counting the reads in flight. */
async function workspace(count: number, delayMs: number, refuse: (n: number) => Reply | undefined = () => undefined) {
  const org = randomSlug('org')
  const apps = Array.from({ length: count }, (_, n) => ({ slug: `${randomSlug('app')}-${n}`, title: `App ${n}` }))
  let inFlight = 0
  let peak = 0
  let reads = 0
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
            inFlight--
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
  return { service, apps, run, peak: () => peak }
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
    const ws = await workspace(count, 20, (n) => {
      if (n !== refusedAt) return undefined
      refusedTime = Date.now()
      return { status: 429, headers: { 'retry-after': '1' }, body: { message: 'rate limited' } }
    })
    try {
      const result = await ws.run()
      expect(result.code).toBe(0)
      expect(result.outputs['checked-count']).toBe(String(count))
      const reads = ws.service.requests.filter((req) => req.path.endsWith('/service.yml'))
      expect(reads).toHaveLength(count + 1)
      // The other workers' reads already in flight may land just after; none may start later within the second.
      const started = reads.filter((req) => req.at > refusedTime + 100 && req.at < refusedTime + 950)
      expect(started).toEqual([])
    } finally {
      await ws.service.close()
    }
  })
})
