/** operation: migrate-machine-types — replaces a machine type in every app of a Workspace or user, or previews that (dry-run). */
import {
  migrateMachineTypes as migrate,
  splitAppLabel,
  type Migration,
  type MigrationScope
} from '../api/machine-types.js'
import { ApiError, isHttpError } from '../http/api-error.js'
import {
  firstAppUsing,
  previewMigration,
  type FirstUse,
  type MigrationPreview,
  type PreviewedApp
} from '../service-yml/preview.js'
import { checkToMachine, type ToMachineCheck } from '../service-yml/to-machine-check.js'
import { Input, Output } from '../constants.js'
import { InputError } from '../inputs/input-error.js'
import { quote } from '../safe-text.js'
import { booleanFlag, matching, required, workspaceOrUser, type GetInput } from '../inputs/readers.js'
import type { MachineTypeUse } from '../service-yml/machine-types.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'
import { nothingError, nothingToMigrate, unusedAfterMigration, unusedInPreview } from './unused-machine.js'

export interface MigrateInputs extends Migration {
  dryRun: boolean
  /** A dry run because dry-run was empty (a step without it, or an expression that came out empty). */
  dryRunByDefault: boolean
  /** Fail, rather than warn, when no app uses from-machine. */
  failIfNothing: boolean
}

export const migrateMachineTypes = defineOperation<MigrateInputs>({
  name: 'migrate-machine-types',
  role: 'the Workspace owner role (for org-slug) or being that user (for user-slug)',
  writes: true,
  inputs: [
    Input.orgSlug,
    Input.userSlug,
    Input.fromMachine,
    Input.toMachine,
    Input.dryRun,
    Input.failIfNothingToMigrate
  ],
  required: [Input.fromMachine, Input.toMachine],
  outputs: [
    Output.migratedApps,
    Output.migratedCount,
    Output.errors,
    Output.checkedCount,
    Output.dryRunNote,
    Output.nearestMachineTypes,
    Output.response
  ],
  read: readMigration,
  run: (inputs, ctx) => (inputs.dryRun ? runDryRun(inputs, ctx) : runMigration(inputs, ctx))
})

const MACHINE_TYPE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

function readMigration(get: GetInput): MigrateInputs {
  const { orgSlug, userSlug } = workspaceOrUser(get, 'migrate one Workspace or one user at a time')
  if (!orgSlug && !userSlug)
    throw new InputError(Input.orgSlug, `or ${Input.userSlug} is required: whose apps to migrate`)
  const fromMachine = required(
    Input.fromMachine,
    matching(get, Input.fromMachine, MACHINE_TYPE, 'a machine type identifier')
  )
  const toMachine = required(Input.toMachine, matching(get, Input.toMachine, MACHINE_TYPE, 'a machine type identifier'))
  if (fromMachine === toMachine)
    throw new InputError(
      Input.toMachine,
      `${quote(toMachine)} is the same as ${Input.fromMachine}; nothing would change`
    )
  const scope: MigrationScope = orgSlug
    ? { kind: 'organization', slug: orgSlug }
    : { kind: 'user', slug: userSlug as string }
  return {
    scope,
    fromMachine,
    toMachine,
    dryRun: booleanFlag(get, Input.dryRun, true),
    dryRunByDefault: get(Input.dryRun) === '',
    failIfNothing: booleanFlag(get, Input.failIfNothingToMigrate, false)
  }
}

function describeUse(use: MachineTypeUse): string {
  return use.stack ? `${use.place} (${use.stack})` : use.place
}

function describeScope(scope: MigrationScope): string {
  return scope.kind === 'organization' ? `Workspace ${scope.slug}` : `user ${scope.slug}`
}

/**
 * What a dry run cannot check, in words. It reads the apps the token can see, one by
 * one; the migration changes every app of the scope and needs a role the interface
 * gives no call to check (the Workspace owner role, or being that user).
 */
export function dryRunNote(scope: MigrationScope, checked: number): string {
  const read = `The dry run read the ${checked} app(s) of ${describeScope(scope)} that this token can see.`
  const needs =
    scope.kind === 'organization'
      ? `The migration changes every app of the Workspace, including any this token cannot see, and needs the Workspace owner role`
      : `The migration changes every app of user ${scope.slug}, including any this token cannot see, and must be run with that user's own token`
  return `${read} ${needs}; a dry run cannot check that, so the migration may change more apps than listed here, or be refused (403).`
}

/**
 * The dry run's check of to-machine, on the first app it would change. A check that cannot be
 * made is said, not fatal: the preview stands on its own.
 */
async function dryRunCheck(inputs: MigrateInputs, preview: MigrationPreview, ctx: HandlerContext): Promise<string> {
  const first = preview.apps[0]
  try {
    const app =
      first && preview.firstText !== undefined
        ? { label: first.label, slug: first.slug, text: preview.firstText }
        : undefined
    const check = await checkToMachine(ctx.client, inputs, app, ctx.signal)
    if (check.kind === 'refused')
      ctx.warning(`${check.note}. The migration would be refused before it writes anything.`)
    else ctx.info(check.note)
    return check.note
  } catch (error) {
    if (isHttpError(error, 401) || (error instanceof ApiError && error.kind === 'cancelled')) throw error
    const note = `to-machine ${inputs.toMachine} could not be checked with the service: ${(error as Error).message}`
    ctx.warning(note)
    return note
  }
}

/** The real migration's check of to-machine; refuses, with nothing written, when the service does. */
async function checkBeforeMigrating(
  inputs: MigrateInputs,
  ctx: HandlerContext
): Promise<{ check: ToMachineCheck; first: FirstUse }> {
  let check: ToMachineCheck
  let first: FirstUse
  try {
    first = await firstAppUsing(ctx.client, inputs, ctx.signal)
    const { app } = first
    check = await checkToMachine(
      ctx.client,
      inputs,
      app && { label: app.label, slug: app.slug, text: app.text },
      ctx.signal
    )
  } catch (error) {
    const suffix = ` (while checking ${Input.toMachine} before the migration). Nothing was changed.`
    throw error instanceof ApiError ? error.withSuffix(suffix) : error
  }
  if (check.kind !== 'refused') {
    ctx.info(check.note)
    return { check, first }
  }
  ctx.summary({
    heading: `❌ Machine type migration for ${describeScope(inputs.scope)} refused: ${inputs.fromMachine} → ${inputs.toMachine}`,
    lines: [check.note, 'Nothing was changed.']
  })
  throw new Error(
    `${check.note}. Check the spelling of ${Input.toMachine} and that the app's stack offers it. Nothing was changed.`
  )
}

async function runDryRun(inputs: MigrateInputs, ctx: HandlerContext): Promise<void> {
  const preview = await previewMigration(ctx.client, inputs, ctx.signal)
  const checkNote = await dryRunCheck(inputs, preview, ctx)
  const labels = preview.apps.map((app) => app.label)
  const byDefault = inputs.dryRunByDefault ? emptyDryRun() : undefined
  if (byDefault) ctx.warning(byDefault)
  ctx.output(Output.migratedApps, labels)
  ctx.output(Output.migratedCount, labels.length)
  ctx.output(Output.errors, preview.errors)
  const note = dryRunNote(inputs.scope, preview.checked)
  ctx.output(Output.checkedCount, preview.checked)
  ctx.output(Output.dryRunNote, note)
  for (const item of preview.errors) ctx.warning(`${item.app}: ${item.error}`)
  // One write for all of them: a line each was one write each, 1,667 of them for a Workspace of 5,000 apps.
  if (preview.apps.length > 0)
    ctx.info(preview.apps.map((app) => `Would change ${app.label}: ${app.uses.map(describeUse).join(', ')}`).join('\n'))
  const unused =
    labels.length === 0 ? unusedInPreview(inputs.fromMachine, preview, describeScope(inputs.scope)) : undefined
  const mark = unused
    ? nothingToMigrate(inputs.failIfNothing, unused, ctx)
    : preview.errors.length > 0
      ? 'warning'
      : 'note'
  ctx.info(
    labels.length > 0
      ? `Dry run: ${labels.length} of the ${preview.checked} app(s) this token can see would change. Nothing was changed.`
      : `Dry run: none of the ${preview.checked} app(s) this token can see uses ${inputs.fromMachine}; nothing would change.`
  )
  ctx.notice(note)
  const unchanged = Math.max(0, preview.checked - labels.length - preview.errors.length)
  const counts = [
    `${labels.length} would change`,
    `${unchanged} unchanged`,
    ...(preview.errors.length > 0 ? [`${preview.errors.length} not checked`] : [])
  ]
  ctx.summary({
    heading: `Machine type migration preview for ${describeScope(inputs.scope)}: ${inputs.fromMachine} → ${inputs.toMachine}`,
    lead: {
      mark,
      result: unused ? `Dry run: ${Input.fromMachine} is used by no app` : `Dry run: ${counts.join(', ')}`,
      subject: [describeScope(inputs.scope), `${inputs.fromMachine} → ${inputs.toMachine}`]
    },
    lines: [
      ...(byDefault ? [byDefault] : []),
      ...(unused ? [unused.message] : []),
      `Nothing was changed (a dry run); ${preview.checked} app(s) read.`,
      checkNote,
      ...preview.errors.map((item) => `Not checked: ${item.app}: ${item.error}`)
    ],
    table: preview.apps.length > 0 ? [['App', 'Slug', 'Where'], ...preview.apps.map(previewRow)] : undefined,
    note
  })
  if (unused && inputs.failIfNothing) throw nothingError(unused)
}

/** Why a step that may have meant to migrate made a dry run, and how to migrate. */
function emptyDryRun(): string {
  return `This was a dry run because ${Input.dryRun} was empty (the step does not set it, or its expression came out empty, such as \${{ inputs.${Input.dryRun} }} on a schedule, which has no inputs). To migrate, set ${Input.dryRun}: false.`
}

function previewRow(app: PreviewedApp): string[] {
  return [app.title || app.slug, app.slug, app.uses.map(describeUse).join(', ')]
}

async function runMigration(inputs: MigrateInputs, ctx: HandlerContext): Promise<void> {
  const scope = describeScope(inputs.scope)
  const { check, first } = await checkBeforeMigrating(inputs, ctx)
  const result = await migrate(ctx.client, inputs)
  ctx.output(Output.migratedApps, result.migratedApps)
  ctx.output(Output.migratedCount, result.migratedApps.length)
  ctx.output(Output.errors, result.errors)
  ctx.output(Output.response, result.response || undefined)
  for (const item of result.errors) ctx.warning(`${item.app}: ${item.error}`)
  const migrated = result.migratedApps.length
  const unused = migrated === 0 ? unusedAfterMigration(inputs.fromMachine, first, scope) : undefined
  const mark = unused
    ? nothingToMigrate(inputs.failIfNothing, unused, ctx)
    : result.errors.length > 0
      ? 'warning'
      : 'success'
  const summaryLine =
    migrated > 0
      ? `Migrated ${migrated} app(s) from ${inputs.fromMachine} to ${inputs.toMachine}.`
      : `Nothing to migrate: no app of the ${scope} uses ${inputs.fromMachine}.`
  ctx.info(summaryLine)
  const outcome =
    migrated > 0 ? `Migrated ${migrated} app(s)` : `Nothing to migrate: ${Input.fromMachine} is used by no app`
  ctx.summary({
    heading: `Machine type migration for ${scope}: ${inputs.fromMachine} → ${inputs.toMachine}`,
    lead: {
      mark,
      result: result.errors.length > 0 ? `${outcome}, ${result.errors.length} failed` : outcome,
      subject: [scope, `${inputs.fromMachine} → ${inputs.toMachine}`]
    },
    lines: [
      ...(unused ? [unused.message] : []),
      summaryLine,
      check.note,
      ...(result.message ? [`The service said: ${result.message}`] : []),
      ...result.errors.map((item) => `Failed: ${item.app}: ${item.error}`)
    ],
    table:
      migrated > 0
        ? [
            ['App', 'Slug'],
            ...result.migratedApps.map((label) => {
              const { title, slug } = splitAppLabel(label)
              return [title, slug]
            })
          ]
        : undefined
  })
  if (unused && inputs.failIfNothing) throw nothingError(unused)
}
