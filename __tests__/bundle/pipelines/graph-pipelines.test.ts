/**
 * Graph pipelines (`pipelines.<id>.workflows.<wf>.depends_on`, the form the service recommends
 * over stages) through dist/index.js against the emulator, with random workflow names and a
 * random dependency shape each run: every workflow that started is in the builds output with
 * its build, in dependency order; the wait follows it to its end and the summary draws its
 * depends_on edges; a cancelled job aborts the pipeline and the builds of its running
 * workflows; a partial rebuild runs the failed workflows and those depending on them again.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { bundledSeed } from '../../../emulator/model/seed.js'
import { progressOf } from '../../../emulator/model/build-progress.js'
import { edgesOf, expectedOutcomes, randomGraph, seedWithGraph, type Graph } from '../../helpers/graph-pipeline.js'
import { randomString } from '../../helpers/random.js'
import {
  errorLine,
  expectFailed,
  expectPassed,
  printed,
  requestLog,
  resetEmulator,
  SAME_REPOSITORY,
  sleep,
  startE2eEmulator,
  step,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

const TAKEN = ['primary', 'deploy']
/** A graph with at least one dependency and one failure, so skips and always-run workflows come into play. */
function failingGraph(): Graph {
  for (;;) {
    const graph = randomGraph({ taken: TAKEN })
    if (edgesOf(graph).length > 0 && [...expectedOutcomes(graph).values()].includes('failed')) return graph
  }
}
const GRAPH = failingGraph()
const CALM = randomGraph({ failures: false, taken: [...TAKEN, ...GRAPH.names] })
const GRAPH_ID = `graph-${randomString(6).toLowerCase()}`
const CALM_ID = `calm-${randomString(6).toLowerCase()}`
const WORKFLOW_MS = 400
const GITHUB = { GITHUB_REPOSITORY: 'acme/ios-app', GITHUB_SERVER_URL: 'https://github.com' }

let emu: RunningEmulator
beforeAll(async () => {
  const seed = seedWithGraph(seedWithGraph(bundledSeed(), 'ios-app', GRAPH_ID, GRAPH), 'ios-app', CALM_ID, CALM)
  emu = await startE2eEmulator({ seed, buildDurationMs: WORKFLOW_MS, rebuildDelayMs: 0 })
})
beforeEach(async () => resetEmulator(emu))
afterAll(async () => emu?.close())

type Workflow = {
  stage: string
  name: string
  'build-slug': string
  status: string
  'workflow-id': string
  'depends-on'?: string[]
}
const ON_MAIN = { 'app-slug': 'ios-app', 'from-event': 'false', branch: 'main', ...SAME_REPOSITORY }

/** The ```mermaid block of a summary. */
const mermaidOf = (summary: string): string => /\n\n```mermaid\n([\s\S]*?)\n```\n\n/.exec(summary)?.[1] ?? ''
const decodeLabel = (label: string): string =>
  label.replace(/#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))

/** When each workflow was ready to start: when the pipeline started, or when the last workflow it depends on ended (a skipped one ends when it is skipped). */
function readyTimes(graph: Graph, start: number, builds: Map<string, Workflow>): Map<string, number> {
  const ready = new Map<string, number>()
  const endOf = (name: string): number => {
    const slug = builds.get(name)!['build-slug']
    const record = slug ? emu.state.builds.get(slug)! : undefined
    return record ? record.startedAt! + record.durationMs : readyOf(name)
  }
  const readyOf = (name: string): number => {
    if (!ready.has(name)) ready.set(name, Math.max(start, ...graph.needs.get(name)!.map(endOf)))
    return ready.get(name)!
  }
  graph.names.forEach(readyOf)
  return ready
}

describe('a graph pipeline through the bundle', () => {
  it('lists every workflow with its build, run in dependency order and waited for; the summary draws each depends_on edge', async () => {
    const result = await step(
      emu,
      'trigger',
      { ...ON_MAIN, pipeline: GRAPH_ID, wait: 'true', 'fail-on-build-failure': 'false' },
      { env: GITHUB }
    )
    expectPassed(result)
    expect(result.outputs['pipeline-status']).toBe('failed')
    const expected = expectedOutcomes(GRAPH)
    const workflows = JSON.parse(result.outputs.builds) as Workflow[]
    expect(workflows.map((w) => w.name).sort()).toEqual([...GRAPH.names].sort())
    const byName = new Map(workflows.map((w) => [w.name, w]))
    const pipeline = emu.state.pipelines.get(result.outputs['pipeline-id'])!
    const ready = readyTimes(GRAPH, pipeline.attempts[0].startedAt!, byName)
    for (const w of workflows) {
      expect({ name: w.name, stage: w.stage, status: w.status, needs: w['depends-on'] ?? [] }).toEqual({
        name: w.name,
        stage: '',
        status: expected.get(w.name),
        needs: GRAPH.needs.get(w.name)
      })
      expect(result.stdout).toContain(`  workflow ${w.name}: ${w.status}\n`)
      if (w.status === 'skipped') {
        expect(w['build-slug']).toBe('')
        continue
      }
      // An ordinary build of the app, finished, started the moment its last dependency ended.
      const build = emu.state.builds.get(w['build-slug'])!
      expect(build).toMatchObject({
        appSlug: 'ios-app',
        triggeredWorkflow: w.name,
        pipelineWorkflowId: w['workflow-id']
      })
      expect(progressOf(build, Date.now()).status).toBe(w.status === 'failed' ? 2 : 1)
      expect({ name: w.name, startedAt: build.startedAt }).toEqual({ name: w.name, startedAt: ready.get(w.name) })
    }
    expectDrawn(result.files.summary, workflows, GRAPH)
    expect(result.summary).toContain('Depends on')
    for (const w of workflows.filter((x) => x['build-slug'] !== ''))
      expect(result.files.summary).toContain(`>${w['build-slug']}</a>`)
    const failed = workflows.filter((w) => w.status === 'failed').map((w) => w.name)
    expect(result.summary).toContain(`Failed: ${failed.join(', ')}.`)
  })

  it('a cancelled job aborts the pipeline, and with it the build of every workflow still running; the builds output names them', async () => {
    let spawned: (child: ChildProcess) => void = () => undefined
    const child = new Promise<ChildProcess>((resolve) => (spawned = resolve))
    const running = step(
      emu,
      'trigger',
      { ...ON_MAIN, pipeline: CALM_ID, wait: 'true', 'wait-timeout': '60' },
      { onSpawn: spawned, timeoutMs: 20_000 }
    )
    const stepProcess = await child
    await printed(stepProcess, ': running')
    stepProcess.kill('SIGTERM')
    const result = await running
    expectFailed(result)
    expect(errorLine(result)).toContain('the GitHub job was cancelled; the pipeline was aborted')
    const id = result.outputs['pipeline-id']
    const aborts = (await requestLog(emu)).filter((r) => r.method === 'POST' && r.path.endsWith('/abort'))
    expect(aborts.map((r) => r.path)).toEqual([`/v0.1/apps/ios-app/pipelines/${id}/abort`])
    const pipeline = emu.state.pipelines.get(id)!
    const abortedAt = pipeline.abort!.at
    const workflows = JSON.parse(result.outputs.builds) as Workflow[]
    expect(workflows.map((w) => w.name).sort()).toEqual([...CALM.names].sort())
    const started = workflows.filter((w) => w['build-slug'] !== '')
    expect(started.filter((w) => w.status === 'running').length).toBeGreaterThan(0)
    for (const w of started) {
      const build = emu.state.builds.get(w['build-slug'])!
      const endedFirst = build.startedAt! + build.durationMs <= abortedAt
      expect({ name: w.name, aborted: build.abort !== null || endedFirst }).toEqual({ name: w.name, aborted: true })
      if (w.status === 'running') expect(build.abort?.reason).toContain('the GitHub job was cancelled')
    }
    // Every build the pipeline made is one the output named, or one that started after the last read and was aborted all the same.
    const view = emu.model.pipelineView(emu.state.apps.get('ios-app')!, pipeline)
    expect(view.status).toBe('aborted')
    for (const w of view.workflows.filter((x) => x.externalId !== '')) {
      const build = emu.state.builds.get(w.externalId)!
      expect(build.abort !== null || build.startedAt! + build.durationMs <= abortedAt).toBe(true)
    }
  })

  it('rebuild-pipeline with partial keeps the workflows that succeeded cleanly and runs the failed ones and those depending on them', async () => {
    const first = await step(emu, 'trigger', {
      ...ON_MAIN,
      pipeline: GRAPH_ID,
      wait: 'true',
      'fail-on-build-failure': 'false'
    })
    expectPassed(first)
    const before = new Map((JSON.parse(first.outputs.builds) as Workflow[]).map((w) => [w.name, w]))
    const id = first.outputs['pipeline-id']
    const rebuilt = await step(emu, 'rebuild-pipeline', { 'app-slug': 'ios-app', 'pipeline-id': id, partial: 'true' })
    expectPassed(rebuilt)
    const after = JSON.parse(rebuilt.outputs.builds) as Workflow[]
    const kept = keptByDocs(GRAPH)
    for (const w of after) {
      const earlier = before.get(w.name)!
      if (kept.has(w.name)) expect(w).toEqual(earlier)
      else
        expect({ name: w.name, id: w['workflow-id'] === earlier['workflow-id'] }).toEqual({ name: w.name, id: false })
    }
    expectDrawn(rebuilt.files.summary, after, GRAPH)
    // The failures were flaky: the second attempt succeeds throughout.
    const app = emu.state.apps.get('ios-app')!
    for (let i = 0; i < 100 && emu.model.pipelineView(app, emu.state.pipelines.get(id)!).status === 'running'; i++)
      await sleep(100)
    const view = emu.model.pipelineView(app, emu.state.pipelines.get(id)!)
    expect(view.status).toBe('succeeded')
    expect(view.workflows.map((w) => w.status)).toEqual(view.workflows.map(() => 'succeeded'))
  })
})

/** The workflows a partial rebuild keeps: those that succeeded, after everything they depended on did. */
function keptByDocs(graph: Graph): Set<string> {
  const outcomes = expectedOutcomes(graph)
  const clean = (name: string): boolean => outcomes.get(name) === 'succeeded' && graph.needs.get(name)!.every(clean)
  return new Set(graph.names.filter(clean))
}

/** The summary's Mermaid flow: one node per workflow (in the builds output's order), an edge per dependency, the pipeline before each workflow that depends on none. */
function expectDrawn(summary: string, workflows: Workflow[], graph: Graph): void {
  const flow = mermaidOf(summary)
  const label = '"[A-Za-z0-9 .,_#;-]*"'
  const grammar = new RegExp(
    `^(flowchart LR|  p0\\[${label}\\]:::\\w+|  w\\d+\\[${label}\\]:::\\w+|  p0 --> w\\d+|  w\\d+ --> w\\d+|  classDef \\w+ [\\w:#,]+)$`
  )
  for (const line of flow.split('\n')) expect(line).toMatch(grammar)
  const nodes = [...flow.matchAll(/^ {2}w(\d+)\["([^"]*)"\]/gm)].map((m) => [
    Number(m[1]),
    decodeLabel(m[2]).split(': ')[0]
  ])
  expect(nodes).toEqual(workflows.map((w, i) => [i, w.name]))
  const edges = [...flow.matchAll(/^ {2}w(\d+) --> w(\d+)$/gm)].map(
    (m) => `${workflows[Number(m[1])].name} -> ${workflows[Number(m[2])].name}`
  )
  expect(edges.sort()).toEqual(
    edgesOf(graph)
      .map(([from, to]) => `${from} -> ${to}`)
      .sort()
  )
  const roots = [...flow.matchAll(/^ {2}p0 --> w(\d+)$/gm)].map((m) => workflows[Number(m[1])].name)
  expect(roots.sort()).toEqual(graph.names.filter((name) => graph.needs.get(name)!.length === 0).sort())
}
