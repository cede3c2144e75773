/**
 * The wait's clock is the wall clock in the bundle that ships: SERVICE_TIME_SCALE, which scales a
 * wait's pauses for the bench and the pace tests, is read only by the scaled-clock build
 * (helpers/scaled-clock-bundle.ts), so a workflow that sets it changes nothing.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fakeServices } from '../../helpers/fake-service.js'
import { randomInt, randomSlug } from '../../helpers/random.js'
import { ACTION_BUNDLE, runAction } from '../../helpers/run-action.js'
import { TOKEN } from '../../helpers/secrets.js'

const serve = fakeServices()

/** Every file of the action's bundle, with its text (the dev bundle keeps the emulator's in emulator/). */
function bundleFiles(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'emulator'
      ? []
      : entry.isDirectory()
        ? bundleFiles(join(dir, entry.name))
        : [{ path: join(dir, entry.name), text: readFileSync(join(dir, entry.name), 'utf8') }]
  )
}

describe('the service clock of the bundle that ships', () => {
  it('names neither SERVICE_TIME_SCALE nor SERVICE_TIME_ORIGIN', () => {
    const naming = bundleFiles(dirname(ACTION_BUNDLE))
      .filter((file) => /SERVICE_TIME_(SCALE|ORIGIN)/.test(file.text))
      .map((file) => file.path)
    expect(naming).toEqual([])
  })

  it('keeps a fixed poll on the wall clock when a workflow sets SERVICE_TIME_SCALE', async () => {
    const slug = randomSlug('build-')
    const record = (status: number) => ({
      body: { data: { slug, status, status_text: status === 0 ? 'in-progress' : 'success', is_on_hold: false } }
    })
    const service = await serve({
      [`GET /apps/app-1/builds/${slug}`]: [record(0), record(1)],
      [`GET /apps/app-1/builds/${slug}/log`]: {
        body: { log_chunks: [], is_archived: true, expiring_raw_log_url: null }
      }
    })
    const scale = 100 + randomInt(900)
    const result = await runAction(
      {
        operation: 'wait',
        token: TOKEN,
        'base-url': service.url,
        'app-slug': 'app-1',
        'build-slug': slug,
        'stream-logs': 'false',
        'poll-interval': '2s'
      },
      { env: { SERVICE_TIME_SCALE: String(scale), SERVICE_TIME_ORIGIN: String(Date.now()) }, timeoutMs: 30_000 }
    )
    expect([result.code, result.outputs['build-status']]).toEqual([0, 'success'])
    const reads = service.requests.filter((r) => r.path === `/apps/app-1/builds/${slug}`).map((r) => r.at)
    expect(reads).toHaveLength(2)
    // A slow machine only makes the pause longer; a scaled clock would make it 2 s / scale.
    expect(reads[1] - reads[0]).toBeGreaterThanOrEqual(1_900)
  }, 40_000)
})
