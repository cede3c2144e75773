/**
 * Trigger mistakes that used to pass without a word, through dist/index.js against the emulator:
 * a comma list in environments, a list item without a value, another matcher's glob syntax in
 * app-paths, a closed pull request, a trigger of a branch held for approval, and a workflow that
 * is not in service.yml. Each refusal is checked in the emulator's request log: nothing was sent.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { bundledSeed } from '../../../emulator/model/seed.js'
import { call } from '../../emulator/helpers.js'
import * as events from '../../fixtures/events/events.js'
import { fakeServices } from '../../helpers/fake-service.js'
import { randomBytes, randomInt, randomSlug, randomString } from '../../helpers/random.js'
import { expectNoSecrets } from '../../helpers/secrets.js'
import {
  clearRequestLog,
  emulatorPerFile,
  emulatorState,
  errorLine,
  expectFailed,
  expectPassed,
  requestLog,
  SAME_REPOSITORY,
  setConcurrency,
  startE2eEmulator,
  step,
  TOKENS,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started))
const serve = fakeServices()

const ON_BRANCH = { 'app-slug': 'ios-app', 'from-event': 'false', branch: 'main', ...SAME_REPOSITORY }

/** A valid environment variable name nobody wrote by hand. */
const randomName = (): string =>
  `${randomString(1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ_')}${randomString(4 + randomInt(8), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_')}`

/** A value holding commas, none of them followed by NAME= (so it is one variable as it stands). */
const commaValue = (): string =>
  Array.from({ length: 2 + randomInt(3) }, () => randomString(6 + randomInt(6)))
    .join([',', ', ', ',,'][randomInt(3)])
    .replace(/,\s*(?=[A-Za-z_])/g, ',9')

/** Asserts the step failed on its inputs and the emulator received no call at all. */
async function expectNothingSent(result: Awaited<ReturnType<typeof step>>): Promise<void> {
  expectFailed(result)
  expect(errorLine(result)).toMatch(/Nothing was sent to the service\.$/)
  expect(await requestLog(emu)).toEqual([])
  expect((await emulatorState(emu)).builds).toEqual([])
}

describe('environments', () => {
  it('A=1,B=2 on one line is refused, naming the variable and the name after the comma; nothing is sent', async () => {
    const [first, second] = [randomName(), `${randomName()}x`]
    const line = `${first}=${commaValue()},${[' ', ''][randomInt(2)]}${second}=${commaValue()}`
    await clearRequestLog(emu)
    const result = await step(emu, 'trigger', { ...ON_BRANCH, environments: line })
    await expectNothingSent(result)
    expect(errorLine(result)).toContain(
      `Input "environments": line 1: the value of ${first} holds a comma followed by "${second}="`
    )
    expect(errorLine(result)).toContain('Put each variable on a line of its own')
  })

  it('a value that holds commas but no NAME= after them is still sent whole, as one variable', async () => {
    const name = randomName()
    const value = commaValue()
    const result = await step(emu, 'trigger', { ...ON_BRANCH, environments: `${name}=${value}` })
    expectPassed(result)
    const [build] = (await emulatorState(emu)).builds
    expect(build.additional_envs.map((e: { name: string }) => e.name)).toEqual([name])
  })

  it('the same text in the list form is sent as the one value it spells', async () => {
    const [first, second] = [randomName(), `${randomName()}y`]
    const value = `${randomString(8)},${second}=${randomString(8)}`
    const result = await step(emu, 'trigger', {
      ...ON_BRANCH,
      environments: `- {mapped_to: ${first}, value: "${value}"}`
    })
    expectPassed(result)
    const [build] = (await emulatorState(emu)).builds
    expect(build.additional_envs.map((e: { name: string }) => e.name)).toEqual([first])
  })

  it('secret-environments: refused too, and neither the value nor the name-like text inside it is shown', async () => {
    const [first, second] = [randomName(), `${randomName()}z`]
    const before = randomString(14 + randomInt(6))
    const after = randomString(14 + randomInt(6))
    await clearRequestLog(emu)
    const result = await step(emu, 'trigger', {
      ...ON_BRANCH,
      'secret-environments': `${first}=${before},${second}=${after}`
    })
    await expectNothingSent(result)
    expect(errorLine(result)).toContain(
      `Input "secret-environments": line 1: the value holds a comma followed by NAME=`
    )
    // The runner's ::add-mask:: lines name what is masked; nothing else may show either name.
    const shown =
      result.stdout
        .split('\n')
        .filter((line) => !line.startsWith('::add-mask::'))
        .join('\n') +
      result.stderr +
      result.summary
    for (const name of [first, second]) expect(shown).not.toContain(name)
    expectNoSecrets(result, [before, after, `${before},${second}=${after}`])
  })

  it.each([
    ['no value field', (name: string) => `- mapped_to: ${name}`],
    ['an empty value field (YAML null)', (name: string) => `- mapped_to: ${name}\n  value:`],
    ['value: null in JSON', (name: string) => `[{"mapped_to": "${name}", "value": null}]`]
  ])('a list item with %s is refused instead of being sent as ""', async (_, text) => {
    const others = Array.from(
      { length: randomInt(3) },
      () => `- {mapped_to: ${randomName()}q, value: "${randomString(6)}"}`
    )
    const at = randomInt(others.length + 1)
    const name = randomName()
    const item = text(name)
    const list = item.startsWith('[') ? item : [...others.slice(0, at), item, ...others.slice(at)].join('\n')
    await clearRequestLog(emu)
    const result = await step(emu, 'trigger', {
      ...ON_BRANCH,
      [['environments', 'secret-environments'][randomInt(2)]]: list
    })
    await expectNothingSent(result)
    expect(errorLine(result)).toMatch(
      new RegExp(`item \\d+ \\(${name}\\) has no value; give one, or value: "" for an empty variable`)
    )
  })

  it('value: "" stays an empty variable, as before', async () => {
    const name = randomName()
    const result = await step(emu, 'trigger', { ...ON_BRANCH, environments: `- mapped_to: ${name}\n  value: ""` })
    expectPassed(result)
    expect((await emulatorState(emu)).builds[0].additional_envs.map((e: { name: string }) => e.name)).toEqual([name])
  })
})

describe('app-paths with glob syntax the matcher does not implement', () => {
  /** Another matcher's syntax meant to match `segment`, and a name for it. */
  const SYNTAX: Array<[string, (segment: string) => { piece: string; what: string }]> = [
    ['{a,b}', (segment) => ({ piece: `{${segment},${randomString(5).toLowerCase()}}`, what: '{…,…} (alternatives)' })],
    ['{1..3}', (segment) => ({ piece: `${segment}{1..${2 + randomInt(8)}}`, what: '{…,…} (alternatives)' })],
    [
      '[…]',
      (segment) => ({
        piece: `${segment.slice(0, -1)}[${segment.slice(-1)}${randomString(2).toLowerCase()}]`,
        what: '[…] (a set of characters)'
      })
    ],
    [
      '[!…]',
      (segment) => ({
        piece: `${segment.slice(0, -1)}[!${randomString(2).toLowerCase()}]`,
        what: '[…] (a set of characters)'
      })
    ],
    ['!(…)', (segment) => ({ piece: `!(${segment}x)`, what: '!(…) (negation)' })]
  ]

  it.each(SYNTAX)(
    '%s at a random place: refused, naming the syntax, the glob and the app; nothing is sent',
    async (_, make) => {
      const segments = Array.from({ length: 2 + randomInt(3) }, () => randomString(3 + randomInt(5)).toLowerCase())
      const at = randomInt(segments.length)
      const { piece, what } = make(segments[at])
      const glob = [...segments.slice(0, at), piece, ...segments.slice(at + 1), '**'].join('/')
      const changed = `${segments.join('/')}/${randomString(6)}.ts`
      const repo = `acme/${randomString(10).toLowerCase()}`
      const payload = events.sameRepositoryPullRequest()
      const number = (payload.pull_request as { number: number }).number
      const github = await serve({ [`GET /repos/${repo}/pulls/${number}/files`]: { body: [{ filename: changed }] } })
      const paths = JSON.stringify({ 'web-app': ['docs/**'], 'ios-app': [`${randomSlug()}/**`, glob] })
      await clearRequestLog(emu)
      const result = await step(
        emu,
        'trigger',
        { 'app-paths': paths, 'github-token': `ghs_${randomString(36)}`, workflow: 'primary', ...SAME_REPOSITORY },
        { event: { name: 'pull_request', payload }, env: { GITHUB_API_URL: github.origin, GITHUB_REPOSITORY: repo } }
      )
      await expectNothingSent(result)
      expect(errorLine(result)).toContain(
        `Input "app-paths": the glob ${JSON.stringify(glob)} of "ios-app" uses ${what}, ${JSON.stringify(piece.startsWith('!(') ? piece : piece.slice(piece.search(/[[{]/)))}`
      )
      expect(errorLine(result)).toContain("which this action's matcher does not implement")
      expect(github.calls(`GET /repos/${repo}/pulls/${number}/files`)).toEqual([])
    }
  )

  it('a leading ! (negation) is refused', async () => {
    const glob = `!${randomString(6).toLowerCase()}/**`
    await clearRequestLog(emu)
    const result = await step(emu, 'trigger', {
      'app-paths': JSON.stringify({ 'ios-app': ['**', glob] }),
      workflow: 'primary',
      'from-event': 'false',
      branch: 'main',
      ...SAME_REPOSITORY
    })
    await expectNothingSent(result)
    expect(errorLine(result)).toContain(`the glob ${JSON.stringify(glob)} of "ios-app" uses a leading ! (negation)`)
  })

  it('an escaped bracket matches the bracket itself, and the app builds', async () => {
    const name = randomString(5).toLowerCase()
    const repo = `acme/${randomString(10).toLowerCase()}`
    const payload = events.sameRepositoryPullRequest()
    const number = (payload.pull_request as { number: number }).number
    const github = await serve({
      [`GET /repos/${repo}/pulls/${number}/files`]: { body: [{ filename: `web/[${name}]/page.tsx` }] }
    })
    const result = await step(
      emu,
      'trigger',
      {
        'app-paths': JSON.stringify({ 'web-app': [`web/\\[${name}\\]/**`], 'ios-app': ['ios/**'] }),
        'github-token': `ghs_${randomString(36)}`,
        workflow: 'primary',
        ...SAME_REPOSITORY
      },
      { event: { name: 'pull_request', payload }, env: { GITHUB_API_URL: github.origin, GITHUB_REPOSITORY: repo } }
    )
    expectPassed(result)
    expect(JSON.parse(result.outputs.builds).map((b: { 'app-slug': string }) => b['app-slug'])).toEqual(['web-app'])
  })
})

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
