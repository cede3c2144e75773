/**
 * A step's inputs, read in the order that lets a bad one stop the step before anything is sent:
 * every secret input masked, then the inputs every operation reads (the operation among them),
 * then, once the operation is loaded, its own, held against the root action's inputs whichever
 * action runs (a sub-action refuses and warns exactly as the root does).
 * The runner is given (`StepRunner`: its inputs, its mask, its warnings), so this room imports
 * none of it.
 */
import { maskSecretInputs, readCommonInputs, type CommonInputs, type Mask } from '../inputs/common.js'
import { explainEmptyRequired } from '../inputs/empty-input.js'
import { InputError } from '../inputs/input-error.js'
import type { SubActionUse } from '../inputs/input-use.js'
import type { GetInput } from '../inputs/readers.js'
import { operationsReading, readOperation, type Operation } from './index.js'
import type { OperationModule } from './operation.js'
import {
  declaredInputs,
  readSubActionOperation,
  SUB_ACTIONS,
  subActionOf,
  type SubActionEntry,
  type SubActionName
} from './sub-actions.js'

/** What the reading needs of the runner. */
export interface StepRunner {
  /** An input's value as the runner gives it, trimmed; '' when not set (an input error's name too). */
  get: (name: string) => string
  /** Registers a secret, masked from then on; `what` names it in a warning when it is too short to mask. */
  mask: Mask
  warn(message: string): void
  env: NodeJS.ProcessEnv
}

/** Masks every secret input, then reads the inputs every operation uses; a sub-action chooses among its own operations. */
export async function readCommon(
  entry: SubActionEntry | undefined,
  runner: StepRunner
): Promise<CommonInputs<Operation>> {
  await maskSecretInputs(runner.get, runner.mask, runner.env)
  const operation = entry ? (get: GetInput) => readSubActionOperation(get, entry) : readOperation
  // The event code is loaded only for the message about an empty token on a fork's pull request.
  return await readCommonInputs(runner.get, runner.env, {
    operation,
    forkPullRequest: async (env) => (await import('../github/event.js')).forkPullRequestIn(env)
  })
}

/**
 * The common inputs; when one is refused because a key near its name took its place
 * (operaton, tokn), the message names that key instead.
 */
export async function readCommonOrSlip(
  entry: SubActionEntry | undefined,
  runner: StepRunner
): Promise<CommonInputs<Operation>> {
  try {
    return await readCommon(entry, runner)
  } catch (error) {
    // Only a missing input can be explained by a slip in its key (`operaton: trigger`); a bad value cannot.
    if (!(error instanceof InputError) || runner.get(error.input) !== '') throw error
    const { checkInputUse } = await import('../inputs/input-use.js')
    const slip = (await checkInputUse({ env: runner.env })).error
    throw slip?.input === error.input ? slip : explainEmptyRequired(error, runner.get)
  } finally {
    // A sub-action's own word on the inputs it does not declare, whether or not the step goes on.
    if (entry) await warnUndeclared(entry, runner)
  }
}

/**
 * The operation's own inputs, once every input of the step is held against the root action's and
 * the operation's: a warning for each that would be ignored, and an error for one that would
 * change what is sent. A sub-action is held to the same check, so an input its action.yml leaves
 * out is refused or named as the root would.
 */
export async function readOperationInputs(
  operation: OperationModule,
  entry: SubActionEntry | undefined,
  runner: StepRunner
): Promise<unknown> {
  // Loaded once the inputs every operation reads are known good, so a step refused on them loads less.
  const { checkInputUse } = await import('../inputs/input-use.js')
  // The same check for the root action and every sub-action: one set of refusals and warnings.
  const use = await checkInputUse({ env: runner.env, operation, readBy: operationsReading })
  for (const warning of use.warnings) runner.warn(warning)
  if (use.error) throw use.error
  try {
    return await operation.read(declaredOnly(operation, declaredInputs(entry), runner.get), runner.env)
  } catch (error) {
    throw explainEmptyRequired(error, runner.get)
  }
}

/** Warns of each input the step sets that the running sub-action does not declare, naming where it belongs. */
async function warnUndeclared(entry: SubActionEntry, runner: StepRunner): Promise<void> {
  const { undeclaredInputs } = await import('../inputs/input-use.js')
  for (const line of await undeclaredInputs(runner.env, subActionUse(entry))) runner.warn(line)
}

/** What the check needs of the sub-action that runs: its inputs, and where an input it lacks belongs. */
function subActionUse(entry: SubActionEntry): SubActionUse {
  const own = SUB_ACTIONS[entry.name]
  return {
    name: entry.name,
    only: own.length === 1 ? own[0] : undefined,
    declares: entry.inputs,
    belongsTo: async (input) => {
      const folders = new Set((await operationsReading(input)).map(subActionOf))
      return Object.keys(SUB_ACTIONS).filter((name) => name !== entry.name && folders.has(name as SubActionName))
    }
  }
}

/**
 * The input reader an operation gets: asking for an input it does not declare, or one the
 * running action's action.yml lacks (so the runner would give it no default), is a mistake in
 * the operation or in the generated sub-action.
 */
function declaredOnly(operation: OperationModule, action: ReadonlySet<string>, get: GetInput): GetInput {
  const declared = new Set<string>(operation.inputs)
  return (name) => {
    if (!declared.has(name))
      throw new Error(`The ${operation.name} operation read the input ${name}, which it does not declare`)
    if (!action.has(name))
      throw new Error(
        `The ${operation.name} operation read the input ${name}, which this action's action.yml does not declare`
      )
    return get(name)
  }
}
