/** A build's life in the emulator: its states from trigger to end, manual approval off, and its log. */
import { describe, expect, it } from '@jest/globals'
import type { RunningEmulator } from '../../../emulator/server.js'
import { readFileSync } from 'node:fs'
import type { Seed } from '../../../emulator/model/types.js'
import { randomBytes, randomInt, randomSlug } from '../../helpers/random.js'
import { buildOf, call, SAME_REPOSITORY, sleep, TOKENS, trigger, withEmulator } from '../helpers.js'

let emu: RunningEmulator
withEmulator({ buildDurationMs: 300, logDelayMs: 200 }, (started) => (emu = started))

describe('build lifecycle', () => {
  it('runs, then finishes with the seeded outcome', async () => {
    const slug = (await trigger(emu, { branch: 'main', ...SAME_REPOSITORY })).json.build_slug
    const running = (await buildOf(emu, slug)).json.data
    expect(running).toMatchObject({
      status: 0,
      status_text: 'in-progress',
      is_on_hold: false,
      finished_at: null,
      branch: 'main',
      triggered_workflow: 'deploy'
    })
    await sleep(350)
    const done = (await buildOf(emu, slug)).json.data
    expect(done).toMatchObject({ status: 1, status_text: 'success', build_number: 1 })
    expect(Date.parse(done.finished_at) - Date.parse(done.started_on_worker_at)).toBe(300)
  })

  it('fails a build when the trigger asks for failure, with its own duration', async () => {
    const slug = (
      await trigger(
        emu,
        { branch: 'main', ...SAME_REPOSITORY },
        { 'X-Emulator-Build-Outcome': 'failure', 'X-Emulator-Build-Duration-Ms': '50' }
      )
    ).json.build_slug
    await sleep(80)
    expect((await buildOf(emu, slug)).json.data).toMatchObject({ status: 2, status_text: 'error' })
  })

  it('refuses unknown control header values', async () => {
    expect((await trigger(emu, { branch: 'main' }, { 'X-Emulator-Build-Outcome': 'maybe' })).status).toBe(400)
    expect((await trigger(emu, { branch: 'main' }, { 'X-Emulator-Build-Duration-Ms': '-1' })).status).toBe(400)
  })

  it('keeps a fork pull request trigger as a build request: 2xx without a build slug; its approval starts a new build', async () => {
    const pr = randomInt(1, 10_000)
    const commit = randomBytes(20).toString('hex')
    const res = await trigger(
      emu,
      { branch: `fork/${randomSlug()}`, commit_hash: commit, pull_request_id: pr, branch_dest: 'main' },
      { 'X-Emulator-Build-Duration-Ms': '100' }
    )
    expect(res.status).toBe(201)
    expect(res.json).toMatchObject({ status: 'ok', build_slug: '' })
    expect(res.json.results).toBeUndefined()
    expect((await call(emu, 'GET', '/_emulator/state')).json.builds).toEqual([])
    const [request] = (await call(emu, 'GET', '/apps/ios-app/build-requests', { token: TOKENS.tester })).json.data
    expect(request).toMatchObject({
      build_params: { commit_hash: commit, pull_request_id: pr },
      pull_request_url: expect.stringMatching(new RegExp(`/pull/${pr}$`))
    })
    const approved = await call(emu, 'PATCH', `/apps/ios-app/build-requests/${request.slug}`, {
      token: TOKENS.developer,
      body: { is_approved: true }
    })
    expect(approved.status).toBe(200)
    const [build] = (await call(emu, 'GET', '/_emulator/state')).json.builds
    expect(build).toMatchObject({
      commit_hash: commit,
      pull_request_id: pr,
      build_request: request.slug,
      is_on_hold: false,
      status_text: 'in-progress'
    })
    await sleep(150)
    expect((await buildOf(emu, build.slug)).json.data.status).toBe(1)
    expect((await call(emu, 'GET', '/apps/ios-app/build-requests')).json.data).toEqual([])
    // A decided request is no longer open: deciding it again is refused.
    expect(
      (
        await call(emu, 'PATCH', `/apps/ios-app/build-requests/${request.slug}`, {
          token: TOKENS.developer,
          body: { is_approved: true }
        })
      ).status
    ).toBe(404)
  })

  it('a rejected build request starts nothing and records who rejected it', async () => {
    const res = await trigger(emu, { branch: `fork/${randomSlug()}`, pull_request_id: randomInt(1, 10_000) })
    expect(res.json.build_slug).toBe('')
    const [request] = (await call(emu, 'GET', '/apps/ios-app/build-requests')).json.data
    expect(
      (
        await call(emu, 'PATCH', `/apps/ios-app/build-requests/${request.slug}`, {
          token: TOKENS.developer,
          body: { is_approved: false }
        })
      ).status
    ).toBe(200)
    const state = (await call(emu, 'GET', '/_emulator/state')).json
    expect(state.builds).toEqual([])
    expect(state.build_requests).toEqual([
      expect.objectContaining({
        slug: request.slug,
        decision: expect.objectContaining({ approved: false, build_slug: null, reason: 'rejected by dora' })
      })
    ])
  })

  it('needs approval exactly for a pull request whose owners are omitted, one-sided or differ; never for a push', async () => {
    const [source, dest] = [randomSlug('src-'), randomSlug('dst-')]
    const pr = { pull_request_id: randomInt(1, 10_000) }
    const cases: Array<[Record<string, unknown>, boolean]> = [
      [{}, false],
      [{ branch_repo_owner: source, branch_dest_repo_owner: dest }, false],
      [pr, true],
      [{ ...pr, branch_repo_owner: source, branch_dest_repo_owner: dest }, true],
      [{ ...pr, branch_repo_owner: source }, true],
      [{ ...pr, branch_dest_repo_owner: dest }, true],
      [{ ...pr, branch_repo_owner: dest, branch_dest_repo_owner: dest.toUpperCase() }, false]
    ]
    for (const [params, held] of cases) {
      const res = await trigger(emu, { branch: `feature/${randomSlug()}`, ...params })
      expect(res.status).toBe(201)
      expect({ params, held: res.json.build_slug === '' }).toEqual({ params, held })
    }
  })

  it('is_on_hold means no free concurrency slot: a build waits on hold until a slot frees', async () => {
    expect((await call(emu, 'PUT', '/_emulator/apps/ios-app/concurrency', { body: { slots: 0 } })).status).toBe(200)
    const slug = (await trigger(emu, { branch: 'main', ...SAME_REPOSITORY }, { 'X-Emulator-Build-Duration-Ms': '100' }))
      .json.build_slug
    await sleep(150)
    expect((await buildOf(emu, slug)).json.data).toMatchObject({
      status: 0,
      status_text: 'on-hold',
      is_on_hold: true,
      started_on_worker_at: null
    })
    expect((await call(emu, 'GET', `/apps/ios-app/builds/${slug}/log`)).status).toBe(404)
    await call(emu, 'PUT', '/_emulator/apps/ios-app/concurrency', { body: { slots: 1 } })
    expect((await buildOf(emu, slug)).json.data).toMatchObject({
      status: 0,
      is_on_hold: false,
      status_text: 'in-progress'
    })
    // One slot: a second build waits for the first to end, then runs.
    const second = (
      await trigger(emu, { branch: 'main', ...SAME_REPOSITORY }, { 'X-Emulator-Build-Duration-Ms': '100' })
    ).json.build_slug
    expect((await buildOf(emu, second)).json.data.is_on_hold).toBe(true)
    await sleep(150)
    expect((await buildOf(emu, slug)).json.data.status).toBe(1)
    expect((await buildOf(emu, second)).json.data).toMatchObject({ status: 0, is_on_hold: false })
    expect((await call(emu, 'PUT', '/_emulator/apps/ios-app/concurrency', { body: { slots: -1 } })).status).toBe(400)
  })
})

describe('manual approval off (seed option manual_approval: false)', () => {
  let off: RunningEmulator
  const seed = JSON.parse(readFileSync(new URL('../../../emulator/model/seed.json', import.meta.url), 'utf8')) as Seed
  seed.apps = seed.apps?.map((a) => (a.slug === 'ios-app' ? { ...a, manual_approval: false } : a))
  withEmulator({ seed, buildDurationMs: 300 }, (started) => (off = started))

  it('starts a fork pull request build at once', async () => {
    const res = await trigger(off, { branch: `fork/${randomSlug()}`, pull_request_id: randomInt(1, 10_000) })
    expect(res.json.build_slug).toMatch(/^[0-9a-f]+$/)
    expect((await call(off, 'GET', '/apps/ios-app/build-requests')).json.data).toEqual([])
  })
})

describe('build log', () => {
  it('answers 404 first, then a growing log that ends with a closing line', async () => {
    const slug = (await trigger(emu, { branch: 'main', ...SAME_REPOSITORY })).json.build_slug
    const early = await call(emu, 'GET', `/apps/ios-app/builds/${slug}/log`, { token: TOKENS.developer })
    expect(early.status).toBe(404)
    await sleep(220)
    const middle = await call(emu, 'GET', `/apps/ios-app/builds/${slug}/log`, { token: TOKENS.developer })
    expect(middle.status).toBe(200)
    expect(middle.json).toMatchObject({
      is_archived: false,
      expiring_raw_log_url: null,
      next_after_timestamp: expect.any(String)
    })
    const middleText = middle.json.log_chunks.map((c: { chunk: string }) => c.chunk).join('')
    expect(middleText).not.toMatch(/Build finished/)
    // Archived a while (the emulator's default: 1 s) after the build has ended.
    await sleep(1130)
    const done = await call(emu, 'GET', `/apps/ios-app/builds/${slug}/log`, { token: TOKENS.developer })
    expect(done.json.is_archived).toBe(true)
    const raw = await fetch(done.json.expiring_raw_log_url)
    const text = await raw.text()
    expect(text.includes(middleText)).toBe(true)
    expect(text.length).toBeGreaterThan(middleText.length)
    expect(text).toMatch(/Build finished with status success\n$/)
  })
})
