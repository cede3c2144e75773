/**
 * A migration whose from-machine no app uses: said as a warning naming the input, with the
 * machine types the apps' service.yml files do name nearest to it, since a misspelt
 * from-machine otherwise passes green and changes nothing, run after run.
 */
import { Input, Output } from '../constants.js'
import { nearestNames } from '../inputs/closest-name.js'
import { quote } from '../safe-text.js'
import type { FirstUse, MigrationPreview, SeenMachineTypes } from '../service-yml/preview.js'
import type { HandlerContext } from '../step/context.js'

/** At most this many machine types are named. */
const MAX_NEAREST = 5

/** A machine type the files name, and how many apps name it. */
export interface NamedMachineType {
  'machine-type': string
  apps: number
}

/** What the step says when no app uses from-machine, and the nearest machine types, for the output. */
export interface UnusedMachine {
  message: string
  nearest: NamedMachineType[]
}

/** What was read to find the apps using from-machine. */
export interface SearchedApps {
  /** `Workspace <slug>` or `user <slug>`. */
  scope: string
  /** How many apps were listed and read. */
  apps: number
  /** How many of their service.yml files could not be read or parsed. */
  unreadable: number
  seen: SeenMachineTypes
}

/** The machine types of `seen`, nearest to `from` first (case aside), the more used first among equals. */
export function nearestMachineTypes(from: string, seen: SeenMachineTypes): NamedMachineType[] {
  // Ties: the more used first, then by name.
  const types = [...seen.keys()].sort((a, b) => seen.get(b)! - seen.get(a)! || (a < b ? -1 : a > b ? 1 : 0))
  return nearestNames(from, types, MAX_NEAREST).map((type) => ({ 'machine-type': type, apps: seen.get(type)! }))
}

/** The warning of a from-machine no app uses: what was read, the nearest machine types, and what could not be read. */
export function describeUnusedMachine(from: string, searched: SearchedApps, dryRun: boolean): UnusedMachine {
  const nearest = nearestMachineTypes(from, searched.seen)
  const outcome = dryRun ? 'nothing would change' : 'nothing was migrated'
  const parts = [
    `${Input.fromMachine} ${quote(from)} is used by none of the ${searched.apps} app(s) of ${searched.scope} that this token can see, so ${outcome}.`
  ]
  if (nearest.length > 0) {
    const named = nearest.map((n) => `${quote(n['machine-type'])} (${n.apps} app(s))`).join(', ')
    const all = searched.seen.size > nearest.length ? ` (of the ${searched.seen.size} they name)` : ''
    parts.push(
      `The machine types their service.yml files name nearest to it${all}: ${named}. Check ${Input.fromMachine}.`
    )
  } else if (searched.apps > 0) {
    parts.push(`Their service.yml files name no machine type (their stacks' defaults apply).`)
  }
  if (searched.unreadable > 0)
    parts.push(
      `${searched.unreadable} app(s)' service.yml could not be read or parsed, so they were not searched and may use it.`
    )
  return { message: parts.join(' '), nearest }
}

/** A dry run that found no app using from-machine: every app listed was read. */
export function unusedInPreview(from: string, preview: MigrationPreview, scope: string): UnusedMachine {
  return describeUnusedMachine(
    from,
    { scope, apps: preview.checked, unreadable: preview.errors.length, seen: preview.seen },
    true
  )
}

/**
 * Why the migration changed no app: from-machine is used by none of the apps read (all of them
 * were, looking for one), or, when one does use it, the service still changed none.
 */
export function unusedAfterMigration(from: string, first: FirstUse, scope: string): UnusedMachine {
  if (!first.app)
    return describeUnusedMachine(
      from,
      { scope, apps: first.checked, unreadable: first.unreadable, seen: first.seen },
      false
    )
  return {
    message: `The service migrated no app, although ${first.app.label} uses ${Input.fromMachine} ${quote(from)}.`,
    nearest: []
  }
}

/**
 * No app uses from-machine: the output of the nearest machine types, and the warning naming the
 * input (the step's error instead, thrown by the caller once the summary is written, with
 * fail-if-nothing-to-migrate). Returns the summary's mark.
 */
export function nothingToMigrate(
  failIfNothing: boolean,
  unused: UnusedMachine,
  ctx: HandlerContext
): 'failure' | 'warning' {
  ctx.output(Output.nearestMachineTypes, unused.nearest)
  if (failIfNothing) return 'failure'
  ctx.warning(unused.message)
  return 'warning'
}

/** The step's failure when no app uses from-machine and fail-if-nothing-to-migrate is true. */
export function nothingError(unused: UnusedMachine): Error {
  return new Error(`${unused.message} ${Input.failIfNothingToMigrate} is true, so the step fails.`)
}
