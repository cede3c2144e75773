/**
 * GitHub keeps at most 1 MB of an output and 1 MiB of a step's summary. Long lists
 * from the service are cut inline (still valid JSON) and kept whole in a file
 * under RUNNER_TEMP; a warning says so. Runs the bundle against the fake service.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fakeServices, type FakeService } from '../helpers/fake-service.js'
import { randomSlug, randomString, randomToken } from '../helpers/random.js'
import { runAction, type RunResult } from '../helpers/run-action.js'
import { expectInertSummary } from '../bundle/inert.js'

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
  temp = mkdtempSync(join(tmpdir(), 'runner-temp-'))
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
        'to-machine': 'g2-m2.4core'
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
