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
import { CONTRACT, shapeProblems } from '../helpers/service-contract.js'
import { fakeServices } from '../helpers/fake-service.js'
import { randomString } from '../helpers/random.js'
import { runAction } from '../helpers/run-action.js'

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
    const service = await serve({
      [`POST ${path}/rebuild`]: { status: 201, body: {} },
      [`GET ${path}`]: { body: recorded }
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
