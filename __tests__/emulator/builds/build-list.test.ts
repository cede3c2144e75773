/**
 * The builds list, the workflows an app has triggered and the configuration a build ran with,
 * as the published contract describes them: every filter of `GET /apps/{app-slug}/builds`
 * honoured (`sort_by`, `branch`, `workflow`, `commit_message`, `trigger_event_type`,
 * `pull_request_id`, `build_number`, `after`, `before`, `status`, `is_pipeline_build`, `next`,
 * `limit`) or a malformed value refused with 400 naming it; `GET …/build-workflows`;
 * `GET …/builds/{build-slug}/service.yml`. Builds, branches, messages and names are random.
 */
import { beforeEach, describe, expect, it } from '@jest/globals'
import type { RunningEmulator } from '../../../emulator/server.js'
import { BuildConfigs } from '../../../emulator/model/build-configs.js'
import { call, SAME_REPOSITORY, TOKENS, triggerBody, withEmulator } from '../helpers.js'
import { random, randomInt, randomSlug, randomString } from '../../helpers/random.js'

let emu: RunningEmulator
let clock = 0
withEmulator({ buildDurationMs: 60_000, logDelayMs: 0, now: () => clock }, (started) => (emu = started))

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]
const WORDS = ['fix', 'add', 'crash', 'login', 'Release', 'docs', 'ümlaut', 'a+b', '50%', 'tests']

/** A configuration of random workflows (the first run by every trigger map item) and a pipeline of two of them. */
function configOf(workflows: string[]): string {
  return [
    'format_version: "13"',
    'trigger_map:',
    ...['push_branch', 'tag', 'pull_request_source_branch'].flatMap((kind) => [
      `- ${kind}: "*"`,
      `  workflow: ${workflows[0]}`
    ]),
    'workflows:',
    ...workflows.flatMap((w) => [`  ${w}:`, '    steps:', '    - script: {}']),
    'pipelines:',
    '  release:',
    '    stages:',
    `    - one: { workflows: [${workflows[1]}] }`,
    `    - two: { workflows: [${workflows[2]}] }`,
    ''
  ].join('\n')
}

async function upload(text: string): Promise<void> {
  expect(
    (await call(emu, 'POST', '/apps/ios-app/service.yml', { body: { app_config_datastore_yaml: text } })).status
  ).toBe(200)
}

async function start(params: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Json> {
  const res = await call(emu, 'POST', '/apps/ios-app/builds', {
    token: TOKENS.developer,
    body: triggerBody({ ...SAME_REPOSITORY, ...params }),
    headers
  })
  expect(res.status).toBe(201)
  return res.json
}

/** Every build of the list for `query`, following `paging.next` with a random page size. */
async function listed(query: Record<string, string> = {}): Promise<Json[]> {
  const limit = String(1 + randomInt(50))
  const builds: Json[] = []
  let next: string | undefined
  do {
    const res = await call(
      emu,
      'GET',
      `/apps/ios-app/builds?${new URLSearchParams({ ...query, limit, ...(next ? { next } : {}) })}`,
      { token: TOKENS.tester }
    )
    expect(res.status).toBe(200)
    builds.push(...res.json.data)
    next = res.json.paging.next
  } while (next)
  return builds
}

/** Random builds of random workflows, branches, messages, tags and pull requests, some failed, aborted or running, and a pipeline's. */
async function randomHistory(workflows: string[]): Promise<void> {
  const branches = Array.from({ length: 3 }, () => randomSlug('b-'))
  const count = 15 + randomInt(15)
  for (let i = 0; i < count; i++) {
    clock += randomInt(1, 5000)
    const params: Record<string, unknown> = {
      workflow_id: pick(workflows),
      commit_message: `${pick(WORDS)} ${pick(WORDS)} ${randomString(4)}`
    }
    const kind = random()
    if (kind < 0.2) params.tag = `v${randomInt(100)}.${randomInt(10)}`
    else params.branch = pick(branches)
    if (kind > 0.7) params.pull_request_id = 1 + randomInt(5)
    const headers = {
      'X-Emulator-Build-Outcome': pick(['success', 'failure']),
      'X-Emulator-Build-Duration-Ms': String(pick([0, 1000, 600_000]))
    }
    const { build_slug: slug } = await start(params, headers)
    if (random() < 0.15)
      await call(emu, 'POST', `/apps/ios-app/builds/${slug}/abort`, {
        token: TOKENS.developer,
        body: { abort_with_success: random() < 0.5 }
      })
  }
  await start({ branch: pick(branches), pipeline_id: 'release' })
  await start({ branch: pick(branches), workflow_id: pick(workflows) }, { 'X-Emulator-Build-Duration-Ms': '600000' })
  clock += 3000
}

describe('the builds list', () => {
  let workflows: string[]
  let all: Json[]
  beforeEach(async () => {
    clock = Date.now()
    workflows = Array.from({ length: 3 + randomInt(3) }, () => randomSlug('wf-').replace(/-/g, '_'))
    await upload(configOf(workflows))
    await randomHistory(workflows)
    // Past the pipeline's first stage, so that its workflows have builds.
    clock += 60_000 + randomInt(60_000)
    all = await listed()
  })

  const eventOf = (b: Json): string => (b.tag ? 'tag' : b.pull_request_id > 0 ? 'pull-request' : 'push')

  it('lists every build, newest first, across pages', () => {
    expect(all.length).toBeGreaterThan(15)
    expect(all.map((b) => b.build_number)).toEqual([...all.map((b) => b.build_number)].sort((a, b) => b - a))
    expect(all.some((b) => b.pipeline_workflow_id !== undefined)).toBe(true)
  })

  it('honours each filter of the contract, alone and together', async () => {
    const some = (): Json => pick(all)
    const seconds = (b: Json): number => Math.floor(Date.parse(b.triggered_at) / 1000)
    const cases: Array<[Record<string, string>, (b: Json) => boolean]> = []
    const add = (query: Record<string, string>, keep: (b: Json) => boolean): void => void cases.push([query, keep])
    for (let i = 0; i < 3; i++) {
      const b = some()
      const word = b.commit_message === null ? randomSlug() : pick(b.commit_message.split(' ') as string[])
      const after = seconds(some())
      const before = seconds(some())
      const status = randomInt(5)
      add({ branch: b.branch ?? randomSlug() }, (x) => b.branch !== null && x.branch === b.branch)
      add({ workflow: b.triggered_workflow }, (x) => x.triggered_workflow === b.triggered_workflow)
      add({ commit_message: word }, (x) => (x.commit_message ?? '').includes(word))
      add({ trigger_event_type: eventOf(b) }, (x) => eventOf(x) === eventOf(b))
      add({ pull_request_id: String(b.pull_request_id) }, (x) => x.pull_request_id === b.pull_request_id)
      add({ build_number: String(b.build_number) }, (x) => x.build_number === b.build_number)
      add({ after: String(after) }, (x) => Date.parse(x.triggered_at) >= after * 1000)
      add({ before: String(before) }, (x) => Date.parse(x.triggered_at) < before * 1000)
      add({ status: String(status) }, (x) => x.status === status)
      add({ is_pipeline_build: 'true' }, (x) => x.pipeline_workflow_id !== undefined)
      add({ is_pipeline_build: 'false' }, (x) => x.pipeline_workflow_id === undefined)
      add(
        { workflow: b.triggered_workflow, trigger_event_type: eventOf(b), after: String(after) },
        (x) =>
          x.triggered_workflow === b.triggered_workflow &&
          eventOf(x) === eventOf(b) &&
          Date.parse(x.triggered_at) >= after * 1000
      )
    }
    add({ workflow: randomSlug('none-') }, () => false)
    for (const [query, keep] of cases) {
      const expected = all.filter(keep).map((b) => b.slug)
      expect({ query, slugs: (await listed(query)).map((b) => b.slug) }).toEqual({ query, slugs: expected })
    }
  })

  it('puts the builds not finished first with sort_by=running_first, each part newest first', async () => {
    const running = (b: Json): boolean => b.status === 0
    expect(all.some(running)).toBe(true)
    const expected = [...all.filter(running), ...all.filter((b) => !running(b))].map((b) => b.slug)
    expect((await listed({ sort_by: 'running_first' })).map((b) => b.slug)).toEqual(expected)
    expect((await listed({ sort_by: 'created_at' })).map((b) => b.slug)).toEqual(all.map((b) => b.slug))
  })

  it('refuses a malformed filter with 400, naming it', async () => {
    const junk = (): string => pick([randomSlug(), '-1', '1.5', 'true', ' ', '99999999999999'])
    for (const name of [
      'sort_by',
      'trigger_event_type',
      'pull_request_id',
      'build_number',
      'after',
      'before',
      'status',
      'is_pipeline_build',
      'limit'
    ]) {
      const value = junk()
      const res = await call(emu, 'GET', `/apps/ios-app/builds?${new URLSearchParams({ [name]: value })}`, {
        token: TOKENS.tester
      })
      // `true` is a boolean, and a whole number of seconds or builds; the rest is refused.
      if (value === 'true' && name === 'is_pipeline_build') continue
      expect({ name, value, status: res.status, names: String(res.json?.message).includes(name) }).toEqual({
        name,
        value,
        status: 400,
        names: true
      })
    }
  })
})

describe('the workflows an app has triggered, and the configuration each build ran with', () => {
  it('lists each workflow ever triggered once, in the order first triggered, also one the configuration no longer has', async () => {
    clock = Date.now()
    const workflows = Array.from({ length: 4 }, () => randomSlug('wf-').replace(/-/g, '_'))
    await upload(configOf(workflows))
    const order: string[] = []
    for (let i = 0; i < 8; i++) {
      const workflow = pick(workflows)
      if (!order.includes(workflow)) order.push(workflow)
      await start({ branch: 'main', workflow_id: workflow })
    }
    await upload(configOf(Array.from({ length: 3 }, () => randomSlug('wf-').replace(/-/g, '_'))))
    for (const token of [TOKENS.tester, TOKENS.owner])
      expect((await call(emu, 'GET', '/apps/ios-app/build-workflows', { token })).json).toEqual({ data: order })
    expect((await call(emu, 'GET', '/apps/web-app/build-workflows')).json).toEqual({ data: [] })
    expect((await call(emu, 'GET', '/apps/ios-app/build-workflows', { token: TOKENS.outsider })).status).toBe(403)
  })

  it("answers a build's configuration as the text it ran with, byte for byte, after the app's has changed", async () => {
    clock = Date.now()
    const workflows = Array.from({ length: 3 }, () => randomSlug('wf-').replace(/-/g, '_'))
    const first = `# ${randomString(20)}\n${configOf(workflows)}\n# yes: no  0022  12.0 ${randomString(10)}\n`
    await upload(first)
    const { build_slug: before } = await start({ branch: 'main' })
    const second = `${configOf(workflows)}# ${randomString(30)}\n`
    await upload(second)
    const { build_slug: after } = await start({ branch: 'main' })
    const read = (slug: string, token: string = TOKENS.developer) =>
      call(emu, 'GET', `/apps/ios-app/builds/${slug}/service.yml`, { token })
    const old = await read(before)
    expect(old.status).toBe(200)
    expect(old.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(old.text).toBe(first)
    expect((await read(after)).text).toBe(second)
    expect((await read(before, TOKENS.tester)).status).toBe(403)
    expect((await read(randomSlug())).status).toBe(404)
  })

  it('keeps one copy of a text however many builds ran with it, and forgets the oldest past its bound', () => {
    const configs = new BuildConfigs(100)
    const texts = Array.from({ length: 4 }, () => randomString(30 + randomInt(10)))
    for (let i = 0; i < 10; i++) configs.keep(`shared-${i}`, texts[0])
    expect(configs.of('shared-9')).toBe(texts[0])
    configs.keep('a', texts[1])
    configs.keep('b', texts[2])
    // Four distinct texts of 30 to 39 characters are more than 100: the oldest builds' go first, the ten
    // sharing one text all of them before its characters are freed.
    configs.keep('c', texts[3])
    expect(configs.of('c')).toBe(texts[3])
    expect(configs.of('shared-0')).toBeUndefined()
    expect(configs.of('shared-9')).toBeUndefined()
    configs.forget('c')
    expect(configs.of('c')).toBeUndefined()
  })
})
