/**
 * abort with a filter instead of a build slug, through dist/index.js against the emulator: every
 * unfinished build of a pull request (or of a branch of one owner, or of none) is aborted, and nothing else;
 * finished builds are left; counts are random; the list is followed past one page; a fork's step
 * reaches its own pull request only; both or neither of build-slug and a filter send nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { call, trigger as apiTrigger } from '../../emulator/helpers.js'
import * as events from '../../fixtures/events/events.js'
import { randomBytes, randomInt, randomSlug } from '../../helpers/random.js'
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
beforeAll(async () => {
  // Builds outlast the test, so whatever a step leaves running is still running when checked.
  emu = await startE2eEmulator({ buildDurationMs: 120_000, enableFaults: true })
})
beforeEach(async () => resetEmulator(emu))
afterAll(async () => emu?.close())

const OWNER = 'acme'
const sha = (): string => randomBytes(20).toString('hex')
const statusOf = async (slug: string): Promise<string> => (await buildState(emu, slug)).status_text
const WORKFLOWS = ['primary', 'deploy'] as const
const workflow = (): string => WORKFLOWS[randomInt(WORKFLOWS.length)]

/** A build started over the API, as another job would; `finished` makes it end at once. */
async function startBuild(params: Record<string, unknown>, finished = false): Promise<string> {
  const res = await apiTrigger(
    emu,
    { branch_repo_owner: OWNER, branch_dest_repo_owner: OWNER, commit_hash: sha(), ...params },
    finished ? { 'X-Emulator-Build-Duration-Ms': '0' } : {}
  )
  expect(res.status).toBe(201)
  return res.json.build_slug as string
}

async function startMany(count: number, params: () => Record<string, unknown>, finished = false): Promise<string[]> {
  const slugs: string[] = []
  for (let i = 0; i < count; i++) slugs.push(await startBuild(params(), finished))
  return slugs
}

const inRepository = { env: { GITHUB_REPOSITORY: `${OWNER}/ios-app`, GITHUB_REPOSITORY_OWNER: OWNER } }
const abortedList = (outputs: Record<string, string>): string[] =>
  (JSON.parse(outputs.builds) as Array<{ 'build-slug': string }>).map((b) => b['build-slug']).sort()

/** A pull request of this repository with its builds of several workflows, some finished, and its neighbours' builds. */
async function pullRequestWithNeighbours(): Promise<{
  pr: number
  branch: string
  running: string[]
  finished: string[]
  others: string[]
}> {
  const pr = 1 + randomInt(100_000)
  const branch = `feature/${randomSlug()}`
  const ofPr = (): Record<string, unknown> => ({
    branch,
    pull_request_id: pr,
    branch_dest: 'main',
    workflow_id: workflow()
  })
  const running = await startMany(2 + randomInt(5), ofPr)
  const finished = await startMany(1 + randomInt(3), ofPr, true)
  const others = [
    ...(await startMany(1 + randomInt(3), () => ({
      branch: `feature/${randomSlug()}`,
      pull_request_id: pr + 1 + randomInt(50),
      branch_dest: 'main',
      workflow_id: workflow()
    }))),
    // The pull request's branch pushed on its own: not a build of the pull request.
    ...(await startMany(1 + randomInt(2), () => ({ branch, workflow_id: workflow() })))
  ]
  return { pr, branch, running, finished, others }
}

describe('abort with pull-request-id', () => {
  it('aborts every unfinished build of the pull request, of every workflow, and leaves its finished builds and every other build', async () => {
    const { pr, running, finished, others } = await pullRequestWithNeighbours()
    const before = await Promise.all(finished.map(statusOf))
    const result = await step(emu, 'abort', { 'app-slug': 'ios-app', 'pull-request-id': String(pr) }, inRepository)
    expectPassed(result)
    expect(abortedList(result.outputs)).toEqual([...running].sort())
    expect(result.outputs.count).toBe(String(running.length))
    for (const slug of running) expect(await statusOf(slug)).toBe('aborted')
    expect(await Promise.all(finished.map(statusOf))).toEqual(before)
    for (const slug of others) expect(await statusOf(slug)).toBe('in-progress')
    // Only the unfinished builds were asked to abort: no abort request for a finished one.
    const aborts = (await requestLog(emu)).filter((r) => r.method === 'POST' && r.path.endsWith('/abort'))
    expect(aborts.map((r) => r.path.split('/').at(-2)).sort()).toEqual([...running].sort())
    expect(result.summary.split('\n')[0]).toMatch(
      new RegExp(`^<h3>⛔ Aborted ${running.length} build\\(s\\) · ios-app · pull request `)
    )
    expect(result.summary).toContain(String(pr))
  })

  it('with workflow, aborts only that workflow’s builds of the pull request', async () => {
    const pr = 1 + randomInt(100_000)
    const branch = `feature/${randomSlug()}`
    const [chosen, other] = randomInt(2) === 0 ? WORKFLOWS : [...WORKFLOWS].reverse()
    const mine = await startMany(1 + randomInt(4), () => ({
      branch,
      pull_request_id: pr,
      branch_dest: 'main',
      workflow_id: chosen
    }))
    const theirs = await startMany(1 + randomInt(4), () => ({
      branch,
      pull_request_id: pr,
      branch_dest: 'main',
      workflow_id: other
    }))
    const result = await step(
      emu,
      'abort',
      { 'app-slug': 'ios-app', 'pull-request-id': String(pr), workflow: chosen },
      inRepository
    )
    expectPassed(result)
    expect(abortedList(result.outputs)).toEqual([...mine].sort())
    for (const slug of theirs) expect(await statusOf(slug)).toBe('in-progress')
  })

  it('passes with an empty list when nothing is unfinished, and says so', async () => {
    const pr = 1 + randomInt(100_000)
    await startMany(
      1 + randomInt(3),
      () => ({ branch: `feature/${randomSlug()}`, pull_request_id: pr, branch_dest: 'main', workflow_id: workflow() }),
      true
    )
    const result = await step(emu, 'abort', { 'app-slug': 'ios-app', 'pull-request-id': String(pr) }, inRepository)
    expectPassed(result)
    expect(JSON.parse(result.outputs.builds)).toEqual([])
    expect(result.outputs.count).toBe('0')
    expect(result.stdout).toContain(`No unfinished build of pull request #${pr}`)
  })

  it('follows the list past its first page', async () => {
    const pr = 1 + randomInt(100_000)
    const branch = `feature/${randomSlug()}`
    // More than one page of 50.
    const running = await startMany(51 + randomInt(10), () => ({
      branch,
      pull_request_id: pr,
      branch_dest: 'main',
      workflow_id: 'primary'
    }))
    const result = await step(emu, 'abort', { 'app-slug': 'ios-app', 'pull-request-id': String(pr) }, inRepository)
    expectPassed(result)
    expect(abortedList(result.outputs)).toEqual([...running].sort())
    expect(
      (await requestLog(emu)).filter((r) => r.method === 'GET' && r.path.endsWith('/builds')).length
    ).toBeGreaterThan(1)
  }, 60_000)

  it('tries every build when one abort fails, then fails naming it, with the others in builds', async () => {
    const { pr, running } = await pullRequestWithNeighbours()
    const broken = running[randomInt(running.length)]
    const fault = await call(emu, 'POST', '/_emulator/faults', {
      token: null,
      body: { path: `/apps/ios-app/builds/${broken}/abort`, method: 'POST', action: 'status', status: 403 }
    })
    expect(fault.status).toBeLessThan(300)
    const result = await step(
      emu,
      'abort',
      { 'app-slug': 'ios-app', 'pull-request-id': String(pr), 'max-attempts': '1' },
      inRepository
    )
    expectFailed(result)
    expect(errorLine(result)).toContain(broken)
    expect(abortedList(result.outputs)).toEqual(running.filter((s) => s !== broken).sort())
    expect(await statusOf(broken)).toBe('in-progress')
  })
})

describe('abort with branch', () => {
  it('aborts the branch’s own unfinished builds, of this owner or of none, not its pull requests’ builds nor a same-named branch of a fork', async () => {
    const branch = `release/${randomSlug()}`
    const own = await startMany(1 + randomInt(4), () => ({ branch, workflow_id: workflow() }))
    const prBuild = await startBuild({
      branch,
      pull_request_id: 1 + randomInt(100_000),
      branch_dest: 'main',
      workflow_id: 'primary'
    })
    const fromFork = await startBuild({
      branch,
      workflow_id: 'primary',
      branch_repo_owner: randomSlug('fork-'),
      branch_dest_repo_owner: OWNER
    })
    // As the service's own push webhook, UI, schedules and CLI start a branch build: no owner.
    const noOwner = (await apiTrigger(emu, { branch, workflow_id: 'primary', commit_hash: sha() })).json
      .build_slug as string
    const result = await step(emu, 'abort', { 'app-slug': 'ios-app', branch }, inRepository)
    expectPassed(result)
    expect(abortedList(result.outputs)).toEqual([...own, noOwner].sort())
    for (const slug of [prBuild, fromFork]) expect(await statusOf(slug)).toBe('in-progress')
    expect(result.stdout).toContain('were left running')
    expect(result.stdout).toContain(fromFork)
    expect(result.stdout).not.toContain(prBuild)
  })
})

describe('abort by pull request on an event of the pull request', () => {
  /** This repository's pull request `number`, open (with a random action) or closed (merged or not). */
  function pullRequestEvent(number: number, state: 'open' | 'closed', merged = false): events.Payload {
    const payload = events.sameRepositoryPullRequest({ owner: OWNER, repo: 'ios-app' })
    payload.action = state === 'closed' ? 'closed' : ['opened', 'synchronize', 'reopened', 'edited'][randomInt(4)]
    payload.number = number
    payload.pull_request.number = number
    payload.pull_request.state = state
    payload.pull_request.merged = merged
    return payload
  }
  const on = (
    name: string,
    payload: events.Payload
  ): { event: { name: string; payload: events.Payload } } & typeof inRepository => ({
    event: { name, payload },
    ...inRepository
  })
  const prEventName = (): string => ['pull_request', 'pull_request_target'][randomInt(2)]
  const reasonOf = async (slug: string): Promise<string> => (await buildState(emu, slug)).abort_reason

  it('leaves an open pull request’s builds running, green, and says why and what to set', async () => {
    const { pr, running } = await pullRequestWithNeighbours()
    const name = prEventName()
    const given: Record<string, string> = randomInt(2) === 0 ? { 'abort-reason': 'The pull request was closed' } : {}
    const result = await step(
      emu,
      'abort',
      { 'app-slug': 'ios-app', 'pull-request-id': String(pr), ...given },
      on(name, pullRequestEvent(pr, 'open'))
    )
    expectPassed(result)
    const warning = result.stdout.split('\n').find((line) => line.startsWith('::warning::Nothing was aborted'))
    expect(warning).toContain(`pull request #${pr}, which is open`)
    expect(warning).toContain('abort-open-pull-request: true')
    expect(warning).toContain('types: [closed]')
    expect(result.outputs.count).toBe('0')
    expect(JSON.parse(result.outputs.builds)).toEqual([])
    expect(result.summary).toContain('Nothing aborted')
    expect(result.summary).toContain('abort-open-pull-request')
    expect((await requestLog(emu)).filter((r) => r.path.includes('/abort'))).toEqual([])
    for (const slug of running) expect(await statusOf(slug)).toBe('in-progress')
  })

  it('aborts an open pull request’s builds with abort-open-pull-request: true, and the reason says it was open', async () => {
    const { pr, running } = await pullRequestWithNeighbours()
    const given = randomInt(2) === 0 ? `Stopped ${randomSlug()}` : ''
    const result = await step(
      emu,
      'abort',
      {
        'app-slug': 'ios-app',
        'pull-request-id': String(pr),
        'abort-open-pull-request': ['true', 'True', 'TRUE'][randomInt(3)],
        ...(given ? { 'abort-reason': given } : {})
      },
      on(prEventName(), pullRequestEvent(pr, 'open'))
    )
    expectPassed(result)
    expect(abortedList(result.outputs)).toEqual([...running].sort())
    for (const slug of running) {
      const reason = await reasonOf(slug)
      expect(reason).toContain(`aborted while pull request #${pr} was open, as abort-open-pull-request: true asks`)
      expect(reason).not.toMatch(/was (closed|merged)/)
      if (given) expect(reason.startsWith(given)).toBe(true)
    }
  })

  it('aborts a closed pull request’s builds, the reason saying closed or merged', async () => {
    const { pr, running } = await pullRequestWithNeighbours()
    const merged = randomInt(2) === 0
    const result = await step(
      emu,
      'abort',
      { 'app-slug': 'ios-app', 'pull-request-id': String(pr) },
      on(prEventName(), pullRequestEvent(pr, 'closed', merged))
    )
    expectPassed(result)
    expect(abortedList(result.outputs)).toEqual([...running].sort())
    for (const slug of running)
      expect(await reasonOf(slug)).toMatch(new RegExp(`^Pull request #${pr} was ${merged ? 'merged' : 'closed'}: `))
  })

  it('from a push, aborts, and the reason does not claim the pull request was closed', async () => {
    const { pr, running } = await pullRequestWithNeighbours()
    const result = await step(
      emu,
      'abort',
      { 'app-slug': 'ios-app', 'pull-request-id': String(pr) },
      on('push', events.pushBranch())
    )
    expectPassed(result)
    expect(abortedList(result.outputs)).toEqual([...running].sort())
    for (const slug of running) {
      const reason = await reasonOf(slug)
      expect(reason).toContain("aborted from a push event, not on the pull request's closing")
      expect(reason).not.toMatch(/was (closed|merged)/)
    }
  })
})

describe('a fork’s closed pull request', () => {
  function closedForkPullRequest(number: number): events.Payload {
    const payload = events.forkPullRequest()
    payload.action = 'closed'
    payload.number = number
    payload.pull_request.number = number
    payload.pull_request.state = 'closed'
    return payload
  }
  const forkEvent = (
    payload: events.Payload
  ): { event: { name: string; payload: events.Payload }; env: Record<string, string> } => ({
    event: { name: 'pull_request_target', payload },
    env: { GITHUB_REPOSITORY: payload.repository.full_name, GITHUB_REPOSITORY_OWNER: payload.repository.owner.login }
  })

  it('aborts its own pull request’s builds', async () => {
    const { pr, running, others } = await pullRequestWithNeighbours()
    const result = await step(
      emu,
      'abort',
      { 'app-slug': 'ios-app', 'pull-request-id': String(pr) },
      forkEvent(closedForkPullRequest(pr))
    )
    expectPassed(result)
    expect(abortedList(result.outputs)).toEqual([...running].sort())
    for (const slug of others) expect(await statusOf(slug)).toBe('in-progress')
  })

  it('may not abort another pull request’s builds, nor a branch’s, and sends nothing', async () => {
    const { pr, branch, running } = await pullRequestWithNeighbours()
    const payload = closedForkPullRequest(pr + 1 + randomInt(1000))
    const attempts: Array<Record<string, string>> = [{ 'pull-request-id': String(pr) }, { branch }, { branch: 'main' }]
    for (const inputs of attempts) {
      const result = await step(emu, 'abort', { 'app-slug': 'ios-app', ...inputs }, forkEvent(payload))
      expectFailed(result)
      expect(errorLine(result)).toContain(`Input "${Object.keys(inputs)[0]}"`)
      expect(errorLine(result)).toContain('fork')
      expect(errorLine(result)).toContain('Nothing was sent')
    }
    expect((await requestLog(emu)).filter((r) => r.path.includes('/abort') || r.method === 'GET')).toEqual([])
    for (const slug of running) expect(await statusOf(slug)).toBe('in-progress')
  })
})

describe('exactly one of build-slug and a filter', () => {
  const cases: Array<[string, () => Record<string, string>, string]> = [
    [
      'build-slug with pull-request-id',
      () => ({ 'build-slug': randomBytes(8).toString('hex'), 'pull-request-id': String(1 + randomInt(1000)) }),
      'build-slug'
    ],
    [
      'build-slug with branch',
      () => ({ 'build-slug': randomBytes(8).toString('hex'), branch: `feature/${randomSlug()}` }),
      'build-slug'
    ],
    [
      'build-slug with workflow',
      () => ({ 'build-slug': randomBytes(8).toString('hex'), workflow: workflow() }),
      'build-slug'
    ],
    ['neither', () => ({}), 'build-slug'],
    ['workflow alone', () => ({ workflow: workflow() }), 'build-slug'],
    [
      'pull-request-id with branch',
      () => ({ 'pull-request-id': String(1 + randomInt(1000)), branch: `feature/${randomSlug()}` }),
      'branch'
    ]
  ]
  it.each(cases)('%s: refused, naming the inputs, nothing sent', async (_, inputs, named) => {
    const given = inputs()
    const result = await step(emu, 'abort', { 'app-slug': 'ios-app', ...given }, inRepository)
    expectFailed(result)
    const error = errorLine(result)
    expect(error).toContain(`Input "${named}"`)
    for (const name of ['build-slug', 'pull-request-id', 'branch']) expect(error).toContain(name)
    expect(error).toContain('Nothing was sent')
    expect(await requestLog(emu)).toEqual([])
  })
})
