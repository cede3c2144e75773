/**
 * The build log through the bundle against the emulator, which serves it as the service does:
 * 10 to 51 chunks a build, cut inside lines, a window of the last 10 without a cursor,
 * `after_timestamp` for what is new (also once the build has ended), the archive a while after
 * the end behind a signed raw URL fetched without the token, and the Developer role to read it.
 */
import { describe, expect, it } from '@jest/globals'
import { emulatorPerFile, expectPassed, SAME_REPOSITORY, step, TOKENS, type RunningEmulator } from '../bundle/emulator-steps.js'
import { randomInt } from '../helpers/random.js'

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

describe('streaming the build log from the emulator', () => {
  it('follows the cursor: a log growing faster than the window between polls is printed whole, in order, once', async () => {
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app', branch: 'main', ...SAME_REPOSITORY, wait: 'true', 'poll-interval': '1.2' },
      { token: TOKENS.developer }
    )
    expectPassed(result)
    expectWholeLog(result.stdout)
    expect(result.stdout).not.toMatch(/^::warning::.*log/im)
  })

  it('prints the log of a build that had ended before the wait from its archive, whole and once, the raw URL masked', async () => {
    const slug = await triggered()
    // Until the service has archived the log, a while after the build ended.
    for (let i = 0; i < 100 && !(await archived(slug)); i++) await new Promise((resolve) => setTimeout(resolve, 100))
    const result = await step(emu, 'wait', { 'app-slug': 'ios-app', 'build-slug': slug }, { token: TOKENS.developer })
    expectPassed(result)
    expectWholeLog(result.stdout)
    const masks = result.stdout.split('\n').filter((l) => l.startsWith('::add-mask::') && l.includes('/_raw-logs/'))
    expect(masks).toHaveLength(1)
  })

  it('says once that a Tester/QA cannot read the log (Developer role), and still waits the build out', async () => {
    const slug = await triggered()
    const result = await step(emu, 'wait', { 'app-slug': 'ios-app', 'build-slug': slug }, { token: TOKENS.tester })
    expectPassed(result)
    expect(result.outputs['build-status']).toBe('success')
    const warnings = result.stdout.split('\n').filter((l) => l.startsWith('::warning::') && l.includes('log'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/Developer role/)
    expect(stepLines(result.stdout)).toEqual([])
  })
})
