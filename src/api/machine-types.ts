/** The service's machine type migration, and the form it names apps in. */
import { ApiError } from '../http/api-error.js'
import type { ServiceClient } from '../http/service-client.js'
import type { App } from './apps.js'
import { machineTypesPath } from './paths.js'

/** Whose apps a migration changes. */
export type MigrationScope = { kind: 'organization'; slug: string } | { kind: 'user'; slug: string }

/** A migration: whose apps, from which machine type to which. */
export interface Migration {
  scope: MigrationScope
  fromMachine: string
  toMachine: string
}

/** An app the migration could not handle, as the service reports it: `{app, error}`. */
export interface MigrationError {
  app: string
  error: string
}

export interface MigrationResult {
  message?: string
  /** "Title (slug)" of each app that changed. */
  migratedApps: string[]
  errors: MigrationError[]
  response: string
}

/**
 * Replaces the machine type in every app of the scope. Sent once only: a repeat
 * would find nothing left to migrate and report an empty list.
 */
export async function migrateMachineTypes(client: ServiceClient, migration: Migration): Promise<MigrationResult> {
  const path = machineTypesPath(migration.scope)
  const res = await client.request<{ message?: unknown; migrated_apps?: unknown; errors?: unknown } | undefined>(
    'PATCH',
    path,
    {
      body: { from_machine: migration.fromMachine, to_machine: migration.toMachine },
      retry: 'once',
      ambiguousHint:
        'the migration may have run; run it with dry-run: true to see which apps still use the old machine type',
      noEffectHint: 'nothing was migrated'
    }
  )
  const body = res.body ?? {}
  // Without the list the action cannot tell "nothing to migrate" from "migrated, answer lost".
  if (!Array.isArray(body.migrated_apps)) {
    throw ApiError.invalidResponse({
      method: 'PATCH',
      path,
      status: res.status,
      mayHaveTakenEffect: true,
      message: `PATCH ${path} answered ${res.status} without a "migrated_apps" list; the migration may have run: run it with dry-run: true to see which apps still use the old machine type`
    })
  }
  return {
    message: typeof body.message === 'string' ? body.message : undefined,
    migratedApps: body.migrated_apps.map(String),
    errors: Array.isArray(body.errors) ? body.errors.map(toMigrationError) : [],
    response: res.text
  }
}

function toMigrationError(item: unknown): MigrationError {
  if (typeof item === 'object' && item !== null) {
    const { app, error } = item as { app?: unknown; error?: unknown }
    return {
      app: typeof app === 'string' ? app : 'unknown app',
      error: typeof error === 'string' ? error : JSON.stringify(item)
    }
  }
  return { app: 'unknown app', error: String(item) }
}

/** "Title (slug)", the form the service uses in migrated_apps. */
export function appLabel(app: Pick<App, 'slug' | 'title'>): string {
  return `${app.title || app.slug} (${app.slug})`
}

/** Splits "Title (slug)" back into its parts; the whole text is the title when it has no slug. */
export function splitAppLabel(label: string): { title: string; slug: string } {
  const match = /^(.*) \(([^()]+)\)$/.exec(label)
  return match ? { title: match[1], slug: match[2] } : { title: label, slug: '' }
}
