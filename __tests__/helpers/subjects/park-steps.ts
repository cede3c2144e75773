/**
 * What the tests of a parked build share: one emulator per file whose Workspace holds twenty apps
 * (the seed's and copies of web-app), a fake GitHub started afresh for each test, a trigger that
 * parks on a check run of acme/ios-app, the sweep, and builds forged straight on the service.
 */
import { afterAll, beforeAll, beforeEach, expect } from '@jest/globals'
import { startFakeGitHub, type FakeGitHub } from '../../../emulator/github/fake.js'
import { bundledSeed } from '../../../emulator/model/seed.js'
import { randomInt, randomSlug, randomToken } from '../random.js'
import type { RunResult } from '../run-action.js'
import {
  buildState,
  resetEmulator,
  SAME_REPOSITORY,
  sleep,
  startE2eEmulator,
  step,
  TOKENS,
  type RunningEmulator
} from '../scenarios/emulator-steps.js'

export const REPOSITORY = 'acme/ios-app'
export const sha = (): string => Array.from({ length: 40 }, () => randomInt(16).toString(16)).join('')
/** Twenty apps: the seed's and copies of web-app. */
export const EXTRA_APPS = Array.from({ length: 15 }, (_, i) => `parked-app-${i}`)

/** The file's emulator and the test's fake GitHub (set by useParkWorld). */
export let emu: RunningEmulator
export let github: FakeGitHub

/** Registers the hooks: the emulator for the file, reset before each test with a fresh fake GitHub. */
export function useParkWorld(): void {
  beforeAll(async () => {
    const seed = bundledSeed()
    const web = (seed.apps ?? []).find((app) => app.slug === 'web-app')
    for (const slug of EXTRA_APPS) seed.apps?.push({ ...structuredClone(web!), slug, title: slug })
    emu = await startE2eEmulator({ seed })
  })
  beforeEach(async () => {
    await resetEmulator(emu)
    await github?.close()
    github = await startFakeGitHub({ maxRequests: 5000 })
  })
  afterAll(async () => {
    await github?.close()
    await emu?.close()
  })
}

/** Replaces the test's fake GitHub with one started with `options`. */
export async function restartGitHub(options: Parameters<typeof startFakeGitHub>[0]): Promise<void> {
  await github.close()
  github = await startFakeGitHub(options)
}

/** The runner's variables naming the fake GitHub and the repository. */
export const env = () => ({ GITHUB_API_URL: github.url, GITHUB_REPOSITORY: REPOSITORY })

/** A trigger of ios-app on a feature branch that parks on a check run of `commit`. */
export function park(commit: string, inputs: Record<string, string> = {}): Promise<RunResult> {
  return step(
    emu,
    'trigger',
    {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: `feature/${randomSlug()}`,
      'commit-hash': commit,
      wait: 'park',
      'github-status': 'check-run',
      'github-token': randomToken(),
      ...SAME_REPOSITORY,
      ...inputs
    },
    { env: env() }
  )
}

/** The sweep of ios-app's parked builds. */
export function sweepParked(inputs: Record<string, string> = {}): Promise<RunResult> {
  return step(emu, 'report-parked', { 'app-slug': 'ios-app', 'github-token': randomToken(), ...inputs }, { env: env() })
}

/** Waits, on the emulator's state, until the build has ended. */
export async function buildEnded(slug: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (((await buildState(emu, slug)) as { status?: number }).status !== 0) return
    await sleep(50)
  }
  throw new Error(`build ${slug} did not end`)
}

/** Starts a build straight on the service with an environment variable named `name`. */
export async function forged(app: string, name: string, commit = sha()): Promise<string> {
  const res = await fetch(`${emu.url}/apps/${app}/builds`, {
    method: 'POST',
    headers: { authorization: TOKENS.owner, 'content-type': 'application/json' },
    body: JSON.stringify({
      hook_info: { type: 'service' },
      build_params: {
        branch: 'main',
        commit_hash: commit,
        environments: [{ mapped_to: name, value: randomToken(), is_expand: false }]
      }
    })
  })
  const body = (await res.json()) as { build_slug?: string }
  expect([res.status, body]).toEqual([201, expect.objectContaining({ build_slug: expect.any(String) })])
  return body.build_slug as string
}

/** What the steps wrote to GitHub. */
export const writes = () => github.requests.filter((r) => r.method !== 'GET')
