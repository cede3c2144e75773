/** Shared helpers for the emulator's tests: start an emulator and call it over real HTTP on 127.0.0.1. */
import { afterAll, beforeAll, beforeEach } from '@jest/globals'
import { connect } from 'node:net'
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator/server.js'

/** Tokens of the bundled demo seed (emulator/model/seed.json). */
export const TOKENS = {
  owner: 'token-olivia-owner',
  admin: 'token-adam-admin',
  developer: 'token-dora-developer',
  tester: 'token-tom-tester',
  groupDeveloper: 'token-greta-group',
  outsider: 'token-oscar-outsider',
  solo: 'token-sam-solo'
} as const

export interface ApiAnswer {
  status: number
  headers: Headers
  text: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any
}

export interface CallOptions {
  token?: string | null
  body?: unknown
  rawBody?: string
  contentType?: string
  headers?: Record<string, string>
}

/** Starts an emulator on a free port with short builds, unless told otherwise. */
export function start(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ port: 0, buildDurationMs: 300, logDelayMs: 200, ...options })
}

/**
 * Starts one emulator for the enclosing file or describe block, resets it before each test
 * (unless `resetEachTest` is false) and closes it after the last; `use` receives it once it listens.
 */
export function withEmulator(
  options: EmulatorOptions,
  use: (emu: RunningEmulator) => void,
  resetEachTest = true
): void {
  let emu: RunningEmulator | undefined
  beforeAll(async () => {
    emu = await start(options)
    use(emu)
  })
  beforeEach(async () => {
    if (resetEachTest) await call(emu!, 'POST', '/_emulator/reset')
  })
  afterAll(async () => {
    await emu?.close()
  })
}

/** Calls the API (`path` below /v0.1) or, when `path` starts with /_emulator, a control endpoint. */
export async function call(
  emu: RunningEmulator,
  method: string,
  path: string,
  options: CallOptions = {}
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) }
  const token = options.token === undefined ? TOKENS.owner : options.token
  if (token !== null) headers.authorization = token
  let body: string | undefined
  if (options.rawBody !== undefined) body = options.rawBody
  else if (options.body !== undefined) body = JSON.stringify(options.body)
  if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json'
  const base = path.startsWith('/_emulator') ? emu.origin : emu.url
  const res = await fetch(`${base}${path}`, { method, headers, body })
  const text = await res.text()
  let json: unknown
  try {
    json = text === '' ? undefined : JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: res.status, headers: res.headers, text, json }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** A trigger body in the documented shape. */
export function triggerBody(buildParams: Record<string, unknown>): Record<string, unknown> {
  return { hook_info: { type: 'service' }, build_params: buildParams }
}

/** Triggers a build as the Developer, ios-app unless told otherwise. */
export function trigger(
  emu: RunningEmulator,
  buildParams: Record<string, unknown>,
  headers: Record<string, string> = {},
  app = 'ios-app'
): Promise<ApiAnswer> {
  return call(emu, 'POST', `/apps/${app}/builds`, { token: TOKENS.developer, body: triggerBody(buildParams), headers })
}

/** A build as `/_emulator/state` shows it. */
export async function stateOf(emu: RunningEmulator, buildSlug: string) {
  const dump = await call(emu, 'GET', '/_emulator/state')
  return dump.json.builds.find((b: { slug: string }) => b.slug === buildSlug)
}

/** A build as the API shows it to the Tester. */
export function buildOf(emu: RunningEmulator, buildSlug: string, app = 'ios-app'): Promise<ApiAnswer> {
  return call(emu, 'GET', `/apps/${app}/builds/${buildSlug}`, { token: TOKENS.tester })
}

/** Both repository owners given: a build from the app's own repository, which is not held for approval. */
export const SAME_REPOSITORY = { branch_repo_owner: 'acme', branch_dest_repo_owner: 'acme' } as const

export interface RawExchange {
  /** Everything the server sent. */
  text: string
  /** Whether the server closed the connection within the wait. */
  closed: boolean
}

/**
 * Writes `head` and `body` on one fresh connection and never sends more; resolves once the
 * server closes the connection, or after `waitMs` with whatever came back by then.
 */
export function rawExchange(
  emu: RunningEmulator,
  head: string,
  body: Buffer | string = '',
  waitMs = 5000
): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(emu.port, '127.0.0.1')
    const chunks: Buffer[] = []
    const done = (closed: boolean): void => {
      clearTimeout(timer)
      socket.destroy()
      resolve({ text: Buffer.concat(chunks).toString('latin1'), closed })
    }
    const timer = setTimeout(() => done(false), waitMs)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('close', () => done(true))
    // A reset after the answer is a close too; anything else before an answer is a failure.
    socket.on('error', (error) => (chunks.length > 0 ? done(true) : reject(error)))
    socket.write(head)
    if (body.length > 0) socket.write(body)
  })
}

/** The status code of the first response in a raw exchange, or null when none came. */
export function rawStatus(exchange: RawExchange): number | null {
  const match = /^HTTP\/1\.1 (\d{3}) /.exec(exchange.text)
  return match ? Number(match[1]) : null
}
