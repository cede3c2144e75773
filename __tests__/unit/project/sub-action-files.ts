/** The sub-actions' committed metadata and the generator's sources, read once per test file. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'js-yaml'
// One line, so the directive below covers the import's whole statement.
// prettier-ignore
// @ts-expect-error: a plain JavaScript module without type declarations
import { sourcesOf } from '../../../scripts/sub-actions.js'
// @ts-expect-error: a plain JavaScript module without type declarations
import { repositoryName } from '../../../scripts/docs.js'
import { COMMON_OUTPUTS, LIST_OUTPUT_FILES, Output } from '../../../src/constants.js'
import { COMMON_INPUTS } from '../../../src/inputs/common.js'
import { SUB_ACTIONS, type SubActionName } from '../../../src/operations/sub-actions.js'
import { MODULES } from '../../helpers/operations.js'
import { randomInt } from '../../helpers/random.js'

export interface Spec {
  description?: string
  required?: boolean
  default?: string
}
export interface Metadata {
  name: string
  description: string
  inputs: Record<string, Spec>
  outputs: Record<string, Spec>
  runs: Record<string, string>
}

export const ROOT_YAML = readFileSync('action.yml', 'utf8')
export const ROOT = load(ROOT_YAML) as Metadata
export const FOLDERS = Object.keys(SUB_ACTIONS) as SubActionName[]
export const NAME = repositoryName(JSON.parse(readFileSync('package.json', 'utf8'))) as string
export const SOURCES = sourcesOf(
  SUB_ACTIONS,
  MODULES,
  COMMON_INPUTS,
  LIST_OUTPUT_FILES,
  { [Output.response]: Output.responseFile },
  COMMON_OUTPUTS
)
export const committed = (folder: string): string => readFileSync(join(folder, 'action.yml'), 'utf8')
export const parse = (folder: string): Metadata => load(committed(folder)) as Metadata
export const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]
