/**
 * What the trigger-mistake tests share: one emulator per file, a branch's trigger inputs, random
 * names and values, and the check that nothing was sent.
 */
import { expect } from '@jest/globals'
import { randomInt, randomString } from '../random.js'
import {
  emulatorPerFile,
  emulatorState,
  errorLine,
  expectFailed,
  requestLog,
  SAME_REPOSITORY,
  step,
  type RunningEmulator
} from '../scenarios/emulator-steps.js'

export const ON_BRANCH = { 'app-slug': 'ios-app', 'from-event': 'false', branch: 'main', ...SAME_REPOSITORY }

/** A valid environment variable name nobody wrote by hand. */
export const randomName = (): string =>
  `${randomString(1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ_')}${randomString(4 + randomInt(8), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_')}`

/** A value holding commas, none of them followed by NAME= (so it is one variable as it stands). */
export const commaValue = (): string =>
  Array.from({ length: 2 + randomInt(3) }, () => randomString(6 + randomInt(6)))
    .join([',', ', ', ',,'][randomInt(3)])
    .replace(/,\s*(?=[A-Za-z_])/g, ',9')

/** Asserts the step failed on its inputs and the emulator received no call at all. */
export async function expectNothingSent(result: Awaited<ReturnType<typeof step>>): Promise<void> {
  expectFailed(result)
  expect(errorLine(result)).toMatch(/Nothing was sent to the service\.$/)
  expect(await requestLog(emu)).toEqual([])
  expect((await emulatorState(emu)).builds).toEqual([])
}

/** The emulator of the test file, started by `useTriggerMistakeEmulator`. */
export let emu: RunningEmulator

/** Starts one emulator for the test file, which this module's steps use. */
export function useTriggerMistakeEmulator(): void {
  emulatorPerFile((started) => (emu = started))
}
