/**
 * The emulator's log endpoint as the service's: a window of the last 10 chunks without a cursor
 * (Kesin11/CIAnalyzer's recorded answers), `after_timestamp` / `next_after_timestamp`
 * (bitrise-io/bitrise-cli), the archive behind a signed raw URL fetched without a token, the
 * 404 right after a trigger, and the Developer role to read it (devcenter).
 */
import { describe, expect, it } from '@jest/globals'
import type { RunningEmulator } from '../../emulator/server.js'
import { call, SAME_REPOSITORY, TOKENS, trigger, withEmulator } from './helpers.js'
import { randomInt } from '../helpers/random.js'

let emu: RunningEmulator
let clock = 0
withEmulator({ buildDurationMs: 5000, logDelayMs: 300, now: () => clock }, (started) => (emu = started))

interface Chunk {
  chunk: string
  position: number
}

const logOf = (slug: string, query = '', token: string = TOKENS.developer) => call(emu, 'GET', `/apps/ios-app/builds/${slug}/log${query}`, { token })

async function started(): Promise<string> {
  clock = Date.now()
  return (await trigger(emu, { branch: 'main', ...SAME_REPOSITORY })).json.build_slug
}

describe('the emulator build log', () => {
  it('answers 404 for logDelayMs after the start, then only the last 10 chunks without a cursor', async () => {
    const slug = await started()
    clock += 299
    expect((await logOf(slug)).status).toBe(404)
    clock += 1 + 1500 + randomInt(1500)
    const window = await logOf(slug)
    expect(window.status).toBe(200)
    const chunks = window.json.log_chunks as Chunk[]
    expect(chunks).toHaveLength(10)
    expect(window.json.generated_log_chunks_num).toBeGreaterThan(10)
    expect(chunks.map((c) => c.position)).toEqual(Array.from({ length: 10 }, (_v, i) => window.json.generated_log_chunks_num - 10 + i))
    expect(window.json).toMatchObject({ is_archived: false, expiring_raw_log_url: null })
  })

  it('answers with after_timestamp what was written since that answer, and nothing twice', async () => {
    const slug = await started()
    clock += 400
    let answer = await logOf(slug)
    const seen: number[] = (answer.json.log_chunks as Chunk[]).map((c) => c.position)
    while (!answer.json.is_archived) {
      clock += 50 + randomInt(400)
      answer = await logOf(slug, `?after_timestamp=${encodeURIComponent(answer.json.next_after_timestamp)}`)
      expect(answer.status).toBe(200)
      if (!answer.json.is_archived) seen.push(...(answer.json.log_chunks as Chunk[]).map((c) => c.position))
    }
    const total = answer.json.generated_log_chunks_num as number
    // The last answer before the archive may have missed the final chunks; the archive's window holds them.
    for (const c of answer.json.log_chunks as Chunk[]) if (!seen.includes(c.position)) seen.push(c.position)
    expect(seen).toEqual(Array.from({ length: total }, (_v, i) => i))
    expect((await logOf(slug, '?after_timestamp=yesterday')).status).toBe(400)
  })

  it('archives the log once the build has finished: the raw URL serves it whole, without a token, for ten minutes', async () => {
    const slug = await started()
    clock += 5000 + randomInt(1000)
    const archived = await logOf(slug, `?after_timestamp=${encodeURIComponent(new Date(clock - 3000).toISOString())}`)
    expect(archived.json).toMatchObject({ is_archived: true, timestamp: null, next_after_timestamp: null })
    expect(archived.json.log_chunks).toHaveLength(10)
    const url = new URL(archived.json.expiring_raw_log_url)
    expect(url.origin).toBe(emu.origin)
    const raw = await fetch(url)
    expect(raw.status).toBe(200)
    const text = await raw.text()
    const lines = text.split('\n')
    expect(lines[0]).toMatch(/^Build #\d+ of workflow /)
    expect(text.endsWith((archived.json.log_chunks as Chunk[]).map((c) => c.chunk).join(''))).toBe(true)
    expect((await fetch(url, { headers: { authorization: TOKENS.developer } })).status).toBe(400)
    const forged = new URL(url)
    forged.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 1))
    expect((await fetch(forged)).status).toBe(403)
    clock += 10 * 60_000 + 1
    expect((await fetch(url)).status).toBe(403)
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
