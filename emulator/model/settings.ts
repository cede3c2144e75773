/** App settings: the configuration file and its location, group roles, notifications, machine types. */
import { unknownReference } from './errors.js'
import { ConfigLimitError, migrateMachineType } from './service-config.js'
import type { EmulatorState } from './state.js'
import type { AppRecord } from './records.js'
import type { ConfigLocation, GroupRoleName, NotificationChoice, SeedOwner } from './types.js'

/** What a machine type migration did: the apps changed, and those whose file could not be read. */
export interface MigrationResult {
  migrated: string[]
  errors: { app: string; error: string }[]
}

/** Stores a new configuration file (already checked by the route). */
export function uploadConfig(app: AppRecord, text: string): void {
  app.serviceYml = text
}

/** Where builds look for the file; `repository` succeeds even when the repository has none. */
export function setConfigLocation(app: AppRecord, location: ConfigLocation): void {
  app.configLocation = location
}

/** The listed groups replace every group holding the role; each must be a group of the app's Workspace. */
export function setGroupRole(state: EmulatorState, app: AppRecord, role: GroupRoleName, groups: string[]): string[] {
  const org = app.owner.account_type === 'organization' ? state.organizations.get(app.owner.slug) : undefined
  for (const slug of groups) {
    if (!org?.groups.has(slug))
      throw unknownReference(`groups: "${slug}" is not a group of the Workspace that owns app "${app.slug}"`)
  }
  app.groupRoles[role] = [...new Set(groups)]
  return [...app.groupRoles[role]]
}

/** Sets the email notification choices that were given. */
export function setNotifications(
  app: AppRecord,
  choices: { on_failure?: NotificationChoice; on_success?: NotificationChoice }
): void {
  if (choices.on_failure !== undefined) app.notifications.on_failure = choices.on_failure
  if (choices.on_success !== undefined) app.notifications.on_success = choices.on_success
}

/**
 * Replaces `from` by `to` in every app of the owner (a user or a Workspace). An app whose file
 * cannot be read keeps it and is listed under `errors`; the others are migrated all the same.
 */
export function migrateMachineTypes(state: EmulatorState, owner: SeedOwner, from: string, to: string): MigrationResult {
  const result: MigrationResult = { migrated: [], errors: [] }
  for (const app of state.apps.values()) {
    if (app.owner.account_type !== owner.account_type || app.owner.slug !== owner.slug) continue
    const label = `${app.title} (${app.slug})`
    try {
      const text = migrateMachineType(app.serviceYml, from, to)
      if (text !== null) {
        app.serviceYml = text
        result.migrated.push(label)
      }
    } catch (error) {
      const reason =
        error instanceof ConfigLimitError
          ? error.message
          : `configuration is not valid YAML: ${(error as Error).message.split('\n')[0]}`
      result.errors.push({ app: label, error: reason })
    }
  }
  return result
}
