/**
 * A pipeline of service.yml as the emulator runs it, read once for the configuration check and
 * for the trigger alike, so the two never disagree: what the check calls valid runs, and what a
 * trigger refuses the check lists. Two forms (bitrise-io/bitrise `models/models.go`,
 * `PipelineModel`): stages (`pipelines.<id>.stages`, each stage's workflows inline or under
 * `stages.<name>`), run one after another; or a graph (`pipelines.<id>.workflows`, each with
 * `depends_on`), never both. The graph's rules are those of the service's CLI
 * (`models/models_methods.go`, `validateDAGPipeline` and `validateGraph`) and documentation
 * (bitrise-io/docs `configuring-a-bitrise-pipeline.mdx`, "Configuration restrictions").
 */
import type { ServiceConfig } from './service-config.js'
import type { PipelinePlan, PlannedWorkflow } from './pipeline-records.js'
import { isObject } from './types.js'

/** The documentation's limit on a graph pipeline's workflows. */
export const MAX_PIPELINE_WORKFLOWS = 200

/** What the configuration says of one pipeline: the plan, or why it cannot run. */
export type PipelineReading = { plan: PipelinePlan } | { error: string } | { empty: string }

/** Values of `should_always_run`: the CLI's model has `off` and `workflow`, the documentation `none` and `workflow`. */
const ALWAYS_RUN = ['off', 'none', 'workflow']
/** Fields of a graph pipeline's workflow the emulator does not emulate (workflow variants, inputs, parallel copies). */
const NOT_EMULATED = ['uses', 'inputs', 'parallel']
const BOOLEAN_TEXT = /^(true|false|yes|no|on|off|y|n)$/i

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const nameOf = (item: unknown): string | undefined =>
  typeof item === 'string' ? item : isObject(item) ? Object.keys(item)[0] : undefined

/** Reads pipeline `id`: undefined when the configuration does not define it. */
export function readPipeline(config: ServiceConfig, id: string): PipelineReading | undefined {
  const pipelines = isObject(config.pipelines) ? config.pipelines : {}
  if (!Object.hasOwn(pipelines, id)) return undefined
  const definition = pipelines[id]
  if (definition !== null && !isObject(definition)) return { error: `pipeline "${id}" must be a mapping` }
  const stages = asList(definition?.stages)
  const workflows = isObject(definition?.workflows) ? Object.keys(definition.workflows) : []
  if (stages.length > 0 && workflows.length > 0)
    return { error: `pipeline "${id}" has both stages and workflows; a pipeline has one or the other` }
  if (stages.length > 0) return stagePlan(config, id, stages)
  if (definition?.workflows !== undefined && definition.workflows !== null && !isObject(definition.workflows)) {
    return { error: `pipeline "${id}": workflows must be a mapping of workflow names` }
  }
  if (workflows.length > 0) return graphPlan(config, id, definition!.workflows as Record<string, unknown>)
  return { empty: `pipeline "${id}" has no stages and no workflows, so it cannot be started` }
}

/** Stages run in turn: each workflow of a stage waits for every workflow of the stage before. */
function stagePlan(config: ServiceConfig, id: string, entries: unknown[]): PipelineReading {
  const shared = isObject(config.stages) ? config.stages : {}
  const stages = entries.map((entry) => {
    const name = nameOf(entry) ?? ''
    const inline =
      isObject(entry) && isObject(entry[name]) ? (entry[name] as Record<string, unknown>).workflows : undefined
    const own =
      Object.hasOwn(shared, name) && isObject(shared[name])
        ? (shared[name] as Record<string, unknown>).workflows
        : undefined
    const workflows = asList(inline ?? own)
      .map(nameOf)
      .filter((w): w is string => Boolean(w))
    return { name, workflows }
  })
  if (stages.some((s) => s.name === '' || s.workflows.length === 0))
    return { error: `pipeline "${id}" has a stage without a name or without workflows` }
  const planned: PlannedWorkflow[] = []
  let before: number[] = []
  for (const stage of stages) {
    const start = planned.length
    for (const name of stage.workflows) planned.push({ name, stage: stage.name, needs: before, alwaysRun: false })
    before = stage.workflows.map((_, i) => start + i)
  }
  return { plan: { kind: 'stages', workflows: planned } }
}

/** A graph: each workflow waits for those it depends on; refused as the service's CLI refuses it. */
function graphPlan(config: ServiceConfig, id: string, entries: Record<string, unknown>): PipelineReading {
  const names = Object.keys(entries)
  if (names.length > MAX_PIPELINE_WORKFLOWS)
    return { error: `pipeline "${id}" has ${names.length} workflows; at most ${MAX_PIPELINE_WORKFLOWS} are allowed` }
  const defined = isObject(config.workflows) ? config.workflows : {}
  const planned: PlannedWorkflow[] = []
  for (const name of names) {
    const where = `workflow "${name}" of pipeline "${id}"`
    if (name.startsWith('_')) return { error: `${where} is a utility workflow, which a pipeline cannot run` }
    if (!Object.hasOwn(defined, name)) return { error: `${where} is not defined under workflows` }
    const entry = entries[name] ?? {}
    if (!isObject(entry)) return { error: `${where} must be a mapping` }
    const problem = fieldProblem(entry, names)
    if (problem) return { error: `${where}: ${problem}` }
    const alwaysRun = entry.should_always_run === 'workflow'
    planned.push({
      name,
      stage: null,
      needs: asList(entry.depends_on).map((d) => names.indexOf(d as string)),
      alwaysRun
    })
  }
  const cycle = cycleOf(planned)
  return cycle
    ? {
        error: `pipeline "${id}": the dependency between workflow "${cycle[0]}" and workflow "${cycle[1]}" creates a cycle`
      }
    : { plan: { kind: 'graph', workflows: planned } }
}

/** What is wrong with a graph workflow's fields, if anything. */
function fieldProblem(entry: Record<string, unknown>, names: string[]): string | undefined {
  const skipped = NOT_EMULATED.find((field) => entry[field] !== undefined)
  if (skipped) return `${skipped} is not emulated`
  const needs = entry.depends_on
  if (needs !== undefined && needs !== null) {
    if (!Array.isArray(needs) || needs.some((d) => typeof d !== 'string'))
      return 'depends_on must be a list of workflow names'
    const seen = new Set<string>()
    for (const d of needs as string[]) {
      if (seen.has(d)) return `"${d}" is listed twice in depends_on`
      seen.add(d)
      if (!names.includes(d)) return `depends_on names "${d}", which is not a workflow of this pipeline`
    }
  }
  const always = entry.should_always_run
  if (always !== undefined && always !== null && !ALWAYS_RUN.includes(always as string))
    return `should_always_run must be one of ${ALWAYS_RUN.join(', ')}`
  if (
    entry.run_if !== undefined &&
    entry.run_if !== null &&
    !(isObject(entry.run_if) && (entry.run_if.expression === undefined || typeof entry.run_if.expression === 'string'))
  ) {
    return 'run_if must be a mapping with an expression'
  }
  const abort = entry.abort_on_fail
  if (abort !== undefined && abort !== null && !(typeof abort === 'string' && BOOLEAN_TEXT.test(abort)))
    return 'abort_on_fail must be true or false'
  return undefined
}

/** Two workflows on a cycle of dependencies (sorted, as the CLI names them), or undefined when there is none. */
function cycleOf(workflows: PlannedWorkflow[]): [string, string] | undefined {
  const state = workflows.map(() => 0)
  const visit = (i: number): [number, number] | undefined => {
    state[i] = 1
    for (const need of workflows[i].needs) {
      if (state[need] === 1) return [need, i]
      if (state[need] === 0) {
        const found = visit(need)
        if (found) return found
      }
    }
    state[i] = 2
    return undefined
  }
  for (let i = 0; i < workflows.length; i++) {
    const found = state[i] === 0 ? visit(i) : undefined
    if (found) return [workflows[found[0]].name, workflows[found[1]].name].sort() as [string, string]
  }
  return undefined
}

/** The order in which the workflows can run: each after every workflow it waits for. */
export function runOrder(plan: PipelinePlan): number[] {
  const order: number[] = []
  const placed = new Set<number>()
  const place = (i: number): void => {
    if (placed.has(i)) return
    placed.add(i)
    for (const need of plan.workflows[i].needs) place(need)
    order.push(i)
  }
  plan.workflows.forEach((_, i) => place(i))
  return order
}
