/**
 * What the pull request tests share: one emulator per file whose builds outlast each test (so
 * whatever a step leaves running is still running when checked), reset before each, and builds
 * started over the API as another job would.
 */
import { afterAll, beforeAll, beforeEach, expect } from '@jest/globals'
import { trigger as apiTrigger } from '../../emulator/helpers.js'
import { randomInt, randomToken } from '../random.js'
import { buildState, resetEmulator, startE2eEmulator, type RunningEmulator } from '../scenarios/emulator-steps.js'

/** The emulator of the test file, started by `useLongBuildEmulator`. */
export let emu: RunningEmulator

/** Starts one emulator for the test file with builds that outlast the test, reset before each. */
export function useLongBuildEmulator(): void {
  beforeAll(async () => {
    emu = await startE2eEmulator({ buildDurationMs: 120_000 })
  })
  beforeEach(async () => resetEmulator(emu))
  afterAll(async () => emu?.close())
}

export const OWNERS = { branch_repo_owner: 'acme', branch_dest_repo_owner: 'acme' }
export const sha = (): string =>
  randomToken()
    .replace(/[^a-f0-9]/gi, '')
    .padEnd(7, 'a')
    .toLowerCase() + randomInt(1e9).toString(16)

/** A build started directly over the API (as another job would), returning its slug. */
export async function startBuild(params: Record<string, unknown>): Promise<string> {
  const res = await apiTrigger(emu, { ...OWNERS, ...params })
  expect(res.status).toBe(201)
  return res.json.build_slug as string
}

/** One of the associations allowed-associations lets through by default. */
export const trusted = (): string => ['OWNER', 'MEMBER', 'COLLABORATOR'][randomInt(3)]
export const statusOf = async (slug: string): Promise<string> => (await buildState(emu, slug)).status_text
