/**
 * No input is ignored in silence: before an operation reads its inputs, every INPUT_*
 * variable of the step is held against the inputs the action declares and the ones the
 * chosen operation reads. An input the operation would not read is a warning, or an
 * error when reading it would have changed what is sent; a variable that is no input is
 * named with the nearest declared name.
 */
import { Input, INPUT_DEFAULTS, type InputName } from '../constants.js'
import { quote } from '../safe-text.js'
import { closestName } from './closest-name.js'
import { COMMON_INPUTS, OIDC_INPUTS, usesOidc } from './common.js'
import { InputError } from './input-error.js'
import type { GetInput } from './readers.js'
import { workflowKey } from './workflow-inputs.js'

/** Inputs an operation reads only under a condition on other inputs (e.g. wait-timeout only with wait: true). */
export interface InputNeed {
  inputs: readonly InputName[]
  /** The condition in words, for the message, e.g. "wait: true". */
  says: string
  /**
   * Whether the condition holds, over the inputs' values (the step's, or action.yml's
   * default); undefined when a value is one the operation refuses anyway.
   */
  holds: (value: GetInput) => boolean | undefined
}

/** What the check needs of an operation. */
export interface OperationUse {
  name: string
  /** Its own inputs (the common ones are added here). */
  inputs: readonly InputName[]
  /** Whether it can change anything on the service (a build, an app, a setting). */
  writes: boolean
  needs?: readonly InputNeed[]
}

/** The step's inputs, and what the check holds them against. */
export interface InputUseOptions {
  env: NodeJS.ProcessEnv
  /** The chosen operation; undefined when the operation input names none. */
  operation?: OperationUse
  /** action.yml's defaults, which the runner exports as if set. */
  defaults?: Readonly<Partial<Record<string, string>>>
  /** The operations that read an input, named in an error; asked only when there is one. */
  readBy?: (input: string) => Promise<readonly string[]>
}

/** What the check needs of a sub-action (trigger/, wait/, ...). */
export interface SubActionUse {
  name: string
  /** The only operation it runs, when it runs one only (then it declares no operation input). */
  only?: string
  declares: readonly string[]
  /** The sub-actions (as folder/) that declare an input, for the warning about one this one does not. */
  belongsTo: (input: string) => Promise<readonly string[]>
}

/** What the check found: warnings to print, and the first error (nothing may be sent then). */
export interface InputUse {
  warnings: string[]
  error?: InputError
}

/**
 * Inputs that pick what an operation acts on, or make it harmless: an operation that
 * changes something and would not read one acts on something else than the step asks,
 * or for real. Each says, in words, what not reading it would mean.
 */
const CONSEQUENTIAL: Partial<Record<InputName, (operation: string, value: string) => string | undefined>> = {
  // dry-run: false asks for what an operation with no dry run does anyway.
  [Input.dryRun]: (operation, value) =>
    booleanValue(value) === false ? undefined : `${operation} has no dry run, so it would change things for real`,
  [Input.appSlug]: (operation) => `${operation} does not act on one given app, so it would not be limited to that app`,
  [Input.buildSlug]: (operation) => `${operation} does not act on a given build, so it would not act on that build`,
  [Input.pipelineId]: (operation) =>
    `${operation} does not act on a given pipeline, so it would not act on that pipeline`,
  [Input.buildRequestSlug]: (operation) => `${operation} does not act on a given build request`,
  [Input.orgSlug]: (operation) => `${operation} would not be limited to that Workspace`,
  [Input.userSlug]: (operation) => `${operation} would not be limited to that user's apps`
}

/** The variable the runner exports for an input: upper case, spaces as "_", hyphens kept. */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`
}

/** What the step set, as the checks below read it. */
interface Reading {
  declared: string[]
  value: GetInput
  oidc: boolean
  /** The inputs the chosen operation (and the sign-in) read. */
  reads: Set<string>
  /** Inputs whose default the runner fills in itself (github-token): never counted as set. */
  fillsItself: (name: string) => boolean
  isSet: (name: string) => boolean
  effective: (name: InputName) => string
  retired: { name: string; warning: string } | undefined
}

/** Reads the step's inputs once for both checks. */
function readingOf(options: InputUseOptions): Reading {
  const { env, operation } = options
  // The root action's inputs, whichever action runs: a sub-action's step is held to the same checks
  // (an input its action.yml leaves out still means what it means at the root, e.g. dry-run).
  const declared: string[] = Object.values(Input)
  const defaults: Readonly<Partial<Record<string, string>>> = options.defaults ?? INPUT_DEFAULTS
  const value = (name: string): string => (env[inputVariable(name)] ?? '').trim()
  // With a token the step signs in with it, and the OIDC inputs go unread.
  const oidc = usesOidc(value)
  const reads = new Set<string>([
    ...COMMON_INPUTS.filter((name) => oidc || !(OIDC_INPUTS as readonly string[]).includes(name)),
    ...(operation?.inputs ?? [])
  ])
  const fillsItself = (name: string): boolean => defaults[name]?.includes('${{') === true
  // Set by the step: the runner exports every input with a default, so equal to it counts as unset;
  // one whose default the runner fills in (github-token) cannot be told apart, so it never counts.
  const isSet = (name: string): boolean =>
    value(name) !== '' && !fillsItself(name) && value(name) !== (defaults[name] ?? '')
  const effective = (name: InputName): string => value(name) || defaults[name] || ''
  return { declared, value, oidc, reads, fillsItself, isSet, effective, retired: retiredInput(value, oidc, operation) }
}

/** Checks the step's INPUT_* variables against the declared inputs and the chosen operation. */
export async function checkInputUse(options: InputUseOptions): Promise<InputUse> {
  const reading = readingOf(options)
  const errors: InputError[] = []
  const warnings: string[] = reading.retired && options.operation ? [reading.retired.warning] : []
  checkKeys(options.env, reading, options.operation, errors, warnings)
  if (options.operation) await checkUnread(options, options.operation, reading, errors, warnings)
  return { warnings, error: errors[0] }
}

/**
 * A sub-action's own word (beside the runner's "Unexpected input") for each input of the root
 * action that the step sets and the sub-action does not declare: where it belongs.
 */
export async function undeclaredInputs(env: NodeJS.ProcessEnv, sub: SubActionUse): Promise<string[]> {
  const { declared, value } = readingOf({ env })
  const lines: string[] = []
  for (const name of declared.filter((name) => value(name as InputName) !== '' && !sub.declares.includes(name))) {
    if (name === Input.operation && sub.only !== undefined) {
      lines.push(
        `Input "${name}" is set, but ${sub.name}/ declares no ${name} input: it runs ${sub.only} only. Remove ${name} from the step's with:.`
      )
      continue
    }
    const where = await sub.belongsTo(name)
    const belongs =
      where.length > 0
        ? `it belongs to ${where.map((folder) => `${folder}/`).join(', ')} (and the root action)`
        : 'only the root action declares it'
    lines.push(
      `Input "${name}" is set, but ${sub.name}/ does not declare it, so the runner also warns "Unexpected input": ${belongs}. Move it to the step that uses that action, or remove it.`
    )
  }
  return lines
}

/** A with: key that is no input: named with the nearest input, an error when it was likely meant for an unset one the operation reads. */
function checkKeys(
  env: NodeJS.ProcessEnv,
  { declared, reads, retired, isSet, fillsItself }: Reading,
  operation: OperationUse | undefined,
  errors: InputError[],
  warnings: string[]
): void {
  const known = new Set([...declared, ...(retired ? [retired.name] : [])].map(inputVariable))
  for (const variable of Object.keys(env)
    .filter((key) => key.startsWith('INPUT_') && !known.has(key))
    .sort()) {
    const key = variable.slice('INPUT_'.length).toLowerCase()
    const workflow = workflowKey(key, variable, env, { reads, isSet, fillsItself })
    if (workflow) {
      if (workflow instanceof InputError) errors.push(workflow)
      else warnings.push(workflow)
      continue
    }
    // The operation's own inputs first: of two equally near names, the one it reads is the likelier slip.
    const near = closestName(key, [
      ...declared.filter((name) => reads.has(name)),
      ...declared.filter((name) => !reads.has(name))
    ])
    if (near === undefined) {
      warnings.push(
        `The step sets ${quote(key)} (${variable}), which is no input of this action: it has no effect. Remove it, or check the input names in action.yml.`
      )
    } else if (reads.has(near) && !isSet(near) && !fillsItself(near) && (env[variable] ?? '').trim() !== '') {
      errors.push(
        new InputError(
          near,
          `is not set, but the step sets ${quote(key)} (${variable}), which is no input of this action: did you mean ${near}? ${readsWhat(near, operation)} and would run as if it were not set. Rename the key to ${near}`
        )
      )
    } else {
      warnings.push(
        `The step sets ${quote(key)} (${variable}), which is no input of this action: did you mean ${near}? As written it has no effect.`
      )
    }
  }
}

/** An input set but not read by the operation: a warning, or an error when reading it would have changed what a writing operation acts on. */
async function checkUnread(
  options: InputUseOptions,
  operation: OperationUse,
  { declared, reads, retired, isSet, effective, oidc, value }: Reading,
  errors: InputError[],
  warnings: string[]
): Promise<void> {
  const needs = new Map<string, InputNeed>()
  for (const need of operation.needs ?? []) for (const name of need.inputs) needs.set(name, need)
  for (const name of declared.filter((name) => isSet(name) && name !== retired?.name)) {
    const need = needs.get(name)
    const unread = !reads.has(name) ? 'not read' : need && need.holds(effective) === false ? 'not read now' : undefined
    if (unread === undefined) continue
    const why =
      unread === 'not read' && (OIDC_INPUTS as readonly string[]).includes(name) && !oidc
        ? `the step signs in with ${Input.token}, and only a sign-in with OIDC (${Input.token} empty) reads it${operation.inputs.includes(name as InputName) ? '' : ` (${operation.name} does not read it either)`}`
        : unread === 'not read'
          ? `the ${operation.name} operation does not read it`
          : `${operation.name} reads it only with ${need?.says}, which this step does not set`
    const consequence = CONSEQUENTIAL[name as InputName]?.(operation.name, value(name as InputName))
    if (operation.writes && consequence) {
      const readers = (await options.readBy?.(name)) ?? []
      const where = readers.length > 0 ? ` (${readers.join(', ')} ${readers.length === 1 ? 'reads' : 'read'} it)` : ''
      errors.push(
        new InputError(
          name,
          `is set, but ${why}, and ${consequence}. Remove ${name}, or choose the operation that reads it${where}`
        )
      )
    } else {
      warnings.push(
        `Input "${name}" is set, but ${why}: it has no effect. Remove it from the step's with:${unread === 'not read' ? ', or check the operation' : ''}.`
      )
    }
  }
}

/**
 * org-slug once named the Workspace of a sign-in with OIDC; the trust policy's id alone does
 * now. A step that still sets it for that, on an operation that does not read it (whether or
 * not the sub-action declares it), is told so in one warning, and the step goes on.
 */
function retiredInput(
  value: GetInput,
  oidc: boolean,
  operation: OperationUse | undefined
): { name: string; warning: string } | undefined {
  if (!oidc || value(Input.orgSlug) === '' || operation?.inputs.includes(Input.orgSlug)) return undefined
  const reader = operation?.name ?? 'the operation'
  return {
    name: Input.orgSlug,
    warning: `Input "${Input.orgSlug}" is set, but the sign-in with OIDC does not read it (the trust policy's id names its Workspace) and ${reader} does not read it either: it has no effect. Remove it from the step's with:.`
  }
}

/** Who reads an input, for the message about a key that was likely meant as it. */
function readsWhat(input: string, operation: OperationUse | undefined): string {
  return (COMMON_INPUTS as readonly string[]).includes(input) || operation === undefined
    ? `Every operation reads ${input}`
    : `${operation.name} reads ${input}`
}

/** Inputs read only when a boolean input is true (or false, with `is: false`). */
export function onlyWith(flag: InputName, inputs: readonly InputName[], is = true): InputNeed {
  return { inputs, says: `${flag}: ${is}`, holds: (value) => booleanValue(value(flag), is) }
}

/** A boolean input's value as the readers take it, compared with `is`; undefined when it is no boolean. */
export function booleanValue(text: string, is = true): boolean | undefined {
  if (['true', 'True', 'TRUE'].includes(text)) return is
  if (['false', 'False', 'FALSE'].includes(text)) return !is
  return undefined
}
