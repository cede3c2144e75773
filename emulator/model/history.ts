/**
 * The emulator's memory of builds is bounded: past the cap, the oldest builds go, and
 * with them their logs (a log is made from its build) and the oldest events, so a
 * long-running emulator stays the same size however many builds it has run.
 */
import type { EmulatorState } from './state.js'

/** Builds kept unless the emulator is told otherwise (--max-builds). */
export const DEFAULT_MAX_BUILDS = 10_000

/** Events kept for each build kept: a trigger, a status report and an email or two. */
const EVENTS_PER_BUILD = 4

/** Drops the oldest builds beyond `maxBuilds`, and the oldest events beyond what that many builds cause. */
export function trimHistory(state: EmulatorState, maxBuilds: number): void {
  // A Map iterates in insertion order, so its first entries are the oldest triggers. Checked
  // first: reaching them means stepping over every entry deleted since the Map last compacted.
  if (state.builds.size > maxBuilds) {
    for (const build of state.builds.values()) {
      if (state.builds.size <= maxBuilds) break
      state.deleteBuild(build)
    }
  }
  const maxEvents = Math.max(1, maxBuilds) * EVENTS_PER_BUILD
  if (state.events.length > maxEvents) state.events.splice(0, state.events.length - maxEvents)
}
