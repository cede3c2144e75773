/**
 * The build log as the service serves it: a window of the last chunks, a cursor, chunks out of
 * order across polls, the archive behind a raw URL fetched without the token, and a 404 right
 * after the trigger. The bundle runs against a loopback server answering that way.
 */
import { describe, expect, it } from '@jest/globals'
import { fakeServices, type FakeService } from '../helpers/fake-service.js'
import { randomInt } from 'node:crypto'
import { runAction, type RunResult } from '../helpers/run-action.js'
import { expectNoSecrets, TOKEN } from '../helpers/secrets.js'
import { windowedLog, type WindowedLogOptions } from '../helpers/windowed-log.js'

const BUILD = '/apps/app-1/builds/build-abc'
const serve = fakeServices()

async function waitWith(options: WindowedLogOptions): Promise<{ result: RunResult; log: ReturnType<typeof windowedLog>; service: FakeService }> {
  const log = windowedLog(options)
  let origin = ''
  const service = await serve(log.routes(BUILD, () => origin), { maxRequests: 400, lifetimeMs: 60_000 })
  origin = service.origin
  const result = await runAction({ operation: 'wait', token: TOKEN, 'base-url': service.url, 'app-slug': 'app-1', 'build-slug': 'build-abc', 'poll-interval': '0.05' })
  return { result, log, service }
}

/** The printed lines that belong to the build log (every generated line starts with L<n>-). */
const printedLines = (result: RunResult): string[] => result.stdout.split('\n').filter((l) => /^L\d+-/.test(l))

const someOf = (from: number, to: number, count: number): Set<number> => {
  const picked = new Set<number>()
  while (picked.size < count) picked.add(from + randomInt(to - from))
  return picked
}

describe('the build log window and cursor', () => {
  it('prints every line of a log served 25 chunks a poll, windowed, out of order, exactly once and in order', async () => {
    // Late chunks of the second and third reads (a late chunk of the last read could only come from the archive).
    const firstPoll = 1 + randomInt(9)
    const late = new Set([...someOf(firstPoll, firstPoll + 25, 2), ...someOf(firstPoll + 25, firstPoll + 50, 2)])
    const { result, log } = await waitWith({ lines: 100, perPoll: 25, firstPoll, late })
    expect(result.code).toBe(0)
    expect(printedLines(result)).toEqual(log.lines)
    expect(log.rawRequests).toHaveLength(0)
    expect(log.logRequests.slice(1).every((r) => r.query.after_timestamp !== undefined)).toBe(true)
    expect(result.stdout).not.toMatch(/::warning::.*log/i)
    expectNoSecrets(result)
  })

  it('fills what the chunks never brought from the archived log, without sending the token there, and masks its URL', async () => {
    const lost = someOf(5, 60, 3)
    const { result, log } = await waitWith({ lines: 80, perPoll: 30, firstPoll: 1 + randomInt(40), lost })
    expect(result.code).toBe(0)
    const printed = printedLines(result)
    expect([...printed].sort()).toEqual([...log.lines].sort())
    expect(log.rawRequests).toHaveLength(1)
    expect(log.rawRequests[0].headers.authorization).toBeUndefined()
    const signature = log.rawRequests[0].query['X-Amz-Signature']
    expect(result.stdout).toMatch(new RegExp(`^::add-mask::.*${signature}`, 'm'))
    expect(result.stdout.split('\n').filter((l) => l.includes(signature) && !l.startsWith('::add-mask::'))).toEqual([])
    expectNoSecrets(result)
  })

  it('prints a log that was archived before the wait began from the raw log, whole and once', async () => {
    const { result, log } = await waitWith({ lines: 60, perPoll: 10, firstPoll: 1000 })
    expect(result.code).toBe(0)
    expect(printedLines(result)).toEqual(log.lines)
    expect(log.rawRequests).toHaveLength(1)
  })

  it('says once how many chunks are missing when the archived log cannot be read, and still ends as the build did', async () => {
    const lost = someOf(5, 40, 2 + randomInt(3))
    const { result, log } = await waitWith({ lines: 60, perPoll: 20, firstPoll: 5, lost, rawReply: { status: 403, raw: '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>' } })
    expect(result.code).toBe(0)
    const printed = printedLines(result)
    expect(new Set(printed).size).toBe(printed.length)
    const warnings = result.stdout.split('\n').filter((l) => l.startsWith('::warning::') && /chunk/.test(l))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain(`${lost.size} chunk(s)`)
    expect(log.rawRequests).toHaveLength(1)
  })

  it('rides out the 404 of the log right after a trigger', async () => {
    const { result, log } = await waitWith({ lines: 30, perPoll: 5, earlyNotFound: 2 + randomInt(3) })
    expect(result.code).toBe(0)
    expect(printedLines(result)).toEqual(log.lines)
  })
})
