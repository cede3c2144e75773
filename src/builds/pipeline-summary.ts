/**
 * A pipeline in the job summary: a Mermaid flow of its stages and workflows, coloured by
 * status, and beside it a table linking each workflow's build. Job summaries draw ```mermaid
 * blocks as other GitHub Markdown does (GitHub blog, "Supercharging GitHub Actions with Job
 * Summaries", 2022, which shows one). GitHub draws Mermaid with its
 * strict security level, so a `click` link in the diagram would not open anything
 * (mermaid-js/mermaid#4059, github.community discussion 46096): the links live in the table.
 */
import { timingFields } from '../api/build-timing.js'
import type { PipelineRecord } from '../api/pipelines.js'
import { mermaidLabel, STATUS_CLASSES, statusClass } from '../runner/mermaid.js'
import { credits, shortDuration, type SummaryCell } from '../runner/summary.js'

/** Most workflows drawn; a larger pipeline is listed in the table only. */
const MAX_DRAWN_WORKFLOWS = 200

/**
 * The builds output of a pipeline: its workflows, each with its stage, name, build slug (its
 * `external_id`, '' until it has started), status, the workflow's own id, and its time and cost
 * once the service reports them.
 */
export function workflowsOutput(pipeline: PipelineRecord): Array<Record<string, string | number>> {
  return pipeline.workflows.map((w) => ({ stage: w.stage, name: w.name, 'build-slug': w.buildSlug, status: w.status, 'workflow-id': w.id, ...timingFields(w.timing) }))
}

/**
 * The build page of a workflow: the service names only the pipeline's page, so a build's is
 * the service's `/build/{slug}` page on the same site, as its trigger answers give for builds.
 */
function buildPage(pipelineUrl: string | undefined, buildSlug: string): string | undefined {
  if (!pipelineUrl || buildSlug === '' || !URL.canParse(pipelineUrl)) return undefined
  return `${new URL(pipelineUrl).origin}/build/${buildSlug}`
}

/** The table of a pipeline's workflows, each build linked where its page is known. */
export function workflowsTable(pipeline: PipelineRecord, pipelineUrl?: string): SummaryCell[][] {
  const rows = pipeline.workflows.map((w): SummaryCell[] => {
    const href = buildPage(pipelineUrl, w.buildSlug)
    const build: SummaryCell = w.buildSlug === '' ? 'not started' : href ? { text: w.buildSlug, href } : w.buildSlug
    const took = w.timing.durationSeconds !== undefined ? shortDuration(w.timing.durationSeconds) : ''
    return [w.stage, w.name, build, w.status, took]
  })
  return [['Stage', 'Workflow', 'Build', 'Status', 'Duration'], ...rows]
}

/** The Mermaid flow of the pipeline: one box per stage, in order, holding its workflows. */
export function pipelineFlow(pipeline: PipelineRecord, name: string): string | undefined {
  if (pipeline.workflows.length === 0 || pipeline.workflows.length > MAX_DRAWN_WORKFLOWS) return undefined
  const stages: string[] = []
  for (const w of pipeline.workflows) if (!stages.includes(w.stage)) stages.push(w.stage)
  const lines = ['flowchart LR', `  p0[${mermaidLabel(`${name}: ${pipeline.status}`)}]:::${statusClass(pipeline.status)}`]
  stages.forEach((stage, s) => {
    lines.push(`  subgraph s${s} [${mermaidLabel(stage || 'stage')}]`, '    direction TB')
    pipeline.workflows.forEach((w, i) => {
      if (w.stage !== stage) return
      const took = [w.timing.durationSeconds !== undefined && shortDuration(w.timing.durationSeconds), w.timing.creditCost !== undefined && credits(w.timing.creditCost)]
        .filter(Boolean)
        .map((part) => `, ${part}`)
        .join('')
      lines.push(`    w${i}[${mermaidLabel(`${w.name}: ${w.status || 'waiting'}${took}`)}]:::${statusClass(w.status)}`)
    })
    lines.push('  end', `  style s${s} fill:#f6f8fa,stroke:#d0d7de`)
  })
  lines.push(`  p0 --> s0`, ...stages.slice(1).map((_, s) => `  s${s} --> s${s + 1}`))
  for (const [cls, style] of Object.entries(STATUS_CLASSES)) lines.push(`  classDef ${cls} ${style}`)
  return lines.join('\n')
}
