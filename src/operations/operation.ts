import type { InputName, OutputName } from '../constants.js'
import type { GetInput } from '../inputs/readers.js'
import type { HandlerContext } from '../step/context.js'

/**
 * Everything about one operation: its name, the role it needs, the inputs it reads
 * and the outputs it sets (checked against action.yml by a test), how it reads its
 * inputs, and how it runs.
 */
export interface OperationModule<Inputs = unknown> {
  name: string
  /** What the token's user needs, quoted after a 403 and in the README's role table. */
  role: string
  /** The inputs `read` may ask for, besides the ones every operation reads (inputs/common.ts). */
  inputs: readonly InputName[]
  /**
   * The inputs of `inputs` that `read` always refuses when empty: a sub-action marks them
   * `required: true` (a test proves each against `read`). An input needed only together with
   * another, or replaceable by one (app-slug or app-paths), is not listed.
   */
  required?: readonly InputName[]
  /** The outputs `run` may set; a list output's `-file` companion and `response-file` come with it. */
  outputs: readonly OutputName[]
  /**
   * Reads and checks this operation's inputs: pure over `get` (and the runner's
   * environment), throwing an InputError naming the input for a bad value.
   */
  read(get: GetInput, env: NodeJS.ProcessEnv): Inputs | Promise<Inputs>
  run(inputs: Inputs, ctx: HandlerContext): Promise<void>
}

/** Declares an operation, inferring its inputs' type from `read`. */
export function defineOperation<Inputs>(module: OperationModule<Inputs>): OperationModule<Inputs> {
  return module
}
