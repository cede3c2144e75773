/**
 * A build's line (src/builds/abort/line.ts), one table of defaults with per-case overrides and random
 * owners, repositories and branches: a branch build naming no owner is of the line, one naming
 * another owner or repository is left with its reason, a pull request's build is matched by its
 * number and, when both sides name one, its head repository.
 */
import { describe, expect, it } from '@jest/globals'
import type { ListedBuild } from '../../../src/api/build-list.js'
import { placeIn, repositoryOf, type BuildLine } from '../../../src/builds/abort/line.js'
import { randomInt, randomSlug } from '../../helpers/random.js'

const owner = randomSlug('org-')
const repo = randomSlug('repo-')
const fork = randomSlug('fork-')
const branch = `feature/${randomSlug()}`
const pr = 1 + randomInt(100_000)
const anyCase = (text: string): string => [...text].map((c) => (randomInt(2) === 0 ? c.toUpperCase() : c)).join('')
const urls = (who: string, name: string): string[] => [
  `https://github.com/${who}/${name}.git`,
  `git@github.com:${who}/${name}.git`,
  `ssh://git@github.com/${who}/${name}`,
  `https://github.com/${who}/${name}/`
]
const url = (who: string, name = repo): string => anyCase(urls(who, name)[randomInt(4)])

const build = (fields: Partial<ListedBuild>): ListedBuild => ({
  slug: randomSlug(),
  status: 0,
  isOnHold: false,
  branch,
  ...fields
})

describe('repositoryOf', () => {
  it.each(urls(owner, repo).map((u) => [u]))('reads %s', (text) => {
    expect(repositoryOf(anyCase(text))).toEqual({ owner, name: repo })
  })

  it.each([
    ['a bare word', randomSlug()],
    ['one path part', `https://github.com/${owner}`],
    ['no URL at all', `${owner} ${repo}`]
  ])('reads nothing from %s', (_, text) => {
    expect(repositoryOf(text)).toBeUndefined()
  })
})

describe('placeIn', () => {
  const onBranch: BuildLine = { branch, owner }
  it.each<[string, Partial<ListedBuild>, BuildLine, 'in' | 'elsewhere' | RegExp]>([
    ['a push naming no owner (webhook, UI, schedule, CLI)', {}, onBranch, 'in'],
    [
      'a push recording this repository (the webhook’s base_repository_url)',
      { baseRepositoryUrl: url(owner) },
      onBranch,
      'in'
    ],
    ['a push naming this owner in another case', { branchRepoOwner: anyCase(owner) }, onBranch, 'in'],
    ['a push of another branch', { branch: `${branch}-${randomSlug()}` }, onBranch, 'elsewhere'],
    ['a pull request’s build of the branch', { pullRequestId: pr }, onBranch, 'elsewhere'],
    ['a fork’s branch naming its owner', { branchRepoOwner: fork }, onBranch, /names the repository owner "fork-/],
    [
      'a fork’s branch recording its repository',
      { headRepositoryUrl: url(fork) },
      onBranch,
      /built from the repository "fork-/
    ],
    ['a build whose repository URL cannot be read', { baseRepositoryUrl: randomSlug() }, onBranch, /cannot be read/],
    [
      'a build naming an owner when none is known',
      { branchRepoOwner: owner },
      { branch },
      /no owner of this repository is known/
    ],
    ['a build naming no owner when none is known', {}, { branch }, 'in'],
    ['a build of the pull request', { pullRequestId: pr, headRepositoryUrl: url(owner) }, { pullRequestId: pr }, 'in'],
    [
      'a build of the pull request from its head repository',
      { pullRequestId: pr, headRepositoryUrl: url(fork) },
      { pullRequestId: pr, headRepository: `${fork}/${repo}` },
      'in'
    ],
    [
      'a build of the pull request recording no head',
      { pullRequestId: pr },
      { pullRequestId: pr, headRepository: `${fork}/${repo}` },
      'in'
    ],
    [
      'a build of the pull request from another repository',
      { pullRequestId: pr, headRepositoryUrl: url(owner) },
      { pullRequestId: pr, headRepository: `${fork}/${repo}` },
      /not from the pull request's head repository/
    ],
    ['a build of another pull request', { pullRequestId: pr + 1 }, { pullRequestId: pr }, 'elsewhere'],
    ['a push, for a pull request', {}, { pullRequestId: pr }, 'elsewhere']
  ])('%s', (_, fields, line, expected) => {
    const placement = placeIn(build(fields), line)
    if (expected instanceof RegExp) expect(typeof placement === 'object' ? placement.left : placement).toMatch(expected)
    else expect(placement).toBe(expected)
  })
})
