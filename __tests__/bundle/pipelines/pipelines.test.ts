/**
 * Pipelines through dist/index.js against the emulator: a held pipeline aborted through its
 * own endpoint when the job is cancelled, a partial rebuild that keeps the workflows that
 * succeeded and runs the failed one and those after it, the wait's heartbeat, reads of the
 * pipeline that fail for a while (answered through the emulator's fault injection), a bare
 * wait-timeout under a minute, and artifacts refused with a pipeline.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { bundledSeed } from '../../../emulator/model/seed.js'
import { fakeServices } from '../../helpers/fake-service.js'
import { randomBytes, randomInt, randomString, randomUUID } from '../../helpers/random.js'
import { HOOKS_BUNDLE, runAction } from '../../helpers/run-action.js'
import {
  errorLine,
  expectFailed,
  expectPassed,
  printed,
  requestLog,
  resetEmulator,
  type RunningEmulator,
  SAME_REPOSITORY,
  setConcurrency,
  startE2eEmulator,
  step
} from '../../helpers/scenarios/emulator-steps.js'

/** Workflow names drawn per run, so nothing can special-case them. */
const TESTS = `tests-${randomString(6).toLowerCase()}`
const DEPLOY = `deploy-${randomString(6).toLowerCase()}`
const PIPELINES = [
  'pipelines:',
  '  release:',
  '    stages:',
  '    - build: { workflows: [primary] }',
  `    - test: { workflows: [${TESTS}] }`,
  `    - ship: { workflows: [${DEPLOY}] }`,
  ''
].join('\n')

let emu: RunningEmulator
beforeAll(async () => {
  const seed = bundledSeed()
  for (const app of seed.apps ?? []) {
    if (app.slug !== 'ios-app') continue
    app.service_yml = `${app.service_yml ?? ''}\n${PIPELINES}`
    app.flaky_workflows = [TESTS]
  }
  emu = await startE2eEmulator({ seed, enableFaults: true, rebuildDelayMs: 0 })
})
beforeEach(async () => resetEmulator(emu))
afterAll(async () => emu?.close())

async function addFault(fault: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${emu.origin}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault)
  })
  expect(res.status).toBe(201)
}

async function pendingFaults(): Promise<unknown[]> {
  return (await (await fetch(`${emu.origin}/_emulator/faults`)).json()) as unknown[]
}

type Workflow = { stage: string; name: string; 'build-slug': string; status: string; 'workflow-id': string }
const ON_MAIN = { 'app-slug': 'ios-app', 'from-event': 'false', branch: 'main', pipeline: 'release' }

describe('pipelines', () => {
  it('a cancelled job aborts the held pipeline through its own abort endpoint', async () => {
    let spawned: (child: ChildProcess) => void = () => undefined
    const child = new Promise<ChildProcess>((resolve) => (spawned = resolve))
    // With no free concurrency slot the pipeline is held, so it is still unfinished at the cancel.
    await setConcurrency(emu, 'ios-app', 0)
    const running = step(
      emu,
      'trigger',
      { ...ON_MAIN, wait: 'true', 'wait-timeout': '60' },
      { onSpawn: spawned, timeoutMs: 15_000, env: {} }
    )
    const stepProcess = await child
    await printed(stepProcess, ': on_hold')
    stepProcess.kill('SIGTERM')
    const result = await running
    expectFailed(result)
    expect(errorLine(result)).toContain('the GitHub job was cancelled; the pipeline was aborted')
    const id = result.outputs['pipeline-id']
    expect(result.outputs['pipeline-status']).toBe('cancelled')
    const aborts = (await requestLog(emu)).filter((r) => r.method === 'POST' && r.path.endsWith('/abort'))
    expect(aborts.map((r) => r.path)).toEqual([`/v0.1/apps/ios-app/pipelines/${id}/abort`])
    expect(aborts[0].body).toMatchObject({
      abort_with_success: false,
      skip_notifications: false,
      abort_reason: expect.stringContaining('the GitHub job was cancelled')
    })
    const pipeline = emu.state.pipelines.get(id)!
    expect(emu.model.pipelineView(emu.state.apps.get('ios-app')!, pipeline).status).toBe('aborted')
  })

  it('a partial rebuild keeps the workflow that succeeded and runs the failed one and the one after it', async () => {
    const first = await step(emu, 'trigger', {
      ...ON_MAIN,
      ...SAME_REPOSITORY,
      wait: 'true',
      'fail-on-build-failure': 'false'
    })
    expectPassed(first)
    expect(first.outputs['pipeline-status']).toBe('failed')
    // The wait ended: nothing is left for the post step to abort.
    expect(first.state['pending-work']).toBe('')
    const before = JSON.parse(first.outputs.builds) as Workflow[]
    expect(before.map((w) => [w.stage, w.name, w.status])).toEqual([
      ['build', 'primary', 'succeeded'],
      ['test', TESTS, 'failed'],
      ['ship', DEPLOY, 'skipped']
    ])
    expect(first.stdout).toContain(`stage test, workflow ${TESTS}: failed`)
    const id = first.outputs['pipeline-id']
    const rebuilt = await step(emu, 'rebuild-pipeline', { 'app-slug': 'ios-app', 'pipeline-id': id, partial: 'true' })
    expectPassed(rebuilt)
    const rebuild = (await requestLog(emu)).filter((r) => r.path.endsWith('/rebuild'))
    expect(rebuild.map((r) => r.body)).toEqual([{ partial: true }])
    const after = JSON.parse(rebuilt.outputs.builds) as Workflow[]
    // The succeeded workflow is kept (same build), the others run again as new workflows: the
    // failed one as a new build at once, the skipped one once its stage starts (no build yet).
    expect(after[0]).toEqual(before[0])
    expect(after[1]['build-slug']).not.toBe(before[1]['build-slug'])
    expect(after[2]['workflow-id']).not.toBe(before[2]['workflow-id'])
    expect([before[2]['build-slug'], after[2]['build-slug']]).toEqual(['', ''])
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const view = emu.model.pipelineView(emu.state.apps.get('ios-app')!, emu.state.pipelines.get(id)!)
    expect(view.status).toBe('succeeded')
    expect(view.stages.flatMap((s) => s.workflows.map((w) => w.status))).toEqual([
      'succeeded',
      'succeeded',
      'succeeded'
    ])
  })

  it('a quiet wait prints a heartbeat with the time waited and the state, then a wait-timeout aborts the pipeline', async () => {
    // Held (no free concurrency slot), the pipeline never changes: only the heartbeat speaks.
    await setConcurrency(emu, 'ios-app', 0)
    const heartbeatMs = 250 + randomInt(150)
    const result = await step(
      emu,
      'trigger',
      { ...ON_MAIN, wait: 'true', 'wait-timeout': '2', 'poll-interval': '0.5' },
      // The tests' build, which takes a heartbeat this short (the shipped action's is a minute).
      { bundle: HOOKS_BUNDLE, env: { SERVICE_HEARTBEAT_MS: String(heartbeatMs) } }
    )
    expectFailed(result)
    const id = result.outputs['pipeline-id']
    const beats = result.stdout.split('\n').filter((line) => line.startsWith(`Still waiting for pipeline ${id}: `))
    // About two seconds of silence after the first read, a heartbeat every heartbeatMs of it.
    expect(beats.length).toBeGreaterThanOrEqual(Math.floor(1500 / heartbeatMs))
    expect(beats.length).toBeLessThanOrEqual(Math.ceil(2500 / heartbeatMs))
    for (const beat of beats)
      expect(beat).toMatch(new RegExp(`^Still waiting for pipeline ${id}: \\d+ seconds? elapsed, on_hold$`))
    const elapsed = beats.map((beat) => Number(/: (\d+) seconds? elapsed/.exec(beat)?.[1]))
    expect(elapsed).toEqual([...elapsed].sort((a, b) => a - b))
    expect(elapsed.at(-1)).toBeGreaterThanOrEqual(1)
    expect(errorLine(result)).toContain('the wait-timeout of 2 s was reached; the pipeline was aborted')
    expect(result.stdout).toContain(`Waiting for pipeline ${id} (wait-timeout: 2 seconds, poll-interval: 0.5 seconds)`)
    expect(result.state['pending-work']).toBe('')
  })

  it("reads of the pipeline answered 5xx beyond the client's retries do not end the wait: the step ends with the real status", async () => {
    const attempts = 2 + randomInt(2)
    // More failed answers than one read's attempts, so at least two whole reads fail.
    const failures = attempts * 2 + randomInt(attempts)
    await addFault({
      path: '/apps/ios-app/pipelines/',
      method: 'GET',
      action: 'status',
      status: [500, 502, 503, 504][randomInt(4)],
      count: failures
    })
    const result = await step(emu, 'trigger', {
      ...ON_MAIN,
      ...SAME_REPOSITORY,
      wait: 'true',
      'fail-on-build-failure': 'false',
      'max-attempts': String(attempts)
    })
    expectPassed(result)
    const id = result.outputs['pipeline-id']
    const view = emu.model.pipelineView(emu.state.apps.get('ios-app')!, emu.state.pipelines.get(id)!)
    expect(result.outputs['pipeline-status']).toBe(view.status)
    expect(['succeeded', 'failed']).toContain(view.status)
    expect(result.stdout).toContain(`Pipeline ${id} finished: ${view.status}`)
    // Said once, however many reads failed.
    const said = result.stdout.split('\n').filter((line) => line.startsWith(`Reading pipeline ${id} failed (`))
    expect(said).toHaveLength(1)
    expect(said[0]).toMatch(/; still waiting\.$/)
    expect(await pendingFaults()).toEqual([])
    expect((await requestLog(emu)).filter((r) => r.path.endsWith('/abort'))).toEqual([])
  })

  it('a refusal of a read of the pipeline (401, 403, 404) still ends the wait and leaves the pipeline as it is', async () => {
    const status = [401, 403, 404][randomInt(3)]
    await addFault({ path: '/apps/ios-app/pipelines/', method: 'GET', action: 'status', status, count: 1 })
    const result = await step(emu, 'trigger', { ...ON_MAIN, ...SAME_REPOSITORY, wait: 'true' })
    expectFailed(result)
    expect(errorLine(result)).toContain(`answered ${status}`)
    expect(errorLine(result)).toContain(`pipeline ${result.outputs['pipeline-id']} was left as it is`)
    expect(result.state['pending-work']).toBe('')
    expect((await requestLog(emu)).filter((r) => r.path.endsWith('/abort'))).toEqual([])
  })

  it('a bare wait-timeout under a minute warns that it is seconds, as for a build', async () => {
    const seconds = 20 + randomInt(40)
    const result = await step(emu, 'trigger', {
      ...ON_MAIN,
      ...SAME_REPOSITORY,
      wait: 'true',
      'fail-on-build-failure': 'false',
      'wait-timeout': String(seconds)
    })
    expectPassed(result)
    expect(result.stdout).toContain(
      `::warning::wait-timeout: ${seconds} means ${seconds} seconds (a number without a unit is seconds); a pipeline still running then is aborted. If minutes were meant, add the unit: ${seconds}m.`
    )
    expect(result.stdout.split('\n').filter((line) => line.startsWith('::warning::'))).toHaveLength(1)
  })

  it('list-artifacts or download-artifacts with pipeline is refused, naming both inputs, before anything is sent', async () => {
    const asked: Record<string, string> =
      randomInt(2) === 0 ? { 'list-artifacts': 'true' } : { 'download-artifacts': `artifacts-${randomString(6)}` }
    const name = Object.keys(asked)[0]
    const result = await step(emu, 'trigger', { ...ON_MAIN, ...SAME_REPOSITORY, wait: 'true', ...asked })
    expectFailed(result)
    expect(errorLine(result)).toContain(`Input "${name}": cannot be used together with pipeline`)
    expect(errorLine(result)).toContain('Nothing was sent to the service')
    expect(await requestLog(emu)).toEqual([])
    expect(emu.state.pipelines.size).toBe(0)
  })
})

describe('pipeline holds follow the service', () => {
  it('a push pipeline without repository owners runs: only a fork pull request waits for approval', async () => {
    const result = await step(emu, 'trigger', { ...ON_MAIN, wait: 'true', 'fail-on-build-failure': 'false' })
    expect(result.outputs['pipeline-status']).not.toBe('on_hold')
    expect(['succeeded', 'failed']).toContain(result.outputs['pipeline-status'])
  })

  it('a fork pull request pipeline on an app with manual approval is held; a slot-held one starts when a slot frees', async () => {
    const pr = String(1 + randomInt(5000))
    const held = await step(emu, 'trigger', {
      ...ON_MAIN,
      'pull-request-id': pr,
      'branch-repo-owner': `fork-${randomString(6).toLowerCase()}`,
      'branch-dest-repo-owner': 'acme'
    })
    expectPassed(held)
    const app = emu.state.apps.get('ios-app')!
    expect(emu.model.pipelineView(app, emu.state.pipelines.get(held.outputs['pipeline-id'])!).status).toBe('on_hold')
    await setConcurrency(emu, 'ios-app', 0)
    const waiting = await step(emu, 'trigger', { ...ON_MAIN, ...SAME_REPOSITORY })
    const pipeline = emu.state.pipelines.get(waiting.outputs['pipeline-id'])!
    expect(emu.model.pipelineView(app, pipeline).status).toBe('on_hold')
    await setConcurrency(emu, 'ios-app', null)
    expect(emu.model.pipelineView(app, pipeline).status).toBe('running')
    expect(emu.model.pipelineView(app, emu.state.pipelines.get(held.outputs['pipeline-id'])!).status).toBe('on_hold')
  })
})

/**
 * The pipeline answer in each shape no public source rules out, through dist/index.js on a
 * loopback server: workflows under `stages` only (the stage pipelines the action read before),
 * under the top-level `workflows` only (a graph pipeline, as the contract and a recorded real
 * answer show), or under both (matched by `id`, or by name where an id is missing). Every
 * workflow is listed once in builds, with its stage and what it depends on, and the summary's
 * Mermaid flow draws each dependency with hostile workflow names kept inside escaped labels.
 */
describe('every shape of the pipeline answer, from a loopback server', () => {
  const serve = fakeServices()
  const TOKEN = `tok_${randomString(30)}`
  const PIPELINE = randomUUID()
  const HOSTILE = [
    '"]',
    '\n```\n',
    '%%{init: {}}%%',
    'click w0 "https://evil.example"',
    '<img src=x onerror=alert(1)>',
    ' --> ',
    '`',
    '#35;',
    ']:::x'
  ]

  type Wire = { id: string; name: string; external_id: string; status: string; depends_on?: string[] }

  /** A name holding one hostile piece among random letters. */
  const hostileName = (): string =>
    `${randomString(3 + randomInt(4))}${HOSTILE[randomInt(HOSTILE.length)]}${randomString(2 + randomInt(4))}`

  /** Random workflows, each depending on some of those before it, and a split into two stages. */
  function randomWorkflows(): { workflows: Wire[]; stages: Array<{ name: string; workflows: Wire[] }> } {
    const count = 3 + randomInt(5)
    const workflows: Wire[] = []
    for (let i = 0; i < count; i++) {
      const needs = workflows.filter(() => randomInt(2) === 0).map((w) => w.name)
      const status = ['succeeded', 'failed', 'skipped', 'running'][randomInt(4)]
      workflows.push({
        id: randomUUID(),
        name: i % 2 === 0 ? hostileName() : `wf-${randomString(8).toLowerCase()}`,
        external_id: status === 'skipped' ? '' : randomBytes(8).toString('hex'),
        status,
        ...(needs.length > 0 ? { depends_on: needs } : {})
      })
    }
    const cut = 1 + randomInt(count - 1)
    return {
      workflows,
      stages: [
        { name: hostileName(), workflows: workflows.slice(0, cut) },
        { name: `stage-${randomString(5)}`, workflows: workflows.slice(cut) }
      ]
    }
  }

  async function rebuildWith(answer: Record<string, unknown>) {
    const path = `/apps/app-1/pipelines/${PIPELINE}`
    const service = await serve({
      [`POST ${path}/rebuild`]: { status: 201, body: {} },
      [`GET ${path}`]: { body: { id: PIPELINE, name: `p-${randomString(5)}`, status: 'running', ...answer } }
    })
    const result = await runAction({
      operation: 'rebuild-pipeline',
      token: TOKEN,
      'base-url': service.url,
      'app-slug': 'app-1',
      'pipeline-id': PIPELINE
    })
    expect({ code: result.code, log: result.code === 0 ? '' : result.stdout }).toEqual({ code: 0, log: '' })
    return { result, builds: JSON.parse(result.outputs.builds) as Array<Record<string, unknown>> }
  }

  /** The Mermaid block: every line one the action writes, labels only letters, digits and entities; its edges as name pairs. */
  function drawnEdges(summary: string, names: string[]): string[] {
    const flow = /```mermaid\n([\s\S]*?)\n```/.exec(summary)?.[1] ?? ''
    const label = '"[A-Za-z0-9 .,_#;-]*"'
    const grammar = new RegExp(
      `^(flowchart LR|  p0\\[${label}\\]:::\\w+|  subgraph s\\d+ \\[${label}\\]|    direction TB|  (  )?w\\d+\\[${label}\\]:::\\w+|  end|  (p0|s\\d+) --> s\\d+|  p0 --> w\\d+|  w\\d+ --> w\\d+|  style s\\d+ [\\w:#,]+|  classDef \\w+ [\\w:#,]+)$`
    )
    for (const line of flow.split('\n')) expect(line).toMatch(grammar)
    return [...flow.matchAll(/^ {2}w(\d+) --> w(\d+)$/gm)]
      .map((m) => `${names[Number(m[1])]} -> ${names[Number(m[2])]}`)
      .sort()
  }

  const edgesOf = (workflows: Wire[]): string[] =>
    workflows.flatMap((w) => (w.depends_on ?? []).map((d) => `${d} -> ${w.name}`)).sort()

  describe('the pipeline answer in every shape', () => {
    it('workflows under stages only: each with its stage, no dependencies, drawn in stage boxes as before', async () => {
      const { workflows, stages } = randomWorkflows()
      const plain = stages.map((s) => ({ ...s, workflows: s.workflows.map(({ depends_on: _, ...w }) => w) }))
      const { result, builds } = await rebuildWith({ stages: plain })
      expect(builds.map((b) => [b.stage, b.name, b['build-slug'], b['depends-on']])).toEqual(
        stages.flatMap((s) => s.workflows.map((w) => [s.name, w.name, w.external_id, undefined]))
      )
      expect(
        drawnEdges(
          result.files.summary,
          workflows.map((w) => w.name)
        )
      ).toEqual([])
      expect(result.files.summary).toMatch(/subgraph s1 /)
      expect(result.summary).not.toContain('Depends on')
    })

    it('workflows under the top-level list only (a graph pipeline): each once, without a stage, with its dependencies drawn as edges', async () => {
      const { workflows } = randomWorkflows()
      const { result, builds } = await rebuildWith({ type: 'dag', workflows })
      expect(builds.map((b) => [b.stage, b.name, b['build-slug'], b.status, b['depends-on']])).toEqual(
        workflows.map((w) => ['', w.name, w.external_id, w.status, w.depends_on])
      )
      expect(
        drawnEdges(
          result.files.summary,
          workflows.map((w) => w.name)
        )
      ).toEqual(edgesOf(workflows))
      expect(result.files.summary).not.toContain('subgraph')
      // The labels hold the names, every risky character as an entity (the grammar above lets no other through).
      const flow = /```mermaid\n([\s\S]*?)\n```/.exec(result.files.summary)?.[1] ?? ''
      const labels = [...flow.matchAll(/^ {2}w\d+\["([^"]*)"\]/gm)].map((m) =>
        m[1].replace(/#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
      )
      expect(labels).toEqual(workflows.map((w) => `${w.name.replace(/\n/g, ' ')}: ${w.status}`))
      expect(result.files.summary).not.toContain('<img')
    })

    it.each([
      ['the same ids', true],
      ['no ids, matched by name', false]
    ])(
      'workflows under both, with %s: each once, its stage from the stages, its dependencies from the top-level list',
      async (_what, ids) => {
        const { workflows, stages } = randomWorkflows()
        const strip = (w: Wire): Partial<Wire> => (ids ? w : { ...w, id: undefined })
        const staged = stages.map((s) => ({ ...s, workflows: s.workflows.map(({ depends_on: _, ...w }) => strip(w)) }))
        // The top-level list in another order, as nothing says the two lists agree on one.
        const top = [...workflows].reverse().map(strip)
        const { result, builds } = await rebuildWith({ stages: staged, workflows: top })
        expect(builds.map((b) => [b.stage, b.name, b['build-slug'], b['depends-on']])).toEqual(
          stages.flatMap((s) => s.workflows.map((w) => [s.name, w.name, w.external_id, w.depends_on]))
        )
        expect(
          drawnEdges(
            result.files.summary,
            builds.map((b) => b.name as string)
          )
        ).toEqual(edgesOf(workflows))
      }
    )
  })
})

/** A build's words for a pipeline's end. */
const AS_BUILD: Record<string, string> = {
  succeeded: 'success',
  failed: 'failed',
  aborted: 'aborted',
  succeeded_with_abort: 'aborted-with-success'
}

describe('pipelines waited for like builds', () => {
  /** A release pipeline started without waiting, as a step before the wait would. */
  async function started(): Promise<string> {
    const result = await step(emu, 'trigger', { ...ON_MAIN, ...SAME_REPOSITORY })
    expectPassed(result)
    return result.outputs['pipeline-id']
  }

  const viewOf = (id: string) => emu.model.pipelineView(emu.state.apps.get('ios-app')!, emu.state.pipelines.get(id)!)

  it("wait with pipeline-id follows the pipeline to its end, with a build's outputs and words", async () => {
    const id = await started()
    const pollInterval = (0.05 + randomInt(10) / 100).toFixed(2)
    // An input only a build's wait reads is named, not ignored.
    const buildOnly = ['stream-logs', 'explain-failure'][randomInt(2)]
    const result = await step(emu, 'wait', {
      'app-slug': 'ios-app',
      'pipeline-id': id,
      'fail-on-build-failure': 'false',
      'poll-interval': pollInterval,
      [buildOnly]: 'false'
    })
    expectPassed(result)
    expect(result.stdout).toContain(`::warning::${buildOnly} is not read when waiting for a pipeline (pipeline-id)`)
    const view = viewOf(id)
    expect(Object.keys(AS_BUILD)).toContain(view.status)
    expect(result.outputs).toMatchObject({
      'pipeline-id': id,
      'pipeline-status': view.status,
      'build-status': AS_BUILD[view.status],
      'build-status-text': view.status
    })
    expect(result.outputs['duration-seconds']).toMatch(/^\d+$/)
    expect(result.outputs['build-slug']).toBeUndefined()
    expect(JSON.parse(result.outputs.builds).map((w: Workflow) => w.name)).toEqual(['primary', TESTS, DEPLOY])
    expect(result.stdout).toContain(
      `Waiting for pipeline ${id} (wait-timeout: 1 hour, poll-interval: ${Number(pollInterval)} seconds)`
    )
    // The summary leads as a build's does: "Failed" or "Succeeded", not the pipeline's own word.
    expect(result.summary).toContain(view.status === 'succeeded' ? 'Succeeded' : 'Failed')
    expect(result.state['pending-work']).toBe('')
    expect((await requestLog(emu)).filter((r) => r.path.includes('/builds/'))).toEqual([])
  })

  it('rebuild-pipeline with wait: true waits for the rebuilt pipeline to end', async () => {
    const first = await step(emu, 'trigger', {
      ...ON_MAIN,
      ...SAME_REPOSITORY,
      wait: 'true',
      'fail-on-build-failure': 'false'
    })
    expect(first.outputs['build-status']).toBe('failed')
    const id = first.outputs['pipeline-id']
    const rebuilt = await step(emu, 'rebuild-pipeline', {
      'app-slug': 'ios-app',
      'pipeline-id': id,
      partial: String(randomInt(2) === 0),
      wait: 'true'
    })
    expectPassed(rebuilt)
    expect(viewOf(id).status).toBe('succeeded')
    expect(rebuilt.outputs).toMatchObject({
      'pipeline-status': 'succeeded',
      'build-status': 'success',
      'build-status-text': 'succeeded'
    })
    expect(rebuilt.stdout).toContain(`Pipeline ${id} finished: succeeded`)
  })

  it('a pipeline id given as build-slug is named as one, and nothing is aborted', async () => {
    const id = await started()
    await new Promise((resolve) => setTimeout(resolve, 100))
    const result = await step(emu, 'wait', {
      'app-slug': 'ios-app',
      'build-slug': id,
      'wait-timeout': String(2 + randomInt(4))
    })
    expectFailed(result)
    expect(errorLine(result)).toContain(`Input "build-slug": ${id} is not a build of ios-app but a pipeline`)
    expect(errorLine(result)).toContain('give it as pipeline-id')
    const sent = await requestLog(emu)
    expect(sent.filter((r) => r.path.endsWith('/abort'))).toEqual([])
    expect(sent.filter((r) => r.path === `/v0.1/apps/ios-app/builds/${id}`)).toHaveLength(1)
    expect(result.state['pending-work']).toBe('')
    expect(viewOf(id).status).not.toBe('aborted')
  })

  it('build-slug and pipeline-id together are refused before anything is sent', async () => {
    const result = await step(emu, 'wait', {
      'app-slug': 'ios-app',
      'build-slug': randomString(12).toLowerCase(),
      'pipeline-id': randomUUID()
    })
    expectFailed(result)
    expect(errorLine(result)).toContain('Input "pipeline-id": give build-slug or pipeline-id, not both')
    expect(await requestLog(emu)).toEqual([])
  })
})
