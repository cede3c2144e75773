import * as core from '../runner.js'
import { ApiError, type ApiClient } from '../client.js'
import { Output } from '../constants.js'
import { quote } from '../errors.js'
import type { MigrateInputs } from '../inputs.js'
import { findMachineTypeUses, type MachineTypeUse } from '../machine-types.js'
import { redact } from '../secrets.js'
import { describeProblem, parseServiceYml } from '../service-yml.js'
import type { App } from './apps.js'
import type { HandlerContext } from './context.js'
import { appPath, appsListPath, describeUnsafeSlug, orgPath, slugProblem, userMachineTypesPath } from './paths.js'

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

/** An app a dry run found using the machine type, and where. */
export interface PreviewedApp {
  label: string
  slug: string
  title?: string
  uses: MachineTypeUse[]
}

export interface MigrationPreview {
  apps: PreviewedApp[]
  /** How many apps were read. */
  checked: number
  errors: MigrationError[]
}

/** How many service.yml files a dry run reads at the same time. */
const PREVIEW_CONCURRENCY = 4

/**
 * Replaces the machine type in every app of the scope. Sent once only: a repeat
 * would find nothing left to migrate and report an empty list.
 */
export async function migrateMachineTypes(client: ApiClient, inputs: MigrateInputs): Promise<MigrationResult> {
  const path = inputs.scope.kind === 'organization' ? orgPath(inputs.scope.slug, 'apps', 'machine_types') : userMachineTypesPath(inputs.scope.slug)
  const res = await client.patch<{ message?: unknown; migrated_apps?: unknown; errors?: unknown } | undefined>(
    path,
    { from_machine: inputs.fromMachine, to_machine: inputs.toMachine },
    {
      retry: 'once',
      ambiguousHint: 'the migration may have run; run it with dry-run: true to see which apps still use the old machine type',
      noEffectHint: 'nothing was migrated'
    }
  )
  const body = res.body ?? {}
  // Without the list the action cannot tell "nothing to migrate" from "migrated, answer lost".
  if (!Array.isArray(body.migrated_apps)) {
    throw new ApiError(
      `PATCH ${path} answered ${res.status} without a "migrated_apps" list; the migration may have run: run it with dry-run: true to see which apps still use the old machine type`,
      'invalid-response',
      'PATCH',
      path,
      res.status,
      undefined,
      true
    )
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
    return { app: typeof app === 'string' ? app : 'unknown app', error: typeof error === 'string' ? error : JSON.stringify(item) }
  }
  return { app: 'unknown app', error: String(item) }
}

/**
 * Finds, without changing anything, which apps of the scope use the machine type
 * and where: every app's service.yml is read and parsed here. An app whose file
 * cannot be read or parsed is listed in `errors`; a refused token or a cancelled
 * job stops the whole preview.
 */
export async function previewMigration(client: ApiClient, inputs: MigrateInputs, signal?: AbortSignal): Promise<MigrationPreview> {
  const scope = inputs.scope.kind === 'organization' ? { orgSlug: inputs.scope.slug } : { userSlug: inputs.scope.slug }
  const { items } = await client.listAll<App>(appsListPath(scope))
  const outcomes = new Array<PreviewedApp | MigrationError | undefined>(items.length)
  let next = 0
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++
      outcomes[index] = await previewApp(client, items[index], inputs.fromMachine, signal)
    }
  }
  await Promise.all(Array.from({ length: Math.min(PREVIEW_CONCURRENCY, items.length) }, worker))
  const apps: PreviewedApp[] = []
  const errors: MigrationError[] = []
  for (const outcome of outcomes) {
    if (!outcome) continue
    if ('error' in outcome) errors.push(outcome)
    else if (outcome.uses.length > 0) apps.push(outcome)
  }
  return { apps, checked: items.length, errors }
}

async function previewApp(client: ApiClient, app: App, machineType: string, signal?: AbortSignal): Promise<PreviewedApp | MigrationError> {
  const problem = slugProblem(app.slug)
  if (problem) {
    const title = typeof app.title === 'string' && app.title !== '' ? app.title : 'an app'
    return { app: `${title} (slug ${typeof app.slug === 'string' ? quote(app.slug) : 'missing'})`, error: `the service listed it, but ${describeUnsafeSlug('slug', app.slug, problem)}` }
  }
  const label = appLabel(app)
  let text: string
  try {
    text = (await client.get<string>(appPath(app.slug, 'service.yml'), { expect: 'text', signal })).body
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.kind === 'cancelled')) throw error
    return { app: label, error: `could not read service.yml: ${(error as Error).message}` }
  }
  const parsed = parseServiceYml(text)
  if (!parsed.ok) return { app: label, error: `service.yml is not valid YAML: ${describeProblem(parsed.problem)}` }
  return { label, slug: app.slug, title: app.title, uses: findMachineTypeUses(parsed.config, machineType) }
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

function describeUse(use: MachineTypeUse): string {
  return use.stack ? `${use.place} (${use.stack})` : use.place
}

/**
 * What a dry run cannot check, in words. It reads the apps the token can see, one by
 * one; the migration changes every app of the scope and needs a role the interface
 * gives no call to check (the Workspace owner role, or being that user).
 */
export function dryRunNote(scope: MigrateInputs['scope'], checked: number): string {
  const read = `The dry run read the ${checked} app(s) of ${scope.kind === 'organization' ? `Workspace ${scope.slug}` : `user ${scope.slug}`} that this token can see.`
  const needs =
    scope.kind === 'organization'
      ? `The migration changes every app of the Workspace, including any this token cannot see, and needs the Workspace owner role`
      : `The migration changes every app of user ${scope.slug}, including any this token cannot see, and must be run with that user's own token`
  return `${read} ${needs}; a dry run cannot check that, so the migration may change more apps than listed here, or be refused (403).`
}

/** operation: migrate-machine-types (and its dry run) */
export async function runMigrateMachineTypes(inputs: MigrateInputs, ctx: HandlerContext): Promise<void> {
  const scope = inputs.scope.kind === 'organization' ? `Workspace ${inputs.scope.slug}` : `user ${inputs.scope.slug}`
  const change = `${inputs.fromMachine} → ${inputs.toMachine}`
  if (inputs.dryRun) {
    const preview = await previewMigration(ctx.client, inputs, ctx.signal)
    const labels = preview.apps.map((app) => app.label)
    ctx.report.output(Output.migratedApps, labels)
    ctx.report.output(Output.migratedCount, labels.length)
    ctx.report.output(Output.errors, preview.errors)
    const note = dryRunNote(inputs.scope, preview.checked)
    ctx.report.output(Output.checkedCount, preview.checked)
    ctx.report.output(Output.dryRunNote, note)
    for (const item of preview.errors) core.warning(redact(`${item.app}: ${item.error}`))
    for (const app of preview.apps) core.info(redact(`Would change ${app.label}: ${app.uses.map(describeUse).join(', ')}`))
    const summaryLine =
      labels.length > 0
        ? `Dry run: ${labels.length} of the ${preview.checked} app(s) this token can see would change. Nothing was changed.`
        : `Dry run: none of the ${preview.checked} app(s) this token can see uses ${inputs.fromMachine}; nothing would change.`
    core.info(summaryLine)
    core.notice(note)
    ctx.report.summary({
      heading: `Machine type migration preview for ${scope}: ${change}`,
      lines: [summaryLine, note, ...preview.errors.map((item) => `Not checked: ${item.app}: ${item.error}`)],
      table:
        preview.apps.length > 0
          ? [['App', 'Slug', 'Where'], ...preview.apps.map((app) => [app.title || app.slug, app.slug, app.uses.map(describeUse).join(', ')])]
          : undefined
    })
    return
  }

  const result = await migrateMachineTypes(ctx.client, inputs)
  ctx.report.output(Output.migratedApps, result.migratedApps)
  ctx.report.output(Output.migratedCount, result.migratedApps.length)
  ctx.report.output(Output.errors, result.errors)
  ctx.report.output(Output.response, result.response || undefined)
  for (const item of result.errors) core.warning(redact(`${item.app}: ${item.error}`))
  const summaryLine =
    result.migratedApps.length > 0
      ? `Migrated ${result.migratedApps.length} app(s) from ${inputs.fromMachine} to ${inputs.toMachine}.`
      : `Nothing to migrate: no app of the ${scope} uses ${inputs.fromMachine}.`
  core.info(summaryLine)
  ctx.report.summary({
    heading: `Machine type migration for ${scope}: ${change}`,
    lines: [
      summaryLine,
      ...(result.message ? [`The service said: ${result.message}`] : []),
      ...result.errors.map((item) => `Failed: ${item.app}: ${item.error}`)
    ],
    table:
      result.migratedApps.length > 0
        ? [['App', 'Slug'], ...result.migratedApps.map((label) => {
            const { title, slug } = splitAppLabel(label)
            return [title, slug]
          })]
        : undefined
  })
}
