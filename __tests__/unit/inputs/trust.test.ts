/** Who may ask, as pure functions: reading allowed-associations, finding the asker, and the pull request author's own approval. */
import { describe, expect, it } from '@jest/globals'
import {
  ASSOCIATIONS,
  actorsOf,
  askerOf,
  checkAsker,
  checkNotSelfApproval,
  readAllowedAssociations
} from '../../../src/github/trust.js'
import * as events from '../../fixtures/events/events.js'
import { randomInt, randomSlug } from '../../helpers/random.js'

const reader = (value: string) => (name: string) => (name === 'allowed-associations' ? value : '')

describe('readAllowedAssociations', () => {
  it.each([
    ['', ['OWNER', 'MEMBER', 'COLLABORATOR']],
    ['member', ['MEMBER']],
    ['OWNER, contributor\nNONE', ['OWNER', 'CONTRIBUTOR', 'NONE']],
    ['MEMBER,MEMBER', ['MEMBER']]
  ])('%j reads as %j', (value, expected) => {
    expect(readAllowedAssociations(reader(value))).toEqual(expected)
  })

  it.each(['ADMIN', 'WRITE', 'OWNERS', '*'])('refuses %j, naming the input and the allowed values', (value) => {
    expect(() => readAllowedAssociations(reader(`MEMBER, ${value}`))).toThrow(
      /Input "allowed-associations": ".*" is not one of GitHub's author associations: OWNER, MEMBER/
    )
  })
})

describe('askerOf and checkAsker', () => {
  const allowed = ['OWNER', 'MEMBER', 'COLLABORATOR']

  it('reads the commenter and the reviewer; other events have no asker', () => {
    const asker = events.randomAsker(ASSOCIATIONS)
    const comment = events.commentOnPullRequest('acme/app', 1 + randomInt(999), asker, randomSlug())
    expect(askerOf({ name: 'issue_comment', payload: comment })).toEqual({ ...asker, field: 'comment' })
    const review = events.approvingReview(events.forkPullRequest().pull_request, asker)
    expect(askerOf({ name: 'pull_request_review', payload: review })).toEqual({ ...asker, field: 'review' })
    expect(askerOf({ name: 'pull_request_target', payload: events.forkPullRequest() })).toBeUndefined()
  })

  it('a missing association counts as NONE, and is refused by default', () => {
    const comment = events.commentOnPullRequest('acme/app', 7, events.randomAsker(['OWNER']), randomSlug())
    delete comment.comment.author_association
    expect(() => checkAsker({ name: 'issue_comment', payload: comment }, allowed, 'built')).toThrow(
      /author_association NONE/
    )
  })

  it('lets a trusted association through and refuses the others', () => {
    for (const association of ASSOCIATIONS) {
      const payload = events.commentOnPullRequest('acme/app', 7, { login: randomSlug(), association }, randomSlug())
      const check = () => checkAsker({ name: 'issue_comment', payload }, allowed, 'built')
      if (allowed.includes(association)) expect(check).not.toThrow()
      else expect(check).toThrow('nothing is built')
    }
  })
})

describe('checkNotSelfApproval', () => {
  const author = randomSlug('author-')
  const labelled = (sender: string) => {
    const payload = events.forkPullRequest()
    payload.pull_request.user = { ...payload.pull_request.user, login: author }
    payload.sender = { ...payload.sender, login: sender }
    return { name: 'pull_request_target', payload }
  }

  it('refuses the author as sender, actor or triggering actor (a re-run), in any case', () => {
    expect(() => checkNotSelfApproval(labelled(author.toUpperCase()), {})).toThrow('the author of the pull request')
    expect(() => checkNotSelfApproval(labelled(randomSlug()), { GITHUB_TRIGGERING_ACTOR: author })).toThrow(
      'the author of the pull request'
    )
    expect(() => checkNotSelfApproval(labelled(randomSlug()), { GITHUB_ACTOR: author })).toThrow(
      'the author of the pull request'
    )
  })

  it('lets anyone else approve', () => {
    const maintainer = randomSlug('maintainer-')
    expect(() => checkNotSelfApproval(labelled(maintainer), { GITHUB_ACTOR: maintainer })).not.toThrow()
    expect(actorsOf(labelled(maintainer), { GITHUB_ACTOR: maintainer })).toEqual([maintainer.toLowerCase()])
  })
})
