/**
 * The events of the interface's section 6, end to end: the flags of trigger and abort, run
 * through dist/index.js, decide which git status reports and email notifications the
 * emulator records.
 */
import { describe, expect, it } from '@jest/globals'
import { randomSlug } from '../../helpers/random.js'
import {
  emulatorPerFile,
  buildState,
  eventLog,
  expectPassed,
  SAME_REPOSITORY,
  setConcurrency,
  step,
  TOKENS,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started))

const reportsOf = (events: Array<{ kind: string }>) => events.filter((e) => e.kind === 'git_status_report')
const emailsOf = (events: Array<{ kind: string }>) => events.filter((e) => e.kind === 'email_notification')

/** A build of ios-app on hold (no free concurrency slot), so it is still unfinished when an abort arrives. */
async function heldBuild(): Promise<string> {
  await setConcurrency(emu, 'ios-app', 0)
  const started = await step(emu, 'trigger', {
    'app-slug': 'ios-app',
    'from-event': 'false',
    branch: `feature/${randomSlug()}`,
    ...SAME_REPOSITORY
  })
  expectPassed(started)
  return started.outputs['build-slug']
}

async function abort(slug: string, inputs: Record<string, string>): Promise<void> {
  expectPassed(
    await step(emu, 'abort', { 'app-slug': 'ios-app', 'build-slug': slug, ...inputs }, { token: TOKENS.developer })
  )
}

describe('git status reports at trigger and at the end of a build', () => {
  it.each([
    ['false', true],
    ['true', false]
  ])(
    'trigger with skip-git-status-report %s: reports sent is %p, and the email follows the app settings either way',
    async (skip, sent) => {
      const branch = `feature/${randomSlug()}`
      const result = await step(emu, 'trigger', {
        'app-slug': 'ios-app',
        'from-event': 'false',
        branch,
        wait: 'true',
        'skip-git-status-report': skip,
        ...SAME_REPOSITORY
      })
      expectPassed(result)
      const slug = result.outputs['build-slug']
      const events = await eventLog(emu, slug)
      expect(reportsOf(events)).toEqual([
        expect.objectContaining({ event: 'trigger', state: 'pending', branch, sent }),
        expect.objectContaining({ event: 'build_end', state: 'success', branch, sent })
      ])
      expect(emailsOf(events)).toEqual([
        expect.objectContaining({ event: 'build_end', outcome: 'success', setting: 'change', sent: true })
      ])
      expect((await buildState(emu, slug)).git_status_report).toBe(sent ? 'success' : null)
    }
  )
})

describe('abort: reports and notifications', () => {
  it('abort with skip-notifications sends no email; the git provider hears of a failure', async () => {
    const slug = await heldBuild()
    await abort(slug, { 'skip-notifications': 'true' })
    const events = await eventLog(emu, slug)
    expect(emailsOf(events)).toEqual([
      expect.objectContaining({ event: 'abort', outcome: 'failure', sent: false, reason: 'skip_notifications is true' })
    ])
    expect(reportsOf(events).at(-1)).toMatchObject({ event: 'abort', state: 'failure', sent: true })
  })

  it('abort with abort-with-success reports success to the git provider, and mails under on_success', async () => {
    const slug = await heldBuild()
    await abort(slug, { 'abort-with-success': 'true' })
    const events = await eventLog(emu, slug)
    expect(reportsOf(events).at(-1)).toMatchObject({ event: 'abort', state: 'success', sent: true })
    expect(emailsOf(events)).toEqual([
      expect.objectContaining({ event: 'abort', outcome: 'success', setting: 'change', sent: true })
    ])
    expect((await buildState(emu, slug)).git_status_report).toBe('success')
  })

  it('abort without flags mails the team under on_failure always; skip-git-status-report on the abort suppresses its report', async () => {
    const slug = await heldBuild()
    await abort(slug, { 'skip-git-status-report': 'true' })
    const events = await eventLog(emu, slug)
    expect(emailsOf(events)).toEqual([
      expect.objectContaining({ event: 'abort', outcome: 'failure', setting: 'always', sent: true })
    ])
    expect(reportsOf(events).at(-1)).toMatchObject({ event: 'abort', state: 'failure', sent: false })
  })
})
