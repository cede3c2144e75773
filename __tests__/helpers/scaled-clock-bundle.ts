/**
 * The bundle whose waits scale the service's clock by SERVICE_TIME_SCALE (src/sleep.ts), for the
 * tests that wait for builds of minutes on an emulator whose clock runs faster: the tests' build
 * (`scripts/dev-bundle.js --scaled-clock`, HOOKS_BUNDLE in bundle.js), which the global setup makes
 * once per run. dist/ and the dev bundle never read the variable.
 */
import { HOOKS_BUNDLE } from './bundle.js'

/** The variant's entry, and a function to call when done with it (the run's global setup owns the folder). */
export function buildScaledClockBundle(): { bundle: string; remove: () => void } {
  return { bundle: HOOKS_BUNDLE, remove: () => {} }
}
