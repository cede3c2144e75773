/**
 * Answers the real service gave, as public sources recorded them (`__tests__/fixtures/service/`,
 * each file naming its source), replayed through dist/index.js on a loopback server: the
 * action must read them as they are (nulls, `pull_request_id: 0`, `artifact_meta: null`,
 * paging without `next`, a graph pipeline's top-level `workflows`), and they must fit the
 * project's schema of the published contract.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fakeServices, type Reply } from '../../helpers/fake-service.js'
import { random, randomString, randomUUID } from '../../helpers/random.js'
import { runAction, type RunResult } from '../../helpers/run-action.js'
import { expectNoSecrets, TOKEN as TEST_TOKEN } from '../../helpers/secrets.js'
import { CONTRACT, shapeProblems } from '../../helpers/service-contract.js'
import { randomLines } from '../../helpers/scenarios/windowed-log.js'
import { fakeStep } from '../../helpers/scenarios/fake-steps.js'

const serve = fakeServices()
const TOKEN = `tok_${randomString(30)}`

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function fixture(name: string): { source: string; answer: any } {
  return JSON.parse(readFileSync(join(process.cwd(), '__tests__', 'fixtures', 'service', name), 'utf8'))
}

function schemaOf(method: string, pattern: string) {
  const route = CONTRACT.find((row) => row.method === method && row.pattern === pattern)
  if (!route || !('json' in route.body)) throw new Error(`no JSON row for ${method} ${pattern}`)
  return route.body.json
}

describe('recorded answers of the real service', () => {
  it('fit the project schema of the published contract', () => {
    expect(shapeProblems(fixture('builds-list.json').answer, schemaOf('GET', '/apps/:app/builds'))).toEqual([])
    expect(
      shapeProblems(fixture('artifacts-list.json').answer, schemaOf('GET', '/apps/:app/builds/:build/artifacts'))
    ).toEqual([])
    for (const build of fixture('builds-list.json').answer.data)
      expect(shapeProblems({ data: build }, schemaOf('GET', '/apps/:app/builds/:build'))).toEqual([])
    expect(
      shapeProblems(fixture('pipeline-graph.json').answer, schemaOf('GET', '/apps/:app/pipelines/:pipeline'))
    ).toEqual([])
    expect(shapeProblems(fixture('pipelines-list.json').answer, schemaOf('GET', '/apps/:app/pipelines'))).toEqual([])
  })

  it('rebuild-pipeline reads the recorded graph pipeline: every workflow once, with its build and what it depends on, drawn with its edges', async () => {
    const recorded = fixture('pipeline-graph.json').answer
    const path = `/apps/app-1/pipelines/${recorded.id}`
    // The read before the rebuild shows an earlier attempt; the recorded answer is the rebuild's.
    const earlier = randomUUID()
    const before = { ...recorded, current_attempt_id: earlier, attempts: [{ id: earlier }] }
    const service = await serve({
      [`POST ${path}/rebuild`]: { status: 201, body: {} },
      [`GET ${path}`]: (_req, count) => ({ body: count === 1 ? before : recorded })
    })
    const result = await runAction({
      operation: 'rebuild-pipeline',
      token: TOKEN,
      'base-url': service.url,
      'app-slug': 'app-1',
      'pipeline-id': recorded.id
    })
    expect({ code: result.code, log: result.code === 0 ? '' : result.stdout }).toEqual({ code: 0, log: '' })
    expect(result.outputs['pipeline-status']).toBe('failed')
    const workflows = JSON.parse(result.outputs.builds) as Array<Record<string, unknown>>
    expect(
      workflows.map((w) => [w.name, w['build-slug'], w.status, w['workflow-id'], w['depends-on'], w.stage])
    ).toEqual(
      recorded.workflows.map((w: Record<string, unknown>) => [w.name, w.external_id, w.status, w.id, w.depends_on, ''])
    )
    const flow = /```mermaid\n([\s\S]*?)\n```/.exec(result.files.summary)?.[1] ?? ''
    const needs = recorded.workflows.reduce(
      (n: number, w: { depends_on?: string[] }) => n + (w.depends_on?.length ?? 0),
      0
    )
    expect(flow.split('\n').filter((line) => /^ {2}w\d+ --> w\d+$/.test(line))).toHaveLength(needs)
    expect(flow.split('\n').filter((line) => /^ {2}p0 --> w\d+$/.test(line))).toHaveLength(
      recorded.workflows.filter((w: { depends_on?: string[] }) => !w.depends_on).length
    )
  })

  it.each([
    ['the failed build', 0, 1, 'failed'],
    ['the successful build', 1, 0, 'success']
  ])('wait reads %s of the recorded list as its build record', async (_what, index, code, status) => {
    const build = fixture('builds-list.json').answer.data[index]
    const service = await serve({ [`GET /apps/app-1/builds/${build.slug}`]: { body: { data: build } } })
    const result = await runAction({
      operation: 'wait',
      token: TOKEN,
      'base-url': service.url,
      'app-slug': 'app-1',
      'build-slug': build.slug,
      'poll-interval': '0.1',
      'stream-logs': 'false'
    })
    expect({ code: result.code, log: result.code === code ? '' : result.stdout }).toEqual({ code, log: '' })
    expect(result.outputs).toMatchObject({
      'build-slug': build.slug,
      'build-status': status,
      'build-status-text': build.status_text
    })
    expect(result.stdout).not.toMatch(/pull request/i)
  })

  it('list-artifacts reads the recorded list: null artifact_meta, paging without next, one call', async () => {
    const recorded = fixture('artifacts-list.json').answer
    const [shown] = recorded.data.filter((item: { is_public_page_enabled: boolean }) => item.is_public_page_enabled)
    const installPage = `https://install.example/${randomString(12)}`
    const service = await serve({
      'GET /apps/app-1/builds/b-1/artifacts': { body: recorded },
      // The one artifact with a public page is read for its address (the contract's ArtifactResponseItemModel).
      [`GET /apps/app-1/builds/b-1/artifacts/${shown.slug}`]: {
        body: {
          data: { ...shown, public_install_page_url: installPage, expiring_download_url: 'https://storage.example/x' }
        }
      }
    })
    const result = await runAction({
      operation: 'list-artifacts',
      token: TOKEN,
      'base-url': service.url,
      'app-slug': 'app-1',
      'build-slug': 'b-1'
    })
    expect({ code: result.code, log: result.code === 0 ? '' : result.stdout }).toEqual({ code: 0, log: '' })
    const artifacts = JSON.parse(result.outputs.artifacts) as Array<{
      slug: string
      title: string
      file_size_bytes: number
    }>
    expect(artifacts.map(({ slug, title, file_size_bytes }) => ({ slug, title, file_size_bytes }))).toEqual(
      recorded.data.map(
        ({ slug, title, file_size_bytes }: { slug: string; title: string; file_size_bytes: number }) => ({
          slug,
          title,
          file_size_bytes
        })
      )
    )
    expect(service.calls('GET /apps/app-1/builds/b-1/artifacts')).toHaveLength(1)
    expect(artifacts.find((item) => item.slug === shown.slug)).toMatchObject({ public_install_page_url: installPage })
  })
})

/**
 * Answers of the log endpoint recorded from the real service (re-typed facts, see
 * __tests__/fixtures/build-log/README.md), replayed through the bundle: an archived window of
 * the last 10 chunks of 42, and a window with a position missing. The raw log the URL leads to
 * is written for the test: random lines, ending with the recorded chunks' text.
 */
describe('the build log', () => {
  const BUILD = '/apps/app-1/builds/build-abc'
  const serve = fakeServices()

  interface Answer {
    expiring_raw_log_url: string
    generated_log_chunks_num: number
    log_chunks: { chunk: string; position: number }[]
  }

  const recorded = JSON.parse(
    readFileSync(new URL('../../fixtures/build-log/recorded-answers.json', import.meta.url), 'utf8')
  ) as Record<'tenOfFortyTwo' | 'gapInWindow', Answer>

  /** Replays `answer` (its URL moved to the loopback server, its signed query kept) for a build that has ended. */
  async function replay(
    answer: Answer,
    raw: Reply
  ): Promise<{ result: RunResult; rawHeaders: Record<string, unknown>[] }> {
    const signed = new URL(answer.expiring_raw_log_url)
    const rawHeaders: Record<string, unknown>[] = []
    let origin = ''
    const service = await serve({
      [`GET ${BUILD}`]: { body: { data: { slug: 'build-abc', status: 1, status_text: 'success', is_on_hold: false } } },
      [`GET ${BUILD}/log`]: () => ({
        body: { ...answer, expiring_raw_log_url: `${origin}${signed.pathname}${signed.search}` }
      }),
      [`GET ${signed.pathname}`]: (req) => {
        rawHeaders.push(req.headers)
        return raw
      }
    })
    origin = service.origin
    const result = await runAction({
      operation: 'wait',
      token: TEST_TOKEN,
      'base-url': service.url,
      'app-slug': 'app-1',
      'build-slug': 'build-abc',
      'poll-interval': '0.05'
    })
    expectNoSecrets(result)
    return { result, rawHeaders }
  }

  /** The lines printed inside the log group. */
  function groupLines(stdout: string): string[] {
    // From the line after ::group:: to the line break before ::endgroup::.
    const inside = stdout.slice(stdout.indexOf('::group::'), stdout.indexOf('::endgroup::')).split('\n').slice(1, -1)
    return inside.filter((l) => !l.startsWith('::') && !/^Build build-abc/.test(l))
  }

  describe('recorded log answers of the real service, replayed', () => {
    it('an archived window of the last 10 chunks of 42: the whole log comes from the raw URL, once, without the token', async () => {
      const answer = recorded.tenOfFortyTwo
      const head = randomLines(20 + Math.floor(random() * 40))
        .map((l) => `${l}\n`)
        .join('')
      const text = head + answer.log_chunks.map((c) => c.chunk).join('')
      const { result, rawHeaders } = await replay(answer, { raw: text, headers: { 'content-type': 'text/plain' } })
      expect(result.code).toBe(0)
      expect(rawHeaders).toHaveLength(1)
      expect(rawHeaders[0].authorization).toBeUndefined()
      expect(groupLines(result.stdout).join('\n')).toBe(text.replace(/\n$/, ''))
      expect(result.stdout).not.toMatch(/^::warning::/m)
    })

    it('when the raw URL has expired: the 10 chunks are printed and the 32 missing ones are said once', async () => {
      const answer = recorded.tenOfFortyTwo
      const { result } = await replay(answer, {
        status: 403,
        raw: '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>'
      })
      expect(result.code).toBe(0)
      const warnings = result.stdout.split('\n').filter((l) => l.startsWith('::warning::'))
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toContain('32 chunk(s)')
      expect(warnings[0]).toContain('answered 403')
      for (const line of answer.log_chunks
        .map((c) => c.chunk)
        .join('')
        .split('\n')
        .filter((l) => /^[a-zA-Z]/.test(l)))
        expect(result.stdout).toContain(line)
    })

    it('a window with a position missing (51 generated, 52 the last): the raw log fills it, each line once', async () => {
      const answer = recorded.gapInWindow
      const lost = 'L51-the chunk the window left out\n'
      const chunks = answer.log_chunks.map((c) => c.chunk)
      const head = randomLines(10 + Math.floor(random() * 20))
        .map((l) => `${l}\n`)
        .join('')
      const text = head + chunks.slice(0, 9).join('') + lost + chunks[9]
      const { result } = await replay(answer, { raw: text })
      expect(result.code).toBe(0)
      expect(groupLines(result.stdout).join('\n')).toBe(text)
      expect(result.stdout.match(/L51-the chunk the window left out/g)).toHaveLength(1)
    })
  })
})

/** The recorded lists as the history a wait with poll-interval not set reads. */
describe('recorded lists as the history of a wait', () => {
  const iso = (ms: number) => new Date(ms).toISOString()

  it('the builds list: only the successful build of the workflow predicts the end', async () => {
    const list = fixture('builds-list.json').answer
    const ok = list.data.find((b: { status: number }) => b.status === 1)
    const ranMs = Date.parse(ok.finished_at) - Date.parse(ok.started_on_worker_at)
    const slug = randomString(16).toLowerCase()
    // Started as long ago as the recorded build ran, less a second: the wait is in its close reads.
    const record = (status: number) => ({
      data: {
        slug,
        status,
        status_text: status === 0 ? 'in-progress' : 'success',
        triggered_workflow: ok.triggered_workflow,
        branch: ok.branch,
        started_on_worker_at: iso(Date.now() - ranMs + 1000)
      }
    })
    const service = await serve({
      'GET /apps/app-1/builds': { body: list },
      [`GET /apps/app-1/builds/${slug}`]: [{ body: record(0) }, { body: record(1) }]
    })
    const result = await fakeStep(service, 'wait', { token: TOKEN, 'build-slug': slug, 'stream-logs': 'false' })
    expect({ code: result.code, log: result.code === 0 ? '' : result.stdout }).toEqual({ code: 0, log: '' })
    const took = `${Math.floor(ranMs / 60_000)} minutes ${(ranMs % 60_000) / 1000} seconds`
    expect(result.stdout).toContain(
      `The last 1 successful build(s) of workflow ${ok.triggered_workflow} ran ${took} to ${took}`
    )
    const lists = service.requests.filter((r) => r.path === '/apps/app-1/builds')
    // The branch first; with fewer than three there, the workflow on any branch.
    expect(lists.map((r) => r.query)).toEqual([
      { workflow: ok.triggered_workflow, branch: ok.branch, status: '1', limit: '50' },
      { workflow: ok.triggered_workflow, status: '1', limit: '50' }
    ])
    expectNoSecrets(result, [TOKEN])
  })

  it("the pipelines list: only the pipeline's runs (is_pipeline) predict its end", async () => {
    const list = fixture('pipelines-list.json').answer
    const run = list.data.find((p: { is_pipeline: boolean }) => p.is_pipeline)
    const ranMs = Date.parse(run.finished_at) - Date.parse(run.started_at)
    const id = randomString(20).toLowerCase()
    const pipeline = (status: string) => ({
      id,
      name: run.triggered_workflow,
      status,
      started_at: iso(Date.now() - ranMs + 1000),
      stages: []
    })
    const service = await serve({
      'GET /apps/app-1/pipelines': { body: list },
      [`GET /apps/app-1/pipelines/${id}`]: [{ body: pipeline('running') }, { body: pipeline('succeeded') }]
    })
    const result = await runAction({
      operation: 'wait',
      token: TOKEN,
      'base-url': service.url,
      'app-slug': 'app-1',
      'pipeline-id': id
    })
    expect({ code: result.code, log: result.code === 0 ? '' : result.stdout }).toEqual({ code: 0, log: '' })
    expect(result.outputs['build-status']).toBe('success')
    expect(result.stdout).toMatch(
      new RegExp(
        `The last 1 successful run\\(s\\) of pipeline ${run.triggered_workflow} ran 1 minute 17\\.\\d+ seconds`
      )
    )
    const lists = service.requests.filter((r) => r.path === '/apps/app-1/pipelines')
    expect(lists.map((r) => r.query)).toEqual([{ pipeline: run.triggered_workflow, status: 'succeeded', limit: '50' }])
  })
})
