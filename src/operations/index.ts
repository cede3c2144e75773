import type { Operation } from '../constants.js'
import type { OperationInputs } from '../inputs.js'
import type { HandlerContext } from './context.js'

export type Handler<K extends Operation> = (inputs: OperationInputs[K], ctx: HandlerContext) => Promise<void>

/**
 * One handler per operation, each loaded only when chosen so a step pays the
 * start-up cost of its own operation alone.
 */
export const HANDLERS: Partial<{ [K in Operation]: () => Promise<Handler<K>> }> = {
  trigger: async () => (await import('./builds.js')).runTrigger,
  wait: async () => (await import('./builds.js')).runWait,
  abort: async () => (await import('./builds.js')).runAbort
}
