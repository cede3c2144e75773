/**
 * Park and resume, through the bundle against the emulator and the fake GitHub: a trigger with
 * wait: park ends at once with an open check run bound to its build; report-parked completes it
 * from the build's record once the build ends, and a second sweep changes nothing; references of
 * another repository, or forged with random values, are never acted on; and one sweep reports
 * 500 parked builds over 20 apps reading one page of builds per app.
 */
import { describe, expect, it } from '@jest/globals'
import { repositoryHash } from '../../../src/api/parked.js'
import { randomInt, randomSlug, randomToken } from '../../helpers/random.js'
import {
  buildState,
  clearRequestLog,
  dropBuild,
  emulatorState,
  expectPassed,
  requestLog,
  setConcurrency,
  sleep,
  step,
  TOKENS
} from '../../helpers/scenarios/emulator-steps.js'
import {
  emu,
  env,
  EXTRA_APPS,
  forged,
  github,
  park,
  REPOSITORY,
  restartGitHub,
  sha,
  useParkWorld,
  writes
} from '../../helpers/subjects/park-steps.js'

useParkWorld()

function sweep(inputs: Record<string, string> = {}) {
  return step(emu, 'report-parked', { 'app-slug': 'ios-app', 'github-token': randomToken(), ...inputs }, { env: env() })
}

/**
 * Waits, on the emulator's state, until every one of the builds has ended: one read of the state
 * (which lists every build) a round for all of them, not one per build.
 */
async function finished(...slugs: string[]): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const builds = new Map(
      ((await emulatorState(emu)).builds as Array<{ slug: string; status?: number }>).map((b) => [b.slug, b])
    )
    const missing = slugs.find((slug) => !builds.has(slug))
    if (missing !== undefined) throw new Error(`build ${missing} is not in the emulator's state`)
    if (slugs.every((slug) => builds.get(slug)!.status !== 0)) return
    await sleep(50)
  }
  throw new Error(`builds ${slugs.join(', ')} did not all end`)
}

/** The variable naming a check run of a repository, as a forger would write it. */
const ref = (repository: string, checkRunId: number): string =>
  `SERVICE_CI_PARKED_${checkRunId}_${repositoryHash(repository)}`

describe('park and resume', () => {
  it('park ends the step at once with an open check run that names the build; a sweep completes it once', async () => {
    await setConcurrency(emu, 'ios-app', 0)
    const commit = sha()
    const parked = await park(commit)
    expectPassed(parked)
    expect(parked.outputs.parked).toBe('true')
    const slug = parked.outputs['build-slug']
    expect(slug).toMatch(/\S/)
    // The build is on hold: the step did not wait for it.
    expect(((await buildState(emu, slug)) as { status?: number }).status).toBe(0)
    const [check] = [...github.checkRuns.values()]
    expect(check).toMatchObject({ status: 'in_progress', external_id: slug, head_sha: commit, repository: REPOSITORY })

    const running = await sweep()
    expectPassed(running)
    expect(running.outputs.count).toBe('0')
    expect(check.status).toBe('in_progress')
    expect(String((check.output as { title?: string }).title)).toMatch(/running|waits/)

    await setConcurrency(emu, 'ios-app', null)
    await finished(slug)
    const done = await sweep()
    expectPassed(done)
    expect(done.outputs.count).toBe('1')
    expect(check).toMatchObject({ status: 'completed', conclusion: 'success', external_id: slug })
    expect(String((check.output as { title?: string }).title)).toMatch(/^Build #\u200d?\d+ succeeded/)

    const before = writes().length
    const again = await sweep()
    expectPassed(again)
    expect(again.outputs.count).toBe('0')
    expect(writes().length).toBe(before)
  })

  it('a build still running gets one progress line: a later sweep that sees it still running posts nothing', async () => {
    await setConcurrency(emu, 'ios-app', 0)
    const parkedBuilds = [await park(sha()), await park(sha(), { 'github-status': 'commit-status' })]
    for (const one of parkedBuilds) expectPassed(one)
    const first = await sweep()
    expectPassed(first)
    const [check] = [...github.checkRuns.values()]
    expect(String((check.output as { title?: string }).title)).toMatch(/waits on the service \(seen at \d\d:\d\d UTC\)/)
    expect(String(github.statuses.at(-1)?.description)).toMatch(/waits on the service \(seen at/)
    const before = writes().length
    for (let i = 0; i < 1 + randomInt(3); i++) {
      const again = await sweep()
      expectPassed(again)
      expect(again.summary).toContain('builds still running, their progress line already shown')
    }
    expect(writes().length).toBe(before)
  })

  it('a trigger held for approval parks too: its check run awaits approval, and the approved build is reported on it', async () => {
    const commit = sha()
    // A pull request without owners is taken for a fork's, which the service holds for approval.
    const held = await park(commit, {
      'branch-repo-owner': '',
      'branch-dest-repo-owner': '',
      'pull-request-id': String(randomInt(1, 10_000))
    })
    expectPassed(held)
    expect(held.outputs).toMatchObject({ parked: 'true', 'build-status': 'awaiting-approval' })
    const [check] = [...github.checkRuns.values()]
    expect(check).toMatchObject({ status: 'queued', external_id: held.outputs['build-request-slug'] })
    expect(String((check.output as { title?: string }).title)).toContain('awaits approval')
    const service = (path: string, method = 'GET', body?: unknown) =>
      fetch(`${emu.url}${path}`, {
        method,
        headers: { authorization: TOKENS.owner, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body)
      })
    const approved = await service(`/apps/ios-app/build-requests/${held.outputs['build-request-slug']}`, 'PATCH', {
      is_approved: true
    })
    expect(approved.status).toBeLessThan(300)
    const builds = ((await (await service('/apps/ios-app/builds')).json()) as { data: Array<{ slug: string }> }).data
    expect(builds).toHaveLength(1)
    await finished(builds[0].slug)
    const done = await sweep()
    expectPassed(done)
    expect(done.outputs.count).toBe('1')
    expect(check).toMatchObject({ status: 'completed', conclusion: 'success', external_id: builds[0].slug })
  })

  it.each([
    [{ 'github-status': 'none' }, 'github-status: check-run'],
    [{ 'commit-hash': '' }, 'commit-hash'],
    [{ 'reuse-running-build': 'true' }, 'reuse-running-build'],
    [{ 'app-slug': 'ios-app, web-app' }, "one app's build"]
  ])('wait: park refuses %j before anything is sent', async (inputs, says) => {
    await clearRequestLog(emu)
    const refused = await park(sha(), inputs)
    expect(refused.code).toBe(1)
    expect(refused.stdout).toContain('Input "wait": is park')
    expect(refused.stdout).toContain(says)
    expect(await requestLog(emu)).toEqual([])
    expect(github.requests).toEqual([])
  })

  it('github-comment at park time: the pull request comment is posted then, and edited by the sweep', async () => {
    const pr = randomInt(1, 10_000)
    const parked = await park(sha(), { 'github-comment': 'true', 'pull-request-id': String(pr) })
    expectPassed(parked)
    const comments = () =>
      github.requests.filter((r) => r.path.startsWith(`/repos/${REPOSITORY}/issues/`) && r.method !== 'GET')
    expect(comments().map((r) => r.method)).toEqual(['POST'])
    await finished(parked.outputs['build-slug'])
    const done = await sweep()
    expectPassed(done)
    expect(comments().map((r) => r.method)).toEqual(['POST', 'PATCH'])
    expect(String((comments()[1].body as { body?: string }).body)).toMatch(/succeeded/)
  })

  it('a failed build completes its check as a failure', async () => {
    // android-app's builds fail; its configuration is kept in the service here.
    await step(emu, 'set-config-location', { 'app-slug': 'android-app', location: 'service' })
    const parked = await park(sha(), { 'app-slug': 'android-app' })
    expectPassed(parked)
    await finished(parked.outputs['build-slug'])
    const done = await sweep({ 'app-slug': 'android-app' })
    expectPassed(done)
    const [check] = [...github.checkRuns.values()]
    expect(check).toMatchObject({ status: 'completed', conclusion: 'failure' })
  })

  it('references of another repository, or forged with random values, are never acted on', async () => {
    await setConcurrency(emu, 'ios-app', 0)
    const parked = await park(sha())
    expectPassed(parked)
    const [check] = [...github.checkRuns.values()]
    const id = Number(check.id)
    const other = `${randomSlug('owner-')}/${randomSlug('repo-')}`
    await setConcurrency(emu, 'ios-app', null)
    // Another repository's reference, the real check's id under a build that is not its own, a random id, and junk.
    const slugs = [
      await forged('ios-app', ref(other, id)),
      await forged('ios-app', ref(REPOSITORY, id)),
      await forged('ios-app', ref(REPOSITORY, randomInt(1, 2 ** 31))),
      await forged(
        'ios-app',
        `SERVICE_CI_PARKED_${randomInt(1, 2 ** 31)}_${randomInt(2 ** 32)
          .toString(16)
          .padStart(8, '0')}`
      )
    ]
    await finished(...slugs, parked.outputs['build-slug'])
    const beforeOwn = github.requests.length
    // Park's own check is reported with its own build's result, once; nothing else is written.
    const done = await sweep()
    expectPassed(done)
    expect(done.outputs.count).toBe('1')
    const sent = github.requests.slice(beforeOwn)
    expect(sent.filter((r) => r.path.includes(other.split('/')[0]))).toEqual([])
    expect(sent.filter((r) => r.method !== 'GET').map((r) => r.path)).toEqual([`/repos/${REPOSITORY}/check-runs/${id}`])
    expect(check).toMatchObject({ status: 'completed', external_id: parked.outputs['build-slug'] })
  })

  it('a check run of another repository is never touched, even under its own id', async () => {
    const res = await fetch(`${github.url}/repos/${randomSlug('o-')}/${randomSlug('r-')}/check-runs`, {
      method: 'POST',
      body: JSON.stringify({ name: 'x', head_sha: sha(), status: 'in_progress' })
    })
    const foreign = (await res.json()) as { id: number; repository: string }
    const slug = await forged('ios-app', ref(REPOSITORY, foreign.id))
    await finished(slug)
    const done = await sweep()
    expectPassed(done)
    expect(writes().filter((r) => r.path.includes('/check-runs/'))).toEqual([])
    expect(github.checkRuns.get(foreign.id)).toMatchObject({ status: 'in_progress' })
  })

  it('a build that no longer exists completes its check as neutral, once; one still there or of an app not swept stays open', async () => {
    await setConcurrency(emu, 'ios-app', 0)
    await setConcurrency(emu, 'web-app', 0)
    const [gone, kept, elsewhere] = [sha(), sha(), sha()]
    const pr = randomInt(1, 10_000)
    // Twenty recent commits: the page is full, so the summary says the older ones were not looked at.
    const commits = [kept, elsewhere, ...Array.from({ length: 18 }, sha)].map((one) => ({ sha: one }))
    await restartGitHub({
      maxRequests: 5000,
      pulls: { [pr]: { number: pr, state: 'open', head: { sha: gone } } },
      commits
    })
    const parkedGone = await park(gone)
    const parkedKept = await park(kept)
    const parkedElsewhere = await park(elsewhere, { 'app-slug': 'web-app', branch: 'main' })
    for (const one of [parkedGone, parkedKept, parkedElsewhere]) expectPassed(one)
    const checkOf = (slug: string) => [...github.checkRuns.values()].find((run) => run.external_id === slug)!
    const [goneCheck, keptCheck, elsewhereCheck] = [parkedGone, parkedKept, parkedElsewhere].map((one) =>
      checkOf(one.outputs['build-slug'])
    )
    // Hostile neighbours on the same head: a random build of ios-app named by a check run of another
    // repository, and one whose external_id is not the build its summary names.
    const other = `${randomSlug('owner-')}/${randomSlug('repo-')}`
    const neighbours = []
    for (const [repository, external] of [
      [other, randomSlug('b-')],
      [REPOSITORY, randomSlug('b-')]
    ]) {
      const res = await fetch(`${github.url}/repos/${repository}/check-runs`, {
        method: 'POST',
        body: JSON.stringify({
          name: randomSlug('n-'),
          head_sha: gone,
          status: 'in_progress',
          external_id: external,
          output: { title: 'x', summary: `Build ${external}. App ios-app, build ${randomSlug('b-')}.` }
        })
      })
      neighbours.push(((await res.json()) as { id: number }).id)
    }
    await dropBuild(emu, parkedGone.outputs['build-slug'])
    await dropBuild(emu, parkedElsewhere.outputs['build-slug'])

    const done = await sweep()
    expectPassed(done)
    expect(goneCheck).toMatchObject({ status: 'completed', conclusion: 'neutral' })
    expect(String((goneCheck.output as { title?: string }).title)).toContain(parkedGone.outputs['build-slug'])
    expect(String((goneCheck.output as { summary?: string }).summary)).toMatch(/404/)
    expect(keptCheck.status).toBe('in_progress')
    expect(elsewhereCheck.status).toBe('in_progress')
    for (const id of neighbours) expect(github.checkRuns.get(id)).toMatchObject({ status: 'in_progress' })
    expect(done.summary).toContain('1 check run(s) completed as neutral')
    expect(done.summary).toContain('1 of apps this sweep does not cover left alone')
    expect(done.summary).toContain('only the 20 latest commits were looked at')
    const completedWrites = () =>
      writes().filter((r) => (r.body as { conclusion?: string } | undefined)?.conclusion === 'neutral')
    expect(completedWrites().map((r) => r.path)).toEqual([`/repos/${REPOSITORY}/check-runs/${goneCheck.id}`])

    const again = await sweep()
    expectPassed(again)
    expect(completedWrites()).toHaveLength(1)
    expect(again.summary).toContain('0 check run(s) completed as neutral')
  })

  it('one sweep reports 500 parked builds over 20 apps, one page of builds per app', async () => {
    const apps = ['ios-app', 'web-app', 'api-server', 'docs-site', 'android-app', ...EXTRA_APPS]
    expect(apps).toHaveLength(20)
    await step(emu, 'set-config-location', { 'app-slug': 'android-app', location: 'service' })
    const builds: Array<{ slug: string; check: number }> = []
    // Made a round of one build per app at a time, each step of a round side by side; the random
    // draws (commits, then forged() at its call) come in one order whatever order the answers come in.
    for (let round = 0; round < 500 / apps.length; round++) {
      const commits = apps.map(() => sha())
      const checks = await Promise.all(
        apps.map(async (app, i) => {
          const res = await fetch(`${github.url}/repos/${REPOSITORY}/check-runs`, {
            method: 'POST',
            body: JSON.stringify({ name: `service-ci/${app}`, head_sha: commits[i], status: 'queued' })
          })
          return ((await res.json()) as { id: number }).id
        })
      )
      const slugs = await Promise.all(apps.map((app, i) => forged(app, ref(REPOSITORY, checks[i]), commits[i])))
      await Promise.all(
        slugs.map((slug, i) =>
          fetch(`${github.url}/repos/${REPOSITORY}/check-runs/${checks[i]}`, {
            method: 'PATCH',
            body: JSON.stringify({ external_id: slug, status: 'in_progress' })
          })
        )
      )
      builds.push(...slugs.map((slug, i) => ({ slug, check: checks[i] })))
    }
    expect(builds).toHaveLength(500)
    await finished(...builds.map(({ slug }) => slug))
    await clearRequestLog(emu)
    const done = await sweep({ 'app-slug': apps.join('\n') })
    expectPassed(done)
    expect(done.outputs.count).toBe('500')
    for (const { check } of builds) expect(github.checkRuns.get(check)).toMatchObject({ status: 'completed' })
    const service = (await requestLog(emu)) as Array<{ method: string; path: string }>
    // Paging and finished builds only: a page per app (25 builds each), no build read one by one.
    expect(service.filter((r) => /\/builds\/[^/]+$/.test(r.path))).toEqual([])
    expect(service.filter((r) => /\/apps\/[^/]+\/builds$/.test(r.path))).toHaveLength(20)
  }, 120_000)
})
