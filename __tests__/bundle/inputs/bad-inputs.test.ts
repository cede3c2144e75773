/**
 * Fuzz-style bad inputs, generated from one table: every input of every operation
 * gets malformed values of its kind (wrong type, empty where required, whitespace
 * only, 100 KB, unicode where a slug is expected, newline-injected KEY=value lines,
 * path traversal, credentials in URLs, ...). Each case must fail with exit code 1 and
 * an ::error:: line "Input "<name>": ..." naming the right input, send nothing, print
 * no stack trace and leak no secret.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { startFakeService } from '../../helpers/fake-service.js'
import { runAction } from '../../helpers/run-action.js'
import {
  Checks,
  failure,
  operationCase,
  pool,
  ScenarioTable,
  SECRET_INPUTS
} from '../../helpers/scenarios/fault-cases.js'
import { SSH_PUBLIC_KEY } from '../../helpers/scenarios/operation-steps.js'
import { type Bad, type Case, FIELDS, KINDS, blank, required } from '../../helpers/subjects/bad-input-kinds.js'
import { SPECIAL } from '../../helpers/subjects/bad-input-special.js'

/** The generated cases: each field's malformed values, taken in turn from its kind. */
function generate(): Case[] {
  const cursor = new Map<string, number>()
  const cases: Case[] = []
  for (const [operation, fields] of Object.entries(FIELDS)) {
    for (const field of fields) {
      const values = KINDS[field.kind]
      const picked: Bad[] = field.required ? [required, blank] : []
      for (let n = 0; n < (field.count ?? 1); n++) {
        const at = cursor.get(field.kind) ?? 0
        cursor.set(field.kind, at + 1)
        picked.push(values[at % values.length])
      }
      for (const bad of picked)
        cases.push({
          operation,
          input: field.input,
          ...bad,
          says: field.says?.[bad.what] ?? bad.says,
          inputs: field.with
        })
    }
  }
  return [...cases, ...SPECIAL]
}

const CASES = generate()

/** Valid inputs of each operation, the ones a case does not break. */
function validInputs(operation: string): Record<string, string> {
  const inputs = { ...operationCase(operation).inputs }
  if (operation === 'wait') inputs['wait-timeout'] = '60'
  if (operation === 'trigger') inputs['skip-git-status-report'] = 'false'
  if (operation === 'register-app') inputs['ssh-public-key'] = SSH_PUBLIC_KEY
  return inputs
}

const table = new ScenarioTable('Generated bad inputs')
afterAll(() => table.print())

describe('bad inputs, generated from a table', () => {
  it(`has at least 100 cases, covering every operation`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(100)
    expect(new Set(CASES.map((c) => c.operation)).size).toBe(19)
    const kinds = new Set(CASES.map((c) => c.what))
    for (const what of [
      'empty where required',
      'whitespace only',
      '100 KB',
      'unicode slug',
      'newline-injected KEY=value',
      'path traversal',
      'URL with credentials',
      'JSON where a slug is expected'
    ]) {
      expect({ what, generated: kinds.has(what) }).toEqual({ what, generated: true })
    }
  })

  it(`each of the ${CASES.length} cases fails, names its input, sends nothing and leaks nothing`, async () => {
    const checks = new Checks()
    await pool(CASES, 6, async (c) => {
      const label = `${c.operation} ${c.input}=${JSON.stringify(c.value.slice(0, 24))} (${c.what})`
      const service = await startFakeService({})
      try {
        const merged: Record<string, string | undefined> = {
          operation: c.operation,
          'base-url': service.url,
          'request-timeout': '5',
          ...SECRET_INPUTS,
          ...validInputs(c.operation),
          ...c.inputs,
          [c.input]: c.value
        }
        const given = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) as Record<
          string,
          string
        >
        const result = await runAction(given, { timeoutMs: 25_000 })
        const error = failure(result)
        checks.equal(label, 'exit code', { code: result.code, timedOut: result.timedOut }, { code: 1, timedOut: false })
        checks.equal(label, 'names the input', error.startsWith(`Input "${c.input}": `), true)
        checks.match(label, 'says what is wrong', error, c.says)
        checks.match(label, 'says nothing was sent', error, /Nothing was sent to the service\.$/)
        checks.equal(label, 'error is short', error.length < 1500, true)
        checks.equal(label, 'requests', service.requests.length, 0)
        checks.noStackTrace(label, result)
        checks.noSecrets(label, result)
        table.add({
          scenario: label,
          expected: `exit 1, Input "${c.input}", 0 requests`,
          observed: `exit ${result.code}, ${service.requests.length} request(s): ${error.slice(0, 80)}`,
          failed: checks.failed(label)
        })
      } finally {
        await service.close()
      }
    })
    expect(checks.problems).toEqual([])
  }, 180_000)
})
