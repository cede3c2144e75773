/**
 * What docs/security-secrets-and-text.md "What a wire trace holds" promises, through dist/index.js with trace: true
 * against a fake service whose every string is random text: the slugs the step sends in its
 * paths, the branch and workflow it sends in queries, every string of every answer (also in
 * the fields whose fixed words the trace keeps, filled with 40-character and `ghp_`-shaped
 * values), the keys and values of a configuration file whose text is JSON, and the content
 * types. None of that text is in the trace in any spelling (plain, URL-encoded, base64,
 * JSON-escaped), while the contract's route words and enum values are.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { fakeServices } from '../../helpers/fake-service.js'
import { random, randomInt, randomString } from '../../helpers/random.js'
import { runAction, type RunResult } from '../../helpers/run-action.js'
import { secretLeaksIn } from '../../helpers/secrets.js'
import { TOKEN } from '../../helpers/scenarios/operation-steps.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const serve = fakeServices()
const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** Every random text the test hands the step or has the service answer, to look for in the trace. */
let drawn: string[] = []

/** A random text of 16 to 40 characters (never shorter than the 12 a leak check needs), remembered. */
function text(alphabet?: string): string {
  const value = randomString(16 + randomInt(25), alphabet)
  drawn.push(value)
  return value
}
/** A value shaped like a GitHub token, or a 40-character identifier, for a field whose words the trace keeps. */
function wordLike(): string {
  const value = random() < 0.5 ? `ghp_${randomString(36)}` : `${randomString(1, 'abcdef')}${randomString(39, LOWER)}`
  drawn.push(value)
  return value
}

/** Runs a traced step and reads its trace. */
async function traced(url: string, inputs: Record<string, string>, env: Record<string, string> = {}) {
  const temp = tempDir('trace-promises-')
  const result: RunResult = await runAction(
    { token: TOKEN, 'base-url': url, trace: 'true', ...inputs },
    { env: { RUNNER_TEMP: temp, ...env } }
  )
  expect(result.timedOut).toBe(false)
  return { result, trace: readFileSync(result.outputs['trace-file'], 'utf8') }
}

describe('the wire trace keeps its promises', () => {
  it('a step whose every string is random text: none of it is in the trace, in any encoding', async () => {
    drawn = []
    const slug = text(LOWER)
    const app = {
      slug,
      title: text(),
      project_type: wordLike(),
      provider: wordLike(),
      repo_owner: text(),
      repo_slug: text(),
      repo_url: `https://${text(LOWER)}.example/${text()}`,
      is_disabled: false,
      is_public: random() < 0.5,
      status: 1,
      owner: { account_type: wordLike(), name: text(), slug: text(LOWER) },
      stack: wordLike(),
      [text()]: text()
    }
    // A configuration file whose text is JSON: its keys are data like its values.
    const config = JSON.stringify({
      [`export AWS_SECRET=${text()}`]: text(),
      workflows: { [text()]: { steps: [text()] } }
    })
    const branch = `${text()}/${text()}`
    const workflow = text()
    const fake = await serve({
      [`GET /apps/${slug}`]: { body: { data: app } },
      [`GET /apps/${slug}/service.yml`]: { raw: config, headers: { 'content-type': `text/x-${text(LOWER)}` } },
      [`GET /apps/${slug}/builds`]: { body: { data: [], paging: { total_item_count: 0, page_item_limit: 50 } } }
    })
    const repository = { GITHUB_REPOSITORY: `${text(LOWER)}/${text(LOWER)}`, GITHUB_REPOSITORY_OWNER: text(LOWER) }
    const runs = [
      await traced(fake.url, { operation: 'get-app', 'app-slug': slug }),
      await traced(fake.url, { operation: 'get-config', 'app-slug': slug, 'config-path': `${text(LOWER)}.yml` }),
      await traced(fake.url, { operation: 'abort', 'app-slug': slug, branch, workflow }, repository)
    ]
    // The steps ran what they were asked: the fake saw each request, with the random values.
    expect(fake.calls(`GET /apps/${slug}`).length).toBeGreaterThan(0)
    expect(fake.calls(`GET /apps/${slug}/service.yml`).length).toBeGreaterThan(0)
    const listed = fake.calls(`GET /apps/${slug}/builds`)
    expect(listed.map((r) => [r.query.branch, r.query.workflow])).toContainEqual([branch, workflow])
    for (const { result, trace } of runs) {
      expect({ code: result.code, stdout: result.code === 0 ? '' : result.stdout }).toEqual({ code: 0, stdout: '' })
      expect(secretLeaksIn(trace, drawn)).toEqual([])
      // What it does hold: the contract's route words, numbers and placeholders.
      for (const line of trace.trimEnd().split('\n').slice(1)) {
        const entry = JSON.parse(line) as { url?: string; answer?: { type: string | null } }
        if (entry.url === undefined) continue
        expect(entry.url).toMatch(/^\/v0\.1\/apps\/<string:\d+#\d+>(\/(service\.yml|builds))?(\?.*)?$/)
        expect([null, 'application/json', 'other']).toContain(entry.answer?.type)
      }
    }
    const [getApp, getConfig, abort] = runs.map((run) => run.trace)
    expect(getApp).toContain('"status":1')
    expect(getConfig).toMatch(/"body":\{"kind":"other","bytes":\d+\}/)
    expect(abort).toMatch(/[?&]branch=<string:\d+>/)
  })
})
