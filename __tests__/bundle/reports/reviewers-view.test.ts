/**
 * The reviewer's view, through dist/index.js against the emulator: a failed build's summary,
 * pull request comment, check run, annotations and outputs name the failed step (with its
 * errors) and the failed tests (with their messages, files and lines), all as inert text; a
 * build whose Workspace plan lacks test reports (403) passes with one notice and no test outputs.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startFakeGitHub, type FakeGitHub } from '../../../emulator/github/fake.js'
import { bundledSeed } from '../../../emulator/model/seed.js'
import { call } from '../../emulator/helpers.js'
import * as events from '../../fixtures/events/events.js'
import { randomInt, randomSlug, randomToken } from '../../helpers/random.js'
import { expectInert, hostileBuildText } from '../../helpers/scenarios/inert.js'
import { HOOKS_BUNDLE } from '../../helpers/run-action.js'
import {
  expectFailed,
  expectPassed,
  requestLog,
  resetEmulator,
  SAME_REPOSITORY,
  startE2eEmulator,
  step,
  TOKENS,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

const stepTitle = hostileBuildText()
const stepError = hostileBuildText()
const caseName = hostileBuildText()
const caseMessage = hostileBuildText()
const caseFile = `Tests/${randomSlug()}.swift`
const caseLine = 1 + randomInt(900)
const everyHostile = [stepTitle, stepError, caseName, caseMessage]

/** A workflow command's property or data as the runner reads it back. */
const unescapeCommand = (text: string): string =>
  text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%')

/** The `::error` annotations the step wrote, with their properties read back. */
function errorAnnotations(stdout: string): Array<{ props: Record<string, string>; message: string }> {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('::error '))
    .map((line) => {
      const end = line.indexOf('::', 2)
      const props = Object.fromEntries(
        line
          .slice('::error '.length, end)
          .split(',')
          .map((pair) => {
            const at = pair.indexOf('=')
            return [pair.slice(0, at), unescapeCommand(pair.slice(at + 1))]
          })
      )
      return { props, message: unescapeCommand(line.slice(end + 2)) }
    })
}

let emu: RunningEmulator
beforeAll(async () => {
  const seed = bundledSeed()
  const apps = seed.apps!
  // android-app's builds fail: in the marked step, and in the marked test case.
  const android = apps.find((app) => app.slug === 'android-app')!
  expect(android.build_outcome).toBe('failure')
  android.config_location = 'service'
  android.steps = [
    { title: 'Git clone', step_id: 'git-clone' },
    { title: stepTitle.text, fails: true, errors: [stepError.text] },
    { title: 'Deploy', step_id: 'deploy' }
  ]
  android.test_results = {
    suites: [
      {
        name: 'LoginTests',
        cases: [
          { name: 'testPasses' },
          { name: caseName.text, fails: true, failure_message: caseMessage.text, file: caseFile, line: caseLine }
        ]
      },
      { name: 'OtherTests', cases: [{ name: 'testOther' }, { name: 'testSkipless' }] }
    ]
  }
  // web-app's builds succeed, on a plan without test reports.
  const web = apps.find((app) => app.slug === 'web-app')!
  web.build_outcome = 'success'
  web.test_results = { status: 403 }
  // ios-app's builds succeed with an installable app whose page is off, and start fork pull requests without approval.
  const ios = apps.find((app) => app.slug === 'ios-app')!
  ios.artifacts = [
    { title: 'app-release.apk', artifact_type: 'android-apk', file_size_bytes: 64, is_public_page_enabled: false },
    { title: 'notes.txt', file_size_bytes: 32 }
  ]
  ios.manual_approval = false
  emu = await startE2eEmulator({ seed, enableFaults: true })
})
beforeEach(async () => resetEmulator(emu))
afterAll(async () => emu?.close())

describe("the reviewer's view", () => {
  let github: FakeGitHub
  beforeEach(async () => {
    github = await startFakeGitHub()
  })
  afterAll(async () => github?.close())

  it('a failed build: its failed step and failed test are in the summary, the comment, the check run, the annotations and the outputs, as inert text', async () => {
    const token = randomToken()
    const pr = String(1 + randomInt(5000))
    const result = await step(
      emu,
      'trigger',
      {
        'app-slug': 'android-app',
        workflow: 'primary',
        'from-event': 'false',
        branch: `feature/${randomSlug()}`,
        'commit-hash': 'a'.repeat(40),
        'pull-request-id': pr,
        'branch-dest': 'main',
        'github-comment': 'true',
        'github-status': 'check-run',
        'github-token': token,
        'explain-failure': 'false',
        wait: 'true',
        ...SAME_REPOSITORY
      },
      { env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/android-app' } }
    )
    await github.close()
    expectFailed(result)

    // The outputs hold the service's text as it was sent: they are data for the next step.
    expect(JSON.parse(result.outputs['failed-steps'])).toEqual([
      { workflow: 'primary', step: stepTitle.text, errors: [stepError.text] }
    ])
    expect(result.outputs['tests-total']).toBe('4')
    expect(result.outputs['tests-failed']).toBe('1')
    const suites = JSON.parse(result.outputs['test-results']) as Array<{ name: string; failedCases: unknown[] }>
    expect(suites.map((s) => s.name)).toEqual(['LoginTests', 'OtherTests'])
    expect(suites[0].failedCases).toEqual([
      expect.objectContaining({ name: caseName.text, message: caseMessage.text, file: caseFile, line: caseLine })
    ])

    // One annotation for the failed step, titled by it (cut at 200 characters); one on the failed test's file and line.
    const annotations = errorAnnotations(result.stdout)
    const stepNotes = annotations.filter((a) => a.props.title?.startsWith('Step failed: '))
    expect(stepNotes).toEqual([
      { props: { title: `Step failed: ${stepTitle.text.slice(0, 200)}` }, message: stepError.text }
    ])
    const testNotes = annotations.filter((a) => a.props.title?.startsWith('Test failed: '))
    expect(testNotes).toEqual([
      {
        props: {
          title: `Test failed: ${`LoginTests › ${caseName.text}`.slice(0, 200)}`,
          file: caseFile,
          line: String(caseLine)
        },
        message: caseMessage.text
      }
    ])

    // The job summary leads with the build's result, then the steps and the tests.
    expect(result.summary.split('\n')[0]).toContain('Failed')
    expect(result.summary).toContain('Steps: 1 failed of 3')
    expect(result.summary).toContain('Tests: 1 failed of 4')
    expect(result.summary).toContain(`<td>${stepTitle.text.slice(0, 14)}`)
    expect(result.summary).toContain(`<p>LoginTests › ${caseName.text.slice(0, 14)}`)
    expectInert(
      result,
      [token, TOKENS.owner],
      everyHostile.flatMap((h) => h.commandLines),
      everyHostile.flatMap((h) => h.fragments)
    )

    const comment = github.requests.filter((r) => r.method !== 'GET' && r.path.includes('/comments')).at(-1)
    const body = (comment?.body as { body: string }).body
    const checkRun = github.requests.filter((r) => r.path.includes('/check-runs')).at(-1)
    const checkSummary = (checkRun?.body as { output: { summary: string } }).output.summary
    for (const text of [body, checkSummary]) {
      expect(text).toContain('**Steps: 1 failed of 3**')
      expect(text).toContain('| Step | Status | Duration |')
      expect(text).toContain('| failed |')
      expect(text).toContain('Tests: 1 failed of 4')
      expect(text).toContain(`&#40;${caseFile}:${caseLine}&#41;`)
      // The failed step and the failed case are named (their first words carry no punctuation to escape).
      expect(text).toContain(`| ${stepTitle.text.slice(0, 14)}`)
      expect(text).toContain(`- **LoginTests › ${caseName.text.slice(0, 14)}`)
      for (const fragment of everyHostile.flatMap((h) => h.fragments)) expect(text).not.toContain(fragment)
      // Mentions from service text ping nobody: a joiner follows each @.
      expect(text).not.toMatch(/@(?!\u200d)/)
    }
  })

  it('a build on a plan without test reports (403) passes with one notice naming the plan, and sets no test outputs', async () => {
    const result = await step(emu, 'trigger', {
      'app-slug': 'web-app',
      workflow: 'primary',
      'from-event': 'false',
      branch: 'main',
      wait: 'true'
    })
    expectPassed(result)
    const notices = result.stdout.split('\n').filter((line) => line.startsWith('::notice'))
    expect(notices.filter((line) => line.includes('test reports'))).toHaveLength(1)
    expect(notices.find((line) => line.includes('test reports'))).toContain(
      'plan on the service does not include test reports'
    )
    expect(result.outputs['tests-total']).toBeUndefined()
    expect(result.outputs['test-results']).toBeUndefined()
    expect(JSON.parse(result.outputs['failed-steps'])).toEqual([])
    expect(result.summary).toContain('Steps: all 3 passed or skipped')
    expect(result.stdout.split('\n').filter((line) => line.startsWith('::error'))).toEqual([])
  })
})

describe('test results the service cannot give at once', () => {
  const resultCalls = async (): Promise<number> =>
    (await requestLog(emu)).filter((r) => r.path.endsWith('/test-results')).length

  /** The next `count` reads of the test results answer `status`. */
  const fault = async (count: number, status: number): Promise<void> => {
    const answer = await call(emu, 'POST', '/_emulator/faults', {
      token: null,
      body: { path: '/apps/:app/builds/:build/test-results', method: 'GET', count, action: 'status', status }
    })
    expect(answer.status).toBeLessThan(300)
  }

  it.each([
    [400, 'not written yet right after the end: asked again'],
    [502, 'a transient fault: retried']
  ])('%i (%s), then the results: they are read', async (status) => {
    const count = 1 + randomInt(2)
    await fault(count, status)
    const result = await step(emu, 'trigger', {
      'app-slug': 'android-app',
      workflow: 'primary',
      'from-event': 'false',
      branch: `feature/${randomSlug()}`,
      'explain-failure': 'false',
      'fail-on-build-failure': 'false',
      wait: 'true',
      'max-attempts': '3',
      ...SAME_REPOSITORY
    })
    expectPassed(result)
    expect(await resultCalls()).toBe(count + 1)
    expect(result.outputs['tests-failed']).toBe('1')
    expect(result.outputs['tests-total']).toBe('4')
  })
})

describe('the heartbeat while a build runs', () => {
  let slow: RunningEmulator
  beforeAll(async () => {
    slow = await startE2eEmulator({ buildDurationMs: 4_000 })
  })
  afterAll(async () => slow?.close())

  it('names the last finished step, from the step summary read no more often than the status', async () => {
    const result = await step(
      slow,
      'trigger',
      {
        'app-slug': 'ios-app',
        workflow: 'primary',
        'from-event': 'false',
        branch: 'main',
        wait: 'true',
        'stream-logs': 'false',
        'poll-interval': '0.2'
      },
      // The tests' build, which takes a heartbeat this short (the shipped action's is a minute).
      { bundle: HOOKS_BUNDLE, env: { SERVICE_HEARTBEAT_MS: '250' } }
    )
    expectPassed(result)
    const slug = result.outputs['build-slug']
    const beats = result.stdout.split('\n').filter((line) => line.startsWith(`Still waiting for build ${slug}:`))
    expect(beats.some((line) => line.endsWith('; last finished step "Git clone" (success)'))).toBe(true)
    const calls = (await requestLog(slow)).map((r) => `${r.method} ${r.path}`)
    const status = calls.filter((c) => c === `GET /v0.1/apps/ios-app/builds/${slug}`).length
    // One more read of the steps after the end, for the summary.
    const summaries = calls.filter((c) => c === `GET /v0.1/apps/ios-app/builds/${slug}/log/summary`).length
    expect(summaries).toBeGreaterThan(1)
    expect(summaries - 1).toBeLessThanOrEqual(status)
  })
})

describe('install-page', () => {
  let github: FakeGitHub
  beforeEach(async () => {
    github = await startFakeGitHub()
  })
  afterAll(async () => github?.close())

  const patches = async (): Promise<string[]> =>
    (await requestLog(emu)).filter((r) => r.method === 'PATCH').map((r) => r.path)

  /** A trigger of ios-app for a same-repository pull request, waited for, with the comment and the check run. */
  const trusted = (extra: Record<string, string>) =>
    step(
      emu,
      'trigger',
      {
        'app-slug': 'ios-app',
        workflow: 'primary',
        'from-event': 'false',
        branch: `feature/${randomSlug()}`,
        'commit-hash': 'b'.repeat(40),
        'pull-request-id': String(1 + randomInt(5000)),
        'branch-dest': 'main',
        'github-comment': 'true',
        'github-status': 'check-run',
        'github-token': randomToken(),
        wait: 'true',
        ...SAME_REPOSITORY,
        ...extra
      },
      { env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/ios-app' } }
    )

  it("a trusted build's matching artifact gets its install page, linked in the output, the comment, the check run and the summary", async () => {
    const result = await trusted({ 'install-page': '*.apk' })
    await github.close()
    expectPassed(result)
    const slug = result.outputs['build-slug']
    expect(await patches()).toEqual([
      expect.stringMatching(new RegExp(`^/v0\\.1/apps/ios-app/builds/${slug}/artifacts/\\w+$`))
    ])
    const pages = JSON.parse(result.outputs['install-page-urls']) as Array<{ title: string; url: string }>
    expect(pages).toEqual([
      { title: 'app-release.apk', url: expect.stringMatching(new RegExp(`^${emu.origin}/artifact/`)) }
    ])
    const link = `[app-release.apk](${pages[0].url})`
    const comment = github.requests.filter((r) => r.method !== 'GET' && r.path.includes('/comments')).at(-1)
    expect((comment?.body as { body: string }).body).toContain(link)
    const checkRun = github.requests.filter((r) => r.path.includes('/check-runs')).at(-1)
    expect((checkRun?.body as { output: { summary: string } }).output.summary).toContain(link)
    expect(result.files.summary).toContain(`<a href="${pages[0].url}">`)
    expect(result.summary).toContain('Anyone with one of these links can install the app')
  })

  it('without install-page, no install page is opened and none is linked', async () => {
    const result = await trusted({})
    await github.close()
    expectPassed(result)
    expect(await patches()).toEqual([])
    expect(result.outputs['install-page-urls']).toBeUndefined()
    const comment = github.requests.filter((r) => r.method !== 'GET' && r.path.includes('/comments')).at(-1)
    expect((comment?.body as { body: string }).body).not.toContain('Install the app')
  })

  it("a fork pull request's build gets no install page: one notice says why", async () => {
    const payload = events.forkPullRequest()
    payload.pull_request.number = 1 + randomInt(5000)
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app', workflow: 'primary', wait: 'true', 'install-page': '*' },
      { event: { name: 'pull_request', payload }, env: { GITHUB_REPOSITORY: 'Codertocat/Hello-World' } }
    )
    expectPassed(result)
    expect(await patches()).toEqual([])
    expect(result.outputs['install-page-urls']).toBeUndefined()
    const notices = result.stdout
      .split('\n')
      .filter((line) => line.startsWith('::notice') && line.includes('install-page'))
    expect(notices).toHaveLength(1)
    expect(notices[0]).toContain('unless its build was approved on the service')
  })
})
