import { setMaxListeners } from 'node:events'
import { statSync } from 'node:fs'
import { maskSecretInputs, readCommonInputs, type CommonInputs } from './inputs/common.js'
import { State } from './constants.js'
import { InputError } from './inputs/input-error.js'
import type { GetInput } from './inputs/readers.js'
import { loadOperation, operationsReading, readOperation, type Operation } from './operations/index.js'
import type { OperationModule } from './operations/operation.js'
import {
  declaredInputs,
  readSubActionEntry,
  readSubActionOperation,
  SUB_ACTION_KEY,
  type SubActionEntry
} from './operations/sub-actions.js'
import { quote, redact } from './safe-text.js'
import { addSecret } from './runner/secrets.js'
// In the entry chunk, not loaded on demand: every step that runs an operation renders its summary
// at its end, and a step refused on its inputs spent more on loading a chunk than on parsing it here.
import { writeSummary } from './runner/summary-file.js'
import type { StepContext } from './step/step-context.js'
import * as commands from './runner/workflow-commands.js'
import type { SummarySection } from './summary/section.js'

const getInput: GetInput = (name) => commands.getInput(name)

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
  const missing = missingRunnerFile()
  if (missing) return commands.setFailed(missing)
  commands.saveState(State.isPost, 'true')
  // Made once the inputs are read, so a step refused on them loads no abort machinery.
  let cancel: AbortController | undefined
  let stopping = false
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) return
    stopping = true
    commands.info(`Received ${signal}: stopping, and aborting the build if one is being waited for.`)
    cancel?.abort()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  let context: StepContext | undefined
  let operation: OperationModule | undefined
  let failure: SummarySection | undefined
  try {
    const common = await readCommonOrSlip(entry)
    operation = await loadOperation(common.operation)
    await checkInputs(operation, declaredInputs(entry))
    const inputs = await operation.read(declaredOnly(operation, declaredInputs(entry)), process.env)
    const { createStepContext } = await import('./step/setup.js')
    cancel = new AbortController()
    // Every request in flight listens to it (a dry run has 16), more than the default ten before Node warns.
    setMaxListeners(0, cancel.signal)
    if (stopping) cancel.abort()
    context = createStepContext(common, cancel.signal)
    await operation.run(inputs, context)
  } catch (error) {
    const message = redact(await describeFailure(error, operation))
    commands.setFailed(message)
    failure = failureSection(message, error instanceof InputError, operation)
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    await flushSummary(context, failure)
  }
}

/** The short summary of a step that failed before it said anything else: what was wrong, and whether anything was sent. */
function failureSection(message: string, nothingSent: boolean, operation: OperationModule | undefined): SummarySection {
  // Before the operation is loaded (a secret input refused while masking, say), the input names it when it is a plain word.
  const given = getInput('operation').trim()
  const name = operation?.name ?? (/^[a-z][a-z-]{0,39}$/.test(given) ? given : 'the step')
  return {
    heading: `${name} failed`,
    lead: nothingSent
      ? { mark: 'refused', result: 'Nothing was sent', subject: [name] }
      : { mark: 'failure', result: 'Failed', subject: [name] },
    lines: [message]
  }
}

/** Masks every secret input, then reads the inputs every operation uses; a sub-action chooses among its own operations. */
async function readCommon(entry: SubActionEntry | undefined): Promise<CommonInputs<Operation>> {
  await maskSecretInputs(getInput, (value, what) => addSecret(value, what), process.env)
  const operation = entry ? (get: GetInput) => readSubActionOperation(get, entry) : readOperation
  // The event code is loaded only for the message about an empty token on a fork's pull request.
  return await readCommonInputs(getInput, process.env, {
    operation,
    forkPullRequest: async (env) => (await import('./github/event.js')).forkPullRequestIn(env)
  })
}

/**
 * The common inputs; when one is refused because a key near its name took its place
 * (operaton, tokn), the message names that key instead.
 */
async function readCommonOrSlip(entry: SubActionEntry | undefined): Promise<CommonInputs<Operation>> {
  try {
    return await readCommon(entry)
  } catch (error) {
    // Only a missing input can be explained by a slip in its key (`operaton: trigger`); a bad value cannot.
    if (!(error instanceof InputError) || commands.getInput(error.input) !== '') throw error
    const { checkInputUse } = await import('./inputs/input-use.js')
    const slip = (await checkInputUse({ env: process.env, declared: declaredInputs(entry) })).error
    throw slip?.input === error.input ? slip : error
  }
}

/**
 * Holds the step's inputs against the running action's (a sub-action's own) and the
 * operation's: prints a warning for each that would be ignored, and throws when one would
 * change what is sent.
 */
async function checkInputs(operation: OperationModule, declared: Iterable<string>): Promise<void> {
  // Loaded once the inputs every operation reads are known good, so a step refused on them loads less.
  const { checkInputUse } = await import('./inputs/input-use.js')
  const use = await checkInputUse({ env: process.env, operation, declared, readBy: operationsReading })
  for (const warning of use.warnings) commands.warning(warning)
  if (use.error) throw use.error
}

/**
 * The input reader an operation gets: asking for an input it does not declare, or one the
 * running action's action.yml lacks (so the runner would give it no default), is a mistake in
 * the operation or in the generated sub-action.
 */
function declaredOnly(operation: OperationModule, action: ReadonlySet<string>): GetInput {
  const declared = new Set<string>(operation.inputs)
  return (name) => {
    if (!declared.has(name))
      throw new Error(`The ${operation.name} operation read the input ${name}, which it does not declare`)
    if (!action.has(name))
      throw new Error(
        `The ${operation.name} operation read the input ${name}, which this action's action.yml does not declare`
      )
    return getInput(name)
  }
}

/** Writes the job summary: the context's sections, or when the step failed before adding any, its failure. */
async function flushSummary(context: StepContext | undefined, failure: SummarySection | undefined): Promise<void> {
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

/** The post step: aborts the builds or the pipeline the main step was waiting for when it was killed. */
async function runPost(entry: SubActionEntry | undefined): Promise<void> {
  const pending = commands.getState(State.pendingWork) || commands.getState(State.pendingBuildOfEarlierVersions)
  if (!pending) return
  try {
    const { abortPendingWork } = await import('./builds/abort/post-step.js')
    await abortPendingWork(pending, await readCommon(entry), commands)
  } catch (error) {
    commands.warning(`Could not abort what the main step was waiting for: ${(error as Error).message}`)
  }
}

/**
 * Why a runner file the step writes to is unusable, or undefined. Checked first: a
 * missing output file would otherwise fail the step only after its call had been sent.
 */
function missingRunnerFile(): string | undefined {
  for (const name of ['GITHUB_OUTPUT', 'GITHUB_STATE']) {
    const path = process.env[name]
    if (!path) continue
    let kind: 'missing' | 'folder' | undefined
    try {
      if (statSync(path).isDirectory()) kind = 'folder'
    } catch {
      kind = 'missing'
    }
    if (kind) {
      return (
        `${name} is set to ${quote(path)}, but ${kind === 'missing' ? 'no file exists there' : 'that is a folder, not a file'}: ` +
        `the step could not write its ${name === 'GITHUB_OUTPUT' ? 'outputs' : 'state'}. The runner creates this file for every step; ` +
        `outside the runner, create the file or unset ${name}. Nothing was sent to the service.`
      )
    }
  }
  return undefined
}

/** Turns any error into the one line a person reads first in the step's log. */
async function describeFailure(error: unknown, operation: OperationModule | undefined): Promise<string> {
  if (error instanceof InputError) return `${error.message}. Nothing was sent to the service.`
  const { describeServiceFailure } = await import('./step/setup.js')
  return describeServiceFailure(error, operation?.role)
}
