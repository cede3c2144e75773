/**
 * The build log as the service serves it: a window of the last chunks, a cursor, chunks out of
 * order across polls, the archive behind a raw URL fetched without the token, and a 404 right
 * after the trigger. The bundle runs against a loopback server answering that way.
 */
import { describe, expect, it } from '@jest/globals'
import { type FakeService, fakeServices } from '../../helpers/fake-service.js'
import { randomInt } from '../../helpers/random.js'
import { runAction, type RunResult } from '../../helpers/run-action.js'
import { expectNoSecrets, TOKEN } from '../../helpers/secrets.js'
import {
  emulatorPerFile,
  expectPassed,
  type RunningEmulator,
  SAME_REPOSITORY,
  step,
  TOKENS
} from '../../helpers/scenarios/emulator-steps.js'
import { startForwardProxy } from '../../helpers/scenarios/forward-proxy.js'
import { windowedLog, type WindowedLogOptions } from '../../helpers/scenarios/windowed-log.js'

const BUILD = '/apps/app-1/builds/build-abc'
const serve = fakeServices()

/** Waits for a build whose log `options` shapes; the raw log URL is on the service's origin unless `rawOrigin` is given. */
async function waitWith(
  options: WindowedLogOptions,
  rawOrigin?: string,
  env: Record<string, string> = {}
): Promise<{ result: RunResult; log: ReturnType<typeof windowedLog>; service: FakeService }> {
  const log = windowedLog(options)
  let origin = ''
  const service = await serve(
    log.routes(BUILD, () => rawOrigin ?? origin),
    { maxRequests: 400, lifetimeMs: 60_000 }
  )
  origin = service.origin
  const inputs = {
    operation: 'wait',
    token: TOKEN,
    'base-url': service.url,
    'app-slug': 'app-1',
    'build-slug': 'build-abc',
    'poll-interval': '0.05'
  }
  const result = await runAction(inputs, { env })
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
    // 60 lines are cut into at least 36 chunks: every lost position is a chunk of the log.
    const lost = someOf(5, 36, 2 + randomInt(3))
    const { result, log } = await waitWith({
      lines: 60,
      perPoll: 20,
      firstPoll: 5,
      lost,
      rawReply: { status: 403, raw: '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>' }
    })
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

  it.each([
    ['a link-local address', 'https://169.254.169.254', /loopback, private or link-local/],
    [
      'a private address',
      `https://10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(250)}`,
      /loopback, private or link-local/
    ],
    ['plain http elsewhere than the service', `http://raw-logs.example`, /not an https: URL/],
    ['loopback on another port than the service', 'http://127.0.0.1:9', /not an https: URL/]
  ])('does not fetch an archived log URL pointing at %s, and says what is missing', async (_what, origin, reason) => {
    const lost = someOf(3, 20, 1 + randomInt(3))
    const { result, log } = await waitWith({ lines: 40, perPoll: 15, firstPoll: 5, lost }, origin)
    expect(result.code).toBe(0)
    expect(log.rawRequests).toHaveLength(0)
    const warnings = result.stdout.split('\n').filter((l) => l.startsWith('::warning::'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(reason)
    expect(warnings[0]).toContain(`${lost.size} chunk(s)`)
  })

  it('fetches the archived log through HTTPS_PROXY, as every other request', async () => {
    const proxy = await startForwardProxy({ hosts: {}, refuseConnect: 403 })
    const { result, log } = await waitWith(
      { lines: 30, perPoll: 10, firstPoll: 3, lost: new Set([5]) },
      'https://raw-logs.example',
      { HTTPS_PROXY: proxy.url }
    )
    expect(result.code).toBe(0)
    expect(log.rawRequests).toHaveLength(0)
    expect(proxy.connects.map((c) => c.authority)).toEqual(['raw-logs.example:443'])
    expect(proxy.connects[0].headers.authorization).toBeUndefined()
    expect(result.stdout).toMatch(/^::warning::.*1 chunk\(s\).*proxy/m)
  })

  it('ends soon when a build that never started has no log (404 after it ended), saying so', async () => {
    const aborted = {
      body: {
        data: { slug: 'build-abc', status: 3, status_text: 'aborted', is_on_hold: false, abort_reason: 'rejected' }
      }
    }
    const service = await serve({
      [`GET ${BUILD}`]: aborted,
      [`GET ${BUILD}/log`]: { status: 404, body: { message: 'Not Found' } }
    })
    const started = Date.now()
    const result = await runAction({
      operation: 'wait',
      token: TOKEN,
      'base-url': service.url,
      'app-slug': 'app-1',
      'build-slug': 'build-abc',
      'poll-interval': '0.05',
      'fail-on-build-failure': 'false'
    })
    expect(result.code).toBe(0)
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(service.calls(`GET ${BUILD}/log`).length).toBeLessThanOrEqual(4)
    expect(result.stdout).toContain('The service had no log for this build after it ended (the log answered 404).')
  })
})

/**
 * The build log through the bundle against the emulator, which serves it as the service does:
 * 10 to 51 chunks a build, cut inside lines, a window of the last 10 without a cursor,
 * `after_timestamp` for what is new (also once the build has ended), the archive a while after
 * the end behind a signed raw URL fetched without the token, and the Developer role to read it.
 */
describe('against the emulator', () => {
  let emu: RunningEmulator
  // 10 to 51 chunks over 2.5 to 3.5 s: between two polls 1.2 s apart, from a few chunks to more than the window of 10.
  emulatorPerFile((started) => (emu = started), { buildDurationMs: 2500 + randomInt(1000) })

  /** The emulator's step lines printed, by number. */
  const stepLines = (stdout: string): number[] =>
    [...stdout.matchAll(/^\[\d+ ms\] step output line (\d+)$/gm)].map((m) => Number(m[1]))

  /**
   * Whether the printed log is whole: its first line, every step line once, its closing line once.
   * The live part is in order; what it missed comes after it from the archive, a block per stretch
   * under a line saying where the stretch belongs (the start the first, windowed, answer lacked;
   * and, when the build ended between two polls on a loaded machine, what followed the last poll),
   * each block in order.
   */
  function expectWholeLog(stdout: string): void {
    const [live, ...rest] = stdout.split(
      /^Build log text the live log did not show \((?:before|after) chunk \d+\), from the archived log:$/m
    )
    const shown = stepLines(live)
    const blocks = rest.map(stepLines)
    const lines = [shown, ...blocks].flat().sort((a, b) => a - b)
    // A build writes 10 to 51 chunks of 12 characters to 8 KiB: dozens to thousands of lines.
    expect(lines.length).toBeGreaterThan(20)
    expect(lines).toEqual(Array.from({ length: lines.length }, (_v, i) => i + 1))
    expect(shown).toEqual([...shown].sort((a, b) => a - b))
    for (const block of blocks) expect(block).toEqual(Array.from({ length: block.length }, (_v, i) => block[0] + i))
    expect(stdout.match(/^Build #\d+ of workflow /gm)).toHaveLength(1)
    expect(stdout.match(/^Build finished with status success$/gm)).toHaveLength(1)
  }

  const archived = async (slug: string): Promise<boolean> => {
    const res = await fetch(`${emu.url}/apps/ios-app/builds/${slug}/log`, {
      headers: { authorization: TOKENS.developer }
    })
    return res.status === 200 && ((await res.json()) as { is_archived: boolean }).is_archived
  }

  const triggered = async (): Promise<string> => {
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app', branch: 'main', ...SAME_REPOSITORY },
      { token: TOKENS.developer }
    )
    expectPassed(result)
    return result.outputs['build-slug']
  }

  // Each test waits out builds of its own, seconds long, on the shared emulator (whose builds are
  // never held for a slot): they wait side by side, and so without the reset before each.
  describe('streaming the build log from the emulator', () => {
    it.concurrent(
      'follows the cursor: a log growing faster than the window between polls is printed whole, in order, once',
      async () => {
        const result = await step(
          emu,
          'trigger',
          { 'app-slug': 'ios-app', branch: 'main', ...SAME_REPOSITORY, wait: 'true', 'poll-interval': '1.2' },
          { token: TOKENS.developer }
        )
        expectPassed(result)
        expectWholeLog(result.stdout)
        expect(result.stdout).not.toMatch(/^::warning::.*log/im)
      }
    )

    it.concurrent(
      'prints the log of a build that had ended before the wait from its archive, whole and once, the raw URL masked',
      async () => {
        const slug = await triggered()
        // Until the service has archived the log, a while after the build ended.
        for (let i = 0; i < 100 && !(await archived(slug)); i++)
          await new Promise((resolve) => setTimeout(resolve, 100))
        const result = await step(
          emu,
          'wait',
          { 'app-slug': 'ios-app', 'build-slug': slug },
          { token: TOKENS.developer }
        )
        expectPassed(result)
        expectWholeLog(result.stdout)
        const masks = result.stdout.split('\n').filter((l) => l.startsWith('::add-mask::') && l.includes('/_raw-logs/'))
        expect(masks).toHaveLength(1)
      }
    )

    it.concurrent(
      'says once that a Tester/QA cannot read the log (Developer role), and still waits the build out',
      async () => {
        const slug = await triggered()
        const result = await step(emu, 'wait', { 'app-slug': 'ios-app', 'build-slug': slug }, { token: TOKENS.tester })
        expectPassed(result)
        expect(result.outputs['build-status']).toBe('success')
        const warnings = result.stdout.split('\n').filter((l) => l.startsWith('::warning::') && l.includes('log'))
        expect(warnings).toHaveLength(1)
        expect(warnings[0]).toMatch(/Developer role/)
        expect(stepLines(result.stdout)).toEqual([])
      }
    )
  })
})
