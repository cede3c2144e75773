/**
 * The registry of operations: one line each, loaded only when chosen, so a step
 * pays the start-up cost of its own operation alone. The `Operation` type and the
 * `OPERATIONS` list come from it; a test checks each module against action.yml. It
 * also reads the operation input, so the input layer never imports the registry.
 */
import { Input } from '../constants.js'
import { closestName } from '../inputs/closest-name.js'
import { InputError } from '../inputs/input-error.js'
import type { GetInput } from '../inputs/readers.js'
import { quote } from '../safe-text.js'
import type { OperationModule } from './operation.js'

type Loader = () => Promise<OperationModule>

const REGISTRY = {
  trigger: async () => (await import('./trigger.js')).trigger,
  wait: async () => (await import('./wait.js')).wait,
  abort: async () => (await import('./abort.js')).abort,
  'register-app': async () => (await import('./register-app.js')).registerApp,
  'list-apps': async () => (await import('./list-apps.js')).listApps,
  'get-app': async () => (await import('./get-app.js')).getApp,
  'update-app': async () => (await import('./update-app.js')).updateApp,
  'delete-app': async () => (await import('./delete-app.js')).deleteApp,
  'list-branches': async () => (await import('./list-branches.js')).listBranches,
  'get-config': async () => (await import('./get-config.js')).getConfig,
  'upload-config': async () => (await import('./upload-config.js')).uploadConfig,
  'validate-config': async () => (await import('./validate-config.js')).validateConfig,
  'get-config-location': async () => (await import('./get-config-location.js')).getConfigLocation,
  'set-config-location': async () => (await import('./set-config-location.js')).setConfigLocation,
  'get-roles': async () => (await import('./get-roles.js')).getRoles,
  'set-roles': async () => (await import('./set-roles.js')).setRoles,
  'list-groups': async () => (await import('./list-groups.js')).listGroups,
  'migrate-machine-types': async () => (await import('./migrate-machine-types.js')).migrateMachineTypes,
  'set-email-notifications': async () => (await import('./set-email-notifications.js')).setEmailNotifications,
  'list-build-requests': async () => (await import('./list-build-requests.js')).listBuildRequests,
  'approve-build-request': async () => (await import('./approve-build-request.js')).approveBuildRequest,
  'list-artifacts': async () => (await import('./list-artifacts.js')).listArtifacts,
  'rebuild-pipeline': async () => (await import('./rebuild-pipeline.js')).rebuildPipeline,
  'plan-matrix': async () => (await import('./plan-matrix.js')).planMatrix,
  'check-access': async () => (await import('./check-access.js')).checkAccess,
  'report-parked': async () => (await import('./report-parked.js')).reportParked
} satisfies Record<string, Loader>

/** An operation's name, as the `operation` input takes it. */
export type Operation = keyof typeof REGISTRY

/** Every operation, in the order action.yml lists them. */
export const OPERATIONS = Object.keys(REGISTRY) as Operation[]

/** Whether `name` is an operation. */
export function isOperation(name: string): name is Operation {
  return Object.hasOwn(REGISTRY, name)
}

/** Loads the module of one operation. */
export function loadOperation(operation: Operation): Promise<OperationModule> {
  return REGISTRY[operation]()
}

/** Reads the operation input: one of the registry's operations. */
export function readOperation(get: GetInput): Operation {
  const value = get(Input.operation)
  if (value === '') throw new InputError(Input.operation, `is required; one of: ${OPERATIONS.join(', ')}`)
  if (!isOperation(value)) {
    const near = closestName(value, OPERATIONS)
    const guess = near ? `did you mean ${near}? ` : ''
    throw new InputError(
      Input.operation,
      `${quote(value)} is not an operation; ${guess}expected one of: ${OPERATIONS.join(', ')}`
    )
  }
  return value
}

/** The operations that read an input, for a message about a step whose operation does not; loads every module. */
export async function operationsReading(input: string): Promise<Operation[]> {
  const modules = await Promise.all(OPERATIONS.map(async (name) => ({ name, module: await loadOperation(name) })))
  return modules.filter(({ module }) => (module.inputs as readonly string[]).includes(input)).map(({ name }) => name)
}
