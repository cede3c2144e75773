/**
 * The build's status on GitHub end to end, through dist/index.js against the emulator and the
 * loopback fake of the GitHub API: a commit status, a check run, the pull request comment
 * edited in place, a refused post that only warns, and nothing sent with the defaults.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startFakeGitHub, type FakeGitHub } from '../../../emulator/github/fake.js'
import { randomInt, randomSlug, randomToken } from '../../helpers/random.js'
import {
  expectPassed,
  resetEmulator,
  SAME_REPOSITORY,
  startE2eEmulator,
  step,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

let emu: RunningEmulator
beforeAll(async () => {
  emu = await startE2eEmulator()
})
beforeEach(async () => resetEmulator(emu))
afterAll(async () => emu?.close())

const sha = (): string => Array.from({ length: 40 }, () => randomInt(16).toString(16)).join('')

/** A waited trigger of the same repository's commit, posting to `github`. */
async function build(github: FakeGitHub, inputs: Record<string, string>, token = randomToken()) {
  const result = await step(
    emu,
    'trigger',
    {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: `feature/${randomSlug()}`,
      wait: 'true',
      'github-token': token,
      ...SAME_REPOSITORY,
      ...inputs
    },
    { env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/ios-app' } }
  )
  return result
}

describe('github-status', () => {
  let github: FakeGitHub
  beforeEach(async () => {
    github = await startFakeGitHub()
  })
  afterAll(async () => github?.close())

  it('commit-status: pending at trigger, then success with the build number and duration, on the built commit, linking to the build', async () => {
    const commit = sha()
    const token = randomToken()
    const result = await build(github, { 'commit-hash': commit, 'github-status': 'commit-status' }, token)
    await github.close()
    expectPassed(result)
    const context = `service-ci/${result.outputs['triggered-workflow']}`
    expect(github.requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', `/repos/acme/ios-app/statuses/${commit}`],
      ['POST', `/repos/acme/ios-app/statuses/${commit}`]
    ])
    expect(github.requests[0]).toMatchObject({
      authorization: expect.stringContaining(token),
      body: { state: 'pending', context, target_url: result.outputs['build-url'] }
    })
    expect(github.requests[1].body).toMatchObject({
      state: 'success',
      context,
      description: expect.stringMatching(
        new RegExp(
          `^Build #\u200d${result.outputs['build-number']} succeeded after (less than a second|\\d+ seconds?)$`
        )
      )
    })
  })

  it("the duration said is the build's own, from its record, not the step's time with its polls", async () => {
    // A build of 1 to 2 seconds, polled every 3 to 4.5 seconds: the step sees its end a poll later.
    const short = await startE2eEmulator({ buildDurationMs: randomInt(1100, 2400) })
    try {
      const commit = sha()
      const pollSeconds = randomInt(30, 46) / 10
      const pr = String(1 + randomInt(5000))
      const result = await step(
        short,
        'trigger',
        {
          'app-slug': 'ios-app',
          'from-event': 'false',
          branch: `feature/${randomSlug()}`,
          wait: 'true',
          'poll-interval': String(pollSeconds),
          'github-token': randomToken(),
          'commit-hash': commit,
          'pull-request-id': pr,
          'branch-dest': 'main',
          'github-status': 'commit-status',
          'github-comment': 'true',
          ...SAME_REPOSITORY
        },
        { env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/ios-app' } }
      )
      await github.close()
      expectPassed(result)
      const seconds = Number(result.outputs['duration-seconds'])
      expect(seconds).toBeLessThan(pollSeconds)
      const took = `after ${seconds} second${seconds === 1 ? '' : 's'}`
      const final = github.requests.filter((r) => r.method === 'POST' && r.path.includes('/statuses/')).at(-1)
      expect((final?.body as { description: string }).description).toBe(
        `Build #\u200d${result.outputs['build-number']} succeeded ${took}`
      )
      const comment = github.requests.filter((r) => r.method !== 'GET' && r.path.includes('/comments')).at(-1)
      expect((comment?.body as { body: string }).body).toContain(`succeeded ${took} (`)
    } finally {
      await short.close()
    }
  })

  it('check-run: created in progress, then completed with its conclusion; github-status-name names it', async () => {
    const commit = sha()
    const name = `ci ${randomSlug()}`
    const result = await build(github, {
      'commit-hash': commit,
      'github-status': 'check-run',
      'github-status-name': name
    })
    await github.close()
    expectPassed(result)
    const [created, completed, ...rest] = github.requests
    expect(rest).toEqual([])
    expect(created).toMatchObject({
      method: 'POST',
      path: '/repos/acme/ios-app/check-runs',
      body: { name, head_sha: commit, status: 'in_progress', external_id: result.outputs['build-slug'] }
    })
    expect(completed).toMatchObject({
      method: 'PATCH',
      path: '/repos/acme/ios-app/check-runs/1000',
      body: {
        status: 'completed',
        conclusion: 'success',
        output: { title: expect.stringContaining(`#\u200d${result.outputs['build-number']} succeeded after`) }
      }
    })
  })

  it('github-comment: one comment per pull request and name, created once and then edited in place', async () => {
    const pr = String(1 + randomInt(5000))
    const inputs = { 'commit-hash': sha(), 'pull-request-id': pr, 'branch-dest': 'main', 'github-comment': 'true' }
    const first = await build(github, inputs)
    expectPassed(first)
    const second = await build(github, { ...inputs, 'commit-hash': sha() })
    await github.close()
    expectPassed(second)
    // A GraphQL query (who the token is) is a read.
    const writes = github.requests.filter((r) => r.method !== 'GET' && r.path !== '/graphql')
    expect(writes.map((r) => [r.method, r.path])).toEqual([
      ['POST', `/repos/acme/ios-app/issues/${pr}/comments`],
      ['PATCH', '/repos/acme/ios-app/issues/comments/1000'],
      ['PATCH', '/repos/acme/ios-app/issues/comments/1000'],
      ['PATCH', '/repos/acme/ios-app/issues/comments/1000']
    ])
    const last = writes.at(-1)?.body as { body: string }
    expect(last.body).toMatch(/^<!-- service-ci-status:service-ci%2F[^ ]+ -->\n/)
    // The text is escaped for Markdown: '#' is written as a character reference, and a zero-width
    // joiner after it keeps GitHub from linking the build number to the issue of that number.
    expect(last.body).toContain(`Build &#35;\u200d${second.outputs['build-number']} succeeded after`)
    expect(last.body).toContain(`(${second.outputs['build-url']})`)
  })

  it.each([
    ['over 1,000 comments, all read (the first pages, then the last)', 1001, 1900, false],
    ['over 2,000 comments, some never read: the step says so', 2101, 2900, true]
  ])(
    'github-comment after a flood of %s: the status comment posted after them is found among the last and edited, never posted again',
    async (_, least, most, unread) => {
      const pr = 1 + randomInt(5000)
      const flood = randomInt(least, most)
      const comments = Array.from({ length: flood }, () => ({
        issue: pr,
        body: `${randomSlug('spam ')}`,
        user: { login: randomSlug('user-'), id: 1 + randomInt(1e6), type: 'User' as const }
      }))
      const flooded = await startFakeGitHub({ comments })
      try {
        const inputs = {
          'commit-hash': sha(),
          'pull-request-id': String(pr),
          'branch-dest': 'main',
          'github-comment': 'true'
        }
        const first = await build(flooded, inputs)
        expectPassed(first)
        const second = await build(flooded, { ...inputs, 'commit-hash': sha() })
        expectPassed(second)
        const writes = flooded.requests
          .filter((r) => r.method !== 'GET' && r.path !== '/graphql')
          .map((r) => [r.method, r.path])
        const own = 1000 + flood
        expect(writes).toEqual([
          ['POST', `/repos/acme/ios-app/issues/${pr}/comments`],
          ['PATCH', `/repos/acme/ios-app/issues/comments/${own}`],
          ['PATCH', `/repos/acme/ios-app/issues/comments/${own}`],
          ['PATCH', `/repos/acme/ios-app/issues/comments/${own}`]
        ])
        // A flood of whole pages fills the last page the step reads, so it cannot tell whether more were posted
        // past it, and says some were not read rather than how many.
        const unreadText =
          flood % 100 === 0
            ? 'some of them were not read'
            : `${(Math.ceil(flood / 100) - 20) * 100} of them, after the first 1000, were not read`
        const said = `::notice::github-comment: This pull request has ${flood} comments; ${unreadText}`
        if (unread) expect(first.stdout).toContain(said)
        else expect(first.stdout).not.toContain('::notice::github-comment:')
        expect(second.stdout).not.toContain('::notice::github-comment:')
      } finally {
        await flooded.close()
      }
    }
  )

  it('a refused post only warns: the step passes with its build', async () => {
    const refusing = await startFakeGitHub({ failWritesWith: 403 })
    try {
      const result = await build(refusing, {
        'commit-hash': sha(),
        'github-status': 'check-run',
        'pull-request-id': '7',
        'github-comment': 'true'
      })
      expectPassed(result)
      expect(result.outputs['build-status']).toBe('success')
      expect(result.stdout).toMatch(/::warning::Could not post the check run/)
      expect(result.stdout).toMatch(/::warning::Could not post the pull request comment/)
      expect(refusing.requests.filter((r) => r.method === 'POST').length).toBeGreaterThanOrEqual(2)
    } finally {
      await refusing.close()
    }
  })

  /** A fork's pull request trigger (no owners), which the service holds for approval, posting to `to`. */
  async function heldTrigger(to: FakeGitHub, inputs: Record<string, string>) {
    return step(
      emu,
      'trigger',
      {
        'app-slug': 'ios-app',
        'from-event': 'false',
        branch: `feature/${randomSlug()}`,
        'github-token': randomToken(),
        ...inputs
      },
      { env: { GITHUB_API_URL: to.url, GITHUB_REPOSITORY: 'acme/ios-app' } }
    )
  }

  it('a trigger held for approval: a pending commit status and a pull request comment say it awaits approval, and how to approve it', async () => {
    const commit = sha()
    const pr = String(1 + randomInt(5000))
    const name = `ci ${randomSlug()}`
    const result = await heldTrigger(github, {
      'commit-hash': commit,
      'pull-request-id': pr,
      'github-status': 'commit-status',
      'github-status-name': name,
      'github-comment': 'true'
    })
    await github.close()
    expectPassed(result)
    expect(result.outputs['build-status']).toBe('awaiting-approval')
    const request = result.outputs['build-request-slug']
    expect(request).toMatch(/\S/)
    const writes = github.requests.filter((r) => r.method !== 'GET' && r.path !== '/graphql')
    expect(writes.map((r) => [r.method, r.path])).toEqual([
      ['POST', `/repos/acme/ios-app/statuses/${commit}`],
      ['POST', `/repos/acme/ios-app/issues/${pr}/comments`]
    ])
    expect(writes[0].body).toEqual({
      state: 'pending',
      context: name,
      description: `Build request ${request} awaits approval on the service`
    })
    const body = (writes[1].body as { body: string }).body
    expect(body).toContain(`awaits approval on the service`)
    expect(body).toContain(`build request ${request} of app ios-app`)
    expect(body).toContain('approve-build-request for this pull request')
    expect(body).toContain(commit)
    expect(result.stdout).not.toContain('::warning::Could not post')
  })

  it('a held trigger whose post GitHub refuses says what could not be posted, and why', async () => {
    const status = [403, 404, 422][randomInt(3)]
    const refusing = await startFakeGitHub({ failWritesWith: status })
    try {
      const mode = randomInt(2) === 0 ? 'commit-status' : 'check-run'
      const result = await heldTrigger(refusing, {
        'commit-hash': sha(),
        'pull-request-id': String(1 + randomInt(5000)),
        'github-status': mode,
        'github-comment': 'true'
      })
      expectPassed(result)
      expect(result.outputs['build-status']).toBe('awaiting-approval')
      const what = mode === 'commit-status' ? 'commit status' : 'check run'
      const warnings = result.stdout.split('\n').filter((line) => line.startsWith('::warning::Could not post'))
      expect(warnings).toEqual([
        expect.stringContaining(`::warning::Could not post the ${what} "service-ci/`),
        expect.stringContaining('::warning::Could not post the pull request comment "service-ci/')
      ])
      for (const warning of warnings) expect(warning).toContain(`GitHub answered ${status}`)
      const permission = mode === 'commit-status' ? 'statuses: write' : 'checks: write'
      if (status === 403) expect(warnings[0]).toContain(`permissions: ${permission}`)
      if (status === 403) expect(warnings[1]).toContain('permissions: pull-requests: write')
      expect(refusing.requests.filter((r) => r.method === 'POST' && r.path !== '/graphql').length).toBe(2)
    } finally {
      await refusing.close()
    }
  })

  it('with the defaults nothing is sent to GitHub', async () => {
    const result = await build(github, { 'commit-hash': sha(), 'pull-request-id': '9' })
    await github.close()
    expectPassed(result)
    expect(github.requests).toEqual([])
  })

  it('a github-status outside the allowed values fails before anything is sent', async () => {
    const result = await build(github, { 'commit-hash': sha(), 'github-status': 'status' })
    await github.close()
    expect(result.code).not.toBe(0)
    expect(result.stdout).toContain('github-status')
    expect(github.requests).toEqual([])
  })
})
