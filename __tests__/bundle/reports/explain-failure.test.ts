/**
 * Why a waited build failed, through dist/index.js against the emulator: the service's AI
 * summary of a failed build goes to the failure-summary output, the job summary, the log and
 * the pull request comment, as inert text, whether it comes as one text, in the three parts the
 * product shows, or in a shape the action does not know (shown as sent, cut when long); a
 * summary written a little after the failure is asked for again; without one (feature off) the
 * log says so after a bounded number of asks; a build that did not fail, or explain-failure:
 * false, asks nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startFakeGitHub, type FakeGitHub } from '../../../emulator/github/fake.js'
import { bundledSeed } from '../../../emulator/model/seed.js'
import { call } from '../../emulator/helpers.js'
import { decodeCharacterReferences } from '../../helpers/run-action.js'
import {
  randomHostileMarkdown,
  randomHostileText,
  randomInt,
  randomSlug,
  randomString,
  randomToken
} from '../../helpers/random.js'
import { expectInert } from '../../helpers/scenarios/inert.js'
import {
  expectFailed,
  expectPassed,
  requestLog,
  resetEmulator,
  SAME_REPOSITORY,
  sleep,
  startE2eEmulator,
  step,
  TOKENS,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

let emu: RunningEmulator
beforeAll(async () => {
  const seed = bundledSeed()
  const apps = seed.apps!
  // android-app's builds fail and its settings turn the AI summary on; here it reads its configuration from the service.
  apps.find((app) => app.slug === 'android-app')!.config_location = 'service'
  // web-app's builds fail too, with the AI summary off (the default).
  const web = apps.find((app) => app.slug === 'web-app')!
  web.build_outcome = 'failure'
  expect(web.ai_summary).toBeUndefined()
  emu = await startE2eEmulator({ seed, enableFaults: true })
})
beforeEach(async () => resetEmulator(emu))
afterAll(async () => emu?.close())

/**
 * The signed URLs of archived logs the step masked, its own masks: when a poll comes after the
 * build ended, the rest of the log is read from the archive, whose URL is masked first.
 */
const logUrlMasks = (result: { stdout: string }, on: RunningEmulator): string[] =>
  result.stdout
    .split('\n')
    .flatMap((line) =>
      line.startsWith(`::add-mask::${on.origin}/_raw-logs/`) ? [line.slice('::add-mask::'.length).trim()] : []
    )

const summaryCalls = async (): Promise<string[]> =>
  (await requestLog(emu)).filter((r) => r.path.endsWith('/ai-summary')).map((r) => `${r.method} ${r.path}`)

/** A commit message a hostile pull request could carry: workflow commands, Markdown and HTML, and a mention. */
function hostileMessage() {
  const text = randomHostileText()
  const markdown = randomHostileMarkdown()
  return {
    message: `${text.text}\n${markdown.text} @${randomSlug()} #${1 + randomInt(999)}`,
    commandLines: text.commandLines,
    fragments: markdown.fragments
  }
}

describe('explain-failure', () => {
  let github: FakeGitHub
  beforeEach(async () => {
    github = await startFakeGitHub()
  })
  afterAll(async () => github?.close())

  it("a failed build's AI summary is the failure-summary output as the service wrote it, and shows in the summary, the log and the pull request comment as inert text", async () => {
    const hostile = hostileMessage()
    const pr = String(1 + randomInt(5000))
    const token = randomToken()
    const result = await step(
      emu,
      'trigger',
      {
        'app-slug': 'android-app',
        workflow: 'primary',
        'from-event': 'false',
        branch: `feature/${randomSlug()}`,
        'commit-message': hostile.message,
        'pull-request-id': pr,
        'branch-dest': 'main',
        'github-comment': 'true',
        'github-token': token,
        wait: 'true',
        ...SAME_REPOSITORY
      },
      { env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/android-app' } }
    )
    await github.close()
    expectFailed(result)
    expect(result.outputs['build-status']).toBe('failed')
    const slug = result.outputs['build-slug']
    const answer = await call(emu, 'GET', `/builds/${slug}/ai-summary`)
    expect(answer.status).toBe(200)
    const written = answer.json.summary as string
    expect(written).toContain(hostile.message)
    expect(result.outputs['failure-summary']).toBe(written)
    expect(await summaryCalls()).toEqual([`GET /v0.1/builds/${slug}/ai-summary`, `GET /v0.1/builds/${slug}/ai-summary`])
    expect(result.summary).toContain("Why it failed, in the service's AI summary:")
    expect(result.stdout).toContain(`The service's AI summary of build ${slug}:`)
    expectInert(result, [token, TOKENS.owner, ...logUrlMasks(result, emu)], hostile.commandLines, hostile.fragments)

    const comments = github.requests.filter((r) => r.method !== 'GET' && r.path.includes('/comments'))
    const last = comments[comments.length - 1].body as { body: string }
    expect(last.body).toContain("**Why it failed** (the service's AI summary):")
    for (const fragment of hostile.fragments) expect(last.body).not.toContain(fragment)
    // Mentions and issue references from service text ping nobody: a joiner follows each @ and #.
    expect(decodeCharacterReferences(last.body.split('> **Why it failed**')[1])).not.toMatch(/[@#](?!\u200d)/)
  })

  it('several apps: each failed build has its AI summary in the builds output, the summary and the log, as inert text; the others are not asked about', async () => {
    const hostile = hostileMessage()
    const token = randomToken()
    const result = await step(emu, 'trigger', {
      'app-slug': 'ios-app\nandroid-app',
      workflow: 'primary',
      'from-event': 'false',
      branch: `feature/${randomSlug()}`,
      'commit-message': hostile.message,
      'github-token': token,
      wait: 'true',
      'fail-fast': 'false',
      'poll-interval': '0.2',
      ...SAME_REPOSITORY
    })
    expectFailed(result)
    const builds = JSON.parse(result.outputs.builds) as Array<Record<string, string>>
    const failed = builds.find((b) => b['app-slug'] === 'android-app')!
    const passed = builds.find((b) => b['app-slug'] === 'ios-app')!
    expect([failed.status, passed.status]).toEqual(['failed', 'success'])
    const answer = await call(emu, 'GET', `/builds/${failed['build-slug']}/ai-summary`)
    const written = answer.json.summary as string
    expect(written).toContain(hostile.message)
    expect(failed['failure-summary']).toBe(written)
    expect(passed['failure-summary']).toBeUndefined()
    expect(await summaryCalls()).toEqual([
      `GET /v0.1/builds/${failed['build-slug']}/ai-summary`,
      `GET /v0.1/builds/${failed['build-slug']}/ai-summary`
    ])
    expect(result.summary).toContain("android-app: why it failed, in the service's AI summary:")
    expect(result.stdout).toContain(`android-app: the service's AI summary of build ${failed['build-slug']}:`)
    expectInert(result, [token, TOKENS.owner, ...logUrlMasks(result, emu)], hostile.commandLines, hostile.fragments)
  })

  it('explain-failure: false asks the service nothing, and sets no failure-summary', async () => {
    const result = await step(emu, 'trigger', {
      'app-slug': 'android-app',
      'from-event': 'false',
      branch: 'main',
      wait: 'true',
      'explain-failure': 'false',
      ...SAME_REPOSITORY
    })
    expectFailed(result)
    expect(await summaryCalls()).toEqual([])
    expect(result.outputs['failure-summary'] ?? '').toBe('')
    expect(result.summary).not.toContain('AI summary')
  })

  it('a failed build without a summary (the feature is off): asked four times in all, and the log says there is none', async () => {
    const result = await step(emu, 'trigger', {
      'app-slug': 'web-app',
      'from-event': 'false',
      branch: 'main',
      wait: 'true',
      ...SAME_REPOSITORY
    })
    expectFailed(result)
    const slug = result.outputs['build-slug']
    expect(await summaryCalls()).toEqual(Array(4).fill(`GET /v0.1/builds/${slug}/ai-summary`))
    expect(result.outputs['failure-summary'] ?? '').toBe('')
    expect(result.summary).not.toContain('AI summary')
    expect(result.stdout).toContain(`The service has no AI summary of build ${slug}: it answered 404, asked 4 time(s)`)
  })

  it('an answer in a shape the action does not know is shown as the service sent it, cut and inert; empty answers right after the failure are asked again', async () => {
    const hostile = hostileMessage()
    const empties = 1 + randomInt(2)
    const sent = {
      result: { explanation: `${hostile.message} ${randomString(4500 + randomInt(1000))}` },
      id: randomInt(1000)
    }
    const path = '/builds/:build/ai-summary'
    for (const [count, body] of [
      [empties, {}],
      [1, sent]
    ] as const) {
      expect(
        (
          await call(emu, 'POST', '/_emulator/faults', {
            token: null,
            body: { path, method: 'GET', count, action: 'status', status: 200, body }
          })
        ).status
      ).toBeLessThan(300)
    }
    const result = await step(emu, 'trigger', {
      'app-slug': 'android-app',
      'from-event': 'false',
      branch: `fix/${randomSlug()}`,
      wait: 'true',
      ...SAME_REPOSITORY
    })
    expectFailed(result)
    const slug = result.outputs['build-slug']
    expect(await summaryCalls()).toEqual(Array(empties + 1).fill(`GET /v0.1/builds/${slug}/ai-summary`))
    const whole = JSON.stringify(sent)
    const shown = result.outputs['failure-summary']
    expect(shown.startsWith(whole.slice(0, 3000))).toBe(true)
    expect(shown).toMatch(new RegExp(`\\.\\.\\. \\(cut: the service's summary is ${whole.length} characters long\\)$`))
    expect(result.stdout).toContain(
      `The service's AI summary of build ${slug} was read after ${empties + 1} asks, in a shape the action does not know`
    )
    expect(result.summary).toContain("Why it failed, in the service's AI summary:")
    expectInert(result, [TOKENS.owner, ...logUrlMasks(result, emu)], hostile.commandLines, hostile.fragments)
  })

  it('a summary that cannot be read is said in the log, and the step ends as the build did', async () => {
    const status = [401, 403, 422][randomInt(3)]
    expect(
      (
        await call(emu, 'POST', '/_emulator/faults', {
          token: null,
          body: {
            path: '/builds/:build/ai-summary',
            method: 'GET',
            action: 'status',
            status,
            body: { message: randomString(10) }
          }
        })
      ).status
    ).toBeLessThan(300)
    const result = await step(emu, 'trigger', {
      'app-slug': 'android-app',
      'from-event': 'false',
      branch: 'main',
      wait: 'true',
      ...SAME_REPOSITORY
    })
    expectFailed(result)
    expect(result.outputs['build-status']).toBe('failed')
    expect(result.stdout).toContain(
      `The service's AI summary of build ${result.outputs['build-slug']} could not be read`
    )
    expect(result.outputs['failure-summary'] ?? '').toBe('')
  })

  it('a build that succeeded is not explained; the wait operation explains a failed one too', async () => {
    const passed = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: 'main',
      wait: 'true',
      ...SAME_REPOSITORY
    })
    expectPassed(passed)
    expect(await summaryCalls()).toEqual([])

    const started = await step(emu, 'trigger', {
      'app-slug': 'android-app',
      'from-event': 'false',
      branch: 'main',
      ...SAME_REPOSITORY
    })
    expectPassed(started)
    const waited = await step(emu, 'wait', {
      'app-slug': 'android-app',
      'build-slug': started.outputs['build-slug'],
      'fail-on-build-failure': 'false'
    })
    expectPassed(waited)
    expect(waited.outputs['failure-summary']).toContain('workflow failed')
  })
})

describe('a summary in three parts, written a few seconds after the failure', () => {
  let slow: RunningEmulator
  // The service writes the summary this long after the build ends, on the emulator's clock, which
  // the test moves on by as much once the step has asked: the first ask comes before the summary
  // exists, held by the test rather than raced.
  const delayMs = 600_000
  let clockOffset = 0
  beforeAll(async () => {
    const seed = bundledSeed()
    Object.assign(
      seed.apps!.find((app) => app.slug === 'android-app')!,
      { config_location: 'service', ai_summary_shape: 'three_parts', ai_summary_delay_ms: delayMs }
    )
    slow = await startE2eEmulator({ seed, now: () => Date.now() + clockOffset })
  })
  afterAll(async () => slow?.close())

  it('is asked for again until it exists, and every part is the failure-summary, a line of the summary and of the log, as inert text', async () => {
    const hostile = hostileMessage()
    let stepDone = false
    const running = step(slow, 'trigger', {
      'app-slug': 'android-app',
      workflow: 'primary',
      'from-event': 'false',
      branch: `fix/${randomSlug()}`,
      'commit-message': hostile.message,
      wait: 'true',
      'poll-interval': '2',
      'stream-logs': 'false',
      ...SAME_REPOSITORY
    }).finally(() => (stepDone = true))
    const asked = async () => (await requestLog(slow)).some((r) => /^\/v0\.1\/builds\/[^/]+\/ai-summary$/.test(r.path))
    while (!stepDone && !(await asked())) await sleep(50)
    clockOffset += delayMs
    const result = await running
    expectFailed(result)
    const slug = result.outputs['build-slug']
    const asks = (await requestLog(slow)).filter((r) => r.path === `/v0.1/builds/${slug}/ai-summary`).length
    expect(asks).toBeGreaterThan(1)
    const parts = (await call(slow, 'GET', `/builds/${slug}/ai-summary`)).json as Record<string, string>
    expect(parts.reason).toContain(hostile.message)
    const expected = `Failure details: ${parts.failure_details}\nReason: ${parts.reason}\nSuggested solution: ${parts.suggested_solution}`
    expect(result.outputs['failure-summary']).toBe(expected)
    expect(result.stdout).toContain(`The service's AI summary of build ${slug} was read after ${asks} asks.`)
    expect(result.summary).toContain("Why it failed, in the service's AI summary: Failure details:")
    expect(result.summary).toContain('Suggested solution:')
    expectInert(result, [TOKENS.owner, ...logUrlMasks(result, slow)], hostile.commandLines, hostile.fragments)
  }, 30_000)
})
