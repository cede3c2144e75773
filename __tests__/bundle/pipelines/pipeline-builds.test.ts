/**
 * A pipeline's workflows as builds, through dist/index.js against the emulator: each
 * workflow's build-slug is its external_id (a real build, empty until the workflow starts),
 * which wait, abort and list-artifacts take; while a stage runs, the later stages are not
 * shown as running; and an answer that names another pipeline than the one the step started
 * is refused, never read, aborted or reported.
 */
import { describe, expect, it } from '@jest/globals'
import { randomBytes, randomInt, randomString } from '../../helpers/random.js'
import {
  errorLine,
  expectFailed,
  expectPassed,
  requestLog,
  SAME_REPOSITORY,
  step,
  TOKENS
} from '../../helpers/scenarios/emulator-steps.js'
import {
  emu,
  ON_MAIN,
  TESTS,
  DEPLOY,
  useReleasePipeline,
  waitedRelease,
  type Workflow
} from '../../helpers/subjects/release-pipeline.js'

/** Long enough that the step's first read of the pipeline falls inside its first stage. */
const STAGE_MS = 1500
useReleasePipeline({ buildDurationMs: STAGE_MS })

async function pipelineAnswer(id: string): Promise<{
  stages: { name: string; workflows: { id: string; external_id: string; name: string; status: string }[] }[]
}> {
  const res = await fetch(`${emu.url}/apps/ios-app/pipelines/${id}`, { headers: { authorization: TOKENS.owner } })
  expect(res.status).toBe(200)
  return (await res.json()) as never
}

describe('pipeline workflows are builds', () => {
  it('each workflow of the builds output names its build (external_id), which wait and list-artifacts read; a workflow that never started has none', async () => {
    const result = await step(emu, 'trigger', {
      ...ON_MAIN,
      ...SAME_REPOSITORY,
      wait: 'true',
      'fail-on-build-failure': 'false'
    })
    expectPassed(result)
    expect(result.outputs['pipeline-status']).toBe('failed')
    const workflows = JSON.parse(result.outputs.builds) as Workflow[]
    expect(workflows.map((w) => [w.stage, w.name, w.status])).toEqual([
      ['build', 'primary', 'succeeded'],
      ['test', TESTS, 'failed'],
      ['ship', DEPLOY, 'skipped']
    ])
    const [built, tested, shipped] = workflows
    // The skipped workflow never ran: no build, though it has an id of its own.
    expect(shipped['build-slug']).toBe('')
    expect(shipped['workflow-id']).not.toBe('')
    for (const w of [built, tested]) {
      expect(w['build-slug']).toMatch(/^[0-9a-f]{16}$/)
      expect(w['build-slug']).not.toBe(w['workflow-id'])
      // The build is an ordinary build of the app, naming the pipeline workflow it runs.
      const record = emu.state.builds.get(w['build-slug'])!
      expect(record).toMatchObject({
        appSlug: 'ios-app',
        triggeredWorkflow: w.name,
        pipelineWorkflowId: w['workflow-id'],
        branch: 'main'
      })
    }
    const waited = await step(emu, 'wait', {
      'app-slug': 'ios-app',
      'build-slug': tested['build-slug'],
      'fail-on-build-failure': 'false'
    })
    expectPassed(waited)
    expect(waited.outputs['build-status']).toBe('failed')
    expect(JSON.parse(waited.outputs.response).data).toMatchObject({
      slug: tested['build-slug'],
      pipeline_workflow_id: tested['workflow-id'],
      triggered_workflow: TESTS
    })
    const listed = await step(emu, 'list-artifacts', { 'app-slug': 'ios-app', 'build-slug': built['build-slug'] })
    expectPassed(listed)
    expect((JSON.parse(listed.outputs.artifacts) as unknown[]).length).toBeGreaterThan(0)
    const log = await fetch(`${emu.url}/apps/ios-app/builds/${built['build-slug']}/log`, {
      headers: { authorization: TOKENS.owner }
    })
    expect(log.status).toBe(200)
  })

  it('rebuild-pipeline reports the running workflow by its build, which abort stops; the kept workflow keeps its build, and the pending one has none yet', async () => {
    const first = await waitedRelease()
    const before = JSON.parse(first.outputs.builds) as Workflow[]
    const id = first.outputs['pipeline-id']
    const rebuilt = await step(emu, 'rebuild-pipeline', { 'app-slug': 'ios-app', 'pipeline-id': id, partial: 'true' })
    expectPassed(rebuilt)
    const after = JSON.parse(rebuilt.outputs.builds) as Workflow[]
    expect(after[0]).toEqual(before[0])
    expect(after[1]).toMatchObject({ name: TESTS, status: 'running' })
    expect(after[1]['build-slug']).toMatch(/^[0-9a-f]{16}$/)
    expect(after[1]['build-slug']).not.toBe(before[1]['build-slug'])
    expect(after[2]).toMatchObject({ name: DEPLOY, status: 'pending', 'build-slug': '' })
    // Held running until the abort: with the file's 1.5 s stages, a slow start of the next step
    // could find the build finished. The emulator ends a build when it is next read past its end.
    emu.state.builds.get(after[1]['build-slug'])!.durationMs = 10 * 60_000
    const reason = `stop ${randomString(8)}`
    const aborted = await step(emu, 'abort', {
      'app-slug': 'ios-app',
      'build-slug': after[1]['build-slug'],
      'abort-reason': reason
    })
    expectPassed(aborted)
    expect(emu.state.builds.get(after[1]['build-slug'])?.abort?.reason).toBe(reason)
  })

  it('aborting the pipeline aborts the build of its running workflow', async () => {
    const reason = `pipeline stop ${randomString(8)}`
    const started = await step(emu, 'trigger', { ...ON_MAIN, ...SAME_REPOSITORY })
    expectPassed(started)
    const id = started.outputs['pipeline-id']
    const first = (await pipelineAnswer(id)).stages[0].workflows[0]
    expect(first).toMatchObject({ name: 'primary', status: 'running' })
    const res = await fetch(`${emu.url}/apps/ios-app/pipelines/${id}/abort`, {
      method: 'POST',
      headers: { authorization: TOKENS.owner, 'content-type': 'application/json' },
      body: JSON.stringify({ abort_reason: reason, abort_with_success: false, skip_notifications: true })
    })
    expect(res.status).toBe(200)
    expect(emu.state.builds.get(first.external_id)?.abort?.reason).toBe(reason)
    const later = (await pipelineAnswer(id)).stages.slice(1).flatMap((s) => s.workflows)
    expect(later.map((w) => [w.status, w.external_id])).toEqual([
      ['aborted', ''],
      ['aborted', '']
    ])
  })

  it('while the first stage runs, the later stages are pending, not running', async () => {
    const result = await step(emu, 'trigger', {
      ...ON_MAIN,
      ...SAME_REPOSITORY,
      wait: 'true',
      'fail-on-build-failure': 'false',
      'poll-interval': '0.5'
    })
    expectPassed(result)
    const lines = result.stdout.split('\n')
    const firstEnd = lines.findIndex((line) => line.includes('stage build, workflow primary: succeeded'))
    expect(firstEnd).toBeGreaterThan(0)
    const early = lines.slice(0, firstEnd)
    expect(early).toContain('  stage build, workflow primary: running')
    expect(early).toContain(`  stage test, workflow ${TESTS}: pending`)
    expect(early.filter((line) => / stage (test|ship), workflow .*: running/.test(line))).toEqual([])
  })
})

describe('a pipeline is read, aborted and reported only by the id the step started', () => {
  it('an answer naming another pipeline fails the step clearly; that pipeline is never aborted', async () => {
    const other = randomBytes(8).toString('hex')
    const answers = 20 + randomInt(10)
    const fault = {
      path: '/apps/ios-app/pipelines/',
      method: 'GET',
      action: 'status',
      status: 200,
      count: answers,
      body: { id: other, status: 'running', stages: [] }
    }
    expect(
      (
        await fetch(`${emu.origin}/_emulator/faults`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(fault)
        })
      ).status
    ).toBe(201)
    const result = await step(emu, 'trigger', { ...ON_MAIN, wait: 'true', 'wait-timeout': '2', 'poll-interval': '0.5' })
    expectFailed(result)
    const id = result.outputs['pipeline-id']
    expect(id).not.toBe(other)
    expect(errorLine(result)).toContain(`for pipeline ${other}, not for pipeline ${id}`)
    const aborts = (await requestLog(emu)).filter((r) => r.method === 'POST' && r.path.endsWith('/abort'))
    expect(aborts.filter((r) => r.path.includes(other))).toEqual([])
    expect(result.stdout).not.toContain(`Pipeline ${other}`)
  })
})
