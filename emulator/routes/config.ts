/** service.yml upload and download, its location, machine type migration and email notifications. */
import { appWithRole, findOrganization, OWNER_OR_ADMIN } from '../access.js'
import { badRequest, forbidden, notFound, unprocessable } from '../http-error.js'
import { isObject, type Reply } from '../http-io.js'
import type { RequestContext, Route } from '../router.js'
import { ConfigLimitError, dumpServiceYml, migrateMachineType, parseServiceYml } from '../service-config.js'
import type { AppRecord, ConfigLocation, NotificationChoice } from '../types.js'
import { bodyObject, oneOf, optionalString, requiredString } from '../validate.js'

const LOCATIONS: readonly ConfigLocation[] = ['service', 'repository']
const NOTIFICATION_CHOICES: readonly NotificationChoice[] = ['always', 'never', 'change']

function getServiceYml(ctx: RequestContext): Reply {
  const app = appWithRole(ctx, OWNER_OR_ADMIN)
  return { status: 200, text: app.serviceYml, headers: { 'content-type': 'text/plain; charset=utf-8' } }
}

function uploadServiceYml(ctx: RequestContext): Reply {
  const app = appWithRole(ctx, OWNER_OR_ADMIN)
  const body = bodyObject(ctx.body)
  const value = body.app_config_datastore_yaml
  let text: string
  if (typeof value === 'string') {
    if (value.trim() === '') throw unprocessable('app_config_datastore_yaml must not be empty')
    try {
      parseServiceYml(value)
    } catch (error) {
      if (error instanceof ConfigLimitError) throw badRequest(`app_config_datastore_yaml: ${error.message}`)
      throw unprocessable(`app_config_datastore_yaml is not a valid configuration: ${(error as Error).message.split('\n')[0]}`)
    }
    text = value
  } else if (isObject(value)) {
    try {
      text = dumpServiceYml(value)
    } catch (error) {
      if (error instanceof ConfigLimitError) throw badRequest(`app_config_datastore_yaml: ${error.message}`)
      throw error
    }
  } else if (value === undefined || value === null) {
    throw badRequest('app_config_datastore_yaml is required')
  } else {
    throw badRequest('app_config_datastore_yaml must be YAML text or an object')
  }
  app.serviceYml = text
  return { status: 200, json: { status: 'ok' } }
}

function getConfigLocation(ctx: RequestContext): Reply {
  const app = appWithRole(ctx, OWNER_OR_ADMIN)
  return { status: 200, json: { location: app.configLocation } }
}

function putConfigLocation(ctx: RequestContext): Reply {
  const app = appWithRole(ctx, OWNER_OR_ADMIN)
  const body = bodyObject(ctx.body)
  const location = oneOf(requiredString(body, 'location'), 'location', LOCATIONS)
  app.configLocation = location as ConfigLocation
  return { status: 204 }
}

function migrationBody(ctx: RequestContext): { from: string; to: string } {
  const body = bodyObject(ctx.body)
  return { from: requiredString(body, 'from_machine'), to: requiredString(body, 'to_machine') }
}

function migrate(apps: AppRecord[], from: string, to: string): Reply {
  const migrated: string[] = []
  const errors: { app: string; error: string }[] = []
  for (const app of apps) {
    const label = `${app.title} (${app.slug})`
    try {
      const text = migrateMachineType(app.serviceYml, from, to)
      if (text !== null) {
        app.serviceYml = text
        migrated.push(label)
      }
    } catch (error) {
      const reason = error instanceof ConfigLimitError ? error.message : `configuration is not valid YAML: ${(error as Error).message.split('\n')[0]}`
      errors.push({ app: label, error: reason })
    }
  }
  const json: Record<string, unknown> = {
    message: `machine type ${from} replaced by ${to} in ${migrated.length} app(s)`,
    migrated_apps: migrated
  }
  if (errors.length > 0) json.errors = errors
  return { status: 200, json }
}

function migrateUserApps(ctx: RequestContext): Reply {
  const user = ctx.params.user
  if (!ctx.state.users.has(user)) throw notFound(`user "${user}" not found`)
  if (ctx.user !== user) throw forbidden(`only user "${user}" may migrate the machine types of his own apps`)
  const { from, to } = migrationBody(ctx)
  const apps = [...ctx.state.apps.values()].filter((a) => a.owner.account_type === 'user' && a.owner.slug === user)
  return migrate(apps, from, to)
}

function migrateOrganizationApps(ctx: RequestContext): Reply {
  const org = findOrganization(ctx)
  if (!org.owners.has(ctx.user)) throw forbidden(`migrating machine types needs the owner role of organization "${org.slug}"`)
  const { from, to } = migrationBody(ctx)
  const apps = [...ctx.state.apps.values()].filter((a) => a.owner.account_type === 'organization' && a.owner.slug === org.slug)
  return migrate(apps, from, to)
}

function updateEmailNotifications(ctx: RequestContext): Reply {
  const app = appWithRole(ctx, OWNER_OR_ADMIN)
  const body = bodyObject(ctx.body, true)
  const onFailure = oneOf(optionalString(body, 'on_failure'), 'on_failure', NOTIFICATION_CHOICES)
  const onSuccess = oneOf(optionalString(body, 'on_success'), 'on_success', NOTIFICATION_CHOICES)
  if (onFailure !== undefined) app.notifications.on_failure = onFailure
  if (onSuccess !== undefined) app.notifications.on_success = onSuccess
  return { status: 200, json: { msg: 'ok' } }
}

export const configRoutes: Route[] = [
  { method: 'GET', pattern: '/apps/:app/service.yml', handler: getServiceYml },
  { method: 'POST', pattern: '/apps/:app/service.yml', handler: uploadServiceYml },
  { method: 'GET', pattern: '/apps/:app/service.yml/config', handler: getConfigLocation },
  { method: 'PUT', pattern: '/apps/:app/service.yml/config', handler: putConfigLocation },
  { method: 'PATCH', pattern: '/user/:user/apps/machine_types', handler: migrateUserApps },
  { method: 'PATCH', pattern: '/organizations/:org/apps/machine_types', handler: migrateOrganizationApps },
  { method: 'PATCH', pattern: '/apps/:app/update-email-notifications', handler: updateEmailNotifications }
]
