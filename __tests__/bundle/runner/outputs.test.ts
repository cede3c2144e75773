/**
 * Outputs built from the service's answers, run as the runner runs dist/index.js against a
 * scripted service:
 * - `build-url` is a plain `https:` URL (or `http:` to this machine), or empty with a warning;
 *   the summary, the `builds` output and the pull request comment link only to a kept one;
 * - the values of environment variables and secrets the service echoes (a build request's
 *   `build_params`, a build's `original_build_params`) are in no output, while their names and
 *   the other parameters stay.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { readFileSync, rmSync } from 'node:fs'
import { type FakeService, fakeServices } from '../../helpers/fake-service.js'
import { randomInt, randomSlug, randomString, randomToken } from '../../helpers/random.js'
import { runAction, type RunResult } from '../../helpers/run-action.js'
import { fakeStep, fakeTriggerOnMain } from '../../helpers/scenarios/fake-steps.js'
import { expectInertSummary } from '../../helpers/scenarios/inert.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const serve = fakeServices()
const host = (): string => `${randomString(8, 'abcdefghijklmnopqrstuvwxyz')}.example`

/** build_url values the action must not keep, with a word of why. */
function badBuildUrls(): Array<[string, unknown]> {
  const slug = randomSlug()
  return [
    ['plain http to another host', `http://${host()}/build/${slug}`],
    ['javascript:', `javascript:alert(${randomInt(999)})`],
    ['data:', `data:text/html,<b>${slug}</b>`],
    ['a space and Markdown', `https://${host()}/build/${slug} [x](https://${host()}/)`],
    ['a parenthesis that ends a Markdown link', `https://${host()}/b)[${slug}](https://${host()}/`],
    ['a quote that ends an attribute', `https://${host()}/"onmouseover="${slug}`],
    ['user and password', `https://${randomString(6)}:${randomString(12)}@${host()}/build/${slug}`],
    ['a line break', `https://${host()}/build/${slug}\n::warning::${slug}`],
    ['not text', { href: `https://${host()}/` }],
    ['no scheme', `${host()}/build/${slug}`]
  ]
}

async function trigger(buildUrl: unknown, inputs: Record<string, string> = {}) {
  const slug = randomSlug()
  const service = await serve({
    'POST /apps/app-1/builds': {
      status: 201,
      body: {
        results: [
          { build_slug: slug, build_number: 1 + randomInt(999), build_url: buildUrl, triggered_workflow: 'primary' }
        ]
      }
    },
    'POST /apps/app-2/builds': {
      status: 201,
      body: {
        results: [
          {
            build_slug: `${slug}-2`,
            build_number: 1 + randomInt(999),
            build_url: buildUrl,
            triggered_workflow: 'primary'
          }
        ]
      }
    }
  })
  return fakeTriggerOnMain(service, inputs)
}

describe('build-url', () => {
  it.each(badBuildUrls())('a build_url with %s is dropped: empty output, a warning, no link', async (_why, url) => {
    const result = await trigger(url)
    expect(result.code).toBe(0)
    expect(result.outputs['build-url'] ?? '').toBe('')
    expect(result.stdout).toMatch(
      /::warning::The service's build_url .* so it is left out of the outputs and no link to the build is shown\./
    )
    expect(result.files.summary).not.toContain('<a ')
    if (typeof url === 'string') expect(result.stdout).not.toMatch(/^Triggered build .*: /m)
  })

  it.each(badBuildUrls())('several apps: a build_url with %s is left out of the builds output', async (_why, url) => {
    const result = await trigger(url, { 'app-slug': 'app-1\napp-2' })
    expect(result.code).toBe(0)
    const builds = JSON.parse(result.outputs.builds) as Array<Record<string, unknown>>
    expect(builds).toHaveLength(2)
    for (const build of builds) expect(build['build-url']).toBeUndefined()
    expect(result.stdout.match(/::warning::app-\d: The service's build_url/g)).toHaveLength(2)
  })

  it.each([
    ['https', () => `https://${host()}/build/${randomSlug()}?tab=log&x=${randomInt(99)}`],
    ['http to this machine', () => `http://127.0.0.1:${1024 + randomInt(60000)}/build/${randomSlug()}`],
    ['http to localhost', () => `http://localhost:${1024 + randomInt(60000)}/build/${randomSlug()}`]
  ])('a plain %s build_url is kept, in the output and as the summary link', async (_kind, make) => {
    const url = make()
    const result = await trigger(url)
    expect(result.code).toBe(0)
    expect(result.outputs['build-url']).toBe(url)
    expect(result.stdout).not.toContain('::warning::')
    expect(result.files.summary).toContain(`<a href="${url.replace(/&/g, '&amp;')}">`)
  })
})

describe('secret values the service echoes are in no output', () => {
  const value = (): string => `${randomString(6)}-${randomString(20 + randomInt(10))}`

  it('list-build-requests: build-requests and response keep names and parameters, not the values of environments and secrets', async () => {
    const values = Array.from({ length: 4 }, value)
    const [envName, secretName, protectedName] = [
      randomSlug().toUpperCase().replace(/-/g, '_'),
      randomSlug(),
      randomSlug()
    ]
    const commit = randomString(40, '0123456789abcdef')
    const request = {
      slug: randomSlug(),
      pull_request_url: `https://github.com/acme/app/pull/${randomInt(999)}`,
      created_at: new Date().toISOString(),
      build_params: {
        branch: 'fork-branch',
        commit_hash: commit,
        environments: [
          { mapped_to: envName, value: values[0], is_expand: false },
          { key: `${envName}_2`, value: values[1], is_expand: true }
        ],
        secrets: [{ key: secretName, value: values[2], is_expand: false }],
        extra: { is_protected: true, key: protectedName, value: values[3] }
      }
    }
    const service = await serve({ 'GET /apps/app-1/build-requests': { body: { data: [request] } } })
    const result = await fakeStep(service, 'list-build-requests')
    expect(result.code).toBe(0)
    for (const secret of values) {
      expect(result.files.output).not.toContain(secret)
      expect(result.files.summary).not.toContain(secret)
      expect(result.stdout).not.toContain(secret)
    }
    const listed = JSON.parse(result.outputs['build-requests']) as Array<{ build_params: Record<string, unknown> }>
    const expected = {
      branch: 'fork-branch',
      commit_hash: commit,
      environments: [
        { mapped_to: envName, is_expand: false },
        { key: `${envName}_2`, is_expand: true }
      ],
      secrets: [{ key: secretName, is_expand: false }],
      extra: { is_protected: true, key: protectedName }
    }
    expect(listed[0].build_params).toEqual(expected)
    expect(
      (JSON.parse(result.outputs.response) as { data: Array<{ build_params: unknown }> }).data[0].build_params
    ).toEqual(expected)
  })

  it('an answer without such values stays as received in response', async () => {
    const raw = `{ "data" : [ { "slug": "${randomSlug()}", "build_params": { "branch": "b", "environments": [ { "mapped_to": "A" } ] } } ] }`
    const service = await serve({
      'GET /apps/app-1/build-requests': { raw, headers: { 'content-type': 'application/json' } }
    })
    const result = await fakeStep(service, 'list-build-requests')
    expect(result.code).toBe(0)
    expect(result.outputs.response).toBe(raw)
  })

  it("wait: a build's original_build_params lose their environment values in response", async () => {
    const slug = randomSlug()
    const secret = value()
    const record = {
      slug,
      status: 1,
      status_text: 'success',
      is_on_hold: false,
      original_build_params: {
        branch: 'main',
        environments: [{ mapped_to: 'DEPLOY_KEY', value: secret, is_expand: false }]
      }
    }
    const service = await serve({ [`GET /apps/app-1/builds/${slug}`]: { body: { data: record } } })
    const result = await fakeStep(service, 'wait', {
      'build-slug': slug,
      'poll-interval': '0.1',
      'stream-logs': 'false'
    })
    expect(result.code).toBe(0)
    expect(result.files.output).not.toContain(secret)
    const response = JSON.parse(result.outputs.response) as { data: { original_build_params: unknown } }
    expect(response.data.original_build_params).toEqual({
      branch: 'main',
      environments: [{ mapped_to: 'DEPLOY_KEY', is_expand: false }]
    })
  })
})

/**
 * GitHub keeps at most 1 MB of an output and 1 MiB of a step's summary. Long lists
 * from the service are cut inline (still valid JSON) and kept whole in a file
 * under RUNNER_TEMP; a warning says so. Runs the bundle against the fake service.
 */
describe('within GitHub limits', () => {
  const OUTPUT_LIMIT = 1_000_000
  const SUMMARY_LIMIT = 1024 * 1024

  const serve = fakeServices()
  let service: FakeService | undefined
  let temp: string | undefined
  afterEach(async () => {
    if (temp) rmSync(temp, { recursive: true, force: true })
    temp = undefined
  })

  /** A RUNNER_TEMP of the test's own, so the files the step writes can be read after it ends. */
  function runnerTemp(): string {
    temp = tempDir('runner-temp-')
    return temp
  }

  /** An app of about 460 bytes of JSON, as the service describes one. */
  function app(): Record<string, unknown> {
    const slug = randomSlug('app-')
    return {
      slug,
      title: `App ${randomString(20)}`,
      project_type: 'ios',
      provider: 'github',
      repo_owner: 'acme',
      repo_url: `git@github.com:acme/${slug}.git`,
      repo_slug: slug,
      is_disabled: false,
      status: 1,
      is_public: false,
      owner: { account_type: 'organization', name: 'Acme', slug: 'org-acme' },
      avatar_url: `https://avatars.example/${randomString(120)}.png`,
      description: randomString(150)
    }
  }

  /** Checks one cut list output: under the limit, a valid JSON prefix of `all`, the file whole, and the warning. */
  function expectCut(result: RunResult, name: string, all: unknown[]): void {
    const inline = result.outputs[name]
    expect(Buffer.byteLength(inline)).toBeLessThan(OUTPUT_LIMIT)
    const prefix = JSON.parse(inline) as unknown[]
    expect(prefix.length).toBeGreaterThan(0)
    expect(prefix.length).toBeLessThan(all.length)
    expect(prefix).toEqual(all.slice(0, prefix.length))
    const file = result.outputs[`${name}-file`]
    expect(file.startsWith(temp as string)).toBe(true)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(all)
    const warning = `::warning::The ${name} output holds the first ${prefix.length} of ${all.length} items: all of them are over GitHub's 1 MB limit for an output. The ${name}-file output names a file that holds all ${all.length}: ${file}`
    expect(result.stdout.split('\n')).toContain(warning)
  }

  describe('outputs and the summary stay within GitHub limits', () => {
    it('list-apps of 5,000 apps over 100 pages: apps and app-slugs cut inline, whole in their files', async () => {
      const apps = Array.from({ length: 5000 }, app)
      service = await serve({
        'GET /organizations/org-acme/apps': (req) => {
          const page = Number(req.query.next ?? '0')
          return {
            body: {
              data: apps.slice(page * 50, page * 50 + 50),
              paging:
                page < 99
                  ? { next: String(page + 1), page_item_limit: 50, total_item_count: 5000 }
                  : { page_item_limit: 50, total_item_count: 5000 }
            }
          }
        }
      })
      const result = await runAction(
        { operation: 'list-apps', token: randomToken(), 'base-url': service.url, 'org-slug': 'org-acme' },
        { env: { RUNNER_TEMP: runnerTemp() }, timeoutMs: 60_000 }
      )
      expect(result.code).toBe(0)
      expect(service.requests).toHaveLength(100)
      expect(Buffer.byteLength(JSON.stringify(apps))).toBeGreaterThan(2_000_000)
      expectCut(result, 'apps', apps)
      // The slugs fit whole: the file is there all the same.
      expect(JSON.parse(result.outputs['app-slugs'])).toEqual(apps.map((a) => a.slug))
      expect(JSON.parse(readFileSync(result.outputs['app-slugs-file'], 'utf8'))).toEqual(apps.map((a) => a.slug))
      expect(result.outputs.count).toBe('5000')
      expect(Buffer.byteLength(result.files.summary)).toBeLessThan(SUMMARY_LIMIT)
      expect(result.summary).toContain('The apps output holds the first')
      for (const value of Object.values(result.outputs)) expect(Buffer.byteLength(value)).toBeLessThan(OUTPUT_LIMIT)
    }, 90_000)

    it('a migration answering a huge migrated_apps list and errors list: both cut, the response in a file, the summary bounded', async () => {
      const migrated = Array.from({ length: 30_000 }, () => `App ${randomString(30)} (${randomSlug('app-')})`)
      const errors = Array.from({ length: 12_000 }, () => ({
        app: `Broken ${randomString(12)} (${randomSlug('app-')})`,
        error: `invalid service.yml: ${randomString(40)}`
      }))
      const body = { message: 'Machine types migrated', migrated_apps: migrated, errors }
      // No app uses the machine type: the check of to-machine has nothing to read.
      service = await serve({
        'GET /organizations/org-acme/apps': { body: { data: [] } },
        'PATCH /organizations/org-acme/apps/machine_types': { body }
      })
      const result = await runAction(
        {
          operation: 'migrate-machine-types',
          token: randomToken(),
          'base-url': service.url,
          'org-slug': 'org-acme',
          'from-machine': 'g2-m1.4core',
          'to-machine': 'g2-m2.4core',
          'dry-run': 'false'
        },
        { env: { RUNNER_TEMP: runnerTemp() }, timeoutMs: 60_000 }
      )
      expect(result.code).toBe(0)
      expectCut(result, 'migrated-apps', migrated)
      expectCut(result, 'errors', errors)
      expect(result.outputs['migrated-count']).toBe('30000')
      expect(result.outputs.response).toBe('')
      expect(readFileSync(result.outputs['response-file'], 'utf8')).toBe(JSON.stringify(body))
      expect(result.stdout).toMatch(
        /^::warning::The response output is empty: the service's answer \(\d+ bytes\) is over GitHub's 1 MB limit for an output\. The response-file output names a file that holds it: /m
      )
      expect(Buffer.byteLength(result.files.summary)).toBeLessThan(SUMMARY_LIMIT)
      expect(result.summary).toMatch(
        /The summary was cut here|more line\(s\) are not shown here|The table shows the first \d+ of 30000 rows/
      )
      expectInertSummary(result.files.summary)
      for (const value of Object.values(result.outputs)) expect(Buffer.byteLength(value)).toBeLessThan(OUTPUT_LIMIT)
    }, 90_000)

    it('a short list is whole inline, and its file is written all the same', async () => {
      const apps = Array.from({ length: 3 }, app)
      service = await serve({ 'GET /apps': { body: { data: apps, paging: {} } } })
      const result = await runAction(
        { operation: 'list-apps', token: randomToken(), 'base-url': service.url },
        { env: { RUNNER_TEMP: runnerTemp() } }
      )
      expect(result.code).toBe(0)
      expect(JSON.parse(result.outputs.apps)).toEqual(apps)
      expect(JSON.parse(readFileSync(result.outputs['apps-file'], 'utf8'))).toEqual(apps)
      expect(result.outputs['response-file']).toBeUndefined()
      expect(result.stdout).not.toContain('::warning::')
    })
  })
})
