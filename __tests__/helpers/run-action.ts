/**
 * Runs the bundled action (dist/index.js, or the dev bundle: see bundle.js) the way the runner does, through the
 * runner the demo and the bench use too (scripts/run-action.js), with step debug logging on
 * (RUNNER_DEBUG=1), so the debug lines are in every test's output, and every
 * check of secrets and workflow commands reads them too. A test that needs a short retry pause or
 * heartbeat runs the tests' build instead (runActionWithHooks).
 */
import { runAction as run, type RunOptions, type RunResult } from '../../scripts/run-action.js'
import { ACTION_BUNDLE, HOOKS_BUNDLE } from './bundle.js'

export { decodeCharacterReferences, errorLine, parseCommandFile } from '../../scripts/run-action.js'
export { ACTION_BUNDLE, BUNDLE_FOLDER, EMULATOR_BUNDLE, HOOKS_BUNDLE } from './bundle.js'
export type { RunOptions, RunResult }

/** Runs one step of the bundle with `inputs`; RUNNER_DEBUG is 1 unless `options.env` says otherwise. */
export function runAction(inputs: Record<string, string>, options: RunOptions = {}): Promise<RunResult> {
  return run(inputs, { bundle: ACTION_BUNDLE, ...options, env: { RUNNER_DEBUG: '1', ...options.env } })
}

/**
 * Runs one step of the tests' build (HOOKS_BUNDLE), which alone reads SERVICE_RETRY_BASE_MS (the
 * first retry pause; 20 ms here unless `options.env` says otherwise) and SERVICE_HEARTBEAT_MS: for
 * a test that retries, or waits for a heartbeat, and would otherwise pause as the shipped action does.
 */
export function runActionWithHooks(inputs: Record<string, string>, options: RunOptions = {}): Promise<RunResult> {
  return runAction(inputs, { bundle: HOOKS_BUNDLE, ...options, env: { SERVICE_RETRY_BASE_MS: '20', ...options.env } })
}
