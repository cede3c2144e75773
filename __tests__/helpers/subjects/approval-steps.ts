/**
 * What the approval-hold tests share: one emulator and one fake GitHub per file (its reviews bind
 * a label to a reviewed commit), fork pull request events, and the steps and decisions around a
 * held trigger.
 */
import { afterAll, beforeAll } from '@jest/globals'
import { startFakeGitHub, type FakeGitHub } from '../../../emulator/github/fake.js'
import type { ChildProcess } from 'node:child_process'
import * as events from '../../fixtures/events/events.js'
import { call } from '../../emulator/helpers.js'
import { randomBytes, randomInt, randomSlug } from '../random.js'
import { emulatorPerFile, printed, requestLog, step, type RunningEmulator } from '../scenarios/emulator-steps.js'

/** The emulator of the test file, started by `useApprovalWorld`. */
export let emu: RunningEmulator
/** GitHub's side of a label approval: the pull request's reviews, which bind the label to a reviewed commit. */
export let github: FakeGitHub
export const reviews: Record<number, unknown[]> = {}

/** Starts the file's emulator and fake GitHub, and stops them after the file. */
export function useApprovalWorld(): void {
  emulatorPerFile((started) => (emu = started))
  beforeAll(async () => {
    github = await startFakeGitHub({ reviews, maxRequests: 1000 })
  })
  afterAll(async () => github?.close())
}

/** A pull_request `opened` payload from a random fork, with a random head commit and number. */
export function forkEvent(): {
  event: { name: string; payload: events.Payload }
  sha: string
  number: number
  fork: events.ForkNames
} {
  const fork = events.randomFork()
  const payload = events.forkPullRequest(fork)
  const sha = randomBytes(20).toString('hex')
  const number = randomInt(3, 100_000)
  payload.number = number
  payload.pull_request.number = number
  payload.pull_request.head.sha = sha
  return { event: { name: 'pull_request', payload }, sha, number, fork }
}

export async function openRequests(): Promise<Array<{ slug: string; build_params: Record<string, unknown> }>> {
  return (await call(emu, 'GET', '/apps/ios-app/build-requests')).json.data
}

/** Runs the trigger step and, once it prints `when`, calls `then` while it keeps running. */
export async function whileRunning(
  inputs: Record<string, string>,
  event: { name: string; payload: unknown },
  when: string,
  then: () => Promise<void>
) {
  let spawned: (child: ChildProcess) => void = () => undefined
  const child = new Promise<ChildProcess>((resolve) => (spawned = resolve))
  const running = step(emu, 'trigger', { 'app-slug': 'ios-app', ...inputs }, { event, onSpawn: spawned })
  await printed(await child, when)
  await then()
  return running
}

/** The decisions sent to the emulator: which request, approved or rejected. */
export async function decisions(): Promise<Array<[string, boolean]>> {
  return (await requestLog(emu))
    .filter((r) => r.method === 'PATCH')
    .map((r) => [r.path.split('/').at(-1) as string, r.body.is_approved])
}

/**
 * `payload` (a fork pull request event) as labelled by a random maintainer: the approve recipe's
 * event, whose sender is not the author, after a trusted reviewer approved its head on GitHub.
 */
export function byLabel(payload: events.Payload): {
  event: { name: string; payload: events.Payload }
  env: Record<string, string>
} {
  payload.action = 'labeled'
  payload.label = { name: 'safe to build' }
  payload.pull_request.user = { ...payload.pull_request.user, login: payload.pull_request.head.user.login }
  payload.sender = { ...payload.sender, login: randomSlug('maintainer-') }
  const reviewer = events.randomAsker(events.TRUSTED_ASSOCIATIONS)
  reviews[payload.pull_request.number] = [
    {
      user: { login: reviewer.login },
      state: 'APPROVED',
      commit_id: payload.pull_request.head.sha,
      author_association: reviewer.association
    }
  ]
  return {
    event: { name: 'pull_request_target', payload },
    env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: payload.pull_request.base.repo.full_name }
  }
}
