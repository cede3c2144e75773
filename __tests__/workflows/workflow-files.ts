/**
 * The workflow files the tests check, read from the repository: the project's own workflows
 * under .github/workflows and the example callers under docs/examples, plus action.yml.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { load } from 'js-yaml'

export const ROOT = resolve(process.cwd())
export const WORKFLOW_DIRS = ['.github/workflows', 'docs/examples']
export const FIXTURES = '__tests__/workflows/fixtures'

/** A loosely typed YAML mapping. */
export type Mapping = Record<string, unknown>

/** The .yml/.yaml files in a folder of the repository, as repository-relative paths, sorted. */
export function yamlFilesIn(dir: string): string[] {
  return readdirSync(join(ROOT, dir))
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => `${dir}/${name}`)
}

/** Every workflow of the project and every example caller. */
export function workflowFiles(): string[] {
  return WORKFLOW_DIRS.flatMap(yamlFilesIn)
}

export function readText(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8')
}

/** Parses a YAML file of the repository into a mapping; throws when it is anything else. */
export function readYaml(path: string): Mapping {
  const doc = load(readText(path))
  if (!isMapping(doc)) throw new Error(`${path} is not a YAML mapping`)
  return doc
}

export function isMapping(value: unknown): value is Mapping {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The mapping under `key`, or an empty one. */
export function mappingAt(parent: unknown, key: string): Mapping {
  if (!isMapping(parent)) return {}
  const value = parent[key]
  return isMapping(value) ? value : {}
}

/** The jobs of a workflow. */
export function jobsOf(workflow: Mapping): Array<[string, Mapping]> {
  return Object.entries(mappingAt(workflow, 'jobs')).map(([id, job]) => [id, isMapping(job) ? job : {}])
}

/** The steps of a job. */
export function stepsOf(job: Mapping): Mapping[] {
  const steps = job.steps
  return Array.isArray(steps) ? steps.filter(isMapping) : []
}

/** Every `${{ ... }}` expression in a string, without the braces. */
export function expressionsIn(text: string): string[] {
  return [...text.matchAll(/\$\{\{([\s\S]*?)\}\}/g)].map((match) => match[1].trim())
}

/** The inputs and outputs action.yml declares. */
export function actionMetadata(): { inputs: Mapping; outputs: Mapping; doc: Mapping } {
  const doc = readYaml('action.yml')
  return { inputs: mappingAt(doc, 'inputs'), outputs: mappingAt(doc, 'outputs'), doc }
}
