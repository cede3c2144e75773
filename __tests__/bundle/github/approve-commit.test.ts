/**
 * approve-build-request bound to the reviewed commit, through dist/index.js against the emulator
 * and a fake GitHub: a label approves the commit a trusted reviewer approved, and no other.
 */
import { describe, expect, it } from '@jest/globals'
import { call } from '../../emulator/helpers.js'
import * as events from '../../fixtures/events/events.js'
import { randomInt, randomSlug, randomToken } from '../../helpers/random.js'
import { errorLine, expectFailed, expectPassed, step } from '../../helpers/scenarios/emulator-steps.js'
import {
  BASE,
  emu,
  holdForkBuilds,
  labelled,
  onEvent,
  patches,
  pulls,
  sha,
  useTrustWorld
} from '../../helpers/subjects/trust-steps.js'

useTrustWorld()

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
