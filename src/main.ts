import { Input, State } from './constants.js'
import { InputError } from './inputs/input-error.js'
import { loadOperation } from './operations/index.js'
import type { OperationModule } from './operations/operation.js'
import { readCommon, readCommonOrSlip, readOperationInputs, type StepRunner } from './operations/step-inputs.js'
import { readSubActionEntry, SUB_ACTION_KEY, type SubActionEntry } from './operations/sub-actions.js'
import { redact } from './safe-text.js'
import { missingRunnerFile } from './runner/files.js'
import { addSecret } from './runner/secrets.js'
import * as commands from './runner/workflow-commands.js'
import { JobCancel } from './step/cancel.js'
import { describeFailure, failureSection, writeStepSummary } from './step/failure.js'
import type { StepContext } from './step/step-context.js'
import type { SummarySection } from './summary/section.js'

/** The runner as the reading of the inputs sees it. */
const RUNNER: StepRunner = {
  get: (name) => commands.getInput(name),
  mask: (value, what) => addSecret(value, what),
  warn: (message) => commands.warning(message),
  env: process.env
}

/**
 * The action's entry: runs the chosen operation, or the post step, and is the only place a step
 * is failed. A sub-action's entry (dist/sub/) has left its description under SUB_ACTION_KEY.
 */
export async function run(
  entryValue: unknown = (globalThis as Record<symbol, unknown>)[Symbol.for(SUB_ACTION_KEY)]
): Promise<void> {
  let entry: SubActionEntry | undefined
  try {
    entry = readSubActionEntry(entryValue)
  } catch (error) {
    return commands.setFailed(`${(error as Error).message}. Nothing was sent to the service.`)
  }
  if (commands.getState(State.isPost) === 'true') return runPost(entry)
  const missing = missingRunnerFile(process.env)
  if (missing) return commands.setFailed(missing)
  commands.saveState(State.isPost, 'true')
  const cancel = new JobCancel()
  let operation: OperationModule | undefined
  let context: StepContext | undefined
  let failure: SummarySection | undefined
  try {
    const common = await readCommonOrSlip(entry, RUNNER)
    operation = await loadOperation(common.operation)
    const inputs = await readOperationInputs(operation, entry, RUNNER)
    context = (await import('./step/setup.js')).createStepContext(common, cancel.signal())
    await operation.run(inputs, context)
  } catch (error) {
    const message = redact(await describeFailure(error, operation?.role, explainUnknownApp(context)))
    commands.setFailed(message)
    failure = failureSection(message, error instanceof InputError, operation?.name)
  } finally {
    cancel.stop()
    await writeStepSummary(context, failure)
  }
}

/** After a 404 only, with a client to ask: the apps the credentials see, to name those nearest to app-slug. */
function explainUnknownApp(
  context: StepContext | undefined
): ((error: unknown) => Promise<string | undefined>) | undefined {
  const client = context?.client
  if (!client) return undefined
  return async (error) =>
    (await import('./operations/unknown-app.js')).unknownAppNote(error, RUNNER.get(Input.appSlug), client)
}

/** The post step: aborts the builds or the pipeline the main step was waiting for when it was killed. */
async function runPost(entry: SubActionEntry | undefined): Promise<void> {
  const pending = commands.getState(State.pendingWork) || commands.getState(State.pendingBuildOfEarlierVersions)
  if (!pending) return
  try {
    const [{ abortPendingWork }, { createPostContext }] = await Promise.all([
      import('./builds/abort/post-step.js'),
      import('./step/setup.js')
    ])
    await abortPendingWork(pending, createPostContext(await readCommon(entry, RUNNER)))
  } catch (error) {
    commands.warning(`Could not abort what the main step was waiting for: ${(error as Error).message}`)
  }
}
