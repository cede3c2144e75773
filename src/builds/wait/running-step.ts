/** What a wait's heartbeat says of an unfinished build: its phase, and the step its summary names. */
import { readStepSummary } from '../../api/step-summary.js'
import type { ServiceClient } from '../../http/service-client.js'
import type { ServiceBuild } from '../../api/build-record.js'

/**
 * The running step when the summary lists one, else the last finished, as a heartbeat's words;
 * undefined when the summary cannot be read or lists no step (the end of the wait says why, once).
 */
export async function runningStep(
  client: ServiceClient,
  appSlug: string,
  buildSlug: string,
  signal?: AbortSignal
): Promise<string | undefined> {
  try {
    const answer = await readStepSummary(client, appSlug, buildSlug, signal)
    if (answer.kind !== 'read' || answer.steps.length === 0) return undefined
    const running = answer.steps.filter((s) => s.state === 'running').at(-1)
    const last = running ?? answer.steps[answer.steps.length - 1]
    // eslint-disable-next-line no-control-regex
    const title = JSON.stringify(last.title.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').slice(0, 100))
    return running ? `step ${title} running` : `last finished step ${title} (${last.status.slice(0, 30)})`
  } catch {
    return undefined
  }
}

/** The state of an unfinished build, in words: on hold, or running with the service's own word. */
export function phaseOf(record: ServiceBuild): string {
  // is_on_hold: more builds started than the plan's concurrency allows (devcenter, Build statuses).
  if (record.isOnHold) return 'on hold, waiting for a free concurrency slot'
  return `running${record.statusText ? ` (${record.statusText})` : ''}`
}
