/**
 * Text the service controls (build logs, status text, error messages, app
 * titles, migration errors) is hostile here: random lines that are workflow
 * commands if printed raw, and Markdown/HTML that would add links to the summary.
 * The bundle runs against the fake service; its stdout is read as the runner
 * reads it. Every run draws new values.
 */
import { describe, expect, it } from '@jest/globals'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fakeServices, type FakeService, type Reply } from '../../helpers/fake-service.js'
import {
  randomCommandLine,
  randomHostileMarkdown,
  randomHostileText,
  randomSlug,
  randomToken
} from '../../helpers/random.js'
import { runAction } from '../../helpers/run-action.js'
import { expectInert } from '../../helpers/scenarios/inert.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const serve = fakeServices()
let service: FakeService | undefined

/** Hostile text made of command lines and summary-breaking Markdown, with what to look for afterwards. */
function hostile(): { text: string; lines: string[]; fragments: string[] } {
  const commands = randomHostileText()
  const markdown = randomHostileMarkdown()
  const more = randomHostileText()
  // One line of each form for sure, so every run has both kinds.
  const v2 = randomCommandLine('::')
  const v1 = randomCommandLine('##[')
  return {
    text: `${commands.text}\n${markdown.text}\r${v1}\r\n${more.text}\n${v2}`,
    lines: [...commands.commandLines, ...more.commandLines, v1, v2],
    fragments: markdown.fragments
  }
}

function collect(...texts: Array<{ lines: string[]; fragments: string[] }>): { lines: string[]; fragments: string[] } {
  return { lines: texts.flatMap((t) => t.lines), fragments: texts.flatMap((t) => t.fragments) }
}

describe('text from the service never acts on the runner', () => {
  it('build log chunks, status text, abort reason and build URL while waiting', async () => {
    const token = randomToken()
    const app = randomSlug('app-')
    const build = randomSlug('b-')
    const chunks = [hostile(), hostile(), hostile()]
    const [running, finished, reason, url] = [hostile(), hostile(), hostile(), hostile()]
    const path = `/apps/${app}/builds/${build}`
    const record = (status: number, text: string): Reply => ({
      body: { data: { slug: build, status, status_text: text, abort_reason: reason.text } }
    })
    service = await serve({
      [`POST /apps/${app}/builds`]: {
        status: 201,
        body: {
          results: [{ build_slug: build, build_number: 7, build_url: `https://service.example/${build}\n${url.text}` }]
        }
      },
      [`GET ${path}`]: [record(0, running.text), record(0, `${running.text} again`), record(3, finished.text)],
      [`GET ${path}/log`]: (_req, count) => ({
        body: { log_chunks: chunks.slice(0, count).map((c, position) => ({ chunk: `${c.text}\n`, position })) }
      })
    })
    const result = await runAction({
      operation: 'trigger',
      token,
      'base-url': service.url,
      'app-slug': app,
      workflow: 'primary',
      wait: 'true',
      'poll-interval': '0.05',
      'fail-on-build-failure': 'false'
    })
    expect({ code: result.code, timedOut: result.timedOut }).toEqual({ code: 0, timedOut: false })
    // The hostile text reached the log as text: every chunk's plain lines are there.
    for (const chunk of chunks)
      for (const line of chunk.text.split(/\r\n|\r|\n/).filter((l) => l.startsWith('plain ')))
        expect(result.stdout).toContain(line)
    expect(result.outputs['build-status']).toBe('aborted')
    expectInert(
      result,
      [token],
      collect(...chunks, running, finished, reason, url).lines,
      collect(...chunks, running, finished, reason, url).fragments
    )
  })

  it('a 4xx error message, as the step error and while waiting', async () => {
    const token = randomToken()
    const message = hostile()
    service = await serve({ 'POST /apps/app-1/builds': { status: 400, body: { message: message.text } } })
    const failed = await runAction({
      operation: 'trigger',
      token,
      'base-url': service.url,
      'app-slug': 'app-1',
      workflow: 'primary'
    })
    expect(failed.code).toBe(1)
    expect(failed.stdout).toMatch(/^::error::POST \/apps\/app-1\/builds failed: the service answered 400: /m)
    expectInert(failed, [token], message.lines, message.fragments)
    await service.close()

    // A 404 right after the trigger does not end the wait: its message is logged, flattened to one line.
    const notYet = hostile()
    service = await serve({
      'GET /apps/app-1/builds/b-1': [
        { status: 404, body: { message: notYet.text } },
        { body: { data: { slug: 'b-1', status: 1, status_text: 'success' } } }
      ]
    })
    const waited = await runAction({
      operation: 'wait',
      token,
      'base-url': service.url,
      'app-slug': 'app-1',
      'build-slug': 'b-1',
      'poll-interval': '0.05',
      'stream-logs': 'false'
    })
    expect(waited.code).toBe(0)
    expect(waited.stdout).toContain('Reading the build status failed')
    expectInert(waited, [token], notYet.lines, notYet.fragments)
  })

  it('app titles in list-apps and get-app', async () => {
    const token = randomToken()
    const titles = [hostile(), hostile(), hostile()]
    const apps = titles.map((title, i) => ({
      slug: `app-${i}`,
      title: title.text,
      project_type: hostile().text,
      owner: { slug: 'org-acme' }
    }))
    service = await serve({
      'GET /organizations/org-acme/apps': { body: { data: apps, paging: {} } },
      'GET /apps/app-0': { body: { data: apps[0] } }
    })
    const listed = await runAction({ operation: 'list-apps', token, 'base-url': service.url, 'org-slug': 'org-acme' })
    expect(listed.code).toBe(0)
    expect(JSON.parse(listed.outputs.apps).map((app: { title: string }) => app.title)).toEqual(
      titles.map((t) => t.text)
    )
    expectInert(listed, [token], collect(...titles).lines, collect(...titles).fragments)

    const got = await runAction({ operation: 'get-app', token, 'base-url': service.url, 'app-slug': 'app-0' })
    expect(got.code).toBe(0)
    expect(got.outputs.title).toBe(titles[0].text)
    expectInert(got, [token], titles[0].lines, titles[0].fragments)
  })

  it('migration errors and message', async () => {
    const token = randomToken()
    const errors = [hostile(), hostile()]
    const apps = [hostile(), hostile()]
    const message = hostile()
    service = await serve({
      // No app uses the machine type: the check of to-machine has nothing to read.
      'GET /organizations/org-acme/apps': { body: { data: [] } },
      'PATCH /organizations/org-acme/apps/machine_types': {
        body: {
          message: message.text,
          migrated_apps: apps.map((a, i) => `${a.text} (app-${i})`),
          errors: errors.map((e, i) => ({ app: `${apps[i].text} (app-${i})`, error: e.text }))
        }
      }
    })
    const result = await runAction({
      operation: 'migrate-machine-types',
      token,
      'base-url': service.url,
      'org-slug': 'org-acme',
      'from-machine': 'g2-m1.4core',
      'to-machine': 'g2-m2.4core',
      'dry-run': 'false'
    })
    expect(result.code).toBe(0)
    expect(result.stdout.match(/^::warning::/gm)).toHaveLength(2)
    const all = collect(...errors, ...apps, message)
    expectInert(result, [token], all.lines, all.fragments)
  })

  it("the service's check of a service.yml: its errors and warnings in the log, the summary and the failure", async () => {
    const token = randomToken()
    const errors = [hostile(), hostile()]
    const warnings = [hostile()]
    service = await serve({
      'POST /validate-bitrise-yml': {
        body: { errors: errors.map((e) => e.text), warnings: warnings.map((w) => ({ message: w.text, line: 3 })) }
      }
    })
    const dir = tempDir('security-validate-')
    try {
      writeFileSync(join(dir, 'service.yml'), 'workflows:\n  primary: {}\n')
      const result = await runAction(
        {
          operation: 'validate-config',
          token,
          'base-url': service.url,
          'app-slug': 'app-1',
          'config-path': 'service.yml'
        },
        { workspace: dir }
      )
      expect(result.code).toBe(1)
      // The warning names its line, so it is an annotation with properties (file, line).
      expect(result.stdout.match(/^::warning[ :]/gm)).toHaveLength(1)
      const all = collect(...errors, ...warnings)
      expectInert(result, [token], all.lines, all.fragments)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
