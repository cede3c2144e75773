/**
 * What the trust tests share: one emulator (builds outlast each test) and one fake GitHub per file
 * with its pull requests and reviews, events on the fixtures' base repository, and held fork
 * builds and labels that bind to a reviewed commit.
 */
import { afterAll, beforeAll, beforeEach } from '@jest/globals'
import { startFakeGitHub, type FakeGitHub } from '../../../emulator/github/fake.js'
import { call, trigger as apiTrigger } from '../../emulator/helpers.js'
import * as events from '../../fixtures/events/events.js'
import { randomBytes, randomSlug } from '../random.js'
import { requestLog, resetEmulator, startE2eEmulator, type RunningEmulator } from '../scenarios/emulator-steps.js'

/** The emulator and fake GitHub of the test file, started by `useTrustWorld`. */
export let emu: RunningEmulator
export let github: FakeGitHub
export const pulls: Record<number, unknown> = {}
export const reviews: Record<number, unknown[]> = {}

/** Starts the file's emulator and fake GitHub, resets the emulator before each test, stops both after. */
export function useTrustWorld(): void {
  beforeAll(async () => {
    emu = await startE2eEmulator({ buildDurationMs: 120_000 })
    github = await startFakeGitHub({ pulls, reviews })
  })
  beforeEach(async () => resetEmulator(emu))
  afterAll(async () => {
    await github?.close()
    await emu?.close()
  })
}

export const sha = (): string => randomBytes(20).toString('hex')
export const posts = async (): Promise<unknown[]> => (await requestLog(emu)).filter((r) => r.method !== 'GET')

/** The base repository of the fixtures' pull requests. */
export const BASE = 'Codertocat/Hello-World'

export function onEvent(name: string, payload: unknown, env: Record<string, string> = {}) {
  return { event: { name, payload }, env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: BASE, ...env } }
}

/**
 * Held fork builds of pull request `number`, one per commit, oldest first, as the service's own
 * webhook sends them (the head branch of the fixtures' pull requests, `changes`); returns their
 * requests by commit.
 */
export async function holdForkBuilds(number: number, commits: string[]): Promise<Map<string, string>> {
  for (const commit of commits) {
    await apiTrigger(emu, { branch: 'changes', pull_request_id: number, commit_hash: commit, branch_dest: 'master' })
  }
  const requests = (await call(emu, 'GET', '/apps/ios-app/build-requests')).json.data as Array<{
    slug: string
    build_params: { commit_hash: string }
  }>
  return new Map(requests.map((r) => [r.build_params.commit_hash, r.slug]))
}

export const patches = async (): Promise<Array<{ path: string; body: { is_approved: boolean } }>> =>
  (await requestLog(emu)).filter((r) => r.method === 'PATCH') as never

/**
 * A maintainer labels a fork pull request whose head is `head` (the approve recipe's event),
 * after a trusted reviewer approved that commit on GitHub (a label binds to a reviewed commit).
 */
export function labelled(head: string, number: number, maintainer = randomSlug('maintainer-')) {
  const reviewer = events.randomAsker(events.TRUSTED_ASSOCIATIONS)
  reviews[number] = [
    { user: { login: reviewer.login }, state: 'APPROVED', commit_id: head, author_association: reviewer.association }
  ]
  const payload = events.forkPullRequest()
  payload.action = 'labeled'
  payload.number = number
  payload.pull_request.number = number
  payload.pull_request.head.sha = head
  payload.pull_request.user = { ...payload.pull_request.user, login: payload.pull_request.head.user.login }
  payload.label = { name: 'safe to build' }
  payload.sender = { ...payload.sender, login: maintainer }
  return payload
}
