/**
 * A pipeline as the step reports it: its state and end in the outputs, and in the job summary a
 * Mermaid flow of its stages and workflows (and of a graph pipeline's `depends_on` edges),
 * coloured by status, and beside it a table linking each workflow's build. Job summaries draw
 * ```mermaid blocks as other GitHub Markdown does (GitHub blog, "Supercharging GitHub Actions
 * with Job Summaries", 2022, which shows one). GitHub draws Mermaid with its strict security
 * level, so a `click` link in the diagram would not open anything (mermaid-js/mermaid#4059,
 * github.community discussion 46096): the links live in the table.
 */
import { timingFields } from '../../api/build-timing.js'
import { PIPELINE_AS_BUILD, type PipelineRecord, type PipelineWorkflow } from '../../api/pipelines.js'
import { Output } from '../../constants.js'
import type { HandlerContext } from '../../step/context.js'
import { mermaidLabel, STATUS_CLASSES, statusClass } from '../../summary/mermaid.js'
import { credits, shortDuration } from '../../summary/render.js'
import type { SummaryCell, SummarySection } from '../../summary/section.js'
import { endLead, reportTiming } from './lead.js'

/** Most workflows drawn; a larger pipeline is listed in the table only. */
const MAX_DRAWN_WORKFLOWS = 200
/** Most `depends_on` edges drawn; a denser graph is listed in the table only. */
const MAX_DRAWN_EDGES = 1000
/** Most names a "Depends on" cell lists before saying how many more. */
const MAX_LISTED_NEEDS = 10

/**
 * The builds output of a pipeline: its workflows, each with its stage ('' in a graph
 * pipeline), name, build slug (its `external_id`, '' until it has started), status, the
 * workflow's own id, the workflows it depends on (when it has any), and its time and cost once
 * the service reports them.
 */
export function workflowsOutput(pipeline: PipelineRecord): Array<Record<string, string | number | string[]>> {
  return pipeline.workflows.map((w) => ({
    stage: w.stage,
    name: w.name,
    'build-slug': w.buildSlug,
    status: w.status,
    'workflow-id': w.id,
    ...(w.dependsOn.length > 0 ? { 'depends-on': w.dependsOn } : {}),
    ...timingFields(w.timing)
  }))
}

/**
 * The build page of a workflow: the service names only the pipeline's page, so a build's is
 * the service's `/build/{slug}` page on the same site, as its trigger answers give for builds.
 */
function buildPage(pipelineUrl: string | undefined, buildSlug: string): string | undefined {
  if (!pipelineUrl || buildSlug === '' || !URL.canParse(pipelineUrl)) return undefined
  return `${new URL(pipelineUrl).origin}/build/${buildSlug}`
}

/** The table of a pipeline's workflows, each build linked where its page is known; a column for stages and one for dependencies when the pipeline has them. */
export function workflowsTable(pipeline: PipelineRecord, pipelineUrl?: string): SummaryCell[][] {
  const staged = pipeline.workflows.some((w) => w.stage !== '')
  const graph = pipeline.workflows.some((w) => w.dependsOn.length > 0)
  const rows = pipeline.workflows.map((w): SummaryCell[] => {
    const href = buildPage(pipelineUrl, w.buildSlug)
    const build: SummaryCell = w.buildSlug === '' ? 'not started' : href ? { text: w.buildSlug, href } : w.buildSlug
    const took = w.timing.durationSeconds !== undefined ? shortDuration(w.timing.durationSeconds) : ''
    return [...(staged ? [w.stage] : []), w.name, ...(graph ? [needsText(w.dependsOn)] : []), build, w.status, took]
  })
  return [
    [...(staged ? ['Stage'] : []), 'Workflow', ...(graph ? ['Depends on'] : []), 'Build', 'Status', 'Duration'],
    ...rows
  ]
}

function needsText(names: string[]): string {
  const more = names.length - MAX_LISTED_NEEDS
  return more > 0 ? `${names.slice(0, MAX_LISTED_NEEDS).join(', ')} and ${more} more` : names.join(', ')
}

/**
 * The Mermaid flow of the pipeline: one box per stage, in order, holding its workflows; a
 * workflow outside any stage (a graph pipeline's) drawn on its own, with an edge from each
 * workflow it depends on, or from the pipeline when it depends on none.
 */
export function pipelineFlow(pipeline: PipelineRecord, name: string): string | undefined {
  if (pipeline.workflows.length === 0 || pipeline.workflows.length > MAX_DRAWN_WORKFLOWS) return undefined
  const edges = dependencyEdges(pipeline)
  if (edges.length > MAX_DRAWN_EDGES) return undefined
  const stages: string[] = []
  for (const w of pipeline.workflows) if (w.stage !== '' && !stages.includes(w.stage)) stages.push(w.stage)
  const lines = [
    'flowchart LR',
    `  p0[${mermaidLabel(`${name}: ${pipeline.status}`)}]:::${statusClass(pipeline.status)}`
  ]
  stages.forEach((stage, s) => {
    lines.push(`  subgraph s${s} [${mermaidLabel(stage)}]`, '    direction TB')
    pipeline.workflows.forEach((w, i) => {
      if (w.stage === stage) lines.push(`    ${workflowNode(w, i)}`)
    })
    lines.push('  end', `  style s${s} fill:#f6f8fa,stroke:#d0d7de`)
  })
  pipeline.workflows.forEach((w, i) => {
    if (w.stage === '') lines.push(`  ${workflowNode(w, i)}`)
  })
  if (stages.length > 0) lines.push(`  p0 --> s0`, ...stages.slice(1).map((_, s) => `  s${s} --> s${s + 1}`))
  const needing = new Set(edges.map(([, to]) => to))
  pipeline.workflows.forEach((w, i) => {
    if (w.stage === '' && !needing.has(i)) lines.push(`  p0 --> w${i}`)
  })
  lines.push(...edges.map(([from, to]) => `  w${from} --> w${to}`))
  for (const [cls, style] of Object.entries(STATUS_CLASSES)) lines.push(`  classDef ${cls} ${style}`)
  return lines.join('\n')
}

/** A workflow's node: its name, status, time and cost in an escaped label, styled by status. */
function workflowNode(w: PipelineWorkflow, i: number): string {
  const took = [
    w.timing.durationSeconds !== undefined && shortDuration(w.timing.durationSeconds),
    w.timing.creditCost !== undefined && credits(w.timing.creditCost)
  ]
    .filter(Boolean)
    .map((part) => `, ${part}`)
    .join('')
  return `w${i}[${mermaidLabel(`${w.name}: ${w.status || 'waiting'}${took}`)}]:::${statusClass(w.status)}`
}

/** The `depends_on` edges between workflows of the pipeline, as [from, to] indexes; a name the pipeline does not hold draws nothing. */
function dependencyEdges(pipeline: PipelineRecord): Array<[number, number]> {
  const index = new Map<string, number>()
  pipeline.workflows.forEach((w, i) => {
    if (!index.has(w.name)) index.set(w.name, i)
  })
  return pipeline.workflows.flatMap((w, to) =>
    w.dependsOn.flatMap((needed): Array<[number, number]> => {
      const from = index.get(needed)
      return from === undefined || from === to ? [] : [[from, to]]
    })
  )
}

/** The pipeline-status and builds outputs of a pipeline as it stands. */
export function reportPipelineState(pipeline: PipelineRecord, ctx: HandlerContext): void {
  ctx.output(Output.pipelineStatus, pipeline.status)
  ctx.output(Output.builds, workflowsOutput(pipeline))
}

/**
 * The outputs a build's wait ends with, for a pipeline's: build-status in a build's words
 * (success, failed, aborted, aborted-with-success, or timed-out and cancelled when the wait
 * stopped), build-status-text the pipeline's own word.
 */
export function reportPipelineAsBuild(pipeline: PipelineRecord, end: string, ctx: HandlerContext): void {
  ctx.output(Output.buildStatus, PIPELINE_AS_BUILD[end] ?? end)
  ctx.output(Output.buildStatusText, pipeline.status)
}

/** Outputs, summary and log of a pipeline that ended; true when it succeeded. */
export function reportPipelineEnd(
  pipeline: PipelineRecord,
  failOnBuildFailure: boolean,
  section: SummarySection,
  ctx: HandlerContext
): boolean {
  reportPipelineState(pipeline, ctx)
  reportPipelineAsBuild(pipeline, pipeline.status, ctx)
  ctx.output(Output.response, pipeline.response)
  section.facts?.push(['Result', pipeline.status])
  reportTiming(section, pipeline.timing, ctx)
  drawPipeline(section, pipeline, pipeline.status)
  endLead(section, PIPELINE_AS_BUILD[pipeline.status] ?? pipeline.status, pipeline.timing)
  const succeeded = pipeline.status === 'succeeded'
  const message = `Pipeline ${pipeline.id} finished: ${pipeline.status}`
  if (!succeeded && failOnBuildFailure)
    throw new Error(`${message}. Set fail-on-build-failure: false to let the step pass.`)
  ctx.info(message)
  return succeeded
}

/** The pipeline's diagram and its table of linked builds, as the summary shows them. */
export function drawPipeline(section: SummarySection, pipeline: PipelineRecord, status: string): void {
  const name =
    pipeline.name ??
    section.lead?.subject.find((part) => part.startsWith('pipeline '))?.slice('pipeline '.length) ??
    'pipeline'
  section.mermaid = pipelineFlow({ ...pipeline, status }, name)
  section.table = workflowsTable(pipeline, section.lead?.links?.find((link) => link.text === 'Open the pipeline')?.href)
  const failed = pipeline.workflows
    .filter((w) => w.status === 'failed')
    .map((w) => (w.stage ? `${w.name} (stage ${w.stage})` : w.name))
  if (failed.length > 0) section.lines?.push(`Failed: ${failed.join(', ')}.`)
}
