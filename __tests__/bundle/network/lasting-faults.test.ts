/**
 * Faults that outlast the retry budget, a service that is not there, redirects to
 * another server, waiting through a failing status endpoint, job cancellation during
 * a retry wait, and a service that echoes the secrets in successful answers.
 * Each scenario runs dist/index.js as the runner does and asserts its exact outcome.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { startFakeService, type FakeService, type Reply, type Routes } from '../../helpers/fake-service.js'
import { runAction, type RunOptions, type RunResult } from '../../helpers/run-action.js'
import {
  BUILD_PATH,
  Checks,
  describeRun,
  echoSecrets,
  failure,
  operationCase,
  pool,
  RUNNING,
  SCENARIO_SLACK_MS,
  ScenarioTable,
  SECRET_INPUTS,
  SUCCEEDED,
  TRIGGERED
} from '../../helpers/scenarios/fault-cases.js'

interface Scenario {
  name: string
  expected: string
  /** Runs the scenario, records mismatches in `checks`, and returns what was observed. */
  run: (checks: Checks) => Promise<string>
}

/** Runs one operation against its own fake service; the service is closed afterwards. */
async function against(
  routes: Routes,
  operation: string,
  inputs: Record<string, string>,
  options: RunOptions = {}
): Promise<{ result: RunResult; service: FakeService }> {
  const service = await startFakeService(routes)
  try {
    const result = await runAction(
      { operation, 'base-url': service.url, ...SECRET_INPUTS, ...operationCase(operation).inputs, ...inputs },
      { timeoutMs: 25_000, ...options }
    )
    return { result, service }
  } finally {
    await service.close()
  }
}

/** A 127.0.0.1 port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Common checks of a run that must fail: exit 1 within `boundMs`, no stack trace, no secret. */
function failed(checks: Checks, name: string, result: RunResult, boundMs: number, says: RegExp): void {
  checks.equal(name, 'exit code', { code: result.code, timedOut: result.timedOut }, { code: 1, timedOut: false })
  checks.equal(name, `ended within ${boundMs} ms`, result.durationMs <= boundMs, true)
  checks.match(name, 'error', failure(result), says)
  checks.noStackTrace(name, result)
  checks.noSecrets(name, result)
}

function succeeded(checks: Checks, name: string, result: RunResult): void {
  checks.equal(
    name,
    'exit code',
    { code: result.code, timedOut: result.timedOut, error: failure(result) },
    { code: 0, timedOut: false, error: '' }
  )
  checks.noSecrets(name, result)
}

const TRIGGER = 'POST /apps/app-1/builds'
const STATUS = `GET ${BUILD_PATH}`
const ABORT = `POST ${BUILD_PATH}/abort`
const waitInputs = { 'poll-interval': '0.05', 'stream-logs': 'false', 'max-attempts': '1' }

const budget: Scenario[] = [
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
      const { result, service } = await against({ [route]: { action: 'hang' } }, 'list-apps', {
        'max-attempts': '2',
        'request-timeout': '1'
      })
      checks.equal(name, 'calls', service.calls(route).length, 2)
      failed(
        checks,
        name,
        result,
        1000 * 2 + SCENARIO_SLACK_MS,
        /^GET \/organizations\/org-1\/apps failed: no complete answer within 1000 ms; gave up after 2 attempts/
      )
      return describeRun(result, service.calls(route).length)
    }
  },
  {
    name: 'budget: trickle on every attempt × set-roles (timeout 1 s, 2 attempts)',
    expected: 'exit 1, 2 calls, within 2 s + slack',
    run: async (checks) => {
      const name = 'budget trickle set-roles'
      const route = 'PUT /apps/app-1/roles/admin'
      const { result, service } = await against(
        { [route]: { raw: '{"groups": ["g-1"]}     ', trickle: { chunks: 10, intervalMs: 400 } } },
        'set-roles',
        { 'max-attempts': '2', 'request-timeout': '1' }
      )
      checks.equal(name, 'calls', service.calls(route).length, 2)
      failed(
        checks,
        name,
        result,
        1000 * 2 + SCENARIO_SLACK_MS,
        /^PUT \/apps\/app-1\/roles\/admin failed: no complete answer within 1000 ms; gave up after 2 attempts/
      )
      return describeRun(result, service.calls(route).length)
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
      const result = await runAction(
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
      const result = await runAction(
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
const redirects: Scenario[] = (
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

const transport: Scenario[] = [
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
function waitThrough(scenario: string, name: string, reply: Reply, failures: number): Scenario {
  return {
    name: scenario,
    expected: `exit 0, success after ${failures + 1} polls, no abort`,
    run: async (checks) => {
      const { result, service } = await against(
        { [STATUS]: [...Array<Reply>(failures).fill(reply), SUCCEEDED] },
        'wait',
        waitInputs
      )
      succeeded(checks, name, result)
      checks.equal(
        name,
        'polls and aborts',
        { polls: service.calls(STATUS).length, aborts: service.calls(ABORT).length },
        { polls: failures + 1, aborts: 0 }
      )
      checks.equal(name, 'build-status', result.outputs['build-status'], 'success')
      return describeRun(result, service.calls(STATUS).length)
    }
  }
}

const waiting: Scenario[] = [
  waitThrough(
    'wait: status 503 three times, then success (max-attempts 1)',
    'wait through 503',
    { status: 503, body: { message: 'maintenance' } },
    3
  ),
  waitThrough(
    'wait: status connection drops twice, then success (max-attempts 1)',
    'wait through drops',
    { action: 'drop' },
    2
  ),
  {
    name: 'trigger + wait: 404 just after the trigger, then running, then success',
    expected: 'exit 0, 1 trigger, success',
    run: async (checks) => {
      const name = 'wait 404 after trigger'
      const { result, service } = await against(
        { [TRIGGER]: TRIGGERED, [STATUS]: [{ status: 404, body: { message: 'build not found' } }, RUNNING, SUCCEEDED] },
        'trigger',
        { wait: 'true', ...waitInputs }
      )
      succeeded(checks, name, result)
      checks.equal(
        name,
        'calls',
        { triggers: service.calls(TRIGGER).length, polls: service.calls(STATUS).length },
        { triggers: 1, polls: 3 }
      )
      checks.equal(name, 'build-status', result.outputs['build-status'], 'success')
      return describeRun(result, service.calls(TRIGGER).length)
    }
  },
  {
    name: 'trigger + wait: trigger answers 503',
    expected: 'exit 1, 1 trigger, no wait, "the build may have started"',
    run: async (checks) => {
      const name = 'trigger 503 with wait'
      const { result, service } = await against({ [TRIGGER]: { status: 503 }, [STATUS]: SUCCEEDED }, 'trigger', {
        wait: 'true',
        ...waitInputs,
        'max-attempts': '4'
      })
      checks.equal(
        name,
        'calls',
        { triggers: service.calls(TRIGGER).length, polls: service.calls(STATUS).length },
        { triggers: 1, polls: 0 }
      )
      failed(
        checks,
        name,
        result,
        SCENARIO_SLACK_MS,
        /^POST \/apps\/app-1\/builds failed: the service answered 503; the request may have reached the service, so it was not sent again: the build may have started/
      )
      return describeRun(result, service.calls(TRIGGER).length)
    }
  },
  {
    name: 'wait timeout (1 s) while the status keeps failing with 503',
    expected: 'exit 1, build aborted once, build-status timed-out',
    run: async (checks) => {
      const name = 'wait timeout'
      const { result, service } = await against(
        { [STATUS]: { status: 503 }, [ABORT]: { body: { status: 'ok' } } },
        'wait',
        { ...waitInputs, 'wait-timeout': '1' }
      )
      checks.equal(name, 'aborts', service.calls(ABORT).length, 1)
      checks.equal(name, 'build-status', result.outputs['build-status'], 'timed-out')
      failed(
        checks,
        name,
        result,
        1000 + SCENARIO_SLACK_MS,
        /^Stopped waiting for build b-1 because the wait-timeout of 1 s was reached; the build was aborted\.$/
      )
      return describeRun(result, service.calls(ABORT).length, ' abort call(s)')
    }
  },
  {
    name: 'wait timeout, and the abort call meets a 502 first',
    expected: 'exit 1, abort retried (2 calls), build aborted',
    run: async (checks) => {
      const name = 'wait timeout abort retried'
      const { result, service } = await against(
        { [STATUS]: RUNNING, [ABORT]: [{ status: 502 }, { body: { status: 'ok' } }] },
        'wait',
        { ...waitInputs, 'wait-timeout': '1', 'max-attempts': '3' }
      )
      checks.equal(name, 'aborts', service.calls(ABORT).length, 2)
      failed(
        checks,
        name,
        result,
        1000 + SCENARIO_SLACK_MS,
        /the wait-timeout of 1 s was reached; the build was aborted\.$/
      )
      return describeRun(result, service.calls(ABORT).length, ' abort call(s)')
    }
  },
  ...(
    [
      ['a 30 s Retry-After wait', { status: 429, headers: { 'retry-after': '30' } }, {}],
      ['a 5 to 10 s backoff after a 503', { status: 503 }, { SERVICE_RETRY_BASE_MS: '40000' }]
    ] as const
  ).map(([during, reply, env]): Scenario => ({
    name: `SIGINT during ${during} while waiting`,
    expected: 'exit 1 fast, build aborted once, build-status cancelled',
    run: async (checks) => {
      const name = `sigint during ${during}`
      let child: ChildProcess | undefined
      const onStatus = (): Reply => {
        setTimeout(() => child?.kill('SIGINT'), 300)
        return reply
      }
      const { result, service } = await against(
        { [STATUS]: onStatus, [ABORT]: { body: { status: 'ok' } } },
        'wait',
        { ...waitInputs, 'max-attempts': '4' },
        { onSpawn: (c) => (child = c), env: { ...env } }
      )
      checks.equal(
        name,
        'calls',
        { polls: service.calls(STATUS).length, aborts: service.calls(ABORT).length },
        { polls: 1, aborts: 1 }
      )
      checks.equal(name, 'build-status', result.outputs['build-status'], 'cancelled')
      checks.equal(name, 'pending build cleared', result.state['pending-work'], '')
      failed(
        checks,
        name,
        result,
        300 + SCENARIO_SLACK_MS,
        /^Stopped waiting for build b-1 because the GitHub job was cancelled; the build was aborted\.$/
      )
      return describeRun(result, service.calls(ABORT).length, ' abort call(s)')
    }
  }))
]

/** A service that puts the secrets into successful answers: they must come out redacted. */
const echoes: Scenario[] = [
  {
    name: 'secrets echoed in a successful get-app body',
    expected: 'exit 0, outputs redacted',
    run: async (checks) => {
      const name = 'echo get-app'
      const { result } = await against(
        {
          'GET /apps/app-1': (req) => ({
            body: {
              data: {
                slug: 'app-1',
                title: echoSecrets(req.headers.authorization),
                repo_url: echoSecrets(req.headers.authorization)
              }
            }
          })
        },
        'get-app',
        {}
      )
      succeeded(checks, name, result)
      checks.match(
        name,
        'title output',
        result.outputs.title ?? '',
        /^echo: auth=\*\*\* key=\*\*\* escaped=.*env=\*\*\*$/
      )
      return describeRun(result, 1)
    }
  },
  {
    name: 'secrets echoed in a trigger answer and in the build log and status text',
    expected: 'exit 0, log and outputs redacted',
    run: async (checks) => {
      const name = 'echo trigger wait'
      const { result } = await against(
        {
          [TRIGGER]: (req) => ({
            status: 201,
            body: {
              results: [
                {
                  build_slug: 'b-1',
                  build_url: `https://service.example/b-1?${echoSecrets(req.headers.authorization)}`
                }
              ]
            }
          }),
          [STATUS]: (req, count) =>
            count === 1
              ? { body: { data: { status: 0, status_text: echoSecrets(req.headers.authorization) } } }
              : SUCCEEDED,
          [`GET ${BUILD_PATH}/log`]: (req) => ({
            body: { log_chunks: [{ position: 0, chunk: echoSecrets(req.headers.authorization) }] }
          })
        },
        'trigger',
        { wait: 'true', ...waitInputs, 'stream-logs': 'true' }
      )
      succeeded(checks, name, result)
      checks.match(name, 'log line', result.stdout, /^echo: auth=\*\*\* key=\*\*\*/m)
      return describeRun(result, 1)
    }
  },
  {
    name: 'secrets echoed in per-app migration errors',
    expected: 'exit 0, warnings redacted',
    run: async (checks) => {
      const name = 'echo migrate errors'
      const { target: route, routes } = operationCase('migrate-machine-types')
      const { result } = await against(
        {
          ...routes,
          [route]: (req) => ({
            body: {
              message: 'done',
              migrated_apps: [],
              errors: [{ app: 'Demo (app-1)', error: echoSecrets(req.headers.authorization) }]
            }
          })
        },
        'migrate-machine-types',
        {}
      )
      succeeded(checks, name, result)
      checks.match(name, 'warning', result.stdout, /^::warning::Demo \(app-1\): echo: auth=\*\*\*/m)
      return describeRun(result, 1)
    }
  },
  {
    name: 'secrets echoed in a 404 error body × abort, and in get-config text',
    expected: 'exit 1 / exit 0, error and response redacted',
    run: async (checks) => {
      const name = 'echo 404 abort'
      const { result } = await against(
        { [ABORT]: (req) => ({ status: 404, body: { error_msg: echoSecrets(req.headers.authorization) } }) },
        'abort',
        {}
      )
      failed(
        checks,
        name,
        result,
        SCENARIO_SLACK_MS,
        /^POST \/apps\/app-1\/builds\/b-1\/abort failed: the service answered 404: echo: auth=\*\*\*/
      )
      const second = await against(
        {
          'GET /apps/app-1/service.yml': (req) => ({
            raw: `# ${echoSecrets(req.headers.authorization)}\nworkflows: {}\n`
          })
        },
        'get-config',
        {}
      )
      succeeded(checks, 'echo get-config', second.result)
      return `${describeRun(result, 1)}; get-config: exit ${second.result.code}`
    }
  }
]

const SCENARIOS: Scenario[] = [...budget, ...redirects, ...transport, ...waiting, ...echoes]
const table = new ScenarioTable('Retry budget, transport, waiting and secrets under faults')
afterAll(() => table.print())

describe('faults beyond one bad answer', () => {
  it(`runs ${SCENARIOS.length} scenarios, each with its exact outcome`, async () => {
    expect(SCENARIOS.length).toBeGreaterThanOrEqual(25)
    // Each scenario records into its own checks, so its row knows whether it failed.
    const own = SCENARIOS.map(() => new Checks())
    const observed = await pool(SCENARIOS, 6, (scenario, index) =>
      scenario.run(own[index]).catch((error: Error) => `threw: ${error.message}`)
    )
    const checks = new Checks()
    SCENARIOS.forEach((scenario, index) => {
      if (observed[index].startsWith('threw:')) own[index].problems.push(`${scenario.name}: ${observed[index]}`)
      checks.problems.push(...own[index].problems)
      table.add({
        scenario: scenario.name,
        expected: scenario.expected,
        observed: observed[index],
        failed: own[index].problems.length > 0
      })
    })
    expect(checks.problems).toEqual([])
  }, 120_000)
})
