/**
 * What the wiring tests share: how this repository's action is named in a step's `uses`, the
 * metadata of the action a step runs, the expressions a workflow reads, and the workflows read once.
 */
import { existsSync } from 'node:fs'
import {
  ACTION_CHECKOUT_PATH,
  actionMetadata,
  actionRepository,
  expressionsIn,
  isMapping,
  mappingAt,
  readYaml,
  stepsOf,
  workflowFiles,
  type Mapping
} from './workflow-files.js'

export const REUSABLE = ['.github/workflows/trigger-build.yml', '.github/workflows/migrate-machine-types.yml']
export const NAME = actionRepository()
export const escapedName = NAME.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** How the examples run this project's action, or one of its sub-actions: by its name at a release tag. */
export const PUBLISHED_ACTION = new RegExp(`^${escapedName}(?:/([\\w-]+))?@v\\d+$`)
/** How the reusable workflows and CI run it: from a checkout, the root or a sub-action's folder. */
export const LOCAL_ACTION = new RegExp(`^\\./(?:${ACTION_CHECKOUT_PATH.replace('.', '\\.')}/?)?([\\w-]+)?$`)
/** How the examples reference this project's reusable workflows. */
export const PUBLISHED = new RegExp(`^${escapedName}/(\\.github/workflows/[\\w.-]+\\.ya?ml)@v\\d+$`)

export const action = actionMetadata()

/** The folder (a sub-action's, or '' for the root) a step's `uses` runs, or undefined when it runs another action. */
export function actionFolder(uses: unknown): string | undefined {
  if (typeof uses !== 'string') return undefined
  const match = LOCAL_ACTION.exec(uses) ?? PUBLISHED_ACTION.exec(uses)
  return match ? (match[1] ?? '') : undefined
}

/** The inputs and outputs of the action (root or sub-action) a step runs. */
export function metadataOf(step: Mapping): { inputs: Mapping; outputs: Mapping } {
  const folder = actionFolder(step.uses) ?? ''
  if (folder === '') return action
  if (!existsSync(`${folder}/action.yml`))
    throw new Error(`${String(step.uses)} names no sub-action: ${folder}/action.yml is missing`)
  const doc = readYaml(`${folder}/action.yml`)
  return { inputs: mappingAt(doc, 'inputs'), outputs: mappingAt(doc, 'outputs') }
}

export function requiredInputs(inputs: Mapping): string[] {
  return Object.entries(inputs)
    .filter(([, input]) => isMapping(input) && input.required === true)
    .map(([name]) => name)
}

/** Every string in a YAML value (mapping values and list items, recursively). */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsIn)
  if (isMapping(value)) return Object.values(value).flatMap(stringsIn)
  return []
}

/** Every expression in a workflow outside its `on:` block. */
export function expressionsOutsideOn(workflow: Mapping): string[] {
  return Object.entries(workflow)
    .filter(([key]) => key !== 'on')
    .flatMap(([, value]) => stringsIn(value))
    .flatMap(expressionsIn)
}

export function escape(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Whether an expression reads `<context>.<name>` (or `<context>['<name>']`). */
export function reads(expressions: string[], context: string, name: string): boolean {
  const pattern = new RegExp(`\\b${context}\\s*(\\.\\s*${escape(name)}(?![\\w-])|\\[\\s*'${escape(name)}'\\s*\\])`)
  return expressions.some((expr) => pattern.test(expr))
}

/** Every `<context>.<a>.outputs.<b>` read in an expression, as [a, b]. */
export function outputRefs(text: string, context: 'jobs' | 'steps' | 'needs'): Array<[string, string]> {
  return expressionsIn(text).flatMap((expr) =>
    [...expr.matchAll(new RegExp(`\\b${context}\\.([\\w-]+)\\.outputs\\.([\\w-]+)`, 'g'))].map(
      (m): [string, string] => [m[1], m[2]]
    )
  )
}

/**
 * The steps that run this repository's action or a sub-action: `uses: ./` (its own CI), its
 * checkout at the reusable workflow's own commit, or (in the examples) its published reference.
 */
export function actionSteps(job: Mapping): Mapping[] {
  return stepsOf(job).filter((step) => actionFolder(step.uses) !== undefined)
}

export const workflows = workflowFiles().map((file) => ({ file, doc: readYaml(file) }))

/** The step of the migration's preview jobs that checks the preview has a credential of its own. */
export const CREDENTIAL_CHECK = 'Check that the preview has a credential of its own'

/**
 * The credential a job of a reusable workflow signs in with: its token secret and the input of
 * its trust policy. The migration's preview has its own, apart from the Workspace owner's.
 */
export function signInOf(file: string, jobId: string): { secret: string; policy: string } {
  return file.endsWith('migrate-machine-types.yml') && jobId.startsWith('preview')
    ? { secret: 'preview-token', policy: 'preview-oidc-policy-id' }
    : { secret: 'token', policy: 'oidc-policy-id' }
}
