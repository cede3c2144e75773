/**
 * Park on a commit status, through the bundle against the emulator and the fake GitHub: the
 * pending status names the build and the sweep completes it once; a final status, or one of another
 * repository or build, is left alone.
 */
import { describe, expect, it } from '@jest/globals'
import { repositoryHash } from '../../../src/api/parked.js'
import { randomSlug } from '../../helpers/random.js'
import { expectPassed, setConcurrency } from '../../helpers/scenarios/emulator-steps.js'
import {
  buildEnded as finished,
  emu,
  forged,
  github,
  park,
  REPOSITORY,
  sha,
  sweepParked as sweep,
  useParkWorld
} from '../../helpers/subjects/park-steps.js'

useParkWorld()

describe('park and resume on a commit status', () => {
  it('park on a commit status: pending under a context naming the build, completed once; final or foreign ones left alone', async () => {
    await setConcurrency(emu, 'ios-app', 0)
    const commit = sha()
    const parked = await park(commit, { 'github-status': 'commit-status' })
    expectPassed(parked)
    const slug = parked.outputs['build-slug']
    expect(github.checkRuns.size).toBe(0)
    const context = String(github.statuses[0]?.context)
    expect(context.endsWith(`(build ${slug})`)).toBe(true)
    expect(github.statuses).toEqual([
      expect.objectContaining({ state: 'pending', repository: REPOSITORY, sha: commit, context })
    ])
    const postStatus = (repository: string, on: string, fields: Record<string, string>) =>
      fetch(`${github.url}/repos/${repository}/statuses/${on}`, { method: 'POST', body: JSON.stringify(fields) })
    // The same context in another repository, and another build's pending context on the same commit.
    const other = `${randomSlug('owner-')}/${randomSlug('repo-')}`
    await postStatus(other, commit, { state: 'pending', context })
    const stranger = `${randomSlug('n-')} (build ${randomSlug('b-')})`
    await postStatus(REPOSITORY, commit, { state: 'pending', context: stranger })
    // A parked build whose status someone already made final.
    const finalCommit = sha()
    await setConcurrency(emu, 'ios-app', null)
    const settled = await forged('ios-app', `SERVICE_CI_PARKED_S_${repositoryHash(REPOSITORY)}`, finalCommit)
    const settledContext = `${randomSlug('n-')} (build ${settled})`
    await postStatus(REPOSITORY, finalCommit, { state: 'failure', context: settledContext })
    await finished(slug)
    await finished(settled)
    const before = github.statuses.length

    const done = await sweep()
    expectPassed(done)
    expect(done.outputs.count).toBe('1')
    const posted = github.statuses.slice(before)
    expect(posted).toEqual([
      expect.objectContaining({ repository: REPOSITORY, sha: commit, context, state: 'success' })
    ])
    expect(String(posted[0].description)).toMatch(/succeeded/)

    const again = await sweep()
    expectPassed(again)
    expect(again.outputs.count).toBe('0')
    expect(github.statuses.length).toBe(before + 1)
  })
})
