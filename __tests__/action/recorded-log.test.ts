/**
 * Answers of the log endpoint recorded from the real service (re-typed facts, see
 * __tests__/fixtures/build-log/README.md), replayed through the bundle: an archived window of
 * the last 10 chunks of 42, and a window with a position missing. The raw log the URL leads to
 * is written for the test: random lines, ending with the recorded chunks' text.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { fakeServices, type Reply } from '../helpers/fake-service.js'
import { runAction, type RunResult } from '../helpers/run-action.js'
import { expectNoSecrets, TOKEN } from '../helpers/secrets.js'
import { randomLines } from '../bundle/windowed-log.js'
import { random } from '../helpers/random.js'

const BUILD = '/apps/app-1/builds/build-abc'
const serve = fakeServices()

interface Answer {
  expiring_raw_log_url: string
  generated_log_chunks_num: number
  log_chunks: { chunk: string; position: number }[]
}

const recorded = JSON.parse(
  readFileSync(new URL('../fixtures/build-log/recorded-answers.json', import.meta.url), 'utf8')
) as Record<'tenOfFortyTwo' | 'gapInWindow', Answer>

/** Replays `answer` (its URL moved to the loopback server, its signed query kept) for a build that has ended. */
async function replay(
  answer: Answer,
  raw: Reply
): Promise<{ result: RunResult; rawHeaders: Record<string, unknown>[] }> {
  const signed = new URL(answer.expiring_raw_log_url)
  const rawHeaders: Record<string, unknown>[] = []
  let origin = ''
  const service = await serve({
    [`GET ${BUILD}`]: { body: { data: { slug: 'build-abc', status: 1, status_text: 'success', is_on_hold: false } } },
    [`GET ${BUILD}/log`]: () => ({
      body: { ...answer, expiring_raw_log_url: `${origin}${signed.pathname}${signed.search}` }
    }),
    [`GET ${signed.pathname}`]: (req) => {
      rawHeaders.push(req.headers)
      return raw
    }
  })
  origin = service.origin
  const result = await runAction({
    operation: 'wait',
    token: TOKEN,
    'base-url': service.url,
    'app-slug': 'app-1',
    'build-slug': 'build-abc',
    'poll-interval': '0.05'
  })
  expectNoSecrets(result)
  return { result, rawHeaders }
}

/** The lines printed inside the log group. */
function groupLines(stdout: string): string[] {
  // From the line after ::group:: to the line break before ::endgroup::.
  const inside = stdout.slice(stdout.indexOf('::group::'), stdout.indexOf('::endgroup::')).split('\n').slice(1, -1)
  return inside.filter((l) => !l.startsWith('::') && !/^Build build-abc/.test(l))
}

describe('recorded log answers of the real service, replayed', () => {
  it('an archived window of the last 10 chunks of 42: the whole log comes from the raw URL, once, without the token', async () => {
    const answer = recorded.tenOfFortyTwo
    const head = randomLines(20 + Math.floor(random() * 40))
      .map((l) => `${l}\n`)
      .join('')
    const text = head + answer.log_chunks.map((c) => c.chunk).join('')
    const { result, rawHeaders } = await replay(answer, { raw: text, headers: { 'content-type': 'text/plain' } })
    expect(result.code).toBe(0)
    expect(rawHeaders).toHaveLength(1)
    expect(rawHeaders[0].authorization).toBeUndefined()
    expect(groupLines(result.stdout).join('\n')).toBe(text.replace(/\n$/, ''))
    expect(result.stdout).not.toMatch(/^::warning::/m)
  })

  it('when the raw URL has expired: the 10 chunks are printed and the 32 missing ones are said once', async () => {
    const answer = recorded.tenOfFortyTwo
    const { result } = await replay(answer, {
      status: 403,
      raw: '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>'
    })
    expect(result.code).toBe(0)
    const warnings = result.stdout.split('\n').filter((l) => l.startsWith('::warning::'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('32 chunk(s)')
    expect(warnings[0]).toContain('answered 403')
    for (const line of answer.log_chunks
      .map((c) => c.chunk)
      .join('')
      .split('\n')
      .filter((l) => /^[a-zA-Z]/.test(l)))
      expect(result.stdout).toContain(line)
  })

  it('a window with a position missing (51 generated, 52 the last): the raw log fills it, each line once', async () => {
    const answer = recorded.gapInWindow
    const lost = 'L51-the chunk the window left out\n'
    const chunks = answer.log_chunks.map((c) => c.chunk)
    const head = randomLines(10 + Math.floor(random() * 20))
      .map((l) => `${l}\n`)
      .join('')
    const text = head + chunks.slice(0, 9).join('') + lost + chunks[9]
    const { result } = await replay(answer, { raw: text })
    expect(result.code).toBe(0)
    expect(groupLines(result.stdout).join('\n')).toBe(text)
    expect(result.stdout.match(/L51-the chunk the window left out/g)).toHaveLength(1)
  })
})
