/**
 * The action that ships reads no test hook from the environment: the first retry pause (500 ms)
 * and the heartbeat (a minute) are its own, whatever a workflow sets. Only the tests' build
 * (HOOKS_BUNDLE, scripts/dev-bundle.js --scaled-clock) reads SERVICE_RETRY_BASE_MS and
 * SERVICE_HEARTBEAT_MS, for tests that would otherwise wait the shipped pauses.
 */
import { describe, expect, it } from '@jest/globals'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fakeServices, type Reply } from '../../helpers/fake-service.js'
import { randomInt, randomSlug } from '../../helpers/random.js'
import { ACTION_BUNDLE, HOOKS_BUNDLE, runAction } from '../../helpers/run-action.js'
import { TOKEN } from '../../helpers/secrets.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const serve = fakeServices()
const HOOKS = ['SERVICE_RETRY_BASE_MS', 'SERVICE_HEARTBEAT_MS']
const work = tempDir('test-hooks-')

/** The files of a bundle's folder (the dev bundle's emulator/ aside) that name a test hook. */
function naming(dir: string, under = ''): string[] {
  return readdirSync(join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const path = join(under, entry.name)
    if (entry.isDirectory()) return entry.name === 'emulator' && !under ? [] : naming(dir, path)
    const text = readFileSync(join(dir, path), 'utf8')
    return HOOKS.some((name) => text.includes(name)) ? [path] : []
  })
}

/** A wait for `slug` on app-1 whose status reads get `statuses` in turn (a number is a build status). */
async function waitWith(statuses: (number | Reply)[], pollInterval: string, env: Record<string, string>) {
  const slug = randomSlug('build-')
  const path = `/apps/app-1/builds/${slug}`
  const answers = statuses.map((status) =>
    typeof status === 'number'
      ? { body: { data: { slug, status, status_text: status ? 'success' : 'in-progress', is_on_hold: false } } }
      : status
  )
  const service = await serve({ [`GET ${path}`]: answers })
  const inputs = { operation: 'wait', token: TOKEN, 'base-url': service.url, 'app-slug': 'app-1', 'build-slug': slug }
  const result = await runAction(
    { ...inputs, 'stream-logs': 'false', 'poll-interval': pollInterval },
    { env, timeoutMs: 30_000 }
  )
  expect([result.code, result.outputs['build-status']]).toEqual([0, 'success'])
  return { slug, result, reads: service.calls(`GET ${path}`).map((r) => r.at) }
}

describe('the test hooks', () => {
  it('are named in no file of the bundle that ships, and a planted one is found', () => {
    expect(naming(dirname(ACTION_BUNDLE))).toEqual([])
    // The check finds a hook where there is one: in the tests' build, and planted in a copy of a chunk.
    expect(naming(dirname(HOOKS_BUNDLE)).length).toBeGreaterThan(0)
    const planted = join(work, 'planted')
    mkdirSync(join(planted, 'chunks'), { recursive: true })
    const hook = HOOKS[randomInt(HOOKS.length)]
    writeFileSync(join(planted, 'chunks', 'a.js'), `export const pause = Number(process.env.${hook})\n`)
    expect(naming(planted)).toEqual([join('chunks', 'a.js')])
  })

  it('leave the retry pause as shipped when a workflow sets SERVICE_RETRY_BASE_MS', async () => {
    const base = String(30_000 + randomInt(30_000))
    const { reads } = await waitWith([{ status: 503, body: { message: 'busy' } }, 1], '1s', {
      SERVICE_RETRY_BASE_MS: base
    })
    expect(reads).toHaveLength(2)
    // Shipped: 250 to 500 ms. Read from the variable: 5 to 10 s (the pause's cap). A slow machine adds, never halves.
    expect(reads[1] - reads[0]).toBeLessThan(4_000)
  }, 40_000)

  it('print no heartbeat in a wait of seconds when a workflow sets SERVICE_HEARTBEAT_MS', async () => {
    const every = String(100 + randomInt(200))
    const { slug, result, reads } = await waitWith([0, 1], '2s', { SERVICE_HEARTBEAT_MS: every })
    expect(reads).toHaveLength(2)
    expect(result.stdout).toContain(`Build ${slug}: running (in-progress)`)
    expect(result.stdout).not.toContain('Still waiting')
  }, 40_000)
})
