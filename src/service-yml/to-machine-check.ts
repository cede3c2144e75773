/**
 * The check of `to-machine` before a migration writes anything: the service validates the first
 * changed app's service.yml as it is and as the migration would leave it; an error that only the
 * second has is the new machine type's doing (a typo, a type the app's stack or plan lacks).
 */
import type { Migration } from '../api/machine-types.js'
import { validateConfig } from '../api/validation.js'
import type { ServiceClient } from '../http/service-client.js'
import { quote } from '../safe-text.js'
import { withMachineType } from './machine-types.js'

/** The app whose file is checked: the first the migration would change. */
export interface CheckedApp {
  label: string
  slug: string
  text: string
}

export type ToMachineCheck =
  /** No app the token can see uses from-machine: there was nothing to check to-machine against. */
  | { kind: 'unused'; note: string }
  | { kind: 'accepted'; note: string; warnings: string[] }
  /** Errors the would-be file has and the current one has not. */
  | { kind: 'refused'; note: string; errors: string[] }

/** Asks the service about `app`'s file before and after the migration, and says what was checked. */
export async function checkToMachine(
  client: ServiceClient,
  migration: Migration,
  app: CheckedApp | undefined,
  signal?: AbortSignal
): Promise<ToMachineCheck> {
  const { fromMachine: from, toMachine: to } = migration
  if (!app) {
    return {
      kind: 'unused',
      note: `to-machine ${quote(to)} was not checked: no app this token can see uses ${quote(from)}, so there is no service.yml to check it in.`
    }
  }
  const before = await validateConfig(client, app.text, app.slug, signal)
  const after = await validateConfig(client, withMachineType(app.text, from, to), app.slug, signal)
  const known = new Set(before.errors)
  const added = after.errors.filter((error) => !known.has(error))
  const what = `the service's check of the service.yml of ${app.label} with ${quote(to)} in place of ${quote(from)}`
  if (added.length > 0)
    return {
      kind: 'refused',
      note: `to-machine ${quote(to)} was refused by ${what}: ${added.slice(0, 5).join('; ')}`,
      errors: added
    }
  const earlier =
    after.errors.length > 0 ? ` (its ${after.errors.length} error(s) are there without the change too)` : ''
  return {
    kind: 'accepted',
    note: `to-machine ${quote(to)} was accepted by ${what}${earlier}.`,
    warnings: after.warnings.filter((warning) => !before.warnings.includes(warning))
  }
}
