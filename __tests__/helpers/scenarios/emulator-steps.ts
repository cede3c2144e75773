/**
 * End-to-end helpers: the bundled action (dist/index.js) run as the runner runs it,
 * against the project's emulator started in-process on 127.0.0.1 with the bundled seed.
 */
import { afterAll, beforeAll, beforeEach, expect } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../emulator/server.js'
import { runAction, type RunOptions, type RunResult } from '../run-action.js'
import { expectNoSecrets } from '../secrets.js'
import { tempDir } from '../temp-dirs.js'

export { errorLine } from '../run-action.js'
import { TOKENS } from '../../emulator/helpers.js'

export { TOKENS }
export type { RunningEmulator } from '../../../emulator/server.js'

/**
 * Both owner inputs set and equal: the build comes from the app's own repository. A pull request
 * trigger without them (or with differing ones) is held for manual approval as a build request.
 */
export const SAME_REPOSITORY = { 'branch-repo-owner': 'acme', 'branch-dest-repo-owner': 'acme' } as const

/** An emulator of this file's own, on a free port, with short builds. */
export function startE2eEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ port: 0, buildDurationMs: 300, logDelayMs: 50, ...options })
}

/**
 * One emulator for the whole test file: started before the first test (and handed to
 * `onStart`), reset before each test unless `resetEach` is false, and stopped, with the
 * file's workspaces removed, after the last.
 */
export function emulatorPerFile(
  onStart: (emu: RunningEmulator) => void,
  options: EmulatorOptions & { resetEach?: boolean } = {}
): void {
  const { resetEach = true, ...emulatorOptions } = options
  let emu: RunningEmulator | undefined
  beforeAll(async () => {
    emu = await startE2eEmulator(emulatorOptions)
    onStart(emu)
  })
  if (resetEach) beforeEach(async () => emu && resetEmulator(emu))
  afterAll(async () => {
    removeWorkspaces()
    await emu?.close()
  })
}

export interface StepOptions extends RunOptions {
  /** Defaults to the Owner's token. */
  token?: string
}

/** The first line of the job summary of each step run with `exercised`, by operation, in order. */
export const firstLines = new Map<string, string[]>()

/**
 * Runs one step of `operation` through dist/index.js against the emulator. Every
 * operation run is added to `exercised`, when given, for the coverage check.
 */
export async function step(
  emu: RunningEmulator,
  operation: string,
  inputs: Record<string, string> = {},
  options: StepOptions = {},
  exercised?: Set<string>
): Promise<RunResult> {
  const { token = TOKENS.owner, ...runOptions } = options
  const result = await runAction(
    { operation, token, 'base-url': emu.url, 'poll-interval': '0.1', ...inputs },
    runOptions
  )
  exercised?.add(operation)
  if (exercised) firstLines.set(operation, [...(firstLines.get(operation) ?? []), result.summary.split('\n')[0]])
  expect(result.timedOut).toBe(false)
  // A token must never reach the log, the outputs, the state or the summary, in any spelling.
  expectNoSecrets(result, [token])
  return result
}

/** Asserts the step passed, showing its log when it did not. */
export function expectPassed(result: RunResult): void {
  expect({ code: result.code, log: result.code === 0 ? '' : result.stdout + result.stderr }).toEqual({
    code: 0,
    log: ''
  })
}

/** Asserts the step failed (exit code 1). */
export function expectFailed(result: RunResult): void {
  expect({ code: result.code, signal: result.signal }).toEqual({ code: 1, signal: null })
}

const workspaces: string[] = []

/** A workspace folder that outlives the step, for files the step writes or reads; see removeWorkspaces. */
export function workspace(): string {
  const dir = tempDir('e2e-workspace-')
  workspaces.push(dir)
  return dir
}

/** Removes the folders made by workspace(); call it in afterAll. */
export function removeWorkspaces(): void {
  for (const dir of workspaces.splice(0)) rmSync(dir, { recursive: true, force: true })
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any

async function control(
  emu: RunningEmulator,
  method: string,
  path: string,
  body?: unknown
): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${emu.origin}/_emulator${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
  })
  const text = await res.text()
  return { status: res.status, json: text === '' ? undefined : JSON.parse(text) }
}

/** The emulator's whole state, as GET /_emulator/state shows it. */
export async function emulatorState(emu: RunningEmulator): Promise<Json> {
  return (await control(emu, 'GET', '/state')).json
}

export async function appState(emu: RunningEmulator, slug: string): Promise<Json> {
  return (await emulatorState(emu)).apps.find((app: { slug: string }) => app.slug === slug)
}

export async function buildState(emu: RunningEmulator, slug: string): Promise<Json> {
  return (await emulatorState(emu)).builds.find((build: { slug: string }) => build.slug === slug)
}

/** The requests the emulator received under /v0.1: method, path, query and body. */
export async function requestLog(
  emu: RunningEmulator
): Promise<Array<{ method: string; path: string; query: Record<string, string>; body: Json }>> {
  return (await control(emu, 'GET', '/requests')).json
}

/** The events the emulator recorded (status reports, email notifications), oldest first; only those of `build` when given. */
export async function eventLog(emu: RunningEmulator, build?: string): Promise<Json[]> {
  const events: Json[] = (await control(emu, 'GET', '/events')).json
  return build === undefined ? events : events.filter((event) => event.build === build)
}

export async function clearRequestLog(emu: RunningEmulator): Promise<void> {
  expect((await control(emu, 'DELETE', '/requests')).status).toBe(204)
}

export async function resetEmulator(emu: RunningEmulator): Promise<void> {
  expect((await control(emu, 'POST', '/reset')).status).toBe(200)
}

/** How many of the app's builds may run at once (null: unlimited); with 0, every new build stays on hold, unfinished. */
export async function setConcurrency(emu: RunningEmulator, app: string, slots: number | null): Promise<void> {
  expect((await control(emu, 'PUT', `/apps/${encodeURIComponent(app)}/concurrency`, { slots })).status).toBe(200)
}

/** Drops a build as a deletion on the service would: every read of it answers 404 from then on. */
export async function dropBuild(emu: RunningEmulator, slug: string): Promise<void> {
  expect((await control(emu, 'DELETE', `/builds/${encodeURIComponent(slug)}`)).status).toBe(204)
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Resolves once `text` appears in what the child printed; rejects if it exits first or after `ms`. */
export function printed(child: ChildProcess, text: string, ms = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = ''
    const timer = setTimeout(() => reject(new Error(`"${text}" was not printed within ${ms} ms`)), ms)
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString()
      if (seen.includes(text)) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.on('close', () => {
      clearTimeout(timer)
      reject(new Error(`the step exited before printing "${text}"`))
    })
  })
}

/** Adds a fault to the emulator's fault injection (an emulator started with enableFaults). */
export async function addEmulatorFault(emu: RunningEmulator, fault: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${emu.origin}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault)
  })
  expect(res.status).toBe(201)
}

/** The faults the emulator has not used yet. */
export async function emulatorFaults(emu: RunningEmulator): Promise<unknown[]> {
  return (await (await fetch(`${emu.origin}/_emulator/faults`)).json()) as unknown[]
}

/** A waited trigger of ios-app on main that posts a commit status for `commit` with `token`. */
export const commitStatusInputs = (commit: string, token: string): Record<string, string> => ({
  'app-slug': 'ios-app',
  'from-event': 'false',
  branch: 'main',
  wait: 'true',
  'commit-hash': commit,
  'github-status': 'commit-status',
  'github-token': token,
  ...SAME_REPOSITORY
})

/** The seed's OIDC for one runner job of `claims`: a trust policy of Workspace acme for its subject, Developer for 900 s. */
export const oidcForJob = (job: string, policy: string, claims: Record<string, string> & { sub: string }) => ({
  jobs: { [job]: claims },
  trust_policies: [
    { id: policy, workspace: 'acme', rules: { sub: claims.sub }, role: 'developer', session_duration_s: 900 }
  ]
})
