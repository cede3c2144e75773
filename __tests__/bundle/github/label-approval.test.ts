/**
 * An approval given by a label binds to a reviewed commit, through dist/index.js against the
 * emulator and the loopback fake of GitHub, which serves the pull request's reviews: the label
 * approves the held build of the pull request's head only when that commit has an approving
 * review by someone in allowed-associations other than the author; a push after the review, an
 * untrusted or the author's own review, or an approval taken back refuses, naming the commit.
 * Numbers, commits, logins and associations are random.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startFakeGitHub, type FakeGitHub } from '../../../emulator/github/fake.js'
import { call, trigger as apiTrigger } from '../../emulator/helpers.js'
import * as events from '../../fixtures/events/events.js'
import { randomBytes, randomInt, randomSlug, randomToken } from '../../helpers/random.js'
import {
  errorLine,
  expectFailed,
  expectPassed,
  requestLog,
  resetEmulator,
  startE2eEmulator,
  step,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

let emu: RunningEmulator
let github: FakeGitHub
const reviews: Record<number, unknown[]> = {}
beforeAll(async () => {
  emu = await startE2eEmulator({ buildDurationMs: 120_000 })
  github = await startFakeGitHub({ reviews, maxRequests: 2000 })
})
beforeEach(async () => resetEmulator(emu))
afterAll(async () => {
  await github?.close()
  await emu?.close()
})

const BASE = 'Codertocat/Hello-World'
const sha = (): string => randomBytes(20).toString('hex')
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]
const patches = async (): Promise<Array<{ path: string; body: { is_approved: boolean } }>> =>
  (await requestLog(emu)).filter((r) => r.method === 'PATCH') as never

/** A review as GitHub's REST API lists it. */
function review(login: string, association: string, commit: string, state = 'APPROVED'): Record<string, unknown> {
  return {
    id: randomInt(1, 2 ** 31),
    user: { login, id: randomInt(1, 2 ** 31), type: 'User' },
    state,
    commit_id: commit,
    author_association: association,
    body: ''
  }
}

/** A fork pull request with held builds of `commits`, labelled by a maintainer while its head is `head`. */
async function labelledPullRequest(commits: string[], head: string) {
  const number = 1 + randomInt(90_000)
  for (const commit of commits)
    await apiTrigger(emu, { branch: 'changes', pull_request_id: number, commit_hash: commit, branch_dest: 'master' })
  const listed = (await call(emu, 'GET', '/apps/ios-app/build-requests')).json.data as Array<{
    slug: string
    build_params: { commit_hash: string }
  }>
  const payload = events.forkPullRequest()
  payload.action = 'labeled'
  payload.number = number
  payload.pull_request.number = number
  payload.pull_request.head.sha = head
  const author = payload.pull_request.head.user.login as string
  payload.pull_request.user = { ...payload.pull_request.user, login: author }
  payload.label = { name: 'safe to build' }
  payload.sender = { ...payload.sender, login: randomSlug('maintainer-') }
  return {
    number,
    author,
    slugs: new Map(listed.map((r) => [r.build_params.commit_hash, r.slug])),
    event: {
      event: { name: pick(['pull_request_target', 'pull_request']), payload },
      env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: BASE }
    }
  }
}

/** Approving reviews by trusted users of other commits, and comments, around the ones a test adds. */
function noise(count: number): Array<Record<string, unknown>> {
  return Array.from({ length: count }, () =>
    review(
      randomSlug('user-'),
      pick(events.TRUSTED_ASSOCIATIONS),
      sha(),
      pick(['APPROVED', 'COMMENTED', 'CHANGES_REQUESTED', 'DISMISSED'])
    )
  )
}

const INPUTS = (): Record<string, string> => ({ 'app-slug': 'ios-app', approve: 'true', 'github-token': randomToken() })

describe('approve-build-request from a label: bound to a reviewed commit', () => {
  it('a push between the review and the label is refused, naming the head commit that lacks a review', async () => {
    const [reviewed, pushed] = [sha(), sha()]
    const pr = await labelledPullRequest([reviewed, pushed], pushed)
    const reviewer = events.randomAsker(events.TRUSTED_ASSOCIATIONS)
    reviews[pr.number] = [...noise(randomInt(5)), review(reviewer.login, reviewer.association, reviewed)]
    const result = await step(emu, 'approve-build-request', INPUTS(), pr.event)
    expectFailed(result)
    const error = errorLine(result)
    expect(error).toContain(`Commit ${pushed} of pull request #${pr.number}`)
    expect(error).toContain('lacks an approving review')
    expect(error).toContain(JSON.stringify(reviewed))
    expect(await patches()).toEqual([])
    expect(github.requests.some((r) => r.path.endsWith(`/pulls/${pr.number}/reviews`))).toBe(true)
  })

  it('the same holds with expected-commit set to the head, as the recipe sets it', async () => {
    const [reviewed, pushed] = [sha(), sha()]
    const pr = await labelledPullRequest([reviewed, pushed], pushed)
    const reviewer = events.randomAsker(events.TRUSTED_ASSOCIATIONS)
    reviews[pr.number] = [review(reviewer.login, reviewer.association, reviewed)]
    const result = await step(
      emu,
      'approve-build-request',
      { ...INPUTS(), 'expected-commit': pushed, 'reject-other-requests': 'true' },
      pr.event
    )
    expectFailed(result)
    expect(errorLine(result)).toContain(`Commit ${pushed} of pull request #${pr.number} (from expected-commit)`)
    expect(await patches()).toEqual([])
  })

  it('a review of the head by an untrusted user, by the author, or taken back since, approves nothing', async () => {
    const head = sha()
    const pr = await labelledPullRequest([head], head)
    const trusted = events.randomAsker(events.TRUSTED_ASSOCIATIONS)
    const outsider = events.randomAsker(events.UNTRUSTED_ASSOCIATIONS)
    const cases: Array<Array<Record<string, unknown>>> = [
      [review(outsider.login, outsider.association, head)],
      [review(pr.author, pick(events.TRUSTED_ASSOCIATIONS), head)],
      [
        review(trusted.login, trusted.association, head),
        review(trusted.login, trusted.association, head, 'CHANGES_REQUESTED')
      ],
      [review(trusted.login, trusted.association, head, 'DISMISSED')],
      [review(trusted.login, trusted.association, head, 'COMMENTED')]
    ]
    const chosen = randomInt(cases.length)
    reviews[pr.number] = [...noise(randomInt(4)), ...cases[chosen]]
    const result = await step(emu, 'approve-build-request', INPUTS(), pr.event)
    expectFailed(result)
    expect([chosen, errorLine(result)]).toEqual([
      chosen,
      expect.stringContaining(`Commit ${head} of pull request #${pr.number}`)
    ])
    expect(await patches()).toEqual([])
  })

  it('an approving review of the head by a trusted reviewer approves its request, found past the first page', async () => {
    const [older, head] = [sha(), sha()]
    const pr = await labelledPullRequest([older, head], head)
    const reviewer = events.randomAsker(events.TRUSTED_ASSOCIATIONS)
    // More than one page of other reviews before the one that counts.
    reviews[pr.number] = [...noise(100 + randomInt(60)), review(reviewer.login, reviewer.association, head)]
    const result = await step(emu, 'approve-build-request', INPUTS(), pr.event)
    expectPassed(result)
    expect(await patches()).toEqual([
      expect.objectContaining({
        path: expect.stringContaining(pr.slugs.get(head) as string),
        body: { is_approved: true }
      })
    ])
    const pages = github.requests.filter((r) => r.path.endsWith(`/pulls/${pr.number}/reviews`))
    expect(pages.length).toBeGreaterThanOrEqual(2)
  })

  it('a rejection from a label needs no review', async () => {
    const head = sha()
    const pr = await labelledPullRequest([head], head)
    reviews[pr.number] = []
    const result = await step(emu, 'approve-build-request', { ...INPUTS(), approve: 'false' }, pr.event)
    expectPassed(result)
    expect(await patches()).toEqual([
      expect.objectContaining({
        path: expect.stringContaining(pr.slugs.get(head) as string),
        body: { is_approved: false }
      })
    ])
  })
})
