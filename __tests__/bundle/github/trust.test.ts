/**
 * Who may start or approve a build, through dist/index.js against the emulator and the loopback
 * fake of the GitHub API, with real webhook payload shapes (fixtures/events) and random actors,
 * associations and commits: comments and reviews gated by allowed-associations, approvals bound
 * to the reviewed commit, and no approval by a pull request's own author.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startFakeGitHub, type FakeGitHub } from '../../../emulator/github/fake.js'
import { call, trigger as apiTrigger } from '../../emulator/helpers.js'
import * as events from '../../fixtures/events/events.js'
import { randomBytes, randomInt, randomSlug, randomToken } from '../../helpers/random.js'
import {
  buildState,
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
const pulls: Record<number, unknown> = {}
const reviews: Record<number, unknown[]> = {}
beforeAll(async () => {
  emu = await startE2eEmulator({ buildDurationMs: 120_000 })
  github = await startFakeGitHub({ pulls, reviews })
})
beforeEach(async () => resetEmulator(emu))
afterAll(async () => {
  await github?.close()
  await emu?.close()
})

const sha = (): string => randomBytes(20).toString('hex')
const posts = async (): Promise<unknown[]> => (await requestLog(emu)).filter((r) => r.method !== 'GET')

/** The base repository of the fixtures' pull requests. */
const BASE = 'Codertocat/Hello-World'

function onEvent(name: string, payload: unknown, env: Record<string, string> = {}) {
  return { event: { name, payload }, env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: BASE, ...env } }
}

describe('allowed-associations: who may start a build from a comment or a review', () => {
  it('a comment on a same-repository pull request by an untrusted user is refused before anything is sent, naming them and the gate', async () => {
    const pr = events.sameRepositoryPullRequest({ owner: 'Codertocat', repo: 'Hello-World' }).pull_request
    pr.number = 1 + randomInt(90_000)
    pr.head.sha = sha()
    pulls[pr.number] = pr
    const asker = events.randomAsker(events.UNTRUSTED_ASSOCIATIONS)
    const before = github.requests.length
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app', 'github-token': randomToken() },
      onEvent('issue_comment', events.commentOnPullRequest(BASE, pr.number, asker, pr.user.login))
    )
    expectFailed(result)
    expect(await posts()).toEqual([])
    expect(github.requests.length).toBe(before)
    const error = errorLine(result)
    expect(error).toContain(asker.login)
    expect(error).toContain(`author_association ${asker.association}`)
    expect(error).toContain('allowed-associations')
    expect(error).toContain('github.event.comment.author_association')
  })

  it('an approving review of a same-repository pull request by an untrusted user is refused before anything is sent', async () => {
    const pr = events.sameRepositoryPullRequest().pull_request
    pr.head.sha = sha()
    const asker = events.randomAsker(events.UNTRUSTED_ASSOCIATIONS)
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app' },
      onEvent('pull_request_review', events.approvingReview(pr, asker), { GITHUB_REPOSITORY: pr.base.repo.full_name })
    )
    expectFailed(result)
    expect(await posts()).toEqual([])
    expect(errorLine(result)).toContain(`${JSON.stringify(asker.login)} (author_association ${asker.association})`)
    expect(errorLine(result)).toContain('github.event.review.author_association')
  })

  it('a trusted reviewer starts the build; a widened list lets the named association through', async () => {
    const pr = events.sameRepositoryPullRequest().pull_request
    pr.head.sha = sha()
    const trusted = events.randomAsker(events.TRUSTED_ASSOCIATIONS)
    const ok = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app' },
      onEvent('pull_request_review', events.approvingReview(pr, trusted), { GITHUB_REPOSITORY: pr.base.repo.full_name })
    )
    expectPassed(ok)
    expect((await buildState(emu, ok.outputs['build-slug'])).original_build_params).toMatchObject({
      commit_hash: pr.head.sha
    })
    const outsider = events.randomAsker(events.UNTRUSTED_ASSOCIATIONS)
    const widened = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app', 'allowed-associations': `owner,\n${outsider.association.toLowerCase()}` },
      onEvent('pull_request_review', events.approvingReview(pr, outsider), {
        GITHUB_REPOSITORY: pr.base.repo.full_name
      })
    )
    expectPassed(widened)
  })

  it('a value that is not one of GitHub associations is refused, naming the input, before anything is sent', async () => {
    const bad = randomSlug('ADMIN').toUpperCase()
    const pr = events.sameRepositoryPullRequest().pull_request
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app', 'allowed-associations': `MEMBER, ${bad}` },
      onEvent('pull_request_review', events.approvingReview(pr, events.randomAsker(['MEMBER'])))
    )
    expectFailed(result)
    expect(errorLine(result)).toContain('Input "allowed-associations"')
    expect(errorLine(result)).toContain(bad)
    expect(await posts()).toEqual([])
  })
})

/**
 * Held fork builds of pull request `number`, one per commit, oldest first, as the service's own
 * webhook sends them (the head branch of the fixtures' pull requests, `changes`); returns their
 * requests by commit.
 */
async function holdForkBuilds(number: number, commits: string[]): Promise<Map<string, string>> {
  for (const commit of commits) {
    await apiTrigger(emu, { branch: 'changes', pull_request_id: number, commit_hash: commit, branch_dest: 'master' })
  }
  const requests = (await call(emu, 'GET', '/apps/ios-app/build-requests')).json.data as Array<{
    slug: string
    build_params: { commit_hash: string }
  }>
  return new Map(requests.map((r) => [r.build_params.commit_hash, r.slug]))
}

const patches = async (): Promise<Array<{ path: string; body: { is_approved: boolean } }>> =>
  (await requestLog(emu)).filter((r) => r.method === 'PATCH') as never

/**
 * A maintainer labels a fork pull request whose head is `head` (the approve recipe's event),
 * after a trusted reviewer approved that commit on GitHub (a label binds to a reviewed commit).
 */
function labelled(head: string, number: number, maintainer = randomSlug('maintainer-')) {
  const reviewer = events.randomAsker(events.TRUSTED_ASSOCIATIONS)
  reviews[number] = [
    { user: { login: reviewer.login }, state: 'APPROVED', commit_id: head, author_association: reviewer.association }
  ]
  const payload = events.forkPullRequest()
  payload.action = 'labeled'
  payload.number = number
  payload.pull_request.number = number
  payload.pull_request.head.sha = head
  payload.pull_request.user = { ...payload.pull_request.user, login: payload.pull_request.head.user.login }
  payload.label = { name: 'safe to build' }
  payload.sender = { ...payload.sender, login: maintainer }
  return payload
}

describe('allowed-associations: every event that carries a comment is gated', () => {
  /** A fork pull request with a random number and head commit, whose author is the fork's owner. */
  function forkPull() {
    const pr = events.forkPullRequest().pull_request
    pr.number = 1 + randomInt(90_000)
    pr.head.sha = sha()
    pr.user = { ...pr.user, login: pr.head.user.login }
    return pr
  }

  it("a comment on a pull request's diff by an untrusted user starts nothing and approves nothing, naming them and the gate", async () => {
    const pr = forkPull()
    const asker = events.randomAsker(events.UNTRUSTED_ASSOCIATIONS)
    const event = onEvent('pull_request_review_comment', events.reviewComment(pr, asker))
    const built = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app', 'allowed-associations': 'OWNER, MEMBER, COLLABORATOR' },
      event
    )
    expectFailed(built)
    expect(errorLine(built)).toContain(
      `This pull_request_review_comment event was written by ${JSON.stringify(asker.login)} (author_association ${asker.association})`
    )
    expect(errorLine(built)).toContain('github.event.comment.author_association')
    await holdForkBuilds(pr.number, [pr.head.sha])
    const before = (await posts()).length
    const approved = await step(
      emu,
      'approve-build-request',
      { 'app-slug': 'ios-app', approve: 'true', 'github-token': randomToken() },
      event
    )
    expectFailed(approved)
    expect(errorLine(approved)).toContain('nothing is approved')
    expect((await posts()).length).toBe(before)
    expect(await patches()).toEqual([])
  })

  it("a trusted comment on a fork pull request's diff builds that pull request as a fork's: no owners, so the service holds it", async () => {
    const pr = forkPull()
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app' },
      onEvent('pull_request_review_comment', events.reviewComment(pr, events.randomAsker(events.TRUSTED_ASSOCIATIONS)))
    )
    expectPassed(result)
    expect(result.outputs['build-status']).toBe('awaiting-approval')
    const [request] = (await call(emu, 'GET', '/apps/ios-app/build-requests')).json.data
    expect(request.build_params).toEqual(
      expect.objectContaining({ commit_hash: pr.head.sha, pull_request_id: pr.number })
    )
    expect([request.build_params.branch_repo_owner, request.build_params.branch_dest_repo_owner]).toEqual([
      undefined,
      undefined
    ])
  })

  it('another event carrying a comment (commit_comment) is gated the same way', async () => {
    const asker = events.randomAsker(events.UNTRUSTED_ASSOCIATIONS)
    // A commit comment's payload carries a comment object of the same shape as a diff comment's.
    const fixture = events.reviewCommentCreated()
    const comment = {
      ...fixture.comment,
      user: { ...fixture.comment.user, login: asker.login },
      author_association: asker.association
    }
    const payload = {
      action: 'created',
      comment,
      repository: fixture.repository,
      sender: { ...fixture.sender, login: asker.login }
    }
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app' },
      {
        event: { name: 'commit_comment', payload, ref: 'refs/heads/main', sha: sha() },
        env: { GITHUB_REPOSITORY: BASE }
      }
    )
    expectFailed(result)
    expect(errorLine(result)).toContain(`This commit_comment event was written by ${JSON.stringify(asker.login)}`)
    expect(await posts()).toEqual([])
  })
})

describe('approve-build-request: bound to the reviewed commit', () => {
  it('after a force-push, the request of the older commit is refused even when named, and the head commit’s request is the one approved', async () => {
    const number = 1 + randomInt(90_000)
    const [older, head] = [sha(), sha()]
    const slugs = await holdForkBuilds(number, [older, head])
    const event = onEvent('pull_request_target', labelled(head, number))
    // The old recipe picked the first open request of the pull request: the older commit.
    const stale = await step(
      emu,
      'approve-build-request',
      {
        'app-slug': 'ios-app',
        'build-request-slug': slugs.get(older) as string,
        approve: 'true',
        'github-token': randomToken()
      },
      event
    )
    expectFailed(stale)
    expect(errorLine(stale)).toContain(`is not for commit ${head}`)
    expect(await patches()).toEqual([])
    const approved = await step(
      emu,
      'approve-build-request',
      { 'app-slug': 'ios-app', approve: 'true', 'github-token': randomToken() },
      event
    )
    expectPassed(approved)
    expect(await patches()).toEqual([
      expect.objectContaining({ path: expect.stringContaining(slugs.get(head) as string), body: { is_approved: true } })
    ])
    const open = (await call(emu, 'GET', '/apps/ios-app/build-requests')).json.data
    expect(open.map((r: { slug: string }) => r.slug)).toEqual([slugs.get(older)])
  })

  it('expected-commit decides within the pull request; none or several matching requests refuse with nothing sent', async () => {
    const commit = sha()
    const number = 1 + randomInt(90_000)
    await holdForkBuilds(number, [sha()])
    const inputs = {
      'app-slug': 'ios-app',
      'expected-commit': commit,
      'pull-request-id': String(number),
      approve: 'true'
    }
    const none = await step(emu, 'approve-build-request', inputs)
    expectFailed(none)
    expect(errorLine(none)).toContain(
      `No open build request of pull request #${number} (from pull-request-id) is for commit ${commit}`
    )
    await holdForkBuilds(number, [commit, commit])
    const several = await step(emu, 'approve-build-request', inputs)
    expectFailed(several)
    expect(errorLine(several)).toContain(
      `2 open build requests of pull request #${number} (from pull-request-id) are for commit ${commit}`
    )
    expect(await patches()).toEqual([])
  })

  it('approving with no commit known is refused, naming expected-commit', async () => {
    const slugs = await holdForkBuilds(1 + randomInt(90_000), [sha()])
    const result = await step(emu, 'approve-build-request', {
      'app-slug': 'ios-app',
      'build-request-slug': [...slugs.values()][0],
      approve: 'true'
    })
    expectFailed(result)
    expect(errorLine(result)).toContain('Input "expected-commit"')
    expect(await patches()).toEqual([])
  })

  it('reject-other-requests rejects the older requests of the same pull request only', async () => {
    const number = 1 + randomInt(90_000)
    const [a, b, head] = [sha(), sha(), sha()]
    const slugs = await holdForkBuilds(number, [a, b, head])
    const other = (await holdForkBuilds(number + 1, [sha()])).entries()
    const otherSlug = [...other].find(([commit]) => ![a, b, head].includes(commit))?.[1]
    const result = await step(
      emu,
      'approve-build-request',
      { 'app-slug': 'ios-app', approve: 'true', 'reject-other-requests': 'true', 'github-token': randomToken() },
      onEvent('pull_request_target', labelled(head, number))
    )
    expectPassed(result)
    const decided = (await patches()).map((p) => [p.path.split('/').at(-1), p.body.is_approved])
    expect(decided).toEqual(
      expect.arrayContaining([
        [slugs.get(head), true],
        [slugs.get(a), false],
        [slugs.get(b), false]
      ])
    )
    expect(decided).toHaveLength(3)
    const open = (await call(emu, 'GET', '/apps/ios-app/build-requests')).json.data
    expect(open.map((r: { slug: string }) => r.slug)).toEqual([otherSlug])
  })

  it('an approving review approves the commit it reviewed (review.commit_id); a review that does not approve approves nothing', async () => {
    const number = 1 + randomInt(90_000)
    const [reviewed, pushedSince] = [sha(), sha()]
    const slugs = await holdForkBuilds(number, [reviewed, pushedSince])
    const pr = labelled(pushedSince, number).pull_request
    const reviewer = events.randomAsker(events.TRUSTED_ASSOCIATIONS)
    const commented = events.approvingReview(pr, reviewer)
    commented.review.state = 'commented'
    commented.review.commit_id = reviewed
    const refused = await step(
      emu,
      'approve-build-request',
      { 'app-slug': 'ios-app', 'build-request-slug': slugs.get(reviewed) as string, approve: 'true' },
      onEvent('pull_request_review', commented)
    )
    expectFailed(refused)
    expect(errorLine(refused)).toContain('not an approval')
    expect(await patches()).toEqual([])
    const approval = events.approvingReview(pr, reviewer)
    approval.review.commit_id = reviewed
    const approved = await step(
      emu,
      'approve-build-request',
      { 'app-slug': 'ios-app', approve: 'true' },
      onEvent('pull_request_review', approval)
    )
    expectPassed(approved)
    expect(await patches()).toEqual([
      expect.objectContaining({
        path: expect.stringContaining(slugs.get(reviewed) as string),
        body: { is_approved: true }
      })
    ])
  })

  it('a pull request’s own author never approves its build, even when trusted', async () => {
    const number = 1 + randomInt(90_000)
    const head = sha()
    await holdForkBuilds(number, [head])
    const author = randomSlug('author-')
    const payload = labelled(head, number, author)
    payload.pull_request.user = { ...payload.pull_request.user, login: author }
    const result = await step(
      emu,
      'approve-build-request',
      { 'app-slug': 'ios-app', approve: 'true' },
      onEvent('pull_request_target', payload)
    )
    expectFailed(result)
    expect(errorLine(result)).toContain('the author of the pull request')
    expect(await patches()).toEqual([])
  })

  it('an approval asked for in a comment: untrusted commenters are refused; the author is refused; a maintainer approves the head', async () => {
    const number = 1 + randomInt(90_000)
    const head = sha()
    const fork = events.forkPullRequest().pull_request
    Object.assign(fork, { number, user: { ...fork.user, login: fork.head.user.login } })
    fork.head.sha = head
    pulls[number] = fork
    const slugs = await holdForkBuilds(number, [sha(), head])
    const inputs = { 'app-slug': 'ios-app', approve: 'true', 'github-token': randomToken() }
    const outsider = events.randomAsker(events.UNTRUSTED_ASSOCIATIONS)
    const refused = await step(
      emu,
      'approve-build-request',
      inputs,
      onEvent('issue_comment', events.commentOnPullRequest(BASE, number, outsider, fork.user.login, '/approve'))
    )
    expectFailed(refused)
    expect(errorLine(refused)).toContain(outsider.login)
    const self = await step(
      emu,
      'approve-build-request',
      inputs,
      onEvent(
        'issue_comment',
        events.commentOnPullRequest(
          BASE,
          number,
          { login: fork.user.login, association: 'COLLABORATOR' },
          fork.user.login,
          '/approve'
        )
      )
    )
    expectFailed(self)
    expect(await patches()).toEqual([])
    const maintainer = events.randomAsker(events.TRUSTED_ASSOCIATIONS)
    const approved = await step(
      emu,
      'approve-build-request',
      inputs,
      onEvent('issue_comment', events.commentOnPullRequest(BASE, number, maintainer, fork.user.login, '/approve'))
    )
    expectPassed(approved)
    expect(await patches()).toEqual([
      expect.objectContaining({ path: expect.stringContaining(slugs.get(head) as string), body: { is_approved: true } })
    ])
  })
})
