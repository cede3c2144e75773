/** The event log of section 6: git status reports and email notifications, decided at trigger, build end and abort. */
import { describe, expect, it } from '@jest/globals'
import type { RunningEmulator } from '../../../emulator/server.js'
import { randomSlug } from '../../helpers/random.js'
import { call, SAME_REPOSITORY, TOKENS, triggerBody, withEmulator } from '../helpers.js'

let emu: RunningEmulator
withEmulator({ buildDurationMs: 5000 }, (started) => (emu = started))

type Outcome = 'success' | 'failure'
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any

/** Triggers a build of ios-app on `branch` that ends at once with `outcome`; resolves to its slug. */
async function finishedBuild(branch: string, outcome: Outcome, params: Record<string, unknown> = {}): Promise<string> {
  const headers = { 'X-Emulator-Build-Outcome': outcome, 'X-Emulator-Build-Duration-Ms': '0' }
  const res = await call(emu, 'POST', '/apps/ios-app/builds', {
    token: TOKENS.developer,
    body: triggerBody({ branch, ...SAME_REPOSITORY, ...params }),
    headers
  })
  expect(res.status).toBe(201)
  return res.json.build_slug
}

async function events(build?: string): Promise<Json[]> {
  const res = await call(emu, 'GET', '/_emulator/events')
  expect(res.status).toBe(200)
  return build === undefined ? res.json : res.json.filter((e: Json) => e.build === build)
}

const emailOf = async (build: string): Promise<Json> =>
  (await events(build)).find((e) => e.kind === 'email_notification')

const setNotifications = (settings: Record<string, string>) =>
  call(emu, 'PATCH', '/apps/ios-app/update-email-notifications', { body: settings }).then((res) =>
    expect(res.status).toBe(200)
  )

describe('email notifications at the end of a build', () => {
  it.each([
    ['always', 'success', true],
    ['never', 'success', false],
    ['always', 'failure', true],
    ['never', 'failure', false]
  ] as const)('setting %s and a build ending in %s: sent is %p', async (setting, outcome, sent) => {
    await setNotifications(outcome === 'success' ? { on_success: setting } : { on_failure: setting })
    const slug = await finishedBuild(`feature/${randomSlug()}`, outcome)
    expect(await emailOf(slug)).toMatchObject({ event: 'build_end', outcome, setting, sent })
  })

  it('change: sends for the first build of a branch and when the status changes, not when it repeats', async () => {
    await setNotifications({ on_success: 'change', on_failure: 'change' })
    const branch = `feature/${randomSlug()}`
    const other = `feature/${randomSlug()}`
    const decisions: Array<[Outcome, string, boolean, string]> = [
      ['success', branch, true, 'no previous build on this branch'],
      ['success', branch, false, 'status unchanged'],
      ['failure', other, true, 'no previous build on this branch'],
      ['failure', branch, true, 'status changed'],
      ['failure', branch, false, 'status unchanged'],
      ['success', branch, true, 'status changed']
    ]
    for (const [outcome, on, sent, reason] of decisions) {
      const slug = await finishedBuild(on, outcome)
      expect(await emailOf(slug)).toMatchObject({ outcome, branch: on, sent, reason })
    }
  })

  it('records the end once, stamped with the time the build ended', async () => {
    const slug = await finishedBuild(`feature/${randomSlug()}`, 'success')
    await events()
    const ends = (await events(slug)).filter((e) => e.event === 'build_end')
    expect(ends.map((e) => e.kind).sort()).toEqual(['email_notification', 'git_status_report'])
    const build = (await call(emu, 'GET', `/apps/ios-app/builds/${slug}`)).json.data
    expect(ends.every((e) => e.at === build.finished_at)).toBe(true)
  })
})

describe('git status reports', () => {
  it('reports pending at trigger and the outcome at the end, unless skip_git_status_report', async () => {
    const reported = await finishedBuild(`feature/${randomSlug()}`, 'failure')
    const skipped = await finishedBuild(`feature/${randomSlug()}`, 'success', { skip_git_status_report: true })
    const reports = async (build: string) =>
      (await events(build)).filter((e) => e.kind === 'git_status_report').map((e) => [e.event, e.state, e.sent])
    expect(await reports(reported)).toEqual([
      ['trigger', 'pending', true],
      ['build_end', 'failure', true]
    ])
    expect(await reports(skipped)).toEqual([
      ['trigger', 'pending', false],
      ['build_end', 'success', false]
    ])
  })

  it('reports an abort as failure, or as success with abort_with_success', async () => {
    for (const withSuccess of [false, true]) {
      const res = await call(emu, 'POST', '/apps/ios-app/builds', {
        token: TOKENS.developer,
        body: triggerBody({ branch: 'main', ...SAME_REPOSITORY })
      })
      const slug = res.json.build_slug
      expect(
        (await call(emu, 'POST', `/apps/ios-app/builds/${slug}/abort`, { body: { abort_with_success: withSuccess } }))
          .status
      ).toBe(200)
      const last = (await events(slug)).filter((e) => e.kind === 'git_status_report').at(-1)
      expect(last).toMatchObject({ event: 'abort', state: withSuccess ? 'success' : 'failure', sent: true })
    }
  })
})

describe('the event log endpoint', () => {
  it('is emptied by DELETE and by a reset', async () => {
    await finishedBuild(`feature/${randomSlug()}`, 'success')
    expect((await events()).length).toBeGreaterThan(0)
    expect((await call(emu, 'DELETE', '/_emulator/events')).status).toBe(204)
    expect(await events()).toEqual([])
    await finishedBuild(`feature/${randomSlug()}`, 'success')
    expect((await call(emu, 'POST', '/_emulator/reset')).status).toBe(200)
    expect(await events()).toEqual([])
  })
})
