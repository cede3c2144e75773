/**
 * The emulator's log endpoint as the service's: chunks as recorded real builds have them (10 to
 * 51 a build, up to 8 KiB, cut inside lines, positions from 1: Kesin11/CIAnalyzer's recorded
 * answers), every chunk so far without a cursor, the cursor (`after_timestamp`, the
 * service's CLI; `timestamp`, older clients) honoured before and after the build ends and once the
 * log is archived, the archive a while after the end behind a signed raw URL fetched without a
 * token, the 404 right after a trigger, and the Developer role to read it (devcenter).
 */
import { describe, expect, it } from '@jest/globals'
import type { RunningEmulator } from '../../../emulator/server.js'
import { call, SAME_REPOSITORY, TOKENS, trigger, withEmulator } from '../helpers.js'
import { randomInt } from '../../helpers/random.js'

let emu: RunningEmulator
let clock = 0
const ARCHIVE_DELAY_MS = 2000 + randomInt(8000)
withEmulator(
  { buildDurationMs: 5000, logDelayMs: 300, logArchiveDelayMs: ARCHIVE_DELAY_MS, now: () => clock },
  (started) => (emu = started)
)

interface Chunk {
  chunk: string
  position: number
}

const logOf = (slug: string, query = '', token: string = TOKENS.developer) =>
  call(emu, 'GET', `/apps/ios-app/builds/${slug}/log${query}`, { token })
const since = (ms: number): string => `?after_timestamp=${encodeURIComponent(new Date(ms).toISOString())}`
const positions = (answer: { json: { log_chunks: Chunk[] } }): number[] => answer.json.log_chunks.map((c) => c.position)
const oneTo = (n: number): number[] => Array.from({ length: n }, (_v, i) => i + 1)

/** Starts a build of `durationMs` at the clock's time; resolves with its slug. */
async function started(durationMs = 5000): Promise<string> {
  clock = Date.now()
  return (
    await trigger(emu, { branch: 'main', ...SAME_REPOSITORY }, { 'x-emulator-build-duration-ms': String(durationMs) })
  ).json.build_slug
}

/** Every chunk of a finished build, read with a cursor from before its start. */
async function wholeLog(slug: string, start: number): Promise<Chunk[]> {
  const answer = await logOf(slug, since(start - 1))
  expect(answer.json.generated_log_chunks_num).toBe(answer.json.log_chunks.length)
  return answer.json.log_chunks as Chunk[]
}

describe('the emulator build log', () => {
  it('answers 404 for logDelayMs after the start, then every chunk so far without a cursor', async () => {
    const slug = await started()
    clock += 299
    expect((await logOf(slug)).status).toBe(404)
    clock += 1 + randomInt(4700)
    const window = await logOf(slug)
    expect(window.status).toBe(200)
    const generated = window.json.generated_log_chunks_num as number
    // Positions count from 1, so the last chunk's position is the number generated.
    expect(positions(window)).toEqual(oneTo(generated))
    expect(window.json).toMatchObject({ is_archived: false, expiring_raw_log_url: null })
  })

  it('writes 10 to 51 chunks a build, however long it runs, each at most 8 KiB, most of them ending inside a line', async () => {
    const ends: boolean[] = []
    for (let i = 0; i < 8; i++) {
      const duration = randomInt(1, 20 * 60_000)
      const slug = await started(duration)
      const start = clock
      clock += duration + randomInt(ARCHIVE_DELAY_MS * 2)
      const chunks = await wholeLog(slug, start)
      expect(chunks.length).toBeGreaterThanOrEqual(10)
      expect(chunks.length).toBeLessThanOrEqual(51)
      expect(chunks.map((c) => c.position)).toEqual(oneTo(chunks.length))
      for (const c of chunks) expect(c.chunk.length).toBeLessThanOrEqual(8192)
      ends.push(...chunks.slice(0, -1).map((c) => c.chunk.endsWith('\n')))
      const text = chunks.map((c) => c.chunk).join('')
      expect(text).toMatch(/^Build #\d+ of workflow \S+ started/)
      expect(text).toMatch(/\nBuild finished with status success\n$/)
    }
    expect(ends.filter((lineEnd) => !lineEnd).length).toBeGreaterThan(ends.length / 2)
  })

  it('gives with the cursor each chunk once, while the build runs, after it ends and once the log is archived', async () => {
    const slug = await started()
    const start = clock
    clock += 300
    let answer = await logOf(slug)
    const seen: number[] = positions(answer)
    let cursor = answer.json.next_after_timestamp as string
    let archivedReads = 0
    while (archivedReads < 2) {
      clock += 50 + randomInt(1500)
      answer = await logOf(slug, `?after_timestamp=${encodeURIComponent(cursor)}`)
      expect(answer.status).toBe(200)
      seen.push(...positions(answer))
      if (answer.json.is_archived) archivedReads++
      else cursor = answer.json.next_after_timestamp
    }
    const total = answer.json.generated_log_chunks_num as number
    expect(seen).toEqual(oneTo(total))
    expect((await wholeLog(slug, start)).length).toBe(total)
    for (const name of ['after_timestamp', 'timestamp']) {
      const refused = await logOf(slug, `?${name}=yesterday`)
      expect(refused.status).toBe(400)
      expect(refused.json.message).toContain(name)
    }
  })

  it('answers the cursor of older clients, `timestamp`, as an ISO time or in Unix seconds', async () => {
    const slug = await started()
    const start = clock
    clock += 5000 + randomInt(ARCHIVE_DELAY_MS * 2)
    const chunks = await wholeLog(slug, start)
    const from = chunks[randomInt(chunks.length - 1)]
    const after = chunks.filter((c) => c.position > from.position)
    // The time the chunk was written: the chunks spread evenly over the build, the first at its start.
    const at = start + Math.floor(((from.position - 1) * 5000) / (chunks.length - 1))
    expect(positions(await logOf(slug, since(at)))).toEqual(after.map((c) => c.position))
    expect(positions(await logOf(slug, `?timestamp=${encodeURIComponent(new Date(at).toISOString())}`))).toEqual(
      after.map((c) => c.position)
    )
    expect(positions(await logOf(slug, `?timestamp=${(at / 1000).toFixed(3)}`))).toEqual(after.map((c) => c.position))
  })

  it('archives the log a while after the build has finished; until then the tail comes with the cursor, and the raw URL serves the whole text without a token for ten minutes', async () => {
    const slug = await started()
    const start = clock
    clock += 2000 + randomInt(2000)
    const middle = await logOf(slug, since(start - 1))
    clock = start + 5000 + randomInt(ARCHIVE_DELAY_MS)
    const ended = await logOf(slug, `?after_timestamp=${encodeURIComponent(middle.json.next_after_timestamp)}`)
    expect(ended.json).toMatchObject({
      is_archived: false,
      expiring_raw_log_url: null,
      timestamp: expect.any(String),
      next_after_timestamp: expect.any(String)
    })
    const total = ended.json.generated_log_chunks_num as number
    expect([...positions(middle), ...positions(ended)]).toEqual(oneTo(total))
    expect(ended.json.log_chunks.at(-1).chunk).toMatch(/Build finished with status success\n$/)

    clock = start + 5000 + ARCHIVE_DELAY_MS + randomInt(60_000)
    // The cursor is honoured once archived too: from a chunk in the log, all that follows it, not a window of 10.
    const from = randomInt(1, total)
    const at = start + Math.floor(((from - 1) * 5000) / (total - 1))
    const archived = await logOf(slug, since(at))
    expect(archived.json).toMatchObject({ is_archived: true, timestamp: null, next_after_timestamp: null })
    expect(positions(archived)).toEqual(oneTo(total).slice(from))
    expect(positions(await logOf(slug))).toEqual(oneTo(total).slice(-10))
    const url = new URL(archived.json.expiring_raw_log_url)
    expect(url.origin).toBe(emu.origin)
    const raw = await fetch(url)
    expect(raw.status).toBe(200)
    const text = await raw.text()
    expect(text).toBe((await wholeLog(slug, start)).map((c) => c.chunk).join(''))
    expect((await fetch(url, { headers: { authorization: TOKENS.developer } })).status).toBe(400)
    const forged = new URL(url)
    forged.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 1))
    expect((await fetch(forged)).status).toBe(403)
    clock += 10 * 60_000 + 1
    expect((await fetch(url)).status).toBe(403)
  })

  it("ends an aborted build's log at the abort, with the reason, and keeps the cursor working", async () => {
    const slug = await started(60_000)
    const start = clock
    clock += 1000 + randomInt(50_000)
    const before = await logOf(slug, since(start - 1))
    const reason = `stopped ${randomInt(1_000_000)}`
    expect(
      (
        await call(emu, 'POST', `/apps/ios-app/builds/${slug}/abort`, {
          token: TOKENS.developer,
          body: { abort_reason: reason }
        })
      ).status
    ).toBe(200)
    clock += randomInt(ARCHIVE_DELAY_MS * 2)
    const after = await logOf(slug, `?after_timestamp=${encodeURIComponent(before.json.next_after_timestamp)}`)
    const total = after.json.generated_log_chunks_num as number
    expect([...positions(before), ...positions(after)]).toEqual(oneTo(total))
    expect(after.json.log_chunks.at(-1).chunk).toMatch(new RegExp(`Build finished with status aborted: ${reason}\\n$`))
  })

  it('lets the Developer and higher read the log, not the Tester/QA', async () => {
    const slug = await started()
    clock += 400
    for (const token of [TOKENS.owner, TOKENS.developer]) expect((await logOf(slug, '', token)).status).toBe(200)
    const refused = await logOf(slug, '', TOKENS.tester)
    expect(refused.status).toBe(403)
    expect(refused.json.message).toMatch(/Developer/)
  })
})
