/**
 * Runs the bundled action (dist/index.js, or the dev bundle: see bundle.js) the way the runner does, through the
 * runner the demo and the bench use too (scripts/run-action.js), with a short
 * first retry delay so retry tests stay quick, and with step debug logging on
 * (RUNNER_DEBUG=1), so the debug lines are in every test's output, and every
 * check of secrets and workflow commands reads them too.
 */
import { runAction as run, type RunOptions, type RunResult } from '../../scripts/run-action.js'
import { ACTION_BUNDLE } from './bundle.js'

export { decodeCharacterReferences, errorLine, parseCommandFile } from '../../scripts/run-action.js'
export { ACTION_BUNDLE, BUNDLE_FOLDER, EMULATOR_BUNDLE } from './bundle.js'
export type { RunOptions, RunResult }

/** Runs one step of the bundle with `inputs`; SERVICE_RETRY_BASE_MS is 20 and RUNNER_DEBUG 1 unless `options.env` says otherwise. */
export function runAction(inputs: Record<string, string>, options: RunOptions = {}): Promise<RunResult> {
  return run(inputs, {
    bundle: ACTION_BUNDLE,
    ...options,
    env: { SERVICE_RETRY_BASE_MS: '20', RUNNER_DEBUG: '1', ...options.env }
  })
}
