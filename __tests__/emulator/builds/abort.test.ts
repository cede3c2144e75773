import { describe, expect, it } from '@jest/globals'
import type { RunningEmulator } from '../../../emulator/server.js'
import { buildOf, call, SAME_REPOSITORY, stateOf, TOKENS, trigger, withEmulator } from '../helpers.js'

let emu: RunningEmulator
withEmulator({ buildDurationMs: 300, logDelayMs: 200 }, (started) => (emu = started))

describe('abort', () => {
  it('aborts a running build as failed and records the details', async () => {
    const slug = (await trigger(emu, { branch: 'main' }, { 'X-Emulator-Build-Duration-Ms': '5000' })).json.build_slug
    const res = await call(emu, 'POST', `/apps/ios-app/builds/${slug}/abort`, {
      token: TOKENS.developer,
      body: {
        abort_reason: 'not needed',
        abort_with_success: false,
        skip_git_status_report: false,
        skip_notifications: false
      }
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ status: 'ok' })
    expect((await buildOf(emu, slug)).json.data).toMatchObject({
      status: 3,
      status_text: 'aborted',
      abort_reason: 'not needed',
      finished_at: expect.any(String)
    })
    const state = await stateOf(emu, slug)
    expect(state.abort).toMatchObject({
      reason: 'not needed',
      with_success: false,
      notification_sent: true,
      by: 'dora'
    })
    expect(state.git_status_report).toBe('failure')
  })

  it('aborts with success (status 4) and honours skip_notifications', async () => {
    const slug = (await trigger(emu, { branch: 'main' }, { 'X-Emulator-Build-Duration-Ms': '5000' })).json.build_slug
    await call(emu, 'POST', `/apps/ios-app/builds/${slug}/abort`, {
      body: { abort_with_success: true, skip_notifications: true, skip_git_status_report: true }
    })
    expect((await buildOf(emu, slug)).json.data).toMatchObject({ status: 4, status_text: 'aborted-with-success' })
    const state = await stateOf(emu, slug)
    expect(state.abort).toMatchObject({ with_success: true, notification_sent: false })
    expect(state.git_status_report).toBeNull()
    const dump = await call(emu, 'GET', '/_emulator/state')
    expect(dump.json.notifications).toEqual([
      expect.objectContaining({ build: slug, sent: false, reason: 'skip_notifications is true' })
    ])
  })

  it('accepts an empty body', async () => {
    const slug = (await trigger(emu, { branch: 'main' }, { 'X-Emulator-Build-Duration-Ms': '5000' })).json.build_slug
    const res = await call(emu, 'POST', `/apps/ios-app/builds/${slug}/abort`, {})
    expect(res.status).toBe(200)
    expect((await buildOf(emu, slug)).json.data.status).toBe(3)
  })
})

describe('abort: refusals and notification settings', () => {
  it('refuses to abort a finished build', async () => {
    const slug = (await trigger(emu, { branch: 'main', ...SAME_REPOSITORY }, { 'X-Emulator-Build-Duration-Ms': '0' }))
      .json.build_slug
    const res = await call(emu, 'POST', `/apps/ios-app/builds/${slug}/abort`, { body: {} })
    expect(res.status).toBe(400)
    expect(res.json.message).toMatch(/already finished/)
    expect((await buildOf(emu, slug)).json.data.status).toBe(1)
  })

  it('refuses to abort twice', async () => {
    const slug = (await trigger(emu, { branch: 'main' }, { 'X-Emulator-Build-Duration-Ms': '5000' })).json.build_slug
    expect((await call(emu, 'POST', `/apps/ios-app/builds/${slug}/abort`, { body: {} })).status).toBe(200)
    expect((await call(emu, 'POST', `/apps/ios-app/builds/${slug}/abort`, { body: {} })).status).toBe(400)
  })

  it('refuses non-boolean flags naming the field', async () => {
    const slug = (await trigger(emu, { branch: 'main' }, { 'X-Emulator-Build-Duration-Ms': '5000' })).json.build_slug
    const res = await call(emu, 'POST', `/apps/ios-app/builds/${slug}/abort`, { body: { abort_with_success: 'true' } })
    expect(res.status).toBe(400)
    expect(res.json.message).toContain('abort_with_success')
    const reason = await call(emu, 'POST', `/apps/ios-app/builds/${slug}/abort`, { body: { abort_reason: 3 } })
    expect(reason.json.message).toContain('abort_reason')
  })

  it('lets a developer abort but not a tester', async () => {
    const slug = (await trigger(emu, { branch: 'main' }, { 'X-Emulator-Build-Duration-Ms': '5000' })).json.build_slug
    expect(
      (await call(emu, 'POST', `/apps/ios-app/builds/${slug}/abort`, { token: TOKENS.tester, body: {} })).status
    ).toBe(403)
    expect(
      (await call(emu, 'POST', `/apps/ios-app/builds/${slug}/abort`, { token: TOKENS.developer, body: {} })).status
    ).toBe(200)
  })

  it('sends no abort mail under on_failure never', async () => {
    await call(emu, 'PATCH', '/apps/ios-app/update-email-notifications', { body: { on_failure: 'never' } })
    const slug = (await trigger(emu, { branch: 'main' }, { 'X-Emulator-Build-Duration-Ms': '5000' })).json.build_slug
    await call(emu, 'POST', `/apps/ios-app/builds/${slug}/abort`, { body: {} })
    expect((await stateOf(emu, slug)).abort.notification_sent).toBe(false)
  })
})
