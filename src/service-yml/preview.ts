/**
 * The read-only preview of a machine type migration that a dry run makes: every app's
 * service.yml read, parsed and searched for the machine type, several at once.
 */
import { appLabel, type Migration, type MigrationError } from '../api/machine-types.js'
import type { App } from '../api/apps.js'
import { appPath, appsListPath, describeUnsafeSlug, slugProblem } from '../api/paths.js'
import { ApiError, isHttpError } from '../http/api-error.js'
import { listAll } from '../http/pagination.js'
import type { ServiceClient } from '../http/service-client.js'
import { quote } from '../safe-text.js'
import { findMachineTypeUses, machineTypesIn, type MachineTypeUse } from './machine-types.js'
import { describeProblem, parseServiceYmlText } from './parse.js'

/** An app a dry run found using the machine type, and where. */
export interface PreviewedApp {
  label: string
  slug: string
  title?: string
  uses: MachineTypeUse[]
  /** Every machine type the app's service.yml names. */
  types: string[]
}

/** Each machine type the service.yml files read name, with how many apps name it. */
export type SeenMachineTypes = Map<string, number>

function countTypes(seen: SeenMachineTypes, types: string[]): void {
  for (const type of types) seen.set(type, (seen.get(type) ?? 0) + 1)
}

export interface MigrationPreview {
  apps: PreviewedApp[]
  /** How many apps were read. */
  checked: number
  errors: MigrationError[]
  /** The service.yml text of `apps[0]`, the first app that would change (kept for the check of to-machine). */
  firstText?: string
  seen: SeenMachineTypes
}

/**
 * How many service.yml files a dry run reads at the same time. A 429 holds every read of
 * the client until the service's Retry-After (or the backoff) has passed, so the 16 slow
 * down together instead of each finding the limit on its own.
 */
const PREVIEW_CONCURRENCY = 16

/**
 * Finds, without changing anything, which apps of the scope use the machine type
 * and where: every app's service.yml is read and parsed here. An app whose file
 * cannot be read or parsed is listed in `errors`; a refused token or a cancelled
 * job stops the whole preview.
 */
export async function previewMigration(
  client: ServiceClient,
  migration: Migration,
  signal?: AbortSignal
): Promise<MigrationPreview> {
  const items = await appsOfScope(client, migration)
  // Only the outcomes worth reporting are kept: a Workspace of 5,000 apps otherwise holds an
  // empty result for each app that does not use the machine type, for the whole run.
  const outcomes = new Array<PreviewedApp | MigrationError | undefined>(items.length)
  // Only the text of the earliest app found using the machine type is kept, not one per app.
  let first: { index: number; text: string } | undefined
  const seen: SeenMachineTypes = new Map()
  let next = 0
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++
      let text = ''
      const outcome = await previewApp(client, items[index], migration.fromMachine, signal, (read) => (text = read))
      if (!('error' in outcome)) countTypes(seen, outcome.types)
      if ('error' in outcome || outcome.uses.length > 0) outcomes[index] = outcome
      if (!('error' in outcome) && outcome.uses.length > 0 && (!first || index < first.index)) first = { index, text }
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
  return { apps, checked: items.length, errors, firstText: first?.text, seen }
}

/** The first app of the scope, in the service's order, whose service.yml uses the machine type, with its text. */
export interface FirstUse {
  app?: PreviewedApp & { text: string }
  /** How many apps were read before it was found (all of them when none uses it). */
  checked: number
  /** The machine types the files read name; all the apps' when none uses it. */
  seen: SeenMachineTypes
  /** How many of the files read could not be read or parsed (passed over). */
  unreadable: number
}

/**
 * Finds the first app of the scope that uses `migration.fromMachine`, reading the files
 * PREVIEW_CONCURRENCY at a time and stopping at the first batch holding one. An app whose file
 * cannot be read is passed over here (the dry run lists those).
 */
export async function firstAppUsing(
  client: ServiceClient,
  migration: Migration,
  signal?: AbortSignal
): Promise<FirstUse> {
  const items = await appsOfScope(client, migration)
  const seen: SeenMachineTypes = new Map()
  let unreadable = 0
  for (let start = 0; start < items.length; start += PREVIEW_CONCURRENCY) {
    const batch = items.slice(start, start + PREVIEW_CONCURRENCY)
    const texts: Array<string | undefined> = []
    const outcomes = await Promise.all(
      batch.map((app, index) => previewApp(client, app, migration.fromMachine, signal, (text) => (texts[index] = text)))
    )
    for (const outcome of outcomes) if ('error' in outcome) unreadable += 1
    for (const outcome of outcomes) if (!('error' in outcome)) countTypes(seen, outcome.types)
    const found = outcomes.findIndex((outcome) => !('error' in outcome) && outcome.uses.length > 0)
    if (found >= 0)
      return {
        app: { ...(outcomes[found] as PreviewedApp), text: texts[found] as string },
        checked: start + found + 1,
        seen,
        unreadable
      }
  }
  return { checked: items.length, seen, unreadable }
}

/**
 * The slug and title of every app of the migration's scope, all pages read. Only those are kept,
 * page by page: a Workspace of 5,000 apps otherwise holds every listed field of every app.
 */
async function appsOfScope(client: ServiceClient, migration: Migration): Promise<Array<Pick<App, 'slug' | 'title'>>> {
  const scope =
    migration.scope.kind === 'organization' ? { orgSlug: migration.scope.slug } : { userSlug: migration.scope.slug }
  const keep = ({ slug, title }: App): Pick<App, 'slug' | 'title'> => ({ slug, title })
  return (await listAll<Pick<App, 'slug' | 'title'>>(client, appsListPath(scope), { keep })).items
}

async function previewApp(
  client: ServiceClient,
  app: Pick<App, 'slug' | 'title'>,
  machineType: string,
  signal?: AbortSignal,
  keepText?: (text: string) => void
): Promise<PreviewedApp | MigrationError> {
  const problem = slugProblem(app.slug)
  if (problem) {
    const title = typeof app.title === 'string' && app.title !== '' ? app.title : 'an app'
    return {
      app: `${title} (slug ${typeof app.slug === 'string' ? quote(app.slug) : 'missing'})`,
      error: `the service listed it, but ${describeUnsafeSlug('slug', app.slug, problem)}`
    }
  }
  const label = appLabel(app)
  let text: string
  try {
    text = (await client.request<string>('GET', appPath(app.slug, 'service.yml'), { expect: 'text', signal })).body
  } catch (error) {
    if (isHttpError(error, 401) || (error instanceof ApiError && error.kind === 'cancelled')) throw error
    return { app: label, error: `could not read service.yml: ${(error as Error).message}` }
  }
  keepText?.(text)
  const parsed = parseServiceYmlText(text)
  if (!parsed.ok)
    return {
      app: label,
      error: `service.yml is not valid YAML: ${describeProblem(parsed.problem)}${mentions(text, machineType)}`
    }
  // machine_type_id is a string in the service's model: compared as written, `12.0` stays `12.0`.
  return {
    label,
    slug: app.slug,
    title: app.title,
    uses: findMachineTypeUses(parsed.textConfig, machineType),
    types: machineTypesIn(parsed.textConfig)
  }
}

/**
 * What an unreadable file's text says about the machine type, so its uses are not passed over in
 * silence: the lines where `machine_type_id` names it, which a real migration may change.
 */
function mentions(text: string, machineType: string): string {
  const lines = text.split('\n').flatMap((line, index) => {
    const match = /^\s*-?\s*machine_type_id\s*:\s*["']?([^"'#\s]+)/.exec(line)
    return match && match[1] === machineType ? [index + 1] : []
  })
  if (lines.length === 0) return `; its text names no machine_type_id ${quote(machineType)}`
  return `; its text names machine_type_id ${quote(machineType)} on line(s) ${lines.slice(0, 20).join(', ')}${lines.length > 20 ? ', ...' : ''}, which the migration may change`
}
