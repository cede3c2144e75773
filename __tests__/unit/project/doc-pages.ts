/** The pages, metadata and rendered documentation the documentation tests read, read once per file. */
import { expect } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'

// @ts-expect-error: a plain JavaScript module without type declarations
import { docPaths, readSources, renderDocs } from '../../../scripts/docs.js'
import { COMMON_OUTPUTS } from '../../../src/constants.js'
import { COMMON_INPUTS } from '../../../src/inputs/common.js'
import { MODULES, OPERATIONS, REQUIRED_ROLES } from '../../helpers/operations.js'

export const actionYaml = readFileSync('action.yml', 'utf8')
export const action = load(actionYaml) as {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>
  outputs: Record<string, { description: string }>
  runs: { using: string; main: string; post?: string }
  branding?: unknown
}
export const readme = readFileSync('README.md', 'utf8')
export const reusableWorkflows = readFileSync('docs/reusable-workflows.md', 'utf8')
export const credentials = readFileSync('docs/credentials.md', 'utf8')
export const reference = readFileSync('docs/reference.md', 'utf8')
export const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  repository: unknown
  scripts: Record<string, string>
  engines: { node: string }
}
export const files: Record<string, string> = Object.fromEntries(
  (docPaths('.') as string[]).map((path) => [path, readFileSync(path, 'utf8')])
)
/** What the modules declare, loaded: the docs check compares the pages with what these render. */
export const OPERATION_LISTS = Object.fromEntries(
  OPERATIONS.map((name) => [name, { inputs: [...MODULES[name].inputs], outputs: [...MODULES[name].outputs] }])
)
export const sources = {
  ...readSources('.'),
  roles: REQUIRED_ROLES,
  operations: OPERATION_LISTS,
  commonInputs: [...COMMON_INPUTS],
  commonOutputs: [...COMMON_OUTPUTS]
} as {
  name: string
  actionYaml: string
  workflows: Record<string, string>
  roles: Record<string, string>
  operations: Record<string, { inputs: string[]; outputs: string[] }>
  commonInputs: string[]
  commonOutputs: string[]
}
export const rendered = renderDocs(files, sources) as Record<string, string>

/** The README section under a `## ` heading, up to the next one. */
export function section(heading: string): string {
  const start = readme.indexOf(`\n## ${heading}\n`)
  expect(start).toBeGreaterThanOrEqual(0)
  const end = readme.indexOf('\n## ', start + 1)
  return readme.slice(start, end < 0 ? undefined : end)
}
