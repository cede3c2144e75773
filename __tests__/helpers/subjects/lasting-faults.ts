/**
 * The scenarios of bundle/network/lasting-faults.test.ts that outlast one answer: the retry
 * budget, redirects to another server and the transport failing. Each runs the bundle as the
 * runner does and checks its exact outcome.
 */
import type { ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { startFakeService, type FakeService, type Routes } from '../fake-service.js'
import { runAction, runActionWithHooks, type RunOptions, type RunResult } from '../run-action.js'
import {
  BUILD_PATH,
  Checks,
  describeRun,
  failure,
  operationCase,
  SCENARIO_SLACK_MS,
  SECRET_INPUTS,
  TRIGGERED
} from '../scenarios/fault-cases.js'

export interface Scenario {
  name: string
  expected: string
  /** Runs the scenario, records mismatches in `checks`, and returns what was observed. */
  run: (checks: Checks) => Promise<string>
}

/** Runs one operation against its own fake service; the service is closed afterwards. */
export async function against(
  routes: Routes,
  operation: string,
  inputs: Record<string, string>,
  options: RunOptions = {}
): Promise<{ result: RunResult; service: FakeService }> {
  const service = await startFakeService(routes)
  try {
    // The tests' build: its retry pauses are 20 ms, where the shipped action's start at 500.
    const result = await runActionWithHooks(
      { operation, 'base-url': service.url, ...SECRET_INPUTS, ...operationCase(operation).inputs, ...inputs },
      { timeoutMs: 25_000, ...options }
    )
    return { result, service }
  } finally {
    await service.close()
  }
}

/** Checks of a run whose two attempts each found no complete answer within 1 s: two calls of `route`, then failed(). */
function outOfTime(
  checks: Checks,
  name: string,
  route: string,
  { result, service }: { result: RunResult; service: FakeService },
  says: RegExp
): string {
  checks.equal(name, 'calls', service.calls(route).length, 2)
  failed(checks, name, result, 1000 * 2 + SCENARIO_SLACK_MS, says)
  return describeRun(result, service.calls(route).length)
}

/** A 127.0.0.1 port with nothing listening on it. */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Common checks of a run that must fail: exit 1 within `boundMs`, no stack trace, no secret. */
export function failed(checks: Checks, name: string, result: RunResult, boundMs: number, says: RegExp): void {
  checks.equal(name, 'exit code', { code: result.code, timedOut: result.timedOut }, { code: 1, timedOut: false })
  checks.equal(name, `ended within ${boundMs} ms`, result.durationMs <= boundMs, true)
  checks.match(name, 'error', failure(result), says)
  checks.noStackTrace(name, result)
  checks.noSecrets(name, result)
}

export function succeeded(checks: Checks, name: string, result: RunResult): void {
  checks.equal(
    name,
    'exit code',
    { code: result.code, timedOut: result.timedOut, error: failure(result) },
    { code: 0, timedOut: false, error: '' }
  )
  checks.noSecrets(name, result)
}

export const TRIGGER = 'POST /apps/app-1/builds'
export const STATUS = `GET ${BUILD_PATH}`
export const ABORT = `POST ${BUILD_PATH}/abort`
export const waitInputs = { 'poll-interval': '0.05', 'stream-logs': 'false', 'max-attempts': '1' }

export const budget: Scenario[] = [
  {
    name: 'budget: 503 on every attempt × get-app (max-attempts 3)',
    expected: 'exit 1, 3 calls, "gave up after 3 attempts"',
    run: async (checks) => {
      const name = 'budget 503 get-app'
      const { result, service } = await against(
        { 'GET /apps/app-1': { status: 503, body: { message: 'down' } } },
        'get-app',
        { 'max-attempts': '3', 'request-timeout': '2' }
      )
      checks.equal(name, 'calls', service.calls('GET /apps/app-1').length, 3)
      failed(
        checks,
        name,
        result,
        2000 * 3 + SCENARIO_SLACK_MS,
        /^GET \/apps\/app-1 failed: the service answered 503: down; gave up after 3 attempts/
      )
      return describeRun(result, service.calls('GET /apps/app-1').length)
    }
  },
  {
    name: 'budget: hang on every attempt × list-apps (timeout 1 s, 2 attempts)',
    expected: 'exit 1, 2 calls, within 2 s + slack',
    run: async (checks) => {
      const name = 'budget hang list-apps'
      const route = 'GET /organizations/org-1/apps'
      const run = await against({ [route]: { action: 'hang' } }, 'list-apps', {
        'max-attempts': '2',
        'request-timeout': '1'
      })
      return outOfTime(
        checks,
        name,
        route,
        run,
        /^GET \/organizations\/org-1\/apps failed: no complete answer within 1000 ms; gave up after 2 attempts/
      )
    }
  },
  {
    name: 'budget: trickle on every attempt × set-roles (timeout 1 s, 2 attempts)',
    expected: 'exit 1, 2 calls, within 2 s + slack',
    run: async (checks) => {
      const name = 'budget trickle set-roles'
      const route = 'PUT /apps/app-1/roles/admin'
      const run = await against(
        { [route]: { raw: '{"groups": ["g-1"]}     ', trickle: { chunks: 10, intervalMs: 400 } } },
        'set-roles',
        { 'max-attempts': '2', 'request-timeout': '1' }
      )
      return outOfTime(
        checks,
        name,
        route,
        run,
        /^PUT \/apps\/app-1\/roles\/admin failed: no complete answer within 1000 ms; gave up after 2 attempts/
      )
    }
  },
  {
    name: 'budget: hang × trigger (timeout 1 s, max-attempts 4)',
    expected: 'exit 1, 1 call, "the build may have started"',
    run: async (checks) => {
      const name = 'budget hang trigger'
      const { result, service } = await against({ [TRIGGER]: { action: 'hang' } }, 'trigger', {
        'max-attempts': '4',
        'request-timeout': '1'
      })
      checks.equal(name, 'calls', service.calls(TRIGGER).length, 1)
      failed(
        checks,
        name,
        result,
        1000 + SCENARIO_SLACK_MS,
        /^POST \/apps\/app-1\/builds failed: no complete answer within 1000 ms; the request may have reached the service, so it was not sent again: the build may have started/
      )
      return describeRun(result, service.calls(TRIGGER).length)
    }
  },
  {
    name: 'budget: 429 on every attempt × trigger (Retry-After 0, max-attempts 3)',
    expected: 'exit 1, 3 calls, "no build was started"',
    run: async (checks) => {
      const name = 'budget 429 trigger'
      const { result, service } = await against(
        { [TRIGGER]: { status: 429, headers: { 'retry-after': '0' }, body: { message: 'slow down' } } },
        'trigger',
        { 'max-attempts': '3' }
      )
      checks.equal(name, 'calls', service.calls(TRIGGER).length, 3)
      failed(
        checks,
        name,
        result,
        SCENARIO_SLACK_MS,
        /^POST \/apps\/app-1\/builds failed: the service answered 429: slow down; gave up after 3 attempts; the service declined it \(rate limit\), so no build was started/
      )
      return describeRun(result, service.calls(TRIGGER).length)
    }
  },
  {
    name: 'budget: Retry-After of 120 s × get-app',
    expected: 'exit 1, 1 call, gives up at once',
    run: async (checks) => {
      const name = 'retry-after too long'
      const { result, service } = await against(
        { 'GET /apps/app-1': { status: 429, headers: { 'retry-after': '120' } } },
        'get-app',
        {}
      )
      checks.equal(name, 'calls', service.calls('GET /apps/app-1').length, 1)
      failed(
        checks,
        name,
        result,
        SCENARIO_SLACK_MS,
        /^GET \/apps\/app-1 failed: the service answered 429.*; the service asked for a longer wait than the action allows/
      )
      return describeRun(result, service.calls('GET /apps/app-1').length)
    }
  },
  ...['trigger', 'register-app', 'migrate-machine-types', 'get-app'].map((operation): Scenario => ({
    name: `connection refused (closed port) × ${operation} (max-attempts 3)`,
    expected:
      operation === 'get-app'
        ? 'exit 1, retried, "connection was refused"'
        : 'exit 1, retried, "never reached the service"',
    run: async (checks) => {
      const name = `refused ${operation}`
      const port = await closedPort()
      const op = operationCase(operation)
      const result = await runActionWithHooks(
        { operation, 'base-url': `http://127.0.0.1:${port}/v0.1`, 'max-attempts': '3', ...SECRET_INPUTS, ...op.inputs },
        { timeoutMs: 25_000 }
      )
      // A migration's first call is the read of the apps for the check of to-machine: it fails there, nothing written.
      const first = operation === 'migrate-machine-types' ? 'GET /organizations/org-1/apps' : op.target
      const [method, path] = first.split(' ')
      const tail = { trigger: 'no build was started', 'register-app': 'no app was registered' }[operation]
      const after =
        operation === 'migrate-machine-types'
          ? ' \\(while checking to-machine before the migration\\)\\. Nothing was changed\\.'
          : ''
      const says = new RegExp(
        `^${method} ${path.replace(/[/.]/g, '\\$&')} failed: the connection was refused \\(nothing listens at the base URL\\); gave up after 3 attempts${tail ? `; the request never reached the service, so ${tail}` : ''}${after}`
      )
      failed(checks, name, result, SCENARIO_SLACK_MS, says)
      checks.equal(name, 'refusals seen', (result.stdout.match(/::debug::.*ECONNREFUSED/g) ?? []).length, 3)
      return describeRun(result, 0, ' (3 refused attempts)')
    }
  })),
  {
    name: 'connection refused, then the service comes up × trigger',
    expected: 'exit 0, trigger arrives exactly once',
    run: async (checks) => {
      const name = 'refused then up'
      const port = await closedPort()
      let service: FakeService | undefined
      let starting: Promise<void> | undefined
      const startOnRefusal = (child: ChildProcess): void => {
        child.stdout?.on('data', (data: Buffer) => {
          if (!starting && data.toString().includes('ECONNREFUSED')) {
            starting = startFakeService({ [TRIGGER]: TRIGGERED }, { maxRequests: 10, lifetimeMs: 30_000, port }).then(
              (s) => {
                service = s
              }
            )
          }
        })
      }
      const result = await runActionWithHooks(
        {
          operation: 'trigger',
          'base-url': `http://127.0.0.1:${port}/v0.1`,
          'max-attempts': '6',
          ...SECRET_INPUTS,
          ...operationCase('trigger').inputs
        },
        { timeoutMs: 25_000, env: { SERVICE_RETRY_BASE_MS: '300' }, onSpawn: startOnRefusal }
      )
      await starting
      const calls = service?.calls(TRIGGER).length ?? 0
      await service?.close()
      succeeded(checks, name, result)
      checks.equal(name, 'trigger calls that arrived', calls, 1)
      checks.equal(name, 'build-slug', result.outputs['build-slug'], 'b-1')
      return describeRun(result, calls, ' (after a refused attempt)')
    }
  }
]

/** A second server on another 127.0.0.1 port: a redirect must never lead there. */
export const redirects: Scenario[] = (
  [
    [301, 'get-app', 'GET /apps/app-1'],
    [302, 'trigger', TRIGGER],
    [307, 'set-roles', 'PUT /apps/app-1/roles/admin'],
    [308, 'delete-app', 'DELETE /apps/app-1']
  ] as const
).map(([status, operation, route]) => ({
  name: `redirect ${status} to another 127.0.0.1 port × ${operation}`,
  expected: 'exit 1, 1 call, other server gets 0 requests',
  run: async (checks) => {
    const name = `redirect ${status} ${operation}`
    const other = await startFakeService({})
    try {
      const target = `${other.url}${route.split(' ')[1]}`
      const { result, service } = await against({ [route]: { status, headers: { location: target } } }, operation, {
        'max-attempts': '3'
      })
      checks.equal(name, 'calls', service.calls(route).length, 1)
      checks.equal(name, 'requests at the other server', other.requests.length, 0)
      failed(
        checks,
        name,
        result,
        SCENARIO_SLACK_MS,
        new RegExp(`failed: the service answered ${status} \\(a redirect, which the action does not follow\\)`)
      )
      return describeRun(result, service.calls(route).length, `; other server: ${other.requests.length} request(s)`)
    } finally {
      await other.close()
    }
  }
}))

export const transport: Scenario[] = [
  {
    name: 'user-info in base-url pointing at the live fake service',
    expected: 'exit 1, Input "base-url", 0 requests',
    run: async (checks) => {
      const name = 'base-url with user-info'
      const service = await startFakeService({ 'GET /apps/app-1': { body: { data: { slug: 'app-1' } } } })
      try {
        const url = service.url.replace('http://', 'http://robot:pw-in-url@')
        const result = await runAction(
          { operation: 'get-app', ...SECRET_INPUTS, 'app-slug': 'app-1', 'base-url': url },
          { timeoutMs: 25_000 }
        )
        checks.equal(name, 'requests', service.requests.length, 0)
        failed(checks, name, result, SCENARIO_SLACK_MS, /^Input "base-url": must not contain a user name or password/)
        checks.equal(name, 'password shown', (result.stdout + result.stderr).includes('pw-in-url'), false)
        return describeRun(result, service.requests.length)
      } finally {
        await service.close()
      }
    }
  },
  {
    name: 'plain http:// to a non-loopback address (192.0.2.10, never contacted)',
    expected: 'exit 1, Input "base-url"',
    run: async (checks) => {
      const name = 'http non-loopback'
      const result = await runAction(
        { operation: 'get-app', ...SECRET_INPUTS, 'app-slug': 'app-1', 'base-url': 'http://192.0.2.10/v0.1' },
        { timeoutMs: 25_000 }
      )
      failed(
        checks,
        name,
        result,
        SCENARIO_SLACK_MS,
        /^Input "base-url": "http:\/\/192\.0\.2\.10\/v0\.1" uses plain http:\/\/ to a host that is not this machine/
      )
      return describeRun(result, 0)
    }
  }
]

/** A wait whose status call fails `failures` times with `reply`, then sees the build succeed: it neither fails nor aborts. */
