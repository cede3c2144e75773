/** The inputs that shape every wait, read into its settings. */
import { Input } from '../../constants.js'
import { describeDuration } from '../../inputs/durations.js'
import { booleanFlag, durationMs, type GetInput } from '../../inputs/readers.js'

/** How to wait (for a build, a pipeline, several builds or an approval), as the inputs give it. */
export interface WaitSettings {
  timeoutMs: number
  pollIntervalMs: number
  /** poll-interval not set: the reads aim at the end the workflow's recent builds predict (pace.ts). */
  adaptive: boolean
  failOnBuildFailure: boolean
  streamLogs: boolean
  /**
   * Longest silence while waiting: a minute. Only the bench's and the tests' build (scripts/bundle.js
   * `scaledClock`, see src/sleep.ts) takes SERVICE_HEARTBEAT_MS instead; dist/ never reads it.
   */
  heartbeatMs: number
  /** Read the service's AI summary of a build that failed (explain-failure). */
  explainFailure: boolean
  /** Things to tell the user about these settings, e.g. a wait-timeout that may have meant minutes. */
  warnings: string[]
}

/** The inputs readWaitSettings reads. */
export const WAIT_INPUTS = [
  Input.waitTimeout,
  Input.pollInterval,
  Input.failOnBuildFailure,
  Input.streamLogs,
  Input.explainFailure
] as const

/** Reads the wait settings of a wait for a build or, with trigger and pipeline, for a pipeline. */
export function readWaitSettings(
  get: GetInput,
  env: NodeJS.ProcessEnv,
  waitsFor: 'build' | 'pipeline' = 'build'
): WaitSettings {
  const timeoutMs = durationMs(get, Input.waitTimeout, 3600, 1, 6 * 3600)
  const given = get(Input.waitTimeout)
  const warnings: string[] = []
  // A bare number is seconds, as documented; one under a minute was likely meant as minutes.
  if (/^\d+(\.\d+)?$/.test(given) && timeoutMs < 60_000) {
    warnings.push(
      `${Input.waitTimeout}: ${given} means ${describeDuration(timeoutMs)} (a number without a unit is seconds); a ${waitsFor} still running then is aborted. If minutes were meant, add the unit: ${given}m.`
    )
  }
  // The reading is dropped from dist/ by the minifier: SCALED_SERVICE_CLOCK is false there.
  const heartbeat =
    typeof SCALED_SERVICE_CLOCK !== 'undefined' && SCALED_SERVICE_CLOCK ? Number(env.SERVICE_HEARTBEAT_MS) : 0
  return {
    timeoutMs,
    pollIntervalMs: durationMs(get, Input.pollInterval, 10, 0.05, 600),
    // Not set: empty (the input has no default, so a step's `10` is told from no value at all).
    adaptive: get(Input.pollInterval).trim() === '',
    failOnBuildFailure: booleanFlag(get, Input.failOnBuildFailure, true),
    streamLogs: booleanFlag(get, Input.streamLogs, true),
    explainFailure: booleanFlag(get, Input.explainFailure, true),
    heartbeatMs: heartbeat > 0 ? heartbeat : 60_000,
    warnings
  }
}
