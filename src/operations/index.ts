import type { Operation } from '../constants.js'
import type { OperationInputs } from '../inputs.js'
import type { HandlerContext } from './context.js'

export type Handler<K extends Operation> = (inputs: OperationInputs[K], ctx: HandlerContext) => Promise<void>

/**
 * One handler per operation, each loaded only when chosen so a step pays the
 * start-up cost of its own operation alone. The type lists every operation, so a
 * missing handler fails to compile.
 */
export const HANDLERS: { [K in Operation]: () => Promise<Handler<K>> } = {
  trigger: async () => (await import('./builds.js')).runTrigger,
  wait: async () => (await import('./builds.js')).runWait,
  abort: async () => (await import('./builds.js')).runAbort,
  'register-app': async () => (await import('./register-app.js')).runRegisterApp,
  'list-apps': async () => (await import('./apps.js')).runListApps,
  'get-app': async () => (await import('./apps.js')).runGetApp,
  'update-app': async () => (await import('./apps.js')).runUpdateApp,
  'delete-app': async () => (await import('./apps.js')).runDeleteApp,
  'list-branches': async () => (await import('./apps.js')).runListBranches,
  'get-config': async () => (await import('./config.js')).runGetConfig,
  'upload-config': async () => (await import('./config.js')).runUploadConfig,
  'get-config-location': async () => (await import('./config.js')).runGetConfigLocation,
  'set-config-location': async () => (await import('./config.js')).runSetConfigLocation,
  'get-roles': async () => (await import('./roles.js')).runGetRoles,
  'set-roles': async () => (await import('./roles.js')).runSetRoles,
  'list-groups': async () => (await import('./roles.js')).runListGroups,
  'migrate-machine-types': async () => (await import('./machine-types.js')).runMigrateMachineTypes,
  'set-email-notifications': async () => (await import('./notifications.js')).runSetEmailNotifications
}
