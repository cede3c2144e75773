/** Recognisable secret values used across the action tests, and the scan that proves none leaked. */
import { expect } from '@jest/globals'
import type { RunResult } from '../helpers/run-action.js'

export const TOKEN = 'tok-SECRET-1234'
export const SECRET_ENV_VALUE = 'envSECRETvalue987'

/**
 * Asserts that no secret appears in anything the step wrote. Lines starting with
 * `::add-mask::` are left out: they are how the runner learns what to mask, and
 * the runner never shows them.
 */
export function expectNoSecrets(result: RunResult, secrets: string[] = [TOKEN, SECRET_ENV_VALUE]): void {
  const stdout = result.stdout
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n')
  const places = { stdout, stderr: result.stderr, output: result.files.output, state: result.files.state, summary: result.files.summary }
  for (const secret of secrets) {
    for (const [place, text] of Object.entries(places)) {
      expect({ place, leaked: text.includes(secret) }).toEqual({ place, leaked: false })
    }
  }
}
