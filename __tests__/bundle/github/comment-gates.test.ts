/**
 * Every command given in a comment is gated by allowed-associations, through dist/index.js
 * against the emulator: an abort asked for in a comment (a `/cancel` on a pull request) follows
 * the list exactly as a trigger does, whether by build slug or by pull request, and a review
 * thread resolved by someone whose association GitHub does not send counts as NONE. Logins,
 * associations, numbers and commits are random.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { trigger as apiTrigger } from '../../emulator/helpers.js'
import * as events from '../../fixtures/events/events.js'
import { randomBytes, randomInt, randomSlug } from '../../helpers/random.js'
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

let emu: RunningEmulator
beforeAll(async () => {
  // Builds outlast the test: whatever a refused step leaves is still running when checked.
  emu = await startE2eEmulator({ buildDurationMs: 120_000 })
})
beforeEach(async () => resetEmulator(emu))
afterAll(async () => emu?.close())

const OWNER = 'acme'
const REPOSITORY = `${OWNER}/ios-app`
const sha = (): string => randomBytes(20).toString('hex')
const statusOf = async (slug: string): Promise<string> => (await buildState(emu, slug)).status_text
const writes = async (): Promise<unknown[]> => (await requestLog(emu)).filter((r) => r.method !== 'GET')
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]

/** Running builds of pull request `pr`, started over the API as the pull request's own jobs would. */
async function runningBuildsOf(pr: number): Promise<string[]> {
  const slugs: string[] = []
  const branch = `feature/${randomSlug()}`
  for (let i = 0; i < 1 + randomInt(3); i++) {
    const res = await apiTrigger(emu, {
      branch,
      pull_request_id: pr,
      branch_dest: 'main',
      commit_hash: sha(),
      branch_repo_owner: OWNER,
      branch_dest_repo_owner: OWNER
    })
    expect(res.status).toBe(201)
    slugs.push(res.json.build_slug as string)
  }
  // Only what the step sends is looked at.
  await clearRequestLog(emu)
  return slugs
}

/** A `/cancel` comment on pull request `pr` by `asker`. */
function cancelComment(pr: number, asker: events.Asker) {
  const payload = events.commentOnPullRequest(REPOSITORY, pr, asker, randomSlug('author-'), '/cancel')
  return { event: { name: 'issue_comment', payload }, env: { GITHUB_REPOSITORY: REPOSITORY } }
}

/** A way to name what to abort: the pull request's builds, or one of them by slug. */
function target(pr: number, slugs: string[]): Record<string, string> {
  return randomInt(2) === 0 ? { 'pull-request-id': String(pr) } : { 'build-slug': pick(slugs) }
}

describe('abort asked for in a comment follows allowed-associations', () => {
  it('an untrusted commenter aborts nothing, and the error names them, their association and the list', async () => {
    const pr = 1 + randomInt(90_000)
    const slugs = await runningBuildsOf(pr)
    const asker = events.randomAsker(events.UNTRUSTED_ASSOCIATIONS)
    const result = await step(emu, 'abort', { 'app-slug': 'ios-app', ...target(pr, slugs) }, cancelComment(pr, asker))
    expectFailed(result)
    const error = errorLine(result)
    expect(error).toContain(`${JSON.stringify(asker.login)} (author_association ${asker.association})`)
    expect(error).toContain('allowed-associations (OWNER, MEMBER, COLLABORATOR)')
    expect(error).toContain('nothing is aborted')
    expect(await writes()).toEqual([])
    for (const slug of slugs) expect(await statusOf(slug)).toBe('in-progress')
  })

  it('a narrowed list refuses an association the default would let through; nothing is said to be ignored', async () => {
    const pr = 1 + randomInt(90_000)
    const slugs = await runningBuildsOf(pr)
    const [kept, refused] = [...events.TRUSTED_ASSOCIATIONS].sort(() => randomInt(3) - 1)
    const asker = { login: randomSlug('member-'), association: refused }
    const result = await step(
      emu,
      'abort',
      { 'app-slug': 'ios-app', 'allowed-associations': kept.toLowerCase(), ...target(pr, slugs) },
      cancelComment(pr, asker)
    )
    expectFailed(result)
    expect(errorLine(result)).toContain(
      `(author_association ${refused}), which is not in allowed-associations (${kept})`
    )
    expect(result.stdout).not.toMatch(/::warning::.*allowed-associations/)
    expect(await writes()).toEqual([])
    for (const slug of slugs) expect(await statusOf(slug)).toBe('in-progress')
  })

  it('a trusted commenter aborts; a widened list lets the association it names abort, without a warning', async () => {
    const pr = 1 + randomInt(90_000)
    const slugs = await runningBuildsOf(pr)
    const trusted = events.randomAsker(events.TRUSTED_ASSOCIATIONS)
    const ok = await step(emu, 'abort', { 'app-slug': 'ios-app', 'build-slug': slugs[0] }, cancelComment(pr, trusted))
    expectPassed(ok)
    expect(await statusOf(slugs[0])).toBe('aborted')
    const outsider = events.randomAsker(events.UNTRUSTED_ASSOCIATIONS)
    const widened = await step(
      emu,
      'abort',
      {
        'app-slug': 'ios-app',
        'pull-request-id': String(pr),
        'abort-open-pull-request': 'true',
        'allowed-associations': `OWNER\n${outsider.association.toLowerCase()}`
      },
      cancelComment(pr, outsider)
    )
    expectPassed(widened)
    expect(widened.stdout).not.toMatch(/::warning::.*allowed-associations/)
    for (const slug of slugs) expect(await statusOf(slug)).toBe('aborted')
  })
})

describe('pull_request_review_thread is gated like the other review events', () => {
  /** A thread of a pull request resolved by `login`: GitHub sends the resolver as `sender` only, with no association. */
  function threadResolved(login: string) {
    const payload = events.forkPullRequest()
    payload.action = pick(['resolved', 'unresolved'])
    payload.pull_request.number = 1 + randomInt(90_000)
    payload.pull_request.head.sha = sha()
    payload.thread = { node_id: randomSlug('PRRT_'), comments: [] }
    payload.sender = { ...payload.sender, login }
    return { event: { name: 'pull_request_review_thread', payload }, env: { GITHUB_REPOSITORY: REPOSITORY } }
  }

  it('a trigger or an abort from a resolved thread is refused by default, naming who sent it and why', async () => {
    const login = randomSlug('user-')
    const operation = pick(['trigger', 'abort'])
    const slugs = await runningBuildsOf(1 + randomInt(90_000))
    const inputs: Record<string, string> = operation === 'trigger' ? {} : { 'build-slug': slugs[0] }
    const result = await step(emu, operation, { 'app-slug': 'ios-app', ...inputs }, threadResolved(login))
    expectFailed(result)
    const error = errorLine(result)
    expect(error).toContain(`This pull_request_review_thread event was sent by ${JSON.stringify(login)}`)
    expect(error).toContain('counts as NONE')
    expect(error).toContain('allowed-associations (OWNER, MEMBER, COLLABORATOR)')
    expect(await writes()).toEqual([])
    expect(await statusOf(slugs[0])).toBe('in-progress')
  })

  it('with NONE in the list, the thread is let through', async () => {
    const slugs = await runningBuildsOf(1 + randomInt(90_000))
    const result = await step(
      emu,
      'abort',
      { 'app-slug': 'ios-app', 'build-slug': slugs[0], 'allowed-associations': 'MEMBER, none' },
      threadResolved(randomSlug('user-'))
    )
    expectPassed(result)
    expect(await statusOf(slugs[0])).toBe('aborted')
  })
})
