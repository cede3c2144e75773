/**
 * One trigger that starts several builds, through dist/index.js against the emulator: with
 * target-based triggers every workflow and pipeline whose trigger matches the push starts, and
 * the answer has one `results` item for each. Every one is reported in the builds output,
 * waited for with wait, aborted at the wait-timeout, and aborted by the post step after a hard
 * kill; build-slug stays the first result's.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { bundledSeed } from '../../../emulator/model/seed.js'
import { call } from '../../emulator/helpers.js'
import { randomString } from '../../helpers/random.js'
import {
  buildState,
  errorLine,
  expectFailed,
  expectPassed,
  printed,
  requestLog,
  resetEmulator,
  SAME_REPOSITORY,
  setConcurrency,
  startE2eEmulator,
  step,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

/** Names drawn per run; the branch matches the first two workflows' and the pipeline's triggers, not the last workflow's. */
const BRANCH = `feature/${randomString(8).toLowerCase()}`
const UNIT = `unit-${randomString(5).toLowerCase()}`
const LINT = `lint-${randomString(5).toLowerCase()}`
const OTHER = `other-${randomString(5).toLowerCase()}`
const PIPELINE = `checks-${randomString(5).toLowerCase()}`
const CONFIG = [
  'format_version: "13"',
  'workflows:',
  `  ${UNIT}:`,
  '    triggers:',
  '      push:',
  `      - branch: "${BRANCH}"`,
  `  ${OTHER}:`,
  '    triggers:',
  '      push:',
  '      - branch: "release/*"',
  `  ${LINT}:`,
  '    triggers:',
  '      push:',
  '      - branch: "feature/*"',
  'pipelines:',
  `  ${PIPELINE}:`,
  '    triggers:',
  '      push:',
  '      - branch: "feature/*"',
  '    stages:',
  `    - only: { workflows: [${LINT}] }`,
  ''
].join('\n')

let emu: RunningEmulator
beforeAll(async () => {
  const seed = bundledSeed()
  for (const app of seed.apps ?? []) if (app.slug === 'ios-app') app.service_yml = CONFIG
  // An app of the trigger map, which starts one build for any branch.
  for (const app of seed.apps ?? [])
    if (app.slug === 'web-app')
      app.service_yml = [
        'format_version: "13"',
        'trigger_map:',
        '- push_branch: "*"',
        '  workflow: primary',
        'workflows:',
        '  primary: {}',
        ''
      ].join('\n')
  // The same app, whose builds fail and which has the service's AI summary on.
  const ios = seed.apps!.find((app) => app.slug === 'ios-app')!
  seed.apps!.push({
    ...structuredClone(ios),
    slug: 'ios-failing',
    title: 'ios-failing',
    build_outcome: 'failure',
    ai_summary: true
  })
  emu = await startE2eEmulator({ seed })
})
beforeEach(async () => resetEmulator(emu))
afterAll(async () => emu?.close())

type Listed = {
  'app-slug': string
  'build-slug'?: string
  'pipeline-id'?: string
  'triggered-workflow'?: string
  'triggered-pipeline'?: string
  status: string
}
const PUSH = { 'app-slug': 'ios-app', 'from-event': 'false', branch: BRANCH }

/** The builds output, checked to name the two workflows and the pipeline the push matched, in the answer's order. */
function listed(outputs: Record<string, string>): Listed[] {
  const builds = JSON.parse(outputs.builds) as Listed[]
  expect(builds.map((b) => b['triggered-pipeline'] ?? b['triggered-workflow'])).toEqual([UNIT, LINT, PIPELINE])
  expect(builds.map((b) => b['app-slug'])).toEqual(['ios-app', 'ios-app', 'ios-app'])
  expect(builds[2]['build-slug']).toBeUndefined()
  expect(builds[2]['pipeline-id']).toEqual(expect.any(String))
  return builds
}

describe('one trigger, several builds', () => {
  it('every build and pipeline of the answer is listed and waited for; build-slug stays the first', async () => {
    const result = await step(emu, 'trigger', { ...PUSH, ...SAME_REPOSITORY, wait: 'true' })
    expectPassed(result)
    const builds = listed(result.outputs)
    expect(builds.map((b) => b.status)).toEqual(['success', 'success', 'success'])
    expect(result.outputs['build-slug']).toBe(builds[0]['build-slug'])
    expect(result.outputs['triggered-workflow']).toBe(UNIT)
    expect(result.outputs['build-status']).toBe('success')
    for (const b of builds.slice(0, 2)) expect((await buildState(emu, b['build-slug']!)).status).toBe(1)
    const reads = (await requestLog(emu)).filter((r) => r.method === 'GET').map((r) => r.path)
    expect(reads).toContain(`/v0.1/apps/ios-app/builds/${builds[1]['build-slug']}`)
    expect(reads).toContain(`/v0.1/apps/ios-app/pipelines/${builds[2]['pipeline-id']}`)
    expect(result.summary).toContain(PIPELINE)
    expect(result.summary).toContain(builds[1]['build-slug'])
  })

  it("each failed build's AI summary is its failure-summary, and a line of the summary naming the build", async () => {
    const result = await step(emu, 'trigger', { ...PUSH, 'app-slug': 'ios-failing', ...SAME_REPOSITORY, wait: 'true' })
    expectFailed(result)
    const builds = JSON.parse(result.outputs.builds) as Array<
      Listed & { 'failure-summary'?: string; 'build-number'?: number }
    >
    const failedBuilds = builds.filter((b) => b['build-slug'] !== undefined)
    expect(failedBuilds.map((b) => b.status)).toEqual(['failed', 'failed'])
    for (const b of failedBuilds) {
      const written = (await call(emu, 'GET', `/builds/${b['build-slug']}/ai-summary`)).json.summary as string
      expect(b['failure-summary']).toBe(written)
      expect(result.summary).toContain(
        `build #\u200d${b['build-number']} ${b['build-slug']} (${b['triggered-workflow']}): why it failed, in the service's AI summary: ${written.slice(0, 20)}`
      )
    }
  })

  it('without wait, each one is reported as triggered', async () => {
    const result = await step(emu, 'trigger', { ...PUSH, ...SAME_REPOSITORY })
    expectPassed(result)
    expect(listed(result.outputs).map((b) => b.status)).toEqual(['triggered', 'triggered', 'triggered'])
  })

  it("several apps: each app's answer is listed whole, and every build of it waited for", async () => {
    const result = await step(emu, 'trigger', {
      ...PUSH,
      'app-slug': 'web-app,ios-app',
      ...SAME_REPOSITORY,
      wait: 'true'
    })
    expectPassed(result)
    const builds = JSON.parse(result.outputs.builds) as Listed[]
    expect(builds.map((b) => [b['app-slug'], b.status])).toEqual([
      ['web-app', 'success'],
      ['ios-app', 'success'],
      ['ios-app', 'success'],
      ['ios-app', 'success']
    ])
    listed({ builds: JSON.stringify(builds.slice(1)) })
  })

  it('the wait-timeout aborts every one of them, not only the first', async () => {
    // No free concurrency slot keeps the builds on hold, and without the owners the pipeline is held: none ends before the timeout.
    await setConcurrency(emu, 'ios-app', 0)
    const result = await step(emu, 'trigger', { ...PUSH, wait: 'true', 'wait-timeout': '2', 'poll-interval': '0.5' })
    await setConcurrency(emu, 'ios-app', null)
    expectFailed(result)
    expect(errorLine(result)).toContain('Stopped waiting for')
    const builds = listed(result.outputs)
    expect(builds.map((b) => b.status)).toEqual(['timed-out', 'timed-out', 'timed-out'])
    for (const b of builds.slice(0, 2)) expect((await buildState(emu, b['build-slug']!)).status).toBe(3)
    const pipeline = emu.state.pipelines.get(builds[2]['pipeline-id']!)!
    expect(emu.model.pipelineView(emu.state.apps.get('ios-app')!, pipeline).status).toBe('aborted')
    expect(result.state['pending-work']).toBe('')
  })

  it('the post step after a hard kill aborts every one of them', async () => {
    let spawned: (child: ChildProcess) => void = () => undefined
    const child = new Promise<ChildProcess>((resolve) => (spawned = resolve))
    const inputs = { ...PUSH, wait: 'true', 'wait-timeout': '120' }
    // No free concurrency slot keeps the builds unfinished however slow the machine is, until the post step aborts them.
    await setConcurrency(emu, 'ios-app', 0)
    const running = step(emu, 'trigger', inputs, { onSpawn: spawned, timeoutMs: 15_000 })
    const stepProcess = await child
    await printed(stepProcess, 'Waiting for ')
    stepProcess.kill('SIGKILL')
    const killed = await running
    expect(killed.signal).toBe('SIGKILL')
    const builds = listed(killed.outputs)
    const post = await step(emu, 'trigger', inputs, { state: killed.state })
    expectPassed(post)
    for (const b of builds.slice(0, 2)) {
      expect((await buildState(emu, b['build-slug']!)).status).toBe(3)
      expect(post.stdout).toContain(`Aborted build ${b['build-slug']} of ios-app`)
    }
    expect(post.stdout).toContain(`Aborted pipeline ${builds[2]['pipeline-id']} of ios-app`)
    await setConcurrency(emu, 'ios-app', null)
  })
})
