/**
 * Triggers the service would hold or refuse, through dist/index.js against the emulator: a closed
 * pull request, a branch held for approval, and a workflow that is not in service.yml.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { bundledSeed } from '../../../emulator/model/seed.js'
import { call } from '../../emulator/helpers.js'
import * as events from '../../fixtures/events/events.js'
import { randomBytes, randomInt, randomSlug, randomString } from '../../helpers/random.js'
import {
  clearRequestLog,
  emulatorState,
  errorLine,
  expectFailed,
  expectPassed,
  setConcurrency,
  startE2eEmulator,
  step,
  TOKENS,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'
import {
  ON_BRANCH,
  emu,
  expectNothingSent,
  useTriggerMistakeEmulator
} from '../../helpers/subjects/trigger-mistakes.js'

useTriggerMistakeEmulator()

describe('a pull_request event of a closed pull request', () => {
  function closedEvent(): { name: string; payload: events.Payload; number: number; merged: boolean } {
    const payload = events.sameRepositoryPullRequest()
    const number = randomInt(2, 100_000)
    const merged = randomInt(2) === 0
    payload.action = 'closed'
    payload.number = number
    payload.pull_request.number = number
    payload.pull_request.state = 'closed'
    payload.pull_request.merged = merged
    payload.pull_request.head.sha = randomBytes(20).toString('hex')
    return { name: ['pull_request', 'pull_request_target'][randomInt(2)], payload, number, merged }
  }

  it('is refused without allow-closed-pull-request, saying how to allow it; nothing is sent', async () => {
    const event = closedEvent()
    await clearRequestLog(emu)
    const result = await step(emu, 'trigger', { 'app-slug': 'ios-app' }, { event })
    await expectNothingSent(result)
    expect(errorLine(result)).toContain(
      `Input "allow-closed-pull-request": the ${event.name} event is for pull request #${event.number}, which is ${event.merged ? 'merged' : 'closed'}: a closed pull request is not built unless asked for. Set allow-closed-pull-request: true to build it anyway`
    )
  })

  it('builds with allow-closed-pull-request: true', async () => {
    const event = closedEvent()
    const result = await step(emu, 'trigger', { 'app-slug': 'ios-app', 'allow-closed-pull-request': 'true' }, { event })
    expectPassed(result)
    const [build] = (await emulatorState(emu)).builds
    expect(build).toMatchObject({ pull_request_id: event.number, commit_hash: event.payload.pull_request.head.sha })
  })

  it('allow-closed-pull-request takes only true or false', async () => {
    await clearRequestLog(emu)
    const result = await step(emu, 'trigger', {
      ...ON_BRANCH,
      'allow-closed-pull-request': ['yes', 'on', '1'][randomInt(3)]
    })
    await expectNothingSent(result)
    expect(errorLine(result)).toMatch(/^Input "allow-closed-pull-request": "(yes|on|1)" is not a boolean/)
  })

  it('operation abort on a closed pull request run still aborts its build', async () => {
    // No free slot: the build stays unfinished until the abort.
    await setConcurrency(emu, 'ios-app', 0)
    const started = await step(emu, 'trigger', { ...ON_BRANCH })
    expectPassed(started)
    const event = closedEvent()
    const result = await step(
      emu,
      'abort',
      { 'app-slug': 'ios-app', 'build-slug': started.outputs['build-slug'] },
      { event }
    )
    expectPassed(result)
    expect((await emulatorState(emu)).builds[0]).toMatchObject({
      status: 3,
      abort: expect.objectContaining({ reason: expect.any(String) })
    })
  })
})

describe('a trigger of a branch without owners, where the service holds it (interface rule 3 word for word)', () => {
  let held: RunningEmulator
  beforeAll(async () => {
    const seed = bundledSeed()
    for (const app of seed.apps ?? []) if (app.slug === 'ios-app') app.hold_without_owners = true
    held = await startE2eEmulator({ seed })
  })
  afterAll(async () => held?.close())

  it('from-event: false with only branch: the step reports the build request, awaiting-approval, and how to send owners', async () => {
    const branch = `feature/${randomSlug()}`
    const result = await step(held, 'trigger', { 'app-slug': 'ios-app', 'from-event': 'false', branch })
    expectPassed(result)
    const requests = (await call(held, 'GET', '/apps/ios-app/build-requests')).json.data
    const request = requests.find((r: { build_params: { branch?: string } }) => r.build_params.branch === branch)
    expect(request).toBeDefined()
    expect(result.outputs['build-status']).toBe('awaiting-approval')
    expect(result.outputs['build-request-slug']).toBe(request.slug)
    expect(result.stdout).toContain(
      `::notice::The service started no build: manual build approval is on for app ios-app, and its build request ${request.slug} for branch ${branch} awaits approval.`
    )
    expect(result.stdout).toContain(
      'The trigger named no pull request but neither branch-repo-owner nor branch-dest-repo-owner'
    )
    expect(result.summary).toContain(`Awaiting approval · ios-app · build request ${request.slug}`)
    expect(result.summary).toContain("set both to the repository's owner")
  })

  it('with both owners the same build starts at once', async () => {
    const owner = randomSlug()
    const result = await step(held, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: `feature/${randomSlug()}`,
      'branch-repo-owner': owner,
      'branch-dest-repo-owner': owner
    })
    expectPassed(result)
    expect(result.outputs['build-slug']).toMatch(/^[0-9a-f]+$/)
  })
})

describe('a workflow that is not in service.yml', () => {
  /** Uploads a service.yml with random workflow and pipeline names; returns them. */
  async function randomConfig(): Promise<{ workflows: string[]; pipelines: string[] }> {
    const workflows = Array.from(
      { length: 2 + randomInt(4) },
      () => `${randomString(1, 'abcdefghij')}${randomString(7 + randomInt(6), 'klmnopqrstuvwxyz-_')}`
    )
    const pipelines = Array.from({ length: randomInt(3) }, () => `p${randomString(9, 'abcdefghij')}`)
    const yaml = [
      'format_version: "13"',
      'workflows:',
      ...workflows.map((w) => `  ${w}:\n    steps: []`),
      ...(pipelines.length > 0
        ? ['pipelines:', ...pipelines.map((p) => `  ${p}:\n    workflows:\n      ${workflows[0]}: {}`)]
        : [])
    ].join('\n')
    expect(
      (await call(emu, 'POST', '/apps/ios-app/service.yml', { body: { app_config_datastore_yaml: yaml } })).status
    ).toBe(200)
    return { workflows, pipelines }
  }

  /** One random slip: a letter dropped, doubled, swapped with its neighbour or replaced. */
  function slip(name: string): string {
    const at = 1 + randomInt(name.length - 2)
    switch (randomInt(4)) {
      case 0:
        return name.slice(0, at) + name.slice(at + 1)
      case 1:
        return name.slice(0, at) + name[at] + name.slice(at)
      case 2:
        return name.slice(0, at - 1) + name[at] + name[at - 1] + name.slice(at + 1)
      default:
        return name.slice(0, at) + (name[at] === '0' ? '1' : '0') + name.slice(at + 1)
    }
  }

  it('names the closest workflow and lists the workflows and pipelines; no build starts', async () => {
    const { workflows, pipelines } = await randomConfig()
    const meant = workflows[randomInt(workflows.length)]
    let typed = slip(meant)
    while (workflows.includes(typed)) typed = slip(meant)
    const result = await step(emu, 'trigger', { ...ON_BRANCH, workflow: typed })
    expectFailed(result)
    const line = errorLine(result)
    expect(line).toContain(
      `no build was started. The app's service.yml has no workflow "${typed}". Did you mean "${meant}"?`
    )
    expect(line).toContain(
      `Its workflows: ${workflows.map((w) => `"${w}"`).join(', ')}; its pipelines: ${pipelines.length > 0 ? pipelines.map((p) => `"${p}"`).join(', ') : 'none'}.`
    )
    expect((await emulatorState(emu)).builds).toEqual([])
  })

  it('a pipeline given as workflow: says to set pipeline instead', async () => {
    const { pipelines } = await randomConfig()
    if (pipelines.length === 0) pipelines.push(...(await randomConfigWithPipeline()))
    const result = await step(emu, 'trigger', { ...ON_BRANCH, workflow: pipelines[0] })
    expectFailed(result)
    expect(errorLine(result)).toContain(
      `has no workflow "${pipelines[0]}". It has a pipeline of that name: set pipeline instead.`
    )
  })

  it('a pipeline with a slip: names the closest pipeline', async () => {
    const pipelines = await randomConfigWithPipeline()
    const meant = pipelines[randomInt(pipelines.length)]
    let typed = slip(meant)
    while (pipelines.includes(typed)) typed = slip(meant)
    const result = await step(emu, 'trigger', { ...ON_BRANCH, pipeline: typed })
    expectFailed(result)
    expect(errorLine(result)).toContain(
      `no build was started. The app's service.yml has no pipeline "${typed}". Did you mean "${meant}"?`
    )
    expect((await emulatorState(emu)).builds).toEqual([])
  })

  async function randomConfigWithPipeline(): Promise<string[]> {
    for (;;) {
      const { pipelines } = await randomConfig()
      if (pipelines.length > 0) return pipelines
    }
  }

  it('several apps: the app that lacks the workflow is named with its closest workflow and its list', async () => {
    const { workflows } = await randomConfig()
    const meant = workflows[randomInt(workflows.length)]
    let typed = slip(meant)
    while (workflows.includes(typed)) typed = slip(meant)
    const result = await step(emu, 'trigger', { ...ON_BRANCH, 'app-slug': 'ios-app,web-app', workflow: typed })
    expectFailed(result)
    expect(result.stdout).toMatch(
      new RegExp(
        `::warning::Could not trigger a build of ios-app: .*no build was started\\. The app's service\\.yml has no workflow "${typed}"\\. Did you mean "${meant}"\\?`
      )
    )
    expect((await emulatorState(emu)).builds).toEqual([])
  })

  it('with a token that cannot read service.yml: says the workflows could not be listed', async () => {
    await randomConfig()
    const typed = `${randomString(10, 'abcdefghij')}`
    const result = await step(emu, 'trigger', { ...ON_BRANCH, workflow: typed }, { token: TOKENS.developer })
    expectFailed(result)
    expect(errorLine(result)).toContain(
      "no build was started. The app's workflows could not be listed: reading the app's service.yml needs the Owner or Admin role on the app, which the token's user lacks."
    )
    expect((await emulatorState(emu)).builds).toEqual([])
  })

  it('a workflow that exists but is refused for another reason gets no list', async () => {
    const result = await step(emu, 'trigger', { ...ON_BRANCH, 'app-slug': 'android-app', workflow: 'primary' })
    expectFailed(result)
    expect(errorLine(result)).not.toContain('Did you mean')
    expect(errorLine(result)).not.toContain('Its workflows')
  })
})
