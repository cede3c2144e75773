/**
 * Shared pieces of the fault suite: the 19 operations as data (inputs, the call a
 * fault is injected into, its retry mode, a good answer), the secrets every run
 * carries, a small concurrency pool, and the table of failed scenarios each file prints.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { errorLine, type RunResult } from '../run-action.js'
import { tempDir } from '../temp-dirs.js'
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

export {
  BUILD_PATH,
  OPERATIONS,
  operationCase,
  RUNNING,
  SUCCEEDED,
  TRIGGERED,
  type OperationCase
} from './fault-operations.js'

/** A workspace holding a valid service.yml, for upload-config. */
export function configWorkspace(): string {
  const dir = tempDir('faults-ws-')
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
