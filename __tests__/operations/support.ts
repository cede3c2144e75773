/** Shared pieces of the management operation tests: inputs every run needs, test keys, and checks. */
import { afterEach, expect } from '@jest/globals'
import { startFakeService, type FakeService, type RecordedRequest, type Routes } from '../helpers/fake-service.js'
import { runAction, type RunOptions, type RunResult } from '../helpers/run-action.js'
import { expectNoSecrets, TOKEN } from '../action/secrets.js'

export { TOKEN }

/** A made-up key: the BEGIN/END lines the input parser looks for, and a body line that must never leak. */
export const SSH_SECRET_LINE = 'SSHSECRETLINE0123456789abcdefABCDEF'
export const SSH_PRIVATE_KEY = `-----BEGIN OPENSSH PRIVATE KEY-----\n${SSH_SECRET_LINE}\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----`
export const SSH_PUBLIC_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOperationsTestKeyOnly user@example'

/** Runs dist/index.js for `operation` against the fake service, then checks no secret leaked. */
export async function runOperation(
  service: FakeService,
  operation: string,
  inputs: Record<string, string>,
  options: RunOptions = {},
  secrets: string[] = []
): Promise<RunResult> {
  const result = await runAction({ operation, token: TOKEN, 'base-url': service.url, ...inputs }, options)
  expect(result.timedOut).toBe(false)
  expectNoSecrets(result, [TOKEN, SSH_SECRET_LINE, ...secrets])
  return result
}

/** The requests as method, path, query and body, for exact comparison. */
export function sent(requests: RecordedRequest[]): Array<{ method: string; path: string; query: Record<string, string>; body: unknown }> {
  return requests.map((r) => ({ method: r.method, path: r.path, query: r.query, body: r.body }))
}

/** Asserts the step succeeded, showing its log when it did not. */
export function expectSuccess(result: RunResult): void {
  expect({ code: result.code, stdout: result.code === 0 ? '' : result.stdout }).toEqual({ code: 0, stdout: '' })
}

/**
 * A `serve(routes)` for one test file: each call starts a fake service, which is
 * closed after the test that started it.
 */
export function fakeServicePerTest(): (routes: Routes) => Promise<FakeService> {
  let service: FakeService | undefined
  afterEach(async () => {
    await service?.close()
    service = undefined
  })
  return async (routes) => {
    service = await startFakeService(routes)
    return service
  }
}
