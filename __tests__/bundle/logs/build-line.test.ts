/**
 * Builds stay in their own line, through dist/index.js against the emulator (and a loopback
 * stand-in for GitHub's file lists), with real webhook payload shapes and random branches and
 * commits: a fork's build supersedes nothing, a branch build naming no owner (as the service's
 * own webhook, UI, schedules and CLI start them) is superseded and aborted with its branch while
 * a fork's same-named branch is not, a re-run attaches only to a build of the same workflow,
 * commit and ref, and app-paths builds every app when GitHub may have cut the list.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { trigger as apiTrigger } from '../../emulator/helpers.js'
import * as events from '../../fixtures/events/events.js'
import { fakeServices } from '../../helpers/fake-service.js'
import {
  randomBytes,
  randomHostileMarkdown,
  randomHostileText,
  randomInt,
  randomSlug,
  randomString
} from '../../helpers/random.js'
import { expectInert } from '../../helpers/scenarios/inert.js'
import {
  buildState,
  errorLine,
  expectFailed,
  expectPassed,
  requestLog,
  resetEmulator,
  startE2eEmulator,
  step,
  TOKENS,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

let emu: RunningEmulator
beforeAll(async () => {
  emu = await startE2eEmulator({ buildDurationMs: 120_000 })
})
beforeEach(async () => resetEmulator(emu))
afterAll(async () => emu?.close())
const serve = fakeServices()

const sha = (): string => randomBytes(20).toString('hex')
const statusOf = async (slug: string): Promise<string> => (await buildState(emu, slug)).status_text

/** A running build of the base repository's own branch (both owners named), as another job would start it. */
async function baseBuild(owner: string, params: Record<string, unknown>): Promise<string> {
  const res = await apiTrigger(emu, {
    branch_repo_owner: owner,
    branch_dest_repo_owner: owner,
    workflow_id: 'primary',
    ...params
  })
  expect(res.status).toBe(201)
  return res.json.build_slug as string
}

describe('cancel-superseded stays inside its own line', () => {
  it('a fork’s workflow run on a branch named like the base’s supersedes none of the base’s builds, and says why', async () => {
    const payload = events.forkWorkflowRun(events.randomFork(), 'main', sha())
    const owner = payload.repository.owner.login as string
    const base = await baseBuild(owner, { branch: 'main', commit_hash: sha() })
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app', workflow: 'primary', 'cancel-superseded': 'true' },
      { event: { name: 'workflow_run', payload }, env: { GITHUB_REPOSITORY: payload.repository.full_name } }
    )
    expectPassed(result)
    expect(await statusOf(base)).toBe('in-progress')
    expect(JSON.parse(result.outputs['superseded-builds'] ?? '[]')).toEqual([])
    expect(result.stdout).toContain('the build is for a fork')
  })

  it('a push supersedes its own repository’s builds of the branch, not a same-named branch build of a fork', async () => {
    const payload = events.pushBranch()
    const branch = `release-${randomSlug()}`
    Object.assign(payload, { ref: `refs/heads/${branch}`, after: sha(), before: sha() })
    payload.head_commit.id = payload.after
    const owner = payload.repository.owner.login as string
    const own = await baseBuild(owner, { branch, commit_hash: sha() })
    // A fork's branch of the same name, sent with the fork as its owner.
    const fromFork = (
      await apiTrigger(emu, {
        branch,
        commit_hash: sha(),
        workflow_id: 'primary',
        branch_repo_owner: randomSlug('fork-'),
        branch_dest_repo_owner: owner
      })
    ).json.build_slug as string
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app', workflow: 'primary', 'cancel-superseded': 'true' },
      { event: { name: 'push', payload }, env: { GITHUB_REPOSITORY: payload.repository.full_name } }
    )
    expectPassed(result)
    expect(JSON.parse(result.outputs['superseded-builds'])).toEqual([own])
    expect(await statusOf(fromFork)).toBe('in-progress')
  })
})

/** The same text in random letter case: owners and URLs are compared as GitHub compares them, case aside. */
const anyCase = (text: string): string =>
  [...text].map((c) => (randomInt(2) === 0 ? c.toUpperCase() : c.toLowerCase())).join('')

/** An owner another repository might have, written to be hostile: command lines, Markdown and HTML around a slug. */
function hostileOwner() {
  const text = randomHostileText(3)
  const markdown = randomHostileMarkdown()
  return {
    owner: `${randomSlug('fork-')}\n${text.text} ${markdown.text}`,
    commandLines: text.commandLines,
    fragments: markdown.fragments
  }
}

/**
 * A branch's builds as the service starts them for its own repository (`owner`/`repo`), none
 * naming an owner: its push webhook (branch, commit and base_repository_url), its UI or a
 * schedule (branch and workflow), its CLI (pull_request_id 0 as well); one naming the owner as the
 * action does; a fork's same-named branch: one naming the fork as owner, one recording the fork's
 * repository; the action's build of a fork's workflow run (sent with no branch, so on no branch's
 * line); and a pull request's build.
 */
async function branchWithForks(owner: string, repo: string, branch: string) {
  const start = async (params: Record<string, unknown>): Promise<string> => {
    const res = await apiTrigger(emu, { branch, workflow_id: 'primary', ...params })
    expect(res.status).toBe(201)
    return res.json.build_slug as string
  }
  const ownUrl = randomInt(2) === 0 ? `https://github.com/${owner}/${repo}.git` : `git@github.com:${owner}/${repo}.git`
  const ownerless = [
    await start({ commit_hash: sha(), commit_message: randomString(12), base_repository_url: anyCase(ownUrl) }),
    await start({}),
    await start({ commit_hash: sha(), pull_request_id: 0 })
  ]
  const named = await start({ commit_hash: sha(), branch_repo_owner: anyCase(owner), branch_dest_repo_owner: owner })
  const fork = events.randomFork()
  const run = events.forkWorkflowRun(fork, branch, sha())
  Object.assign(run.repository, {
    full_name: `${owner}/${repo}`,
    name: repo,
    owner: { ...run.repository.owner, login: owner }
  })
  const ran = await step(
    emu,
    'trigger',
    { 'app-slug': 'ios-app', workflow: 'primary' },
    { event: { name: 'workflow_run', payload: run }, env: { GITHUB_REPOSITORY: `${owner}/${repo}` } }
  )
  expectPassed(ran)
  const forkRun = ran.outputs['build-slug']
  const recorded = (await buildState(emu, forkRun)).original_build_params
  expect([recorded.head_repository_url, recorded.branch]).toEqual([
    `https://github.com/${fork.owner}/${fork.repo}.git`,
    undefined
  ])
  const hostile = hostileOwner()
  const forks = {
    run: forkRun,
    owner: await start({ commit_hash: sha(), branch_repo_owner: hostile.owner, branch_dest_repo_owner: owner }),
    repository: await start({
      commit_hash: sha(),
      head_repository_url: `https://github.com/${randomSlug('fork-')}/${repo}.git`
    })
  }
  // A pull request's build from the branch: of the pull request's line, not the branch's.
  const pullRequest = await start({
    commit_hash: sha(),
    pull_request_id: 1 + randomInt(100_000),
    branch_dest: 'main',
    branch_repo_owner: owner,
    branch_dest_repo_owner: owner
  })
  return { own: [...ownerless, named], forks, fork, pullRequest, hostile }
}

describe('branch builds that name no owner are this repository’s; a fork’s same-named branch is not', () => {
  const names = () => ({
    owner: randomSlug('org-'),
    repo: randomSlug('repo-'),
    branch: `${['release', 'feature', 'main'][randomInt(3)]}/${randomSlug()}`
  })

  it('a push supersedes the branch’s builds started without owners, and says which fork builds it left and why', async () => {
    const { owner, repo, branch } = names()
    const { own, forks, pullRequest, hostile } = await branchWithForks(owner, repo, branch)
    const payload = events.pushBranch()
    Object.assign(payload, { ref: `refs/heads/${branch}`, after: sha(), before: sha() })
    payload.head_commit.id = payload.after
    Object.assign(payload.repository, {
      full_name: `${owner}/${repo}`,
      name: repo,
      owner: { ...payload.repository.owner, login: owner }
    })
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app', workflow: 'primary', 'cancel-superseded': 'true' },
      { event: { name: 'push', payload }, env: { GITHUB_REPOSITORY: `${owner}/${repo}` } }
    )
    expectPassed(result)
    expect(JSON.parse(result.outputs['superseded-builds']).sort()).toEqual([...own].sort())
    for (const slug of own) expect(await statusOf(slug)).toBe('aborted')
    for (const slug of [...Object.values(forks), pullRequest]) expect(await statusOf(slug)).toBe('in-progress')
    const notice = result.stdout.split('\n').find((line) => line.includes('were left running')) ?? ''
    // The fork's workflow_run build names no branch (so its commit is what the clone step checks out): on no branch's line.
    expect(notice).not.toContain(forks.run)
    for (const slug of [forks.owner, forks.repository]) expect(notice).toContain(slug)
    expect(notice).not.toContain(pullRequest)
    expect(notice).toContain('it names the repository owner')
    expectInert(result, [TOKENS.owner], hostile.commandLines, hostile.fragments)
  })

  it('abort with branch aborts the branch’s builds started without owners, leaves a fork’s same-named branch, and says why', async () => {
    const { owner, repo, branch } = names()
    const { own, forks, pullRequest, hostile } = await branchWithForks(owner, repo, branch)
    const result = await step(
      emu,
      'abort',
      { 'app-slug': 'ios-app', branch },
      { env: { GITHUB_REPOSITORY: `${owner}/${repo}`, GITHUB_REPOSITORY_OWNER: owner } }
    )
    expectPassed(result)
    expect(
      (JSON.parse(result.outputs.builds) as Array<{ 'build-slug': string }>).map((b) => b['build-slug']).sort()
    ).toEqual([...own].sort())
    for (const slug of own) expect(await statusOf(slug)).toBe('aborted')
    for (const slug of [...Object.values(forks), pullRequest]) expect(await statusOf(slug)).toBe('in-progress')
    const notice = result.stdout.split('\n').find((line) => line.includes('were left running')) ?? ''
    for (const slug of [forks.owner, forks.repository]) expect(notice).toContain(slug)
    expect(notice).not.toContain(forks.run)
    expect(notice).not.toContain(pullRequest)
    expect(notice).not.toMatch(/name no owner|or none/)
    expect(result.summary).toContain('were left running')
    expectInert(result, [TOKENS.owner], hostile.commandLines, hostile.fragments)
  })
})

describe('reuse-running-build attaches only to the same workflow, commit and ref', () => {
  it('a tag push does not attach to a running branch build of the same commit', async () => {
    const payload = events.pushTag()
    const commit = sha()
    const tag = `v${randomInt(100)}.${randomInt(100)}.${randomInt(100)}`
    Object.assign(payload, { ref: `refs/tags/${tag}`, after: commit })
    payload.head_commit.id = commit
    const develop = await baseBuild(payload.repository.owner.login, { branch: 'develop', commit_hash: commit })
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app', workflow: 'primary', 'reuse-running-build': 'true' },
      { event: { name: 'push', payload } }
    )
    expectPassed(result)
    expect(result.outputs.reused).toBe('false')
    expect(result.outputs['build-slug']).not.toBe(develop)
    expect((await buildState(emu, result.outputs['build-slug'])).original_build_params).toMatchObject({
      tag,
      commit_hash: commit
    })
  })

  it('without workflow, nothing shows the running build is of the same workflow: a new build starts, and the step says why', async () => {
    const branch = `feature-${randomSlug()}`
    const commit = sha()
    const other = await baseBuild('acme', { branch, commit_hash: commit, workflow_id: 'deploy' })
    const result = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch,
      'commit-hash': commit,
      'reuse-running-build': 'true',
      'branch-repo-owner': 'acme',
      'branch-dest-repo-owner': 'acme'
    })
    expectPassed(result)
    expect(result.outputs.reused).toBe('false')
    expect(result.outputs['build-slug']).not.toBe(other)
    expect(result.stdout).toContain('no workflow to match')
  })
})

describe('app-paths fails closed when GitHub may have cut the list', () => {
  // android-app is left out: its builds need a service.yml the emulator's repository lacks.
  const PATHS = 'ios-app: apps/ios/**\nweb-app: apps/web/**'

  /** A pull request whose first 3,000 files are docs: the web change is file 3,001, which GitHub never lists. */
  async function capped() {
    const repo = `acme/${randomString(10).toLowerCase()}`
    const payload = events.sameRepositoryPullRequest()
    const number = payload.pull_request.number as number
    delete payload.pull_request.changed_files
    const page = (n: string) =>
      Array.from({ length: 100 }, (_, i) => ({ filename: `docs/${n}-${i}-${randomString(4)}.md` }))
    const github = await serve({
      [`GET /repos/${repo}/pulls/${number}/files`]: (req) => ({
        body: Number(req.query.page) <= 30 ? page(req.query.page) : [{ filename: 'apps/web/src/index.ts' }]
      })
    })
    return { repo, payload, github }
  }

  it('at GitHub’s 3,000-file cap every app is built, and the step says why', async () => {
    const { repo, payload, github } = await capped()
    const result = await step(
      emu,
      'trigger',
      { 'app-paths': PATHS, workflow: 'primary', 'branch-repo-owner': 'acme', 'branch-dest-repo-owner': 'acme' },
      { event: { name: 'pull_request', payload }, env: { GITHUB_API_URL: github.origin, GITHUB_REPOSITORY: repo } }
    )
    expectPassed(result)
    expect(JSON.parse(result.outputs.builds).map((b: { 'app-slug': string }) => b['app-slug'])).toEqual([
      'ios-app',
      'web-app'
    ])
    expect(result.stdout).toContain('the list may be cut')
  }, 60_000)

  it('with app-paths-on-unknown: fail the step fails before any build starts', async () => {
    const { repo, payload, github } = await capped()
    const result = await step(
      emu,
      'trigger',
      { 'app-paths': PATHS, 'app-paths-on-unknown': 'fail', workflow: 'primary' },
      { event: { name: 'pull_request', payload }, env: { GITHUB_API_URL: github.origin, GITHUB_REPOSITORY: repo } }
    )
    expectFailed(result)
    expect(errorLine(result)).toContain('app-paths-on-unknown is fail')
    expect((await requestLog(emu)).filter((r) => r.method === 'POST')).toEqual([])
  }, 60_000)

  it('a compare of 300 files (GitHub’s cap) and a pull request listing fewer files than it changed build every app', async () => {
    const repo = `acme/${randomString(10).toLowerCase()}`
    const push = events.pushBranch()
    Object.assign(push, { before: sha(), after: sha() })
    const compare = Array.from({ length: 300 }, (_, i) => ({ filename: `docs/${i}-${randomString(4)}.md` }))
    const pr = events.sameRepositoryPullRequest()
    pr.pull_request.changed_files = 2 + randomInt(50)
    const github = await serve({
      [`GET /repos/${repo}/compare/${push.before}...${push.after}`]: { body: { files: compare } },
      [`GET /repos/${repo}/pulls/${pr.pull_request.number}/files`]: { body: [{ filename: 'docs/readme.md' }] }
    })
    const env = { GITHUB_API_URL: github.origin, GITHUB_REPOSITORY: repo }
    for (const [name, payload, reason] of [
      ['push', push, 'files of the compare'],
      ['pull_request', pr, `changed ${pr.pull_request.changed_files} files but GitHub listed only 1`]
    ] as const) {
      const result = await step(
        emu,
        'trigger',
        { 'app-paths': PATHS, workflow: 'primary', 'branch-repo-owner': 'acme', 'branch-dest-repo-owner': 'acme' },
        { event: { name, payload }, env }
      )
      expectPassed(result)
      expect(JSON.parse(result.outputs.builds)).toHaveLength(2)
      expect(result.stdout).toContain(reason)
    }
  })

  it('app-paths-on-unknown takes build-all or fail, and only with app-paths', async () => {
    const bad = await step(emu, 'trigger', {
      'app-paths': PATHS,
      'app-paths-on-unknown': randomSlug('skip-'),
      'from-event': 'false',
      branch: 'main'
    })
    expectFailed(bad)
    expect(errorLine(bad)).toContain('Input "app-paths-on-unknown"')
    const alone = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'app-paths-on-unknown': 'fail',
      'from-event': 'false',
      branch: 'main'
    })
    expectFailed(alone)
    expect(errorLine(alone)).toContain('works only with app-paths')
    expect((await requestLog(emu)).filter((r) => r.method === 'POST')).toEqual([])
  })
})
