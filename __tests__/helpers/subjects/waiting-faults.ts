/**
 * The scenarios of bundle/network/lasting-faults.test.ts while a step waits (a failing status
 * endpoint, a cancelled job during a retry wait) and against a service that echoes the secrets.
 */
import type { ChildProcess } from 'node:child_process'
import { type Reply } from '../fake-service.js'
import {
  BUILD_PATH,
  describeRun,
  echoSecrets,
  operationCase,
  RUNNING,
  SCENARIO_SLACK_MS,
  SUCCEEDED,
  TRIGGERED
} from '../scenarios/fault-cases.js'
import { type Scenario, against, failed, succeeded, STATUS, TRIGGER, ABORT, waitInputs } from './lasting-faults.js'

export function waitThrough(scenario: string, name: string, reply: Reply, failures: number): Scenario {
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

export const waiting: Scenario[] = [
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
export const echoes: Scenario[] = [
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
