/**
 * The per-build overrides of a trigger: its priority in the queue, the stack and machine type it
 * runs on, and secrets for this build only (`build_params.priority`, `stack`, `machine_type_id`
 * and `secrets` in the published contract). Only secrets override the variables of the app's
 * configuration; extra environment variables cannot (interface rule 2).
 */
import type { EnvironmentItem, TriggerParams } from '../api/build-params.js'
import { Input } from '../constants.js'
import { InputError } from './input-error.js'
import { environmentItems, matching, singleLine, type GetInput } from './readers.js'
import { quote } from '../safe-text.js'

/** The inputs readBuildOverrides reads. */
export const OVERRIDE_INPUTS = [Input.priority, Input.stack, Input.machineType, Input.buildSecrets] as const

/** The range the service gives a build's priority (devcenter, "Build priority"; the CLI's configuration check: bitrise-io/bitrise `validatePriority`). */
export const PRIORITY_RANGE = { min: -100, max: 100 } as const

/** A stack or machine type identifier, as the service writes them: `osx-xcode-16.0.x`, `g2-m1.4core`. */
const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/

/** The overrides the inputs give, each checked; `environments` are the step's other variables, for the duplicate check. */
export async function readBuildOverrides(
  get: GetInput,
  environments: readonly EnvironmentItem[]
): Promise<Pick<TriggerParams, 'priority' | 'stack' | 'machineTypeId' | 'secrets'>> {
  const secrets = await readBuildSecrets(get, environments)
  return {
    priority: readPriority(get),
    stack: matching(
      get,
      Input.stack,
      IDENTIFIER,
      'a stack identifier such as osx-xcode-16.0.x (letters, digits, ".", "-" and "_", at most 100 characters)'
    ),
    machineTypeId: matching(
      get,
      Input.machineType,
      IDENTIFIER,
      'a machine type identifier such as g2-m1.4core (letters, digits, ".", "-" and "_", at most 100 characters)'
    ),
    secrets: secrets.length > 0 ? secrets : undefined
  }
}

/** The overrides as summary rows: the secrets by name only. */
export function overrideFacts(params: TriggerParams): Array<[string, string | number | undefined]> {
  return [
    ['Build secrets', params.secrets?.map((item) => item.name).join(', ')],
    ['Priority', params.priority],
    ['Stack', params.stack],
    ['Machine type', params.machineTypeId]
  ]
}

function readPriority(get: GetInput): number | undefined {
  const value = singleLine(get, Input.priority)
  if (value === undefined) return undefined
  const number = /^[+-]?\d{1,4}$/.test(value) ? Number(value) : NaN
  if (!(number >= PRIORITY_RANGE.min && number <= PRIORITY_RANGE.max)) {
    throw new InputError(
      Input.priority,
      `${quote(value)} is not a whole number from ${PRIORITY_RANGE.min} to ${PRIORITY_RANGE.max}; a higher number starts sooner when builds wait in the queue, and 0 is the service's default`
    )
  }
  return number === 0 ? 0 : number
}

/** Build secrets, in the list forms of secret-environments; no message quotes a value. */
async function readBuildSecrets(get: GetInput, environments: readonly EnvironmentItem[]): Promise<EnvironmentItem[]> {
  const items = await environmentItems(get, Input.buildSecrets, true)
  const other = new Map(environments.map((item) => [item.name, item]))
  for (const item of items) {
    if (other.has(item.name)) {
      throw new InputError(
        Input.buildSecrets,
        `the variable ${item.name} is also in ${Input.environments} or ${Input.secretEnvironments}; give it once (a build secret overrides the configuration's variable of that name, an extra environment variable cannot)`
      )
    }
  }
  return items
}
