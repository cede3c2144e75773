/**
 * The emulator's `--replay`: a wire trace recorded from the bundled action against the emulator
 * (a waited trigger that succeeded, one that failed: __tests__/fixtures/trace/, each with the
 * outcome the recorded step had) is answered back, and the bundled action run against the
 * replaying emulator, with a random token and a random app slug the trace never saw, ends as
 * the recorded step did. The fill of each placeholder is well-formed.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from '../../../emulator/args.js'
import { fill, filledTime, ReplayPlayer, routeKey } from '../../../emulator/control/replay.js'
import { startEmulator, type RunningEmulator } from '../../../emulator/server.js'
import { randomInt, randomSlug, randomString } from '../../helpers/random.js'
import { guardedTrigger } from '../../helpers/scenarios/guarded-trigger.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const FIXTURES = '__tests__/fixtures/trace'

const ORIGIN = `http://127.0.0.1:${1024 + randomInt(60000)}`

let emu: RunningEmulator | undefined
afterEach(async () => {
  await emu?.close()
  emu = undefined
})

describe('replaying a wire trace', () => {
  it.each(['trigger-wait-success', 'trigger-wait-failed'])(
    '%s: the action run against the replay ends as the recorded step did',
    async (name) => {
      const outcome = JSON.parse(readFileSync(`${FIXTURES}/${name}.outcome.json`, 'utf8')) as {
        code: number
        outputs: Record<string, string>
      }
      emu = await startEmulator({ port: 0, replayFile: `${FIXTURES}/${name}.jsonl` })
      const log = join(tempDir('replay-guard-'), 'hosts.log')
      // Under the loopback guard: every URL of a replayed answer stays on this machine.
      const result = await guardedTrigger(emu.url, log)
      expect(result.timedOut).toBe(false)
      expect(readFileSync(log, 'utf8')).toBe('')
      expect({ code: result.code, outputs: pick(result.outputs, Object.keys(outcome.outputs)) }).toEqual(outcome)
      // Nothing of the model answered: no build was started in it.
      expect(emu.state.builds.size).toBe(0)
    }
  )

  it('a route the trace does not hold is left to the model; a used-up route repeats its last answer', () => {
    const buildRead = (answer: unknown): string =>
      JSON.stringify({ peer: 'service', method: 'GET', url: '/v0.1/apps/a/builds/b', status: 200, ms: 1, answer })
    const lines = [
      JSON.stringify({ trace: 'service-ci-action', format: 1 }),
      buildRead(ok(0)),
      buildRead(ok(1)),
      JSON.stringify({ peer: 'github', method: 'GET', url: '/repos/o/r', status: 500, ms: 1, answer: null })
    ]
    const player = new ReplayPlayer(lines.join('\n'))
    const path = `/apps/${randomSlug()}/builds/${randomSlug()}`
    expect(player.answer('GET', path, ORIGIN)?.json).toEqual({ data: { status: 0 } })
    for (let i = 0; i < 1 + randomInt(3); i++)
      expect(player.answer('GET', path, ORIGIN)?.json).toEqual({ data: { status: 1 } })
    // Not the trace's: left to the emulator's model.
    expect(player.answer('GET', '/repos/o/r', ORIGIN)).toBeUndefined()
    expect(routeKey('POST', '/v0.1/apps/x/builds?limit=1')).toBe('POST /apps/:/builds')
  })

  it('fills placeholders with well-formed values of their length and format', () => {
    const length = 1 + randomInt(60)
    const filled = fill(
      {
        title: `<string:${length}>`,
        build_slug: `<string:${length}>`,
        build_url: '<string:60>',
        finished_at: '<time:YYYY-MM-DDThh:mm:ss.fffZ>',
        [randomString(5)]: ['<string:3>']
      },
      new Date(),
      ORIGIN
    ) as Record<string, unknown>
    expect(String(filled.title)).toHaveLength(length)
    expect(String(filled.build_slug)).toMatch(new RegExp(`^[0-9a-f]{${length}}$`))
    expect(new URL(String(filled.build_url)).origin).toBe(ORIGIN)
    expect(Number.isNaN(Date.parse(String(filled.finished_at)))).toBe(false)
    for (const format of ['YYYY-MM-DDThh:mm:ssZ', 'YYYY-MM-DDThh:mm:ss.ffffff+hh:mm', 'YYYY-MM-DD hh:mm:ss UTC'])
      expect(filledTime(format, new Date()).length).toBe(format.length)
  })

  it('is started by --replay FILE', () => {
    const file = `${randomSlug()}.jsonl`
    expect(parseArgs(['--replay', file])).toEqual({ replayFile: file })
    expect(() => parseArgs(['--replay'])).toThrow('--replay needs a trace file path')
  })
})

function ok(status: number): { type: string; body: { json: unknown } } {
  return { type: 'application/json', body: { json: { data: { status } } } }
}

function pick(outputs: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, outputs[name]]))
}
