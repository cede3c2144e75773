/**
 * Answers the real service gave, as public sources recorded them (`__tests__/fixtures/service/`,
 * each file naming its source), replayed through dist/index.js on a loopback server: the
 * action must read them as they are (nulls, `pull_request_id: 0`, `artifact_meta: null`,
 * paging without `next`), and they must fit the project's schema of the published contract.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CONTRACT, shapeProblems } from '../contract/service-contract.js'
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
    expect(shapeProblems(fixture('artifacts-list.json').answer, schemaOf('GET', '/apps/:app/builds/:build/artifacts'))).toEqual([])
    for (const build of fixture('builds-list.json').answer.data) expect(shapeProblems({ data: build }, schemaOf('GET', '/apps/:app/builds/:build'))).toEqual([])
  })

  it.each([
    ['the failed build', 0, 1, 'failed'],
    ['the successful build', 1, 0, 'success']
  ])('wait reads %s of the recorded list as its build record', async (_what, index, code, status) => {
    const build = fixture('builds-list.json').answer.data[index]
    const service = await serve({ [`GET /apps/app-1/builds/${build.slug}`]: { body: { data: build } } })
    const result = await runAction({ operation: 'wait', token: TOKEN, 'base-url': service.url, 'app-slug': 'app-1', 'build-slug': build.slug, 'poll-interval': '0.1', 'stream-logs': 'false' })
    expect({ code: result.code, log: result.code === code ? '' : result.stdout }).toEqual({ code, log: '' })
    expect(result.outputs).toMatchObject({ 'build-slug': build.slug, 'build-status': status, 'build-status-text': build.status_text })
    expect(result.stdout).not.toMatch(/pull request/i)
  })

  it('list-artifacts reads the recorded list: null artifact_meta, paging without next, one call', async () => {
    const recorded = fixture('artifacts-list.json').answer
    const [shown] = recorded.data.filter((item: { is_public_page_enabled: boolean }) => item.is_public_page_enabled)
    const installPage = `https://install.example/${randomString(12)}`
    const service = await serve({
      'GET /apps/app-1/builds/b-1/artifacts': { body: recorded },
      // The one artifact with a public page is read for its address (the contract's ArtifactResponseItemModel).
      [`GET /apps/app-1/builds/b-1/artifacts/${shown.slug}`]: { body: { data: { ...shown, public_install_page_url: installPage, expiring_download_url: 'https://storage.example/x' } } }
    })
    const result = await runAction({ operation: 'list-artifacts', token: TOKEN, 'base-url': service.url, 'app-slug': 'app-1', 'build-slug': 'b-1' })
    expect({ code: result.code, log: result.code === 0 ? '' : result.stdout }).toEqual({ code: 0, log: '' })
    const artifacts = JSON.parse(result.outputs.artifacts) as Array<{ slug: string; title: string; file_size_bytes: number }>
    expect(artifacts.map(({ slug, title, file_size_bytes }) => ({ slug, title, file_size_bytes }))).toEqual(
      recorded.data.map(({ slug, title, file_size_bytes }: { slug: string; title: string; file_size_bytes: number }) => ({ slug, title, file_size_bytes }))
    )
    expect(service.calls('GET /apps/app-1/builds/b-1/artifacts')).toHaveLength(1)
    expect(artifacts.find((item) => item.slug === shown.slug)).toMatchObject({ public_install_page_url: installPage })
  })
})
