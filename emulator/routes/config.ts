/** service.yml upload and download, its location, machine type migration and email notifications. */
import { APP_ADMIN, APP_WORKFLOW_EDITOR, USER_SELF, WORKSPACE_OWNER } from '../model/access.js'
import { badRequest } from '../http/errors.js'
import type { Reply } from '../http/io.js'
import type { ApiRoute, RequestContext } from '../http/router.js'
import { ConfigLimitError, dumpServiceYml, parseServiceYml } from '../model/service-config.js'
import { isObject, type ConfigLocation, type NotificationChoice, type SeedOwner } from '../model/types.js'
import { bodyObject, oneOf, optionalString, requiredString } from '../http/validation.js'

const LOCATIONS: readonly ConfigLocation[] = ['service', 'repository']
const NOTIFICATION_CHOICES: readonly NotificationChoice[] = ['always', 'never', 'change']

function getServiceYml(ctx: RequestContext): Reply {
  return { status: 200, text: ctx.app().serviceYml, headers: { 'content-type': 'text/plain; charset=utf-8' } }
}

/** The uploaded configuration as text: YAML text is checked by parsing it, an object is written out as YAML. */
function uploadedText(value: unknown): string {
  if (value === undefined || value === null) throw badRequest('app_config_datastore_yaml is required')
  if (typeof value !== 'string' && !isObject(value))
    throw badRequest('app_config_datastore_yaml must be YAML text or an object')
  if (typeof value === 'string' && value.trim() === '') throw badRequest('app_config_datastore_yaml must not be empty')
  try {
    if (typeof value !== 'string') return dumpServiceYml(value)
    parseServiceYml(value)
    return value
  } catch (error) {
    if (error instanceof ConfigLimitError) throw badRequest(`app_config_datastore_yaml: ${error.message}`)
    if (typeof value !== 'string') throw error
    // 400, the refusal the published contract lists for this route (it lists no 422).
    throw badRequest(
      `app_config_datastore_yaml is not a valid configuration: ${(error as Error).message.split('\n')[0]}`
    )
  }
}

function uploadServiceYml(ctx: RequestContext): Reply {
  const app = ctx.app()
  ctx.model.uploadConfig(app, uploadedText(bodyObject(ctx.body).app_config_datastore_yaml))
  return { status: 200, json: { status: 'ok' } }
}

function getConfigLocation(ctx: RequestContext): Reply {
  return { status: 200, json: { location: ctx.app().configLocation } }
}

function putConfigLocation(ctx: RequestContext): Reply {
  const app = ctx.app()
  const location = oneOf(requiredString(bodyObject(ctx.body), 'location'), 'location', LOCATIONS)
  ctx.model.setConfigLocation(app, location as ConfigLocation)
  return { status: 204 }
}

/** Runs a migration over the apps of `owner` and answers in the published contract's shape. */
function migrate(ctx: RequestContext, owner: SeedOwner): Reply {
  const body = bodyObject(ctx.body)
  const from = requiredString(body, 'from_machine')
  const to = requiredString(body, 'to_machine')
  const { migrated, errors } = ctx.model.migrateMachineTypes(owner, from, to)
  const json: Record<string, unknown> = {
    message: `machine type ${from} replaced by ${to} in ${migrated.length} app(s)`,
    migrated_apps: migrated
  }
  if (errors.length > 0) json.errors = errors
  return { status: 200, json }
}

function setNotifications(ctx: RequestContext): Reply {
  const app = ctx.app()
  const body = bodyObject(ctx.body, true)
  ctx.model.setNotifications(app, {
    on_failure: oneOf(optionalString(body, 'on_failure'), 'on_failure', NOTIFICATION_CHOICES),
    on_success: oneOf(optionalString(body, 'on_success'), 'on_success', NOTIFICATION_CHOICES)
  })
  return { status: 200, json: { msg: 'ok' } }
}

const migrateUserApps = (ctx: RequestContext): Reply => migrate(ctx, { account_type: 'user', slug: ctx.params.user })
const migrateOrgApps = (ctx: RequestContext): Reply =>
  migrate(ctx, { account_type: 'organization', slug: ctx.org().slug })

export const configRoutes: ApiRoute[] = [
  { method: 'GET', pattern: '/apps/:app/service.yml', access: APP_WORKFLOW_EDITOR, handler: getServiceYml },
  { method: 'POST', pattern: '/apps/:app/service.yml', access: APP_WORKFLOW_EDITOR, handler: uploadServiceYml },
  { method: 'GET', pattern: '/apps/:app/service.yml/config', access: APP_ADMIN, handler: getConfigLocation },
  { method: 'PUT', pattern: '/apps/:app/service.yml/config', access: APP_ADMIN, handler: putConfigLocation },
  { method: 'PATCH', pattern: '/user/:user/apps/machine_types', access: USER_SELF, handler: migrateUserApps },
  {
    method: 'PATCH',
    pattern: '/organizations/:org/apps/machine_types',
    access: WORKSPACE_OWNER,
    handler: migrateOrgApps
  },
  { method: 'PATCH', pattern: '/apps/:app/update-email-notifications', access: APP_ADMIN, handler: setNotifications }
]
