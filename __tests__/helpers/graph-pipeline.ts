/**
 * Random graph pipelines for tests: random workflow names, a random dependency shape (chains,
 * fans, diamonds, loose workflows), some workflows that always run and some that fail on the
 * first attempt, written into an app's service.yml; and what the service's documentation says
 * becomes of each workflow (bitrise-io/docs `configuring-a-bitrise-pipeline.mdx`): a workflow
 * runs once every workflow it depends on has ended, and only when they all succeeded (and
 * everything they depended on did), unless it is set to always run.
 */
import { dump, load } from 'js-yaml'
import type { Seed } from '../../emulator/model/types.js'
import { random, randomInt, randomString } from './random.js'

export interface Graph {
  /** The workflows, in the order the file lists them. */
  names: string[]
  /** What each workflow depends on, by name, in the order the file lists them. */
  needs: Map<string, string[]>
  /** Workflows with `should_always_run: workflow`. */
  always: Set<string>
  /** Workflows that fail on the first attempt (the seed's `flaky_workflows`). */
  failing: Set<string>
}

export type Outcome = 'succeeded' | 'failed' | 'skipped'

const FIRST = 'abcdefghijklmnopqrstuvwxyz'
const REST = `${FIRST}0123456789-_.`

/** A random pipeline of `count` workflows (3 to 7 by default), none of whose names is in `taken`. */
export function randomGraph(options: { count?: number; failures?: boolean; taken?: readonly string[] } = {}): Graph {
  const count = options.count ?? 3 + randomInt(5)
  const names: string[] = []
  while (names.length < count) {
    const name = `${randomString(1, FIRST)}${randomString(3 + randomInt(8), REST)}${randomString(1, FIRST)}`
    if (!names.includes(name) && !(options.taken ?? []).includes(name)) names.push(name)
  }
  // Dependencies point only to workflows earlier in a random order, so the graph has no cycle.
  const order = shuffled(names)
  const needs = new Map<string, string[]>()
  order.forEach((name, i) => needs.set(name, shuffled(order.slice(0, i).filter(() => random() < 0.45)).slice(0, 3)))
  const always = new Set(order.filter((name) => needs.get(name)!.length > 0 && random() < 0.3))
  const failing = new Set(options.failures === false ? [] : order.filter(() => random() < 0.3))
  return { names: shuffled(names), needs, always, failing }
}

/** What the documentation says becomes of each workflow on the first attempt. */
export function expectedOutcomes(graph: Graph): Map<string, Outcome> {
  const outcome = new Map<string, Outcome>()
  const clean = new Map<string, boolean>()
  const settle = (name: string): void => {
    if (outcome.has(name)) return
    const needs = graph.needs.get(name)!
    needs.forEach(settle)
    const allClean = needs.every((n) => clean.get(n))
    if (!allClean && !graph.always.has(name)) {
      outcome.set(name, 'skipped')
      clean.set(name, false)
      return
    }
    const fails = graph.failing.has(name)
    outcome.set(name, fails ? 'failed' : 'succeeded')
    clean.set(name, allClean && !fails)
  }
  graph.names.forEach(settle)
  return outcome
}

/** Every dependency as [from, to]: `to` depends on `from`. */
export function edgesOf(graph: Graph): Array<[string, string]> {
  return graph.names.flatMap((to) => graph.needs.get(to)!.map((from): [string, string] => [from, to]))
}

/** `yml` with the graph's workflows defined and pipeline `id` running them. */
export function withGraphPipeline(yml: string, id: string, graph: Graph): string {
  const config = load(yml) as Record<string, Record<string, unknown>>
  config.workflows = {
    ...config.workflows,
    ...Object.fromEntries(
      graph.names.map((name) => [name, { steps: [{ script: { inputs: [{ content: `echo ${name}` }] } }] }])
    )
  }
  const entries = graph.names.map((name) => {
    const needs = graph.needs.get(name)!
    const entry: Record<string, unknown> = {}
    if (needs.length > 0) entry.depends_on = needs
    if (graph.always.has(name)) entry.should_always_run = 'workflow'
    return [name, entry]
  })
  config.pipelines = { ...(config.pipelines ?? {}), [id]: { workflows: Object.fromEntries(entries) } }
  return dump(config)
}

/** The seed with `app`'s service.yml holding the graph as pipeline `id`, its failing workflows flaky. */
export function seedWithGraph(seed: Seed, app: string, id: string, graph: Graph): Seed {
  const record = seed.apps!.find((a) => a.slug === app)!
  record.service_yml = withGraphPipeline(record.service_yml ?? '', id, graph)
  record.flaky_workflows = [...(record.flaky_workflows ?? []), ...graph.failing]
  return seed
}

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}
