/** Shared pieces of the management operation tests: inputs every run needs, test keys, and checks. */
import { expect } from '@jest/globals'
import { type FakeService, type RecordedRequest } from '../fake-service.js'
import { runAction, type RunOptions, type RunResult } from '../run-action.js'
import { expectNoSecrets, SSH_PRIVATE_KEY, SSH_PUBLIC_KEY, SSH_SECRET_LINE, TOKEN } from '../secrets.js'

export { SSH_PRIVATE_KEY, SSH_PUBLIC_KEY, SSH_SECRET_LINE, TOKEN }

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
export function sent(
  requests: RecordedRequest[]
): Array<{ method: string; path: string; query: Record<string, string>; body: unknown }> {
  return requests.map((r) => ({ method: r.method, path: r.path, query: r.query, body: r.body }))
}

/** Asserts the step succeeded, showing its log when it did not. */
export function expectSuccess(result: RunResult): void {
  expect({ code: result.code, stdout: result.code === 0 ? '' : result.stdout }).toEqual({ code: 0, stdout: '' })
}
