/**
 * The emulator's graph pipelines and pipeline list, over HTTP: a graph pipeline of random
 * names and shape runs each workflow once all it depends on ended and answers as the published
 * contract and a recorded real answer show it (top-level `workflows`, `type: "dag"`, no
 * stages); the configuration check and the trigger read pipelines alike, so a pipeline the
 * check calls valid starts and one it lists an error for is refused with that error; the list
 * of pipelines and standalone builds honours every filter of the contract, refuses a malformed
 * one with 400, and pages with `before`.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { bundledSeed } from '../../../emulator/model/seed.js'
import type { RunningEmulator } from '../../../emulator/server.js'
import { CONTRACT, shapeProblems } from '../../helpers/service-contract.js'
import {
  edgesOf,
  expectedOutcomes,
  randomGraph,
  seedWithGraph,
  withGraphPipeline,
  type Graph
} from '../../helpers/graph-pipeline.js'
import { random, randomInt, randomString } from '../../helpers/random.js'
import { call, sleep, start, TOKENS, trigger, SAME_REPOSITORY } from '../helpers.js'

const WORKFLOW_MS = 200
let emu: RunningEmulator | undefined
afterEach(async () => {
  await emu?.close()
  emu = undefined
})

const word = (): string => randomString(8, 'abcdefghijklmnopqrstuvwxyz')
const schemaOf = (pattern: string) => {
  const route = CONTRACT.find((row) => row.method === 'GET' && row.pattern === pattern)!
  if (!('json' in route.body)) throw new Error('no JSON body')
  return route.body.json
}

/** An emulator whose ios-app has the graph as pipeline `id`; each workflow (and build) runs `workflowMs`. */
async function startGraph(graph: Graph, id: string, workflowMs = WORKFLOW_MS): Promise<RunningEmulator> {
  emu = await start({ seed: seedWithGraph(bundledSeed(), 'ios-app', id, graph), buildDurationMs: workflowMs })
  return emu
}

async function startPipeline(e: RunningEmulator, id: string, params: Record<string, unknown> = {}): Promise<string> {
  const res = await trigger(e, { branch: 'main', ...SAME_REPOSITORY, pipeline_id: id, ...params })
  expect({ status: res.status, text: res.status === 201 ? '' : res.text }).toEqual({ status: 201, text: '' })
  return res.json.results[0].build_slug as string
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function answerOf(e: RunningEmulator, id: string): Promise<any> {
  const res = await call(e, 'GET', `/apps/ios-app/pipelines/${id}`, { token: TOKENS.tester })
  expect(res.status).toBe(200)
  return res.json
}

describe('a graph pipeline', () => {
  it('runs each workflow once everything it depends on has ended, and answers as the contract and a recorded answer show', async () => {
    const graph = randomGraph({ count: 3 + randomInt(3), taken: ['primary', 'deploy'] })
    const id = word()
    // Long enough that the first read comes while the first workflows run.
    const e = await startGraph(graph, id, 1000)
    const pipelineId = await startPipeline(e, id)
    const early = await answerOf(e, pipelineId)
    expect(early).not.toHaveProperty('stages')
    expect(early.type).toBe('dag')
    // Right after the trigger only the workflows that depend on nothing run; the others wait without a build.
    for (const w of early.workflows) {
      const root = graph.needs.get(w.name)!.length === 0
      expect({ name: w.name, status: w.status, build: w.external_id !== '' }).toEqual({
        name: w.name,
        status: root ? 'running' : 'pending',
        build: root
      })
    }
    let answer = early
    for (let i = 0; i < 200 && ['running', 'on_hold'].includes(answer.status); i++) {
      await sleep(100)
      answer = await answerOf(e, pipelineId)
    }
    const expected = expectedOutcomes(graph)
    expect(answer.status).toBe([...expected.values()].includes('failed') ? 'failed' : 'succeeded')
    expect(shapeProblems(answer, schemaOf('/apps/:app/pipelines/:pipeline'))).toEqual([])
    expect(answer.workflows.map((w: { name: string }) => w.name)).toEqual(
      [...graph.names].sort((a, b) => (a < b ? -1 : 1))
    )
    const ends = new Map<string, number>()
    for (const w of answer.workflows) {
      expect({ name: w.name, status: w.status, needs: w.depends_on }).toEqual({
        name: w.name,
        status: expected.get(w.name),
        needs: graph.needs.get(w.name)!.length > 0 ? graph.needs.get(w.name) : undefined
      })
      if (w.external_id !== '') ends.set(w.name, Date.parse(w.finished_at))
    }
    // A workflow that ran started no earlier than the end of each workflow it depends on that ran.
    for (const [from, to] of edgesOf(graph)) {
      const started = answer.workflows.find((w: { name: string }) => w.name === to)
      if (ends.has(from) && started.started_at)
        expect(Date.parse(started.started_at)).toBeGreaterThanOrEqual(ends.get(from)!)
    }
  })

  it('aborted while it runs: the running workflows\u2019 builds are aborted, the waiting ones end aborted without a build', async () => {
    let graph: Graph
    do graph = randomGraph({ failures: false, taken: ['primary', 'deploy'] })
    while (edgesOf(graph).length === 0)
    const id = word()
    // Long enough that the abort comes while the first workflows run.
    const e = await startGraph(graph, id, 10_000)
    const pipelineId = await startPipeline(e, id)
    const reason = `stop ${randomString(8)}`
    const res = await call(e, 'POST', `/apps/ios-app/pipelines/${pipelineId}/abort`, {
      body: { abort_reason: reason, abort_with_success: false, skip_notifications: false }
    })
    expect(res.status).toBe(200)
    const answer = await answerOf(e, pipelineId)
    expect(answer.status).toBe('aborted')
    for (const w of answer.workflows) {
      expect({ name: w.name, status: w.status }).toEqual({ name: w.name, status: 'aborted' })
      if (graph.needs.get(w.name)!.length === 0) expect(e.state.builds.get(w.external_id)?.abort?.reason).toBe(reason)
      else expect(w.external_id).toBe('')
    }
  })
})

/** Broken graph pipelines, each with the words its error holds. */
function brokenPipelines(names: string[]): Array<[string, Record<string, unknown>, string]> {
  const [a, b, c] = names
  const stranger = word()
  return [
    [
      'a cycle',
      { workflows: { [a]: { depends_on: [c] }, [b]: { depends_on: [a] }, [c]: { depends_on: [b] } } },
      'creates a cycle'
    ],
    [
      'a dependency outside the pipeline',
      { workflows: { [a]: {}, [b]: { depends_on: [stranger] } } },
      `"${stranger}", which is not a workflow of this pipeline`
    ],
    [
      'an undefined workflow',
      { workflows: { [a]: {}, [stranger]: { depends_on: [a] } } },
      `workflow "${stranger}" of pipeline`
    ],
    ['a utility workflow', { workflows: { [`_${a}`]: {} } }, 'is a utility workflow'],
    [
      'stages and workflows both',
      { stages: [{ [b]: { workflows: [a] } }], workflows: { [a]: {} } },
      'has both stages and workflows'
    ],
    [
      'a dependency listed twice',
      { workflows: { [a]: {}, [b]: { depends_on: [a, a] } } },
      'is listed twice in depends_on'
    ],
    [
      'a bad should_always_run',
      { workflows: { [a]: {}, [b]: { depends_on: [a], should_always_run: 'always' } } },
      'should_always_run must be one of'
    ],
    ['depends_on that is not a list', { workflows: { [a]: {}, [b]: { depends_on: a } } }, 'depends_on must be a list'],
    ['parallel copies', { workflows: { [a]: { parallel: String(2 + randomInt(5)) } } }, 'parallel is not emulated']
  ]
}

describe('the configuration check and the trigger read a pipeline alike', () => {
  it('a random valid graph: no finding, and it starts; each broken one: the check\u2019s error is the trigger\u2019s 400', async () => {
    const graph = randomGraph({ taken: ['primary', 'deploy'] })
    const id = word()
    emu = await start({ buildDurationMs: WORKFLOW_MS })
    const base = bundledSeed().apps!.find((a) => a.slug === 'ios-app')!.service_yml!
    const upload = async (text: string): Promise<void> =>
      expect(
        (await call(emu!, 'POST', '/apps/ios-app/service.yml', { body: { app_config_datastore_yaml: text } })).status
      ).toBe(200)
    const check = async (text: string) =>
      (await call(emu!, 'POST', '/validate-bitrise-yml?app_slug=ios-app', { body: { bitrise_yml: text } })).json
    const valid = withGraphPipeline(base, id, graph)
    expect((await check(valid)).errors).toEqual([])
    await upload(valid)
    await startPipeline(emu, id)
    const cases = brokenPipelines(graph.names.length >= 3 ? graph.names : [...graph.names, word(), word()])
    for (const [what, definition, words] of cases.sort(() => random() - 0.5)) {
      const text =
        withGraphPipeline(base, id, graph).replace(/\npipelines:[\s\S]*$/, '\n') +
        `pipelines:\n  ${id}: ${JSON.stringify(definition)}\n`
      const findings = await check(text)
      const errors = (findings.errors as string[]).filter((error) => error.includes(`pipeline "${id}"`))
      expect({ what, errors: errors.length, words: errors[0]?.includes(words) }).toEqual({
        what,
        errors: 1,
        words: true
      })
      expect(errors[0]).toMatch(/^line \d+: /)
      await upload(text)
      const refused = await trigger(emu, { branch: 'main', ...SAME_REPOSITORY, pipeline_id: id })
      expect({ what, status: refused.status, message: refused.json?.message }).toEqual({
        what,
        status: 400,
        message: errors[0].replace(/^line \d+: /, '')
      })
    }
    const empty = `${base}pipelines:\n  ${id}: {}\n`
    expect((await check(empty)).warnings).toContain(
      `line ${empty.split('\n').indexOf(`  ${id}: {}`) + 1}: pipeline "${id}" has no stages and no workflows, so it cannot be started`
    )
    await upload(empty)
    expect((await trigger(emu, { branch: 'main', ...SAME_REPOSITORY, pipeline_id: id })).status).toBe(400)
  })
})

describe('the pipeline list (GET /apps/{app-slug}/pipelines)', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const list = async (e: RunningEmulator, query: string): Promise<any> => {
    const res = await call(e, 'GET', `/apps/ios-app/pipelines${query}`, { token: TOKENS.tester })
    expect({ query, status: res.status, text: res.status === 200 ? '' : res.text }).toEqual({
      query,
      status: 200,
      text: ''
    })
    expect(shapeProblems(res.json, schemaOf('/apps/:app/pipelines'))).toEqual([])
    return res.json
  }

  it('lists pipelines and standalone builds, newest first, with each filter of the contract and paging by before', async () => {
    const graph = randomGraph({ failures: false, taken: ['primary', 'deploy'] })
    const id = word()
    // Long enough that nothing ends while the list is read.
    const e = await startGraph(graph, id, 10_000)
    const branch = `feature/${word()}`
    const message = `fix ${randomString(10)}`
    const graphRun = await startPipeline(e, id, { branch, commit_message: message })
    await sleep(3)
    const tagged = await trigger(e, { tag: `v${randomInt(100)}.0`, workflow_id: 'primary', ...SAME_REPOSITORY })
    await sleep(3)
    const pr = await trigger(e, {
      branch,
      workflow_id: 'primary',
      pull_request_id: 1 + randomInt(999),
      ...SAME_REPOSITORY,
      commit_message: message
    })
    const slugs = { graph: graphRun, tag: tagged.json.results[0].build_slug, pr: pr.json.results[0].build_slug }
    const all = await list(e, '')
    expect(all.data.map((i: { slug: string }) => i.slug)).toEqual([slugs.pr, slugs.tag, slugs.graph])
    expect(all.data.map((i: { is_pipeline: boolean }) => i.is_pipeline)).toEqual([false, false, true])
    expect(all.data[2]).toMatchObject({ triggered_workflow: id, branch, commit_message: message, status: 0 })
    const only = async (query: string): Promise<string[]> =>
      (await list(e, query)).data.map((i: { slug: string }) => i.slug)
    expect(await only(`?pipeline=${id}`)).toEqual([slugs.graph])
    expect(await only('?workflow=primary')).toEqual([slugs.pr, slugs.tag])
    expect(await only(`?branch=${encodeURIComponent(branch)}`)).toEqual([slugs.pr, slugs.graph])
    expect(await only(`?commit_message=${encodeURIComponent(message)}`)).toEqual([slugs.pr, slugs.graph])
    expect(await only('?trigger_event_type=tag')).toEqual([slugs.tag])
    expect(await only('?trigger_event_type=pull-request')).toEqual([slugs.pr])
    expect(await only('?trigger_event_type=push')).toEqual([slugs.graph])
    expect(await only(`?build_number=${all.data[1].build_number}`)).toEqual([slugs.tag])
    expect(await only('?status=running')).toEqual([slugs.pr, slugs.tag, slugs.graph])
    expect(await only('?status=succeeded')).toEqual([])
    expect(await only(`?after=${encodeURIComponent(all.data[1].triggered_at)}`)).toEqual([slugs.pr])
    const first = await list(e, '?limit=2')
    expect(first.data.map((i: { slug: string }) => i.slug)).toEqual([slugs.pr, slugs.tag])
    expect(first.paging.next).toBe(first.data[1].triggered_at)
    const second = await list(e, `?limit=2&before=${encodeURIComponent(first.paging.next)}`)
    expect(second.data.map((i: { slug: string }) => i.slug)).toEqual([slugs.graph])
    expect(second.paging).not.toHaveProperty('next')
    // The builds of the pipeline's workflows belong to the pipeline, not to the list.
    const workflowBuilds = [...e.state.builds.values()]
      .filter((b) => b.pipelineWorkflowId !== undefined)
      .map((b) => b.slug)
    expect(workflowBuilds.length).toBeGreaterThan(0)
    for (const slug of workflowBuilds) expect(all.data.map((i: { slug: string }) => i.slug)).not.toContain(slug)
  })

  it.each([
    ['status', () => word()],
    ['trigger_event_type', () => word()],
    ['build_number', () => `-${1 + randomInt(9)}`],
    ['limit', () => String([0, 51 + randomInt(100)][randomInt(2)])],
    ['after', () => `${randomInt(28) + 1} ${word()} 2026`],
    ['before', () => word()],
    ['next', () => `2026-${13 + randomInt(80)}-01T00:00:00Z`]
  ])('a malformed %s is refused with 400 naming it', async (name, value) => {
    emu = await start()
    const raw = value()
    const res = await call(emu, 'GET', `/apps/ios-app/pipelines?${name}=${encodeURIComponent(raw)}`, {
      token: TOKENS.tester
    })
    expect({ status: res.status, message: res.json?.message }).toEqual({
      status: 400,
      message: expect.stringContaining(`${name} must be`)
    })
    expect(res.json.message).toContain(raw)
  })
})
