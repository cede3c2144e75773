/**
 * The tour of every operation through dist/index.js against the emulator, in two parts: the life
 * of an app the tour registers (runner/operations.test.ts) and the seed's own apps
 * (runner/operations-seeded.test.ts). Each part checks it ran exactly its operations and that each
 * summary it saw leads with a mark; together the parts are every operation.
 */
import { expect } from '@jest/globals'
import { OPERATIONS } from '../operations.js'
import { firstLines } from '../scenarios/emulator-steps.js'

export const NEW_APP_PART = [
  'register-app',
  'list-apps',
  'update-app',
  'upload-config',
  'set-config-location',
  'set-roles',
  'trigger',
  'wait',
  'list-artifacts',
  'rebuild-pipeline',
  'delete-app'
]
export const SEEDED_PART = [
  'check-access',
  'get-app',
  'list-branches',
  'get-config',
  'validate-config',
  'get-config-location',
  'get-roles',
  'list-groups',
  'migrate-machine-types',
  'set-email-notifications',
  'abort',
  'list-build-requests',
  'approve-build-request',
  'plan-matrix',
  'report-parked'
]

/** The marks a summary's first line opens with: the sign of the step's result. */
const MARKS = [
  '\u2705',
  '\u274c',
  '\u26d4',
  '\u23f8\ufe0f',
  '\u23f3',
  '\u23f1\ufe0f',
  '\ud83d\udeab',
  '\u26a0\ufe0f',
  '\u2139\ufe0f'
]

/** Asserts the part ran exactly `part` (as `exercised` recorded) and that the two parts are every operation. */
export function expectPartRan(exercised: Set<string>, part: readonly string[]): void {
  expect([...exercised].sort()).toEqual([...part].sort())
  expect([...NEW_APP_PART, ...SEEDED_PART].sort()).toEqual([...OPERATIONS].sort())
}

/** Asserts every summary first line of the part's operations opens with a mark. */
export function expectMarkedSummaries(part: readonly string[]): void {
  const unmarked = part.flatMap((operation) =>
    (firstLines.get(operation) ?? ['(no summary)'])
      .filter((line) => !MARKS.some((mark) => line.startsWith(`<h3>${mark} `)))
      .map((line) => `${operation}: ${line}`)
  )
  expect(unmarked).toEqual([])
}
