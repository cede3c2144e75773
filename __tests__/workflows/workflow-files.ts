/**
 * The workflow files the tests check, read from the repository: the project's own workflows
 * under .github/workflows and the example callers under docs/examples, plus action.yml.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { load } from 'js-yaml'
// @ts-expect-error: a plain JavaScript module without type declarations
import { repositoryName } from '../../scripts/docs.js'

export const ROOT = resolve(process.cwd())
export const WORKFLOW_DIRS = ['.github/workflows', 'docs/examples']
export const FIXTURES = '__tests__/workflows/fixtures'
/** Where a reusable workflow checks this repository out to run its action at its own commit. */
export const ACTION_CHECKOUT_PATH = '.service-ci-action'

/** The project's `owner/name`, from package.json `repository`: the one name the docs use. */
export function actionRepository(): string {
  return repositoryName(JSON.parse(readText('package.json'))) as string
}

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

/** A value of a GitHub expression: what the small evaluator below works with. */
export type ExpressionValue = string | number | boolean | null

/**
 * Evaluates a GitHub expression of the kinds the workflows use in `concurrency:`: context
 * properties (`github.event_name`, `github.event.pull_request.number`, ...), string, number
 * and boolean literals, `==`, `!=`, `!`, `&&`, `||` and parentheses, with GitHub's meaning
 * (`&&` and `||` return an operand; a missing property is null; strings compare without case),
 * and the functions `fromJSON`, `toJSON`, `format`, `contains`, `startsWith`, `endsWith`, and the status functions
 * `cancelled()` (its value is `context.$cancelled`, false when absent), `always()`, `success()`
 * and `failure()` (from `context.$failed`, false when absent). Anything else throws, so a test cannot pass
 * on an expression it did not understand.
 */
export function evaluate(expression: string, context: Mapping): ExpressionValue {
  const tokens = [
    ...expression.matchAll(/\s*('(?:[^']|'')*'|\d+|==|!=|&&|\|\||[!(),]|[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*)/gy)
  ].map((m) => m[1])
  if (tokens.join('').replace(/\s/g, '') !== expression.replace(/\s/g, ''))
    throw new Error(`cannot evaluate: ${expression}`)
  let at = 0
  const peek = (): string | undefined => tokens[at]
  const truthy = (value: ExpressionValue): boolean => value !== null && value !== false && value !== 0 && value !== ''
  const equal = (a: ExpressionValue, b: ExpressionValue): boolean =>
    typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : a === b
  function primary(): ExpressionValue {
    const token = tokens[at++]
    if (token === undefined) throw new Error(`unexpected end of ${expression}`)
    if (token === '(') {
      const value = or()
      if (tokens[at++] !== ')') throw new Error(`missing ) in ${expression}`)
      return value
    }
    if (token === '!') return !truthy(primary())
    if (token.startsWith("'")) return token.slice(1, -1).replace(/''/g, "'")
    if (/^\d+$/.test(token)) return Number(token)
    if (token === 'true' || token === 'false') return token === 'true'
    if (token === 'null') return null
    if (peek() === '(' && /^[A-Za-z]+$/.test(token)) return call(token)
    let value: unknown = context
    for (const key of token.split('.')) value = isMapping(value) ? value[key] : undefined
    if (value === undefined) return null
    if (typeof value === 'object' && value !== null) throw new Error(`${token} is an object`)
    return value as ExpressionValue
  }
  function call(name: string): ExpressionValue {
    at++
    const args: ExpressionValue[] = []
    while (peek() !== ')') {
      if (args.length > 0 && tokens[at++] !== ',') throw new Error(`expected , in ${expression}`)
      args.push(or())
    }
    at++
    switch (name) {
      case 'cancelled':
        return context.$cancelled === true
      case 'always':
        return true
      case 'success':
        return context.$failed !== true && context.$cancelled !== true
      case 'failure':
        return context.$failed === true
      case 'startsWith':
        return String(args[0] ?? '')
          .toLowerCase()
          .startsWith(String(args[1] ?? '').toLowerCase())
      case 'endsWith':
        return String(args[0] ?? '')
          .toLowerCase()
          .endsWith(String(args[1] ?? '').toLowerCase())
      case 'contains': {
        const [haystack, needle] = args as unknown[]
        if (Array.isArray(haystack))
          return haystack.some((item) => equal(item as ExpressionValue, needle as ExpressionValue))
        return String(haystack ?? '')
          .toLowerCase()
          .includes(String(needle ?? '').toLowerCase())
      }
      case 'fromJSON':
        return JSON.parse(String(args[0])) as ExpressionValue
      case 'toJSON':
        return JSON.stringify(args[0])
      case 'format':
        return String(args[0]).replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i) + 1] ?? ''))
      default:
        throw new Error(`cannot evaluate the function ${name} in ${expression}`)
    }
  }
  function comparison(): ExpressionValue {
    let left = primary()
    while (peek() === '==' || peek() === '!=') {
      const op = tokens[at++]
      const right = primary()
      left = op === '==' ? equal(left, right) : !equal(left, right)
    }
    return left
  }
  function and(): ExpressionValue {
    let left = comparison()
    while (peek() === '&&') {
      at++
      const right = comparison()
      left = truthy(left) ? right : left
    }
    return left
  }
  function or(): ExpressionValue {
    let left = and()
    while (peek() === '||') {
      at++
      const right = and()
      left = truthy(left) ? left : right
    }
    return left
  }
  const value = or()
  if (at !== tokens.length) throw new Error(`unexpected ${tokens[at]} in ${expression}`)
  return value
}

/** A string with every `${{ }}` replaced by its value under `context` (see evaluate). */
export function interpolate(template: string, context: Mapping): string {
  return template.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expression: string) =>
    String(evaluate(expression, context) ?? '')
  )
}
