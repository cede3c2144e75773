/**
 * `--replay` reads a trace as a stranger's file. A recorded waited trigger with addresses of other
 * hosts planted in random fields of its answers is replayed to the bundled action under the
 * loopback guard, which sees every attempt to leave the machine: there is none, as every URL of a
 * replayed answer points at the emulator. Traces over the caps (a text over 1 MiB, an answer over
 * 10 MiB, a file over 10 MiB), malformed, nested without end or of an unknown version are refused
 * before serving, naming their line; random mutations of a recorded trace are either refused so
 * or answered within the caps, by an emulator that keeps answering.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPLAY_ANSWER_LIMIT, REPLAY_STRING_LIMIT } from '../../../emulator/control/replay-check.js'
import { ReplayPlayer } from '../../../emulator/control/replay.js'
import { startEmulator, type RunningEmulator } from '../../../emulator/server.js'
import { random, randomInt, randomSlug, randomString, randomToken } from '../../helpers/random.js'
import { guardedTrigger } from '../../helpers/scenarios/guarded-trigger.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const FIXTURE = '__tests__/fixtures/trace/trigger-wait-success.jsonl'
const ORIGIN = `http://127.0.0.1:${1024 + randomInt(60000)}`
const HEADER = JSON.stringify({ trace: 'service-ci-action', version: '3.0.0', operation: 'trigger', format: 1 })

let emu: RunningEmulator | undefined
afterEach(async () => {
  await emu?.close()
  emu = undefined
})

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const recorded = (): Array<Record<string, Json>> =>
  readFileSync(FIXTURE, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, Json>)

/** A URL of a random host off this machine. */
const foreignUrl = (scheme = random() < 0.5 ? 'https' : 'http'): string =>
  `${scheme}://${randomSlug()}.${randomString(3, 'abcdefghijklmnopqrstuvwxyz')}/${randomString(8)}?${randomString(4)}=${randomToken()}`

/** Every [holder, key] of a JSON value whose value is a string. */
function stringSlots(value: Json, out: Array<[Record<string, Json> | Json[], string | number]> = []): typeof out {
  if (Array.isArray(value))
    value.forEach((item, at) => (typeof item === 'string' ? out.push([value, at]) : stringSlots(item, out)))
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value))
      if (typeof item === 'string' || item === null) out.push([value, key])
      else stringSlots(item, out)
  return out
}

const exchange = (answer: Json, url = `/v0.1/apps/a/builds/${randomSlug()}`): string =>
  JSON.stringify({
    seq: 1,
    peer: 'service',
    method: 'GET',
    url,
    status: 200,
    ms: 1,
    request: null,
    answer: { type: 'application/json', bytes: 1, body: { json: answer } }
  })

/** A line as JSON, or null when an earlier mutation broke it. */
function parsed(line: string): Json {
  try {
    return JSON.parse(line) as Json
  } catch {
    return null
  }
}

/** Every string of a reply's body. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(strings)
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}

describe('a hostile trace', () => {
  it('addresses of other hosts in its answers: the replayed step never tries to leave the machine', async () => {
    const lines = recorded()
    const planted: string[] = []
    for (const line of lines.slice(1)) {
      const answer = line.answer as { body: { json?: Json } | null } | null
      if (line.peer !== 'service' || !answer?.body?.json) continue
      const body = answer.body.json as Record<string, Json>
      const slots = stringSlots(body).filter(([, key]) => !/slug|status|_at$/.test(String(key)))
      for (let i = 0; i < Math.min(slots.length, 1 + randomInt(3)); i++) {
        // Random fields, not the ids and states the step goes on with: it must get as far as the log.
        const [holder, key] = slots[randomInt(slots.length)]
        const url = foreignUrl()
        ;(holder as Record<string, Json>)[key as string] = url
        planted.push(url)
      }
      // The archived log's address, which the step downloads when its first log read finds the log archived.
      if ('expiring_raw_log_url' in body) {
        body.is_archived = true
        body.expiring_raw_log_url = foreignUrl('https')
        planted.push(body.expiring_raw_log_url)
      }
    }
    expect(planted.length).toBeGreaterThan(lines.length / 2)
    const dir = tempDir('replay-hostile-')
    writeFileSync(join(dir, 'trace.jsonl'), lines.map((line) => JSON.stringify(line)).join('\n'))
    emu = await startEmulator({ port: 0, replayFile: join(dir, 'trace.jsonl') })
    const log = join(dir, 'hosts.log')
    // Under the loopback guard: every URL of a replayed answer stays on this machine.
    const result = await guardedTrigger(emu.url, log)
    expect(result.timedOut).toBe(false)
    expect(readFileSync(log, 'utf8')).toBe('')
    // And no planted address is in any answer the emulator gives.
    const player = new ReplayPlayer(lines.map((line) => JSON.stringify(line)).join('\n'))
    for (const [key] of player.routes()) {
      const [method, path] = key.split(' ')
      const body = JSON.stringify(player.answer(method, path.replace(/:/g, randomSlug()), ORIGIN)?.json ?? null)
      for (const url of planted) expect(body).not.toContain(url)
    }
  })

  it('over the caps, malformed or of an unknown version: refused before serving, naming the line', () => {
    const line = 2 + randomInt(3)
    const filler = Array.from({ length: line - 2 }, () => exchange({ data: { status: 0 } }))
    const refused = (bad: string): string => {
      try {
        new ReplayPlayer([HEADER, ...filler, bad, exchange({ ok: true })].join('\n'))
      } catch (error) {
        return (error as Error).message
      }
      return 'served'
    }
    const named = new RegExp(`line ${line} `)
    // Twelve texts of 400 000 000 characters in 444 bytes: the line that ran the emulator out of memory.
    expect(refused(exchange({ a: Array.from({ length: 12 }, () => '<string:400000000>') }))).toMatch(named)
    const over = REPLAY_STRING_LIMIT + 1 + randomInt(1000)
    expect(refused(exchange({ text: `<string:${over}>` }))).toMatch(named)
    expect(refused(exchange({ text: `<key:${over}>` }))).toMatch(named)
    expect(refused(exchange({ [`<key:${over}>`]: 1 }))).toMatch(named)
    expect(refused(exchange({ text: randomString(REPLAY_STRING_LIMIT + 1 + randomInt(100)) }))).toMatch(named)
    // Each text under the cap, the answer over its own.
    const parts = Math.ceil(REPLAY_ANSWER_LIMIT / REPLAY_STRING_LIMIT) + 1
    expect(refused(exchange(Array.from({ length: parts }, () => `<string:${REPLAY_STRING_LIMIT}>`)))).toMatch(named)
    const huge = JSON.stringify({
      ...JSON.parse(exchange(null)),
      answer: {
        type: 'text/plain',
        bytes: 1,
        body: { kind: 'text/plain', bytes: REPLAY_ANSWER_LIMIT + 1 + randomInt(1e6) }
      }
    })
    expect(refused(huge)).toMatch(named)
    // Nested without end.
    const depth = 100 + randomInt(100000)
    expect(refused(exchange('deep').replace('"deep"', `${'['.repeat(depth)}${']'.repeat(depth)}`))).toMatch(named)
    // Malformed: not JSON, not an object, no method, a status off the scale, a content type with a line break.
    expect(refused(`{"seq":${randomInt(9)},${randomString(5)}`)).toMatch(named)
    expect(refused(`[${randomInt(9)}]`)).toMatch(named)
    const base = JSON.parse(exchange({ ok: 1 })) as Record<string, Json>
    expect(refused(JSON.stringify({ ...base, method: null }))).toMatch(named)
    expect(refused(JSON.stringify({ ...base, status: 600 + randomInt(1000) }))).toMatch(named)
    expect(
      refused(JSON.stringify({ ...base, answer: { type: `text/plain\r\n${randomString(6)}: x`, body: null } }))
    ).toMatch(named)
    // A field or a header of an unknown version.
    expect(refused(JSON.stringify({ ...base, [randomString(6)]: 1 }))).toMatch(named)
    expect(refused(JSON.stringify({ trace: 'service-ci-action', format: 2 + randomInt(50) }))).toMatch(named)
    // Exactly at the caps: served.
    expect(refused(exchange({ text: `<string:${REPLAY_STRING_LIMIT}>` }))).toBe('served')
    // A header of an unknown format is named as line 1.
    expect(
      () => new ReplayPlayer([HEADER.replace('"format":1', `"format":${2 + randomInt(9)}`), exchange({})].join('\n'))
    ).toThrow(/line 1 /)
  })

  it('a file over the 10 MiB a trace holds is refused before it is read', async () => {
    const dir = tempDir('replay-big-')
    const file = join(dir, 'trace.jsonl')
    const pad = exchange({ pad: 'x'.repeat(REPLAY_STRING_LIMIT - 100) })
    writeFileSync(file, [HEADER, ...Array.from({ length: 11 }, () => pad)].join('\n'))
    await expect(startEmulator({ port: 0, replayFile: file })).rejects.toThrow(/over the 10485760 a trace holds/)
  })

  it('random mutations of a recorded trace: refused naming a line, or answered within the caps by an emulator that keeps answering', async () => {
    const hostile = (): Json => {
      const pick = randomInt(9)
      if (pick === 0) return `<string:${randomInt(2 ** 40)}>`
      if (pick === 1) return `<string:${randomInt(REPLAY_STRING_LIMIT)}>`
      if (pick === 2) return foreignUrl()
      if (pick === 3) return randomString(randomInt(200), 'ab<>:/\\"%{}[]\n\u2028 ')
      if (pick === 4) {
        const depth = 1 + randomInt(200)
        return JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as Json
      }
      if (pick === 5) return -randomInt(1e9)
      if (pick === 6) return { [`<key:${randomInt(2 ** 30)}>`]: randomString(3) }
      if (pick === 7) return `<time:${randomString(randomInt(40), 'YMDhms:.Tf+ -')}>`
      return null
    }
    let served = 0
    let last = ''
    for (let round = 0; round < 40; round++) {
      const lines = recorded()
      const raw = lines.map((line) => JSON.stringify(line))
      for (let mutation = 0; mutation < 1 + randomInt(4); mutation++) {
        const at = randomInt(raw.length)
        const choice = randomInt(4)
        if (choice === 0) raw[at] = raw[at].slice(0, randomInt(raw[at].length))
        else if (choice === 1) raw.splice(at, 0, randomString(randomInt(100), '{}[]":,0123456789abc<>'))
        else {
          const line = parsed(raw[at])
          const slots = line === null ? [] : stringSlots(line)
          if (slots.length > 0) {
            const [holder, key] = slots[randomInt(slots.length)]
            ;(holder as Record<string, Json>)[key as string] = hostile()
            raw[at] = JSON.stringify(line)
          }
        }
      }
      let player: ReplayPlayer
      try {
        player = new ReplayPlayer(raw.join('\n'))
      } catch (error) {
        expect((error as Error).message).toMatch(/the trace's line \d+ |the trace holds no exchange|no header/)
        continue
      }
      served += 1
      for (const [key] of player.routes()) {
        const [method, path] = key.split(' ')
        const reply = player.answer(method, path.replace(/:/g, randomSlug()), ORIGIN) ?? { status: 0 }
        expect(reply.status).toBeGreaterThan(0)
        const size = reply.json === undefined ? Buffer.byteLength(reply.text ?? '') : JSON.stringify(reply.json).length
        expect(size).toBeLessThanOrEqual(REPLAY_ANSWER_LIMIT)
        for (const text of strings(reply.json))
          if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) expect(new URL(text).origin).toBe(ORIGIN)
      }
      last = raw.join('\n')
    }
    expect(served).toBeGreaterThan(0)
    // The last one served is served over the wire too: every route answers more often than recorded, and the emulator still answers after.
    const dir = tempDir('replay-random-')
    writeFileSync(join(dir, 'trace.jsonl'), last)
    emu = await startEmulator({ port: 0, replayFile: join(dir, 'trace.jsonl') })
    for (const [key, count] of new ReplayPlayer(last).routes()) {
      const [method, path] = key.split(' ')
      for (let i = 0; i <= count; i++) {
        const answer = await fetch(`${emu.url}${path.replace(/:/g, randomSlug())}`, { method })
        expect(answer.status).toBeGreaterThanOrEqual(200)
        expect((await answer.arrayBuffer()).byteLength).toBeLessThanOrEqual(REPLAY_ANSWER_LIMIT)
      }
    }
    const after = await fetch(`${emu.url}/apps/${randomSlug()}/builds/${randomSlug()}`)
    expect([200, 404]).toContain(after.status)
  })
})
