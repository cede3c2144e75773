/**
 * How a step that failed says so: the one line a person reads first, and, when the step wrote
 * no summary of its own, a summary of what was wrong and whether anything was sent.
 */
import { Input } from '../constants.js'
import { isHttpError, type ApiError } from '../http/api-error.js'
import { InputError } from '../inputs/input-error.js'
// Imported here, so in the entry chunk, not loaded on demand: every step that runs an operation
// renders its summary at its end, and a step refused on its inputs spent more on loading a chunk
// than on parsing the renderer in the entry.
import { writeSummary } from '../runner/summary-file.js'
import * as commands from '../runner/workflow-commands.js'
import type { SummarySection } from '../summary/section.js'
import type { StepContext } from './step-context.js'

/**
 * Turns any error into the one line a person reads first in the step's log (`role`: what the
 * operation needs); after a 404, `explain` may add what the step can find out about it.
 */
export async function describeFailure(
  error: unknown,
  role: string | undefined,
  explain?: (error: ApiError) => Promise<string | undefined>
): Promise<string> {
  if (error instanceof InputError) return `${error.message}. Nothing was sent to the service.`
  const { describeServiceFailure } = await import('./setup.js')
  const line = describeServiceFailure(error, role)
  const note = explain && isHttpError(error, 404) ? await explain(error) : undefined
  return note ? `${line} ${note}` : line
}

/**
 * The short summary of a step that failed before it said anything else: what was wrong, and
 * whether anything was sent. It names the operation loaded (`loaded`), or, before the operation
 * is loaded (a secret input refused while masking, say), the operation input when it is a plain word.
 */
export function failureSection(message: string, nothingSent: boolean, loaded: string | undefined): SummarySection {
  const given = commands.getInput(Input.operation)
  const name = loaded ?? (/^[a-z][a-z-]{0,39}$/.test(given) ? given : 'the step')
  // The app, when app-slug names one: in a matrix of apps, the jobs' summaries differ only by it.
  const app = commands.getInput(Input.appSlug)
  const subject = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/.test(app) ? [name, app] : [name]
  return {
    heading: `${name} failed`,
    lead: nothingSent
      ? { mark: 'refused', result: 'Nothing was sent', subject }
      : { mark: 'failure', result: 'Failed', subject },
    lines: [message]
  }
}

/** Writes the job summary: the context's sections, or when the step failed before adding any, its failure. */
export async function writeStepSummary(
  context: StepContext | undefined,
  failure: SummarySection | undefined
): Promise<void> {
  try {
    if (failure && (!context || context.isEmpty())) {
      if (context) context.summary(failure)
      else writeSummary([failure])
    }
    await context?.flush()
  } catch (error) {
    commands.warning(`Could not write the job summary: ${(error as Error).message}`)
  }
}
