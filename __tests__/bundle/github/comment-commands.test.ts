/**
 * Every operation that starts, stops or approves a build is gated by allowed-associations when a
 * comment or a review asks for it, through dist/index.js against the emulator: trigger, abort,
 * wait (which aborts its build on a timeout or a cancel), rebuild-pipeline and
 * approve-build-request. A NONE commenter, writing random text in a random kind of comment,
 * starts, stops and approves nothing, and the error says who and why. Logins, numbers, commits,
 * comment text and workflow names are random.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { bundledSeed } from '../../../emulator/model/seed.js'
import { call, trigger as apiTrigger } from '../../emulator/helpers.js'
import * as events from '../../fixtures/events/events.js'
import { randomBytes, randomHostileText, randomInt, randomSlug, randomString } from '../../helpers/random.js'
import {
  buildState,
  clearRequestLog,
  errorLine,
  expectFailed,
  expectPassed,
  requestLog,
  resetEmulator,
  startE2eEmulator,
  step,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

const PIPELINE = `release-${randomString(6).toLowerCase()}`
const SECOND = `tests-${randomString(6).toLowerCase()}`

let emu: RunningEmulator
beforeAll(async () => {
  const seed = bundledSeed()
  for (const app of seed.apps ?? []) {
    if (app.slug !== 'ios-app') continue
    app.service_yml = [
      app.service_yml ?? '',
      'pipelines:',
      `  ${PIPELINE}:`,
      '    stages:',
      '    - build: { workflows: [primary] }',
      `    - test: { workflows: [${SECOND}] }`,
      ''
    ].join('\n')
  }
  // Builds outlast the test: whatever a refused step leaves is still running when checked.
  emu = await startE2eEmulator({ seed, buildDurationMs: 120_000, rebuildDelayMs: 0 })
})
beforeEach(async () => resetEmulator(emu))
afterAll(async () => emu?.close())

const OWNER = 'acme'
const REPOSITORY = `${OWNER}/ios-app`
const sha = (): string => randomBytes(20).toString('hex')
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]
const statusOf = async (slug: string): Promise<string> => (await buildState(emu, slug)).status_text

/** Random comment text: a command word or hostile lines, never the same twice. */
const commentText = (): string =>
  pick([`/${randomSlug()}`, `/cancel ${randomString(12)}`, `/rebuild\n${randomString(30)}`, randomHostileText().text])

/** What the comment's event says of who wrote it, and the `if:` field the message names. */
interface Asked {
  event: { name: string; payload: events.Payload }
  env: Record<string, string>
  field: string
}

/**
 * A comment or review by `asker` on pull request `number`, of a kind drawn at random: a comment
 * on the conversation, a comment on the diff, or a submitted review (each with random text).
 */
function commentBy(asker: events.Asker, number: number): Asked {
  const env = { GITHUB_REPOSITORY: REPOSITORY }
  const kind = randomInt(3)
  if (kind === 0) {
    const payload = events.commentOnPullRequest(REPOSITORY, number, asker, randomSlug('author-'), commentText())
    return { event: { name: 'issue_comment', payload }, env, field: 'comment' }
  }
  const pr = events.forkPullRequest()
  pr.pull_request.number = number
  pr.pull_request.head.sha = sha()
  if (kind === 1) {
    const payload = events.reviewComment(pr.pull_request, asker)
    payload.comment.body = commentText()
    return { event: { name: 'pull_request_review_comment', payload }, env, field: 'comment' }
  }
  const payload = events.approvingReview(pr.pull_request, asker)
  payload.review.state = pick(['commented', 'approved', 'changes_requested'])
  payload.review.body = commentText()
  return { event: { name: 'pull_request_review', payload }, env, field: 'review' }
}

/** Running builds of pull request `number`, started over the API as its own jobs would. */
async function runningBuilds(number: number): Promise<string[]> {
  const slugs: string[] = []
  for (let i = 0; i < 1 + randomInt(3); i++) {
    const res = await apiTrigger(emu, {
      branch: `feature/${randomSlug()}`,
      pull_request_id: number,
      branch_dest: 'main',
      commit_hash: sha(),
      branch_repo_owner: OWNER,
      branch_dest_repo_owner: OWNER
    })
    expect(res.status).toBe(201)
    slugs.push(res.json.build_slug as string)
  }
  return slugs
}

/** A pipeline that has ended (aborted over the API), so a rebuild of it would start a new attempt. */
async function endedPipeline(): Promise<string> {
  const res = await apiTrigger(emu, {
    branch: 'main',
    pipeline_id: PIPELINE,
    branch_repo_owner: OWNER,
    branch_dest_repo_owner: OWNER
  })
  expect(res.status).toBe(201)
  const id = res.json.build_slug as string
  expect((await call(emu, 'POST', `/apps/ios-app/pipelines/${id}/abort`, { body: {} })).status).toBe(200)
  return id
}

/** Build requests held for approval: a fork's builds of pull request `number`, named by neither owner. */
async function heldRequests(number: number): Promise<string[]> {
  for (let i = 0; i < 1 + randomInt(2); i++)
    await apiTrigger(emu, {
      branch: randomSlug('patch-'),
      pull_request_id: number,
      commit_hash: sha(),
      branch_dest: 'main'
    })
  const open = (await call(emu, 'GET', '/apps/ios-app/build-requests')).json.data as Array<{ slug: string }>
  expect(open.length).toBeGreaterThan(0)
  return open.map((r) => r.slug)
}

type Operation = 'trigger' | 'abort' | 'wait' | 'rebuild-pipeline' | 'approve-build-request'

/** The world before the step and the inputs that ask it to start, stop or approve something. */
interface Setup {
  inputs: Record<string, string>
  /** What the refusal says is not done. */
  verb: RegExp
  /** Whether nothing was started, stopped or approved, read from the emulator after the step. */
  untouched: () => Promise<void>
}

const SETUPS: Record<Operation, (number: number) => Promise<Setup>> = {
  trigger: async () => ({
    inputs: {},
    verb: /built/,
    untouched: async () => expect((await call(emu, 'GET', '/_emulator/state')).json.builds).toEqual([])
  }),
  abort: async (number) => {
    const slugs = await runningBuilds(number)
    return {
      inputs: pick<Record<string, string>>([{ 'build-slug': pick(slugs) }, { 'pull-request-id': String(number) }]),
      verb: /aborted/,
      untouched: async () => {
        for (const slug of slugs) expect(await statusOf(slug)).toBe('in-progress')
      }
    }
  },
  wait: async (number) => {
    const slugs = await runningBuilds(number)
    // A wait this short ends in a timeout, and a timeout aborts the build: that is what is gated.
    return {
      inputs: { 'build-slug': pick(slugs), 'wait-timeout': `${1 + randomInt(3)}s`, 'poll-interval': '1' },
      verb: /waited for or aborted/,
      untouched: async () => {
        for (const slug of slugs) expect(await statusOf(slug)).toBe('in-progress')
      }
    }
  },
  'rebuild-pipeline': async () => {
    const id = await endedPipeline()
    const attempts = (await call(emu, 'GET', `/apps/ios-app/pipelines/${id}`)).json.attempts
    return {
      inputs: { 'pipeline-id': id, partial: String(randomInt(2) === 0) },
      verb: /rebuilt/,
      untouched: async () => {
        const pipeline = (await call(emu, 'GET', `/apps/ios-app/pipelines/${id}`)).json
        expect(pipeline.status).toBe('aborted')
        expect(pipeline.attempts).toEqual(attempts)
      }
    }
  },
  'approve-build-request': async (number) => {
    const open = await heldRequests(number)
    return {
      inputs: { approve: pick(['true', 'false']), 'build-request-slug': pick(open) },
      verb: /(approved|rejected)/,
      untouched: async () => {
        const now = (await call(emu, 'GET', '/apps/ios-app/build-requests')).json.data as Array<{ slug: string }>
        expect(now.map((r) => r.slug).sort()).toEqual([...open].sort())
      }
    }
  }
}

describe('a NONE commenter starts, stops and approves nothing', () => {
  it.each(Object.keys(SETUPS) as Operation[])('%s from a comment or review', async (operation) => {
    const number = 1 + randomInt(90_000)
    const setup = await SETUPS[operation](number)
    await clearRequestLog(emu)
    const asker = { login: randomSlug('user-'), association: 'NONE' }
    const asked = commentBy(asker, number)
    const result = await step(emu, operation, { 'app-slug': 'ios-app', ...setup.inputs }, asked)
    expectFailed(result)
    const error = errorLine(result)
    expect(error).toContain(
      `This ${asked.event.name} event was written by ${JSON.stringify(asker.login)} (author_association NONE), which is not in allowed-associations (OWNER, MEMBER, COLLABORATOR): nothing is `
    )
    expect(error).toMatch(new RegExp(`nothing is ${setup.verb.source}\\. `))
    expect(error).toContain(`github.event.${asked.field}.author_association`)
    // Refused before anything is read or sent.
    expect(await requestLog(emu)).toEqual([])
    await setup.untouched()
  })
})

describe('the gate lets through whom the list names', () => {
  it('wait and rebuild-pipeline run for a trusted commenter, and for NONE once the list names it', async () => {
    const number = 1 + randomInt(90_000)
    const [slug] = await runningBuilds(number)
    const trusted = events.randomAsker(events.TRUSTED_ASSOCIATIONS)
    const waited = await step(
      emu,
      'wait',
      { 'app-slug': 'ios-app', 'build-slug': slug, 'wait-timeout': '1s', 'poll-interval': '1' },
      commentBy(trusted, number)
    )
    // The wait ran: it timed out and aborted the build, as a wait does.
    expectFailed(waited)
    expect(errorLine(waited)).not.toContain('allowed-associations')
    expect(await statusOf(slug)).toBe('aborted')
    const id = await endedPipeline()
    const outsider = { login: randomSlug('user-'), association: 'NONE' }
    const rebuilt = await step(
      emu,
      'rebuild-pipeline',
      { 'app-slug': 'ios-app', 'pipeline-id': id, 'allowed-associations': `member, ${pick(['NONE', 'none'])}` },
      commentBy(outsider, number)
    )
    expectPassed(rebuilt)
    expect(rebuilt.stdout).not.toMatch(/::warning::.*allowed-associations/)
    const rebuilds = (await requestLog(emu)).filter((r) => r.path.endsWith('/rebuild'))
    expect(rebuilds.map((r) => r.path)).toEqual([`/v0.1/apps/ios-app/pipelines/${id}/rebuild`])
  })
})
