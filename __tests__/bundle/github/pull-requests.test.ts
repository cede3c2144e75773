/**
 * The pull-request features end to end, through dist/index.js against the emulator and the
 * loopback fake of the GitHub API: superseded builds, re-runs that attach, triggers held for approval listed
 * and approved, and builds started by reviews, comments and workflow runs.
 */
import { describe, expect, it } from '@jest/globals'
import { randomInt, randomSlug } from '../../helpers/random.js'
import {
  buildState,
  eventLog,
  expectPassed,
  requestLog,
  SAME_REPOSITORY,
  step
} from '../../helpers/scenarios/emulator-steps.js'
import { emu, sha, startBuild, statusOf, useLongBuildEmulator } from '../../helpers/subjects/pull-requests.js'

useLongBuildEmulator()

describe('cancel-superseded', () => {
  it('aborts the older running builds of the same pull request and workflow only, skipping notifications, and names the new build', async () => {
    const pr = 1 + randomInt(5000)
    const branch = `feature/${randomSlug()}`
    const older = await startBuild({ branch, pull_request_id: pr, branch_dest: 'main', commit_hash: sha() })
    const otherPr = await startBuild({ branch, pull_request_id: pr + 1, branch_dest: 'main', commit_hash: sha() })
    const otherWorkflow = await startBuild({
      branch,
      pull_request_id: pr,
      branch_dest: 'main',
      workflow_id: 'deploy',
      commit_hash: sha()
    })
    const push = await startBuild({ branch, commit_hash: sha() })
    const result = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch,
      'branch-dest': 'main',
      'pull-request-id': String(pr),
      'commit-hash': sha(),
      'cancel-superseded': 'true',
      ...SAME_REPOSITORY
    })
    expectPassed(result)
    const fresh = result.outputs['build-slug']
    expect(JSON.parse(result.outputs['superseded-builds'])).toEqual([older])
    const aborted = await buildState(emu, older)
    expect(aborted.status_text).toBe('aborted')
    expect(aborted.abort).toMatchObject({ skip_notifications: true })
    expect(aborted.abort.reason).toContain(fresh)
    expect((await eventLog(emu, older)).filter((e) => e.kind === 'email_notification')).toEqual([
      expect.objectContaining({ sent: false })
    ])
    for (const untouched of [otherPr, otherWorkflow, push, fresh]) expect(await statusOf(untouched)).toBe('in-progress')
  })

  it('on a push, aborts the older builds of the branch, not the pull request builds from it; it follows paging', async () => {
    const branch = `release/${randomSlug()}`
    const olderPushes: string[] = []
    for (let i = 0; i < 52; i++) olderPushes.push(await startBuild({ branch, commit_hash: sha() }))
    const prBuild = await startBuild({
      branch,
      pull_request_id: 1 + randomInt(5000),
      branch_dest: 'main',
      commit_hash: sha()
    })
    const result = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch,
      'commit-hash': sha(),
      'cancel-superseded': 'true',
      ...SAME_REPOSITORY
    })
    expectPassed(result)
    expect(JSON.parse(result.outputs['superseded-builds']).sort()).toEqual([...olderPushes].sort())
    expect(await statusOf(prBuild)).toBe('in-progress')
    // 52 older builds are more than one page of 50: all of them aborted means the second page was read.
    expect(await statusOf(result.outputs['build-slug'])).toBe('in-progress')
  }, 60_000)

  it('sets nothing and lists nothing when the input is not set', async () => {
    const branch = `feature/${randomSlug()}`
    const older = await startBuild({ branch, commit_hash: sha() })
    const result = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch,
      ...SAME_REPOSITORY
    })
    expectPassed(result)
    expect(result.outputs['superseded-builds']).toBeUndefined()
    expect(await statusOf(older)).toBe('in-progress')
    expect((await requestLog(emu)).filter((r) => r.method === 'GET')).toEqual([])
  })
})

describe('reuse-running-build', () => {
  it('a re-run attaches to the running build of the same commit and sends no trigger', async () => {
    const commit = sha()
    const branch = `feature/${randomSlug()}`
    // A workflow is named: without one nothing shows the running build is of the same workflow.
    const inputs = {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch,
      'commit-hash': commit,
      workflow: 'primary',
      'reuse-running-build': 'true',
      ...SAME_REPOSITORY
    }
    const first = await step(emu, 'trigger', inputs)
    expectPassed(first)
    expect(first.outputs.reused).toBe('false')
    const before = (await requestLog(emu)).filter((r) => r.method === 'POST').length
    const rerun = await step(emu, 'trigger', inputs)
    expectPassed(rerun)
    expect(rerun.outputs.reused).toBe('true')
    expect(rerun.outputs['build-slug']).toBe(first.outputs['build-slug'])
    expect(rerun.outputs['build-number']).toBe(first.outputs['build-number'])
    expect((await requestLog(emu)).filter((r) => r.method === 'POST').length).toBe(before)
  })

  it('triggers when the running build is of another commit', async () => {
    const branch = `feature/${randomSlug()}`
    const other = await startBuild({ branch, commit_hash: sha() })
    const result = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch,
      'commit-hash': sha(),
      'reuse-running-build': 'true',
      ...SAME_REPOSITORY
    })
    expectPassed(result)
    expect(result.outputs.reused).toBe('false')
    expect(result.outputs['build-slug']).not.toBe(other)
  })
})
