import type { InputName, OutputName } from '../constants.js'
import type { InputNeed } from '../inputs/input-use.js'
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
   * Whether it can change anything on the service (start or abort a build, change an app
   * or a setting): an input it does not read that would pick what it acts on is then an error.
   */
  writes: boolean
  /** Its inputs that it reads only under a condition on others, e.g. wait-timeout only with wait: true. */
  needs?: readonly InputNeed[]
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
