/**
 * Shared pieces of the fault suite: the 19 operations as data (inputs, the call a
 * fault is injected into, its retry mode, a good answer), the secrets every run
 * carries, a small concurrency pool, and the table of failed scenarios each file prints.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Reply, Routes } from '../fake-service.js'
import { errorLine, type RunResult } from '../run-action.js'
import {
  SECRET_ENV_VALUE,
  SECRETS,
  secretLeaks,
  SSH_PRIVATE_KEY,
  SSH_PUBLIC_KEY,
  SSH_SECRET_LINE,
  TOKEN
} from '../secrets.js'

export { SECRET_ENV_VALUE, SECRETS, SSH_PRIVATE_KEY, SSH_PUBLIC_KEY, SSH_SECRET_LINE, TOKEN }

/** Inputs every fault run carries, so every run has all three secrets to leak. */
export const SECRET_INPUTS: Record<string, string> = {
  token: TOKEN,
  'ssh-private-key': SSH_PRIVATE_KEY,
  'secret-environments': `DEPLOY_KEY=${SECRET_ENV_VALUE}`
}

/** Text a misbehaving service sends back holding every secret, raw and with escaped line breaks. */
export function echoSecrets(authorization: string | string[] | undefined): string {
  return `echo: auth=${String(authorization)} key=${SSH_SECRET_LINE} escaped=${JSON.stringify(SSH_PRIVATE_KEY).slice(1, -1)} env=${SECRET_ENV_VALUE}`
}

/**
 * Start-up slack added to every time bound: a child node process on a busy 2-core
 * machine takes up to a few seconds to start and exit.
 */
export const SCENARIO_SLACK_MS = 6000

const BUILD = '/apps/app-1/builds/b-1'
export const BUILD_PATH = BUILD
export const RUNNING: Reply = { body: { data: { slug: 'b-1', status: 0, status_text: 'in-progress' } } }
export const SUCCEEDED: Reply = { body: { data: { slug: 'b-1', status: 1, status_text: 'success' } } }
export const TRIGGERED: Reply = {
  status: 201,
  body: { results: [{ build_slug: 'b-1', build_number: 7, build_url: 'https://service.example/b-1' }] }
}
const APP = { slug: 'app-1', title: 'Demo', project_type: 'ios', repo_url: 'https://github.com/acme/demo.git' }
/** The service's check of a service.yml, finding nothing. */
const ACCEPTED: Reply = { body: { errors: [], warnings: [] } }

/** One operation of the action, as the fault suite drives it. */
export interface OperationCase {
  operation: string
  inputs: Record<string, string>
  /** "METHOD /path" of the call faults are injected into. */
  target: string
  mode: 'idempotent' | 'once'
  /** A good answer to the target call. */
  ok: Reply
  /** Whether the target's good answer has a body the operation needs. */
  needsBody: boolean
  /** The other calls the operation makes, answered well. */
  routes?: Routes
  /** Needs a workspace holding a valid service.yml. */
  configFile?: boolean
}

export const OPERATIONS: OperationCase[] = [
  {
    operation: 'trigger',
    inputs: { 'app-slug': 'app-1', branch: 'main', 'from-event': 'false' },
    target: 'POST /apps/app-1/builds',
    mode: 'once',
    ok: TRIGGERED,
    needsBody: true
  },
  {
    operation: 'wait',
    inputs: {
      'app-slug': 'app-1',
      'build-slug': 'b-1',
      'poll-interval': '0.05',
      'stream-logs': 'false',
      'wait-timeout': '20'
    },
    target: `GET ${BUILD}`,
    mode: 'idempotent',
    ok: SUCCEEDED,
    needsBody: true
  },
  {
    operation: 'abort',
    inputs: { 'app-slug': 'app-1', 'build-slug': 'b-1' },
    target: `POST ${BUILD}/abort`,
    mode: 'idempotent',
    ok: { body: { status: 'ok' } },
    needsBody: false
  },
  {
    operation: 'register-app',
    // An SSH URL, so the private key every run carries is used (and sent) here.
    inputs: {
      'repo-url': 'git@github.com:acme/demo.git',
      'ssh-public-key': SSH_PUBLIC_KEY,
      'org-slug': 'org-1',
      'project-type': 'ios',
      'stack-id': 'osx-xcode-16'
    },
    target: 'POST /apps/register',
    mode: 'once',
    ok: { body: { slug: 'app-new', status: 'ok' } },
    needsBody: true,
    routes: {
      'POST /apps/app-new/register-ssh-key': { body: { status: 'ok' } },
      'POST /apps/app-new/finish': { body: { status: 'ok' } }
    }
  },
  {
    operation: 'list-apps',
    inputs: { 'org-slug': 'org-1' },
    target: 'GET /organizations/org-1/apps',
    mode: 'idempotent',
    ok: { body: { data: [APP] } },
    needsBody: true
  },
  {
    operation: 'get-app',
    inputs: { 'app-slug': 'app-1' },
    target: 'GET /apps/app-1',
    mode: 'idempotent',
    ok: { body: { data: APP } },
    needsBody: true
  },
  {
    operation: 'update-app',
    inputs: { 'app-slug': 'app-1', title: 'New title' },
    target: 'PATCH /apps/app-1',
    mode: 'idempotent',
    ok: { body: { data: APP } },
    needsBody: false
  },
  {
    operation: 'delete-app',
    inputs: { 'app-slug': 'app-1', confirm: 'app-1' },
    target: 'DELETE /apps/app-1',
    mode: 'idempotent',
    ok: { status: 200, raw: '' },
    needsBody: false
  },
  {
    operation: 'list-branches',
    inputs: { 'app-slug': 'app-1' },
    target: 'GET /apps/app-1/branches',
    mode: 'idempotent',
    ok: { body: { data: ['main', 'dev'] } },
    needsBody: true
  },
  {
    operation: 'get-config',
    inputs: { 'app-slug': 'app-1' },
    target: 'GET /apps/app-1/service.yml',
    mode: 'idempotent',
    ok: { raw: "format_version: '13'\nworkflows:\n  primary: {}\n", headers: { 'content-type': 'text/plain' } },
    needsBody: true
  },
  {
    operation: 'upload-config',
    inputs: { 'app-slug': 'app-1' },
    target: 'POST /apps/app-1/service.yml',
    mode: 'idempotent',
    ok: { body: { status: 'ok' } },
    needsBody: false,
    configFile: true,
    routes: { 'POST /validate-bitrise-yml': ACCEPTED }
  },
  {
    operation: 'validate-config',
    inputs: { 'app-slug': 'app-1', 'config-path': 'service.yml' },
    target: 'POST /validate-bitrise-yml',
    mode: 'idempotent',
    ok: ACCEPTED,
    needsBody: true,
    configFile: true
  },
  {
    operation: 'get-config-location',
    inputs: { 'app-slug': 'app-1' },
    target: 'GET /apps/app-1/service.yml/config',
    mode: 'idempotent',
    ok: { body: { location: 'service' } },
    needsBody: true
  },
  {
    operation: 'set-config-location',
    inputs: { 'app-slug': 'app-1', location: 'service' },
    target: 'PUT /apps/app-1/service.yml/config',
    mode: 'idempotent',
    ok: { status: 204 },
    needsBody: false
  },
  {
    operation: 'get-roles',
    inputs: { 'app-slug': 'app-1', role: 'admin' },
    target: 'GET /apps/app-1/roles/admin',
    mode: 'idempotent',
    ok: { body: { groups: ['g-1'] } },
    needsBody: true
  },
  {
    operation: 'set-roles',
    inputs: { 'app-slug': 'app-1', role: 'admin', groups: 'g-1' },
    target: 'PUT /apps/app-1/roles/admin',
    mode: 'idempotent',
    ok: { body: { groups: ['g-1'] } },
    needsBody: false
  },
  {
    operation: 'check-access',
    inputs: { 'app-slug': 'app-1', operations: 'get-app' },
    target: 'GET /apps/app-1',
    mode: 'idempotent',
    ok: { body: { data: APP } },
    needsBody: false,
    routes: { 'GET /me': { body: { data: { slug: 'u-1', username: 'u-1' } } } }
  },
  {
    operation: 'report-parked',
    inputs: { 'app-slug': 'app-1', 'github-token': 'ghs_fault0case0token0000000000000000' },
    target: 'GET /apps/app-1/builds',
    mode: 'idempotent',
    ok: { body: { data: [], paging: { total_item_count: 0, page_item_limit: 50 } } },
    needsBody: false
  },
  {
    operation: 'list-groups',
    inputs: { 'org-slug': 'org-1' },
    target: 'GET /organizations/org-1/groups',
    mode: 'idempotent',
    ok: { status: 201, body: [{ slug: 'g-1', name: 'Group' }] },
    needsBody: true
  },
  {
    operation: 'migrate-machine-types',
    inputs: { 'org-slug': 'org-1', 'from-machine': 'g2.4core', 'to-machine': 'g2.8core', 'dry-run': 'false' },
    target: 'PATCH /organizations/org-1/apps/machine_types',
    mode: 'once',
    ok: { body: { message: 'done', migrated_apps: ['Demo (app-1)'] } },
    needsBody: true,
    // The check of to-machine before the migration: the first app using from-machine, and the service's check of it.
    routes: {
      'GET /organizations/org-1/apps': { body: { data: [APP] } },
      'GET /apps/app-1/service.yml': {
        raw: 'meta:\n  service:\n    machine_type_id: g2.4core\nworkflows:\n  primary: {}\n',
        headers: { 'content-type': 'text/plain' }
      },
      'POST /validate-bitrise-yml': ACCEPTED
    }
  },
  {
    operation: 'set-email-notifications',
    inputs: { 'app-slug': 'app-1', 'on-failure': 'always' },
    target: 'PATCH /apps/app-1/update-email-notifications',
    mode: 'idempotent',
    ok: { body: { status: 'ok' } },
    needsBody: false
  },
  {
    operation: 'list-build-requests',
    inputs: { 'app-slug': 'app-1' },
    target: 'GET /apps/app-1/build-requests',
    mode: 'idempotent',
    ok: {
      body: {
        data: [
          {
            slug: 'req-1',
            pull_request_url: 'https://github.com/acme/demo/pull/7',
            created_at: '2024-01-01T00:00:00Z',
            build_params: { branch: 'fix' }
          }
        ]
      }
    },
    needsBody: true
  },
  {
    operation: 'approve-build-request',
    // A rejection of a named request is one PATCH; an approval first lists the requests to find the one of its commit.
    inputs: { 'app-slug': 'app-1', 'build-request-slug': 'req-1', approve: 'false' },
    target: 'PATCH /apps/app-1/build-requests/req-1',
    mode: 'idempotent',
    ok: { body: { data: { slug: 'req-1' } } },
    needsBody: false
  }
]

export function operationCase(name: string): OperationCase {
  const found = OPERATIONS.find((op) => op.operation === name)
  if (!found) throw new Error(`no operation ${name}`)
  return found
}

/** A workspace holding a valid service.yml, for upload-config. */
export function configWorkspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'faults-ws-'))
  writeFileSync(join(dir, 'service.yml'), "format_version: '13'\nworkflows:\n  primary:\n    steps: []\n")
  return dir
}

/** Runs `task` over `items`, at most `width` at a time, keeping the order of the results. */
export async function pool<T, R>(
  items: T[],
  width: number,
  task: (item: T, index: number) => Promise<R>
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index], index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker))
  return results
}

/** The ::error:: line, or an empty string. */
export function failure(result: RunResult): string {
  return errorLine(result)
}

/**
 * Collects every mismatch of a batch of runs, so one failing test shows all of them;
 * the test then asserts the list is empty.
 */
export class Checks {
  readonly problems: string[] = []

  /** Records a mismatch when `actual` is not `expected` (compared as JSON). */
  equal(label: string, what: string, actual: unknown, expected: unknown): void {
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      this.problems.push(`${label}: ${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`)
    }
  }

  /** Whether any mismatch was recorded under `label`. */
  failed(label: string): boolean {
    return this.problems.some((problem) => problem.startsWith(`${label}: `))
  }

  match(label: string, what: string, text: string, pattern: RegExp): void {
    if (!pattern.test(text))
      this.problems.push(`${label}: ${what}: ${JSON.stringify(text.slice(0, 300))} does not match ${pattern}`)
  }

  /** No secret, in any spelling, in anything the step wrote (see helpers/secrets.ts). */
  noSecrets(label: string, result: RunResult): void {
    for (const leak of secretLeaks(result, SECRETS)) this.problems.push(`${label}: leaked ${leak}`)
  }

  /** No stack trace in anything the step printed. */
  noStackTrace(label: string, result: RunResult): void {
    if (STACK.test(result.stdout + result.stderr)) this.problems.push(`${label}: printed a stack trace`)
  }
}

const STACK = /\n\s+at .+[:(]\d+/

export interface Row {
  scenario: string
  expected: string
  observed: string
  /** Whether the scenario's checks found a mismatch; only these rows are printed. */
  failed: boolean
}

/**
 * Collects the scenario rows of one test file and, at its end, prints the rows of
 * the scenarios that failed, so a passing run prints nothing and jest's summary is
 * what a person reads last.
 */
export class ScenarioTable {
  readonly rows: Row[] = []

  constructor(private readonly title: string) {}

  add(row: Row): void {
    this.rows.push(row)
  }

  /** Written with process.stdout.write, which jest leaves undecorated. */
  print(): void {
    const failed = this.rows.filter((row) => row.failed)
    if (failed.length === 0) return
    const header = { scenario: 'scenario', expected: 'expected', observed: 'observed' }
    const all = [header, ...failed]
    const width = (key: keyof typeof header): number => Math.min(70, Math.max(...all.map((row) => row[key].length)))
    const cell = (text: string, w: number): string => (text.length > w ? `${text.slice(0, w - 1)}…` : text.padEnd(w))
    const [ws, we, wo] = [width('scenario'), width('expected'), width('observed')]
    const line = (row: typeof header): string =>
      `| ${cell(row.scenario, ws)} | ${cell(row.expected, we)} | ${cell(row.observed, wo)} |`
    const rule = `|${'-'.repeat(ws + 2)}|${'-'.repeat(we + 2)}|${'-'.repeat(wo + 2)}|`
    const text = [
      `\n${this.title}: ${failed.length} of ${this.rows.length} scenarios failed`,
      line(header),
      rule,
      ...failed.map(line),
      ''
    ].join('\n')
    process.stdout.write(`${text}\n`)
  }
}

/** "exit 0, 3 calls" and the like, for the observed column. */
export function describeRun(result: RunResult, calls: number, extra = ''): string {
  const error = failure(result)
  const end = result.timedOut ? 'KILLED (hang)' : `exit ${result.code}`
  return `${end}, ${calls} call(s), ${result.durationMs} ms${error ? `: ${error.slice(0, 120)}` : ''}${extra}`
}
