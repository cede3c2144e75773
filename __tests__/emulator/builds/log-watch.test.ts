/**
 * The emulator's build log followed the way the service's CLI follows it (bitrise-io/bitrise-cli
 * internal/build/service.go, Watch; written here anew, not copied): a first read without a
 * cursor, retried every 3 s while it answers 404; then every 3 s a read of the build and a read of
 * the log with the last `next_after_timestamp`; once the build has ended, one final read with the
 * cursor of the last poll. Chunks are kept by position, a position already held is dropped.
 * The emulator's clock is moved by hand, so minutes of build take no time.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import type { RunningEmulator } from '../../../emulator/server.js'
import { call, SAME_REPOSITORY, start, TOKENS, trigger } from '../helpers.js'
import { randomInt } from '../../helpers/random.js'

const INTERVAL_MS = 3000

interface Chunk {
  chunk: string
  position: number
}

interface Watched {
  /** The text the watch put together, chunk after chunk by position. */
  text: string
  positions: number[]
  /** Chunks the emulator sent again that the watch already held. */
  repeats: number
  /** How the watch ended: after the final call, or from the archive at its first read. */
  ended: 'final call' | 'archive'
  status: number
}

/**
 * One watch of a build, as the CLI's: `advance` moves the emulator's clock. With `finalCall`
 * false it is a plain poller instead (a community action's, every 15 s): it reads the log with
 * its cursor until a poll finds the build ended, and stops there.
 */
async function watch(
  emu: RunningEmulator,
  slug: string,
  advance: (ms: number) => Promise<void> | void,
  { interval = INTERVAL_MS, finalCall = true } = {}
): Promise<Watched> {
  const get = (path: string) => call(emu, 'GET', `/apps/ios-app/builds/${slug}${path}`, { token: TOKENS.developer })
  const held = new Map<number, string>()
  let repeats = 0
  const take = (chunks: Chunk[]): void => {
    for (const { chunk, position } of chunks) {
      if (held.has(position)) repeats++
      else held.set(position, chunk)
    }
  }
  let first = await get('/log')
  for (let attempt = 1; first.status === 404 && attempt <= 10; attempt++) {
    await advance(interval)
    first = await get('/log')
  }
  expect(first.status).toBe(200)
  const result = (ended: Watched['ended'], status: number): Watched => {
    const positions = [...held.keys()].sort((a, b) => a - b)
    return { text: positions.map((p) => held.get(p)).join(''), positions, repeats, ended, status }
  }
  if (first.json.is_archived) {
    const raw = await fetch(first.json.expiring_raw_log_url)
    held.set(1, await raw.text())
    return result('archive', (await get('')).json.data.status)
  }
  take(first.json.log_chunks)
  let cursor: string | null = first.json.next_after_timestamp
  let lastCursor: string | null = null
  let status = 0
  while (status === 0) {
    await advance(interval)
    status = (await get('')).json.data.status
    if (cursor) {
      const answer = await get(`/log?after_timestamp=${encodeURIComponent(cursor)}`)
      take(answer.json.log_chunks)
      lastCursor = cursor
      cursor = answer.json.next_after_timestamp
    }
  }
  if (finalCall && lastCursor)
    take((await get(`/log?after_timestamp=${encodeURIComponent(lastCursor)}`)).json.log_chunks)
  return result('final call', status)
}

let emu: RunningEmulator | undefined
afterEach(async () => {
  await emu?.close()
  emu = undefined
})

/** Starts an emulator with a hand-moved clock and random log delays; resolves with a clock mover. */
async function emulator(
  delays = { logDelayMs: randomInt(15_000), logArchiveDelayMs: randomInt(30_000) }
): Promise<{ emu: RunningEmulator; advance: (ms: number) => void }> {
  let clock = Date.now()
  // The service's log answers 404 for up to about 15 s after a trigger (the CLI's comment); when it archives is not published.
  emu = await start({ ...delays, now: () => clock })
  return { emu, advance: (ms) => (clock += ms) }
}

/** The archived log of a finished build, fetched as the CLI fetches it: without a token. */
async function archivedText(emu: RunningEmulator, slug: string, advance: (ms: number) => void): Promise<string> {
  advance(60_000)
  const answer = await call(emu, 'GET', `/apps/ios-app/builds/${slug}/log`, { token: TOKENS.developer })
  expect(answer.json.is_archived).toBe(true)
  return (await fetch(answer.json.expiring_raw_log_url)).text()
}

describe('a watch that polls every 3 s with the cursor and makes one final call after the build ends', () => {
  it('receives every line once, whatever the build lasts and whenever it ends between two polls', async () => {
    const { emu, advance } = await emulator()
    for (let i = 0; i < 4; i++) {
      // Minutes of build, so that most polls find it running.
      const duration = 100_000 + randomInt(8 * 60_000)
      const slug = (
        await trigger(emu, { branch: 'main', ...SAME_REPOSITORY }, { 'x-emulator-build-duration-ms': String(duration) })
      ).json.build_slug
      advance(randomInt(INTERVAL_MS))
      const watched = await watch(emu, slug, advance)
      expect(watched).toMatchObject({ ended: 'final call', status: 1 })
      expect(watched.positions).toEqual(Array.from({ length: watched.positions.length }, (_v, p) => p + 1))
      const raw = await archivedText(emu, slug, advance)
      expect(watched.text).toBe(raw)
      expect(raw).toMatch(/\nBuild finished with status success\n$/)
    }
  })

  it('receives every line once of a build aborted between two polls', async () => {
    const { emu, advance } = await emulator()
    const duration = 100_000 + randomInt(10 * 60_000)
    const slug = (
      await trigger(emu, { branch: 'main', ...SAME_REPOSITORY }, { 'x-emulator-build-duration-ms': String(duration) })
    ).json.build_slug
    let aborted = false
    const abortAt = 20_000 + randomInt(duration - 20_000)
    let elapsed = 0
    // The abort comes between two polls, at a random moment.
    const watched = await watch(emu, slug, async (ms) => {
      elapsed += ms
      if (aborted || elapsed < abortAt) return advance(ms)
      aborted = true
      advance(ms - (elapsed - abortAt))
      expect(
        (
          await call(emu, 'POST', `/apps/ios-app/builds/${slug}/abort`, {
            token: TOKENS.developer,
            body: { abort_reason: 'superseded' }
          })
        ).status
      ).toBe(200)
      advance(elapsed - abortAt)
    })
    expect(watched).toMatchObject({ ended: 'final call', status: 3 })
    const raw = await archivedText(emu, slug, advance)
    expect(watched.text).toBe(raw)
    expect(raw).toMatch(/\nBuild finished with status aborted: superseded\n$/)
  })

  it('reads the whole log from the archive when the build had ended and the log was archived before the first read', async () => {
    const { emu, advance } = await emulator()
    const slug = (
      await trigger(
        emu,
        { branch: 'main', ...SAME_REPOSITORY },
        { 'x-emulator-build-duration-ms': String(1000 + randomInt(60_000)) }
      )
    ).json.build_slug
    advance(200_000)
    const watched = await watch(emu, slug, advance)
    expect(watched).toMatchObject({ ended: 'archive', status: 1 })
    expect(watched.text).toBe(await archivedText(emu, slug, advance))
  })
})

describe("at the emulator's speed: builds of seconds, whose first log read comes late", () => {
  // Builds as the emulator runs them by default (seconds), and log delays as its defaults have them (under a second or so).
  const quick = () => ({ logDelayMs: randomInt(1000), logArchiveDelayMs: 100 + randomInt(3000) })

  it.each([
    ['the CLI-style watch: cursor every 3 s, one final call', INTERVAL_MS, true],
    ['a 15 s poller: cursor every 15 s, no final call', 15_000, false]
  ])('%s receives every line once', async (_name, interval, finalCall) => {
    const { emu, advance } = await emulator(quick())
    for (let i = 0; i < 4; i++) {
      const duration = 1000 + randomInt(20_000)
      const slug = (
        await trigger(emu, { branch: 'main', ...SAME_REPOSITORY }, { 'x-emulator-build-duration-ms': String(duration) })
      ).json.build_slug
      // The client starts reading within one of its intervals of the trigger.
      advance(randomInt(interval))
      const watched = await watch(emu, slug, advance, { interval, finalCall })
      expect(watched.status).toBe(1)
      expect(watched.positions).toEqual(Array.from({ length: watched.positions.length }, (_v, p) => p + 1))
      const raw = await archivedText(emu, slug, advance)
      expect(watched.text).toBe(raw)
    }
  })
})
