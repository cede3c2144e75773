/**
 * Who may start or approve a build, through dist/index.js against the emulator and the loopback
 * fake of the GitHub API, with real webhook payload shapes (fixtures/events) and random actors,
 * associations and commits: comments and reviews gated by allowed-associations (approvals bound to
 * the reviewed commit: approve-commit.test.ts).
 */
import { describe, expect, it } from '@jest/globals'
import { call } from '../../emulator/helpers.js'
import * as events from '../../fixtures/events/events.js'
import { randomInt, randomSlug, randomToken } from '../../helpers/random.js'
import { buildState, errorLine, expectFailed, expectPassed, step } from '../../helpers/scenarios/emulator-steps.js'
import {
  BASE,
  emu,
  github,
  holdForkBuilds,
  onEvent,
  patches,
  posts,
  pulls,
  sha,
  useTrustWorld
} from '../../helpers/subjects/trust-steps.js'

useTrustWorld()

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
