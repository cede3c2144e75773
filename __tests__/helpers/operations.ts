/** The operations as the registry declares them, loaded once for the tests that compare against them. */
import { loadOperation, OPERATIONS, type Operation } from '../../src/operations/index.js'
import type { OperationModule } from '../../src/operations/operation.js'

export { OPERATIONS, type Operation }

/** Every operation's module, by name; loaded one after another, as jest's module linker needs. */
export const MODULES = {} as Record<Operation, OperationModule>
for (const name of OPERATIONS) MODULES[name] = await loadOperation(name)

/** The role each operation needs, as its module declares it (the README's role table). */
export const REQUIRED_ROLES = Object.fromEntries(OPERATIONS.map((name) => [name, MODULES[name].role])) as Record<
  Operation,
  string
>
