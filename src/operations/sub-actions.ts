/**
 * The sub-actions: one small action per use (trigger/, wait/, ...), as actions/cache has
 * restore/ and save/. Each folder's action.yml is generated from the operation modules by
 * scripts/sub-actions.js, and runs a tiny entry in dist/sub/ that leaves its name and declared
 * inputs under SUB_ACTION_KEY before it loads the shared bundle: the runner gives a JavaScript
 * action neither arguments nor an environment of its own to tell them apart (actions/runner reads
 * `args` and `env` of `runs` for Docker actions only, and starts `node <folder>/<runs.main>`).
 */
import { Input } from '../constants.js'
import { InputError } from '../inputs/input-error.js'
import type { GetInput } from '../inputs/readers.js'
import { quote } from '../safe-text.js'
import { isOperation, OPERATIONS, type Operation } from './index.js'

/** The global symbol's key under which a sub-action's entry describes itself. */
export const SUB_ACTION_KEY = 'service-ci-action.sub-action'

/** The sub-actions with operations of their own; manage/ takes every other operation. */
const OWN = {
  trigger: ['trigger'],
  wait: ['wait'],
  abort: ['abort'],
  'migrate-machine-types': ['migrate-machine-types'],
  'build-requests': ['list-build-requests', 'approve-build-request']
} as const satisfies Record<string, readonly Operation[]>

/** A sub-action's folder name. */
export type SubActionName = keyof typeof OWN | 'manage'

const taken = new Set<string>(Object.values(OWN).flat())

/** Each sub-action's operations, by folder; manage/ has what the others leave, so a new operation lands there. */
export const SUB_ACTIONS: Record<SubActionName, readonly Operation[]> = {
  ...OWN,
  manage: OPERATIONS.filter((name) => !taken.has(name))
}

/** What a sub-action's entry tells the bundle: which sub-action runs, and the inputs its action.yml declares. */
export interface SubActionEntry {
  name: SubActionName
  inputs: readonly string[]
}

/** The entry's description, checked; undefined when the root action runs (no entry set one). */
export function readSubActionEntry(value: unknown): SubActionEntry | undefined {
  if (value === undefined) return undefined
  const entry = value as Partial<SubActionEntry> | null
  if (
    !entry ||
    typeof entry.name !== 'string' ||
    !Object.hasOwn(SUB_ACTIONS, entry.name) ||
    !Array.isArray(entry.inputs) ||
    !entry.inputs.every((name) => typeof name === 'string')
  ) {
    throw new Error(
      `The sub-action entry in dist/sub/ is damaged (${JSON.stringify(value)?.slice(0, 200)}); rebuild dist/ with npm run build`
    )
  }
  return { name: entry.name as SubActionName, inputs: entry.inputs }
}

/** The inputs the running action declares: the sub-action's, or for the root action every input of action.yml. */
export function declaredInputs(entry: SubActionEntry | undefined): ReadonlySet<string> {
  return new Set<string>(entry ? entry.inputs : Object.values(Input))
}

/** The sub-action that runs `operation`. */
export function subActionOf(operation: Operation): SubActionName {
  return (Object.keys(SUB_ACTIONS) as SubActionName[]).find((name) => SUB_ACTIONS[name].includes(operation)) ?? 'manage'
}

/**
 * The operation a sub-action runs: its one operation (an operation input naming another is
 * refused, so a copied step cannot quietly run something else), or the one its operation
 * input chooses among its own.
 */
export function readSubActionOperation(get: GetInput, entry: SubActionEntry): Operation {
  const own = SUB_ACTIONS[entry.name]
  const value = get(Input.operation)
  if (own.length === 1) {
    if (value === '' || value === own[0]) return own[0]
    const other = isOperation(value) ? `; for ${value} use ${subActionOf(value)}/` : ''
    throw new InputError(
      Input.operation,
      `${quote(value)} conflicts with this action, ${entry.name}/, which runs ${own[0]} only: remove the operation input${other}`
    )
  }
  if (value === '') throw new InputError(Input.operation, `is required by ${entry.name}/; one of: ${own.join(', ')}`)
  if ((own as readonly string[]).includes(value)) return value as Operation
  if (isOperation(value))
    throw new InputError(
      Input.operation,
      `${quote(value)} is not one of ${entry.name}/'s operations (${own.join(', ')}); for ${value} use ${subActionOf(value)}/`
    )
  throw new InputError(
    Input.operation,
    `${quote(value)} is not an operation; ${entry.name}/ runs one of: ${own.join(', ')}`
  )
}
