/**
 * A replay answers as one consistent service: a waited trigger with artifacts is traced by the
 * bundled action against the emulator (its build held running for a random while), the trace is
 * replayed, and a client asks the replay what the step asked. Its answers agree with each other:
 * the build answers under the one slug the trigger gave, everywhere; the artifacts keep distinct
 * slugs; the build's recorded duration is kept (not 0); texts read as text; and a route the
 * trace never held is answered by the emulator's model, as the emulator would.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { startEmulator, type RunningEmulator } from '../../../emulator/server.js'
import { randomInt, randomSlug, randomToken } from '../../helpers/random.js'
import { runAction } from '../../helpers/run-action.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const running: RunningEmulator[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((emu) => emu.close()))
})

const TRIGGER = {
  'from-event': 'false',
  branch: 'main',
  workflow: 'primary',
  'branch-repo-owner': 'acme',
  'branch-dest-repo-owner': 'acme'
}

async function json(url: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await fetch(url, { ...init, headers: { authorization: 'token-dora-developer', ...init.headers } })
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
}

describe('a replayed trace keeps identity', () => {
  it('a client asking the replay gets answers that agree with each other', async () => {
    const durationMs = 1200 + randomInt(1500)
    const recording = await startEmulator({ port: 0, buildDurationMs: durationMs })
    running.push(recording)
    const temp = tempDir('replay-identity-')
    const recorded = await runAction(
      {
        operation: 'trigger',
        token: 'token-dora-developer',
        'base-url': recording.url,
        'app-slug': 'ios-app',
        ...TRIGGER,
        wait: 'true',
        'poll-interval': '0.2',
        'list-artifacts': 'true',
        trace: 'true'
      },
      { env: { RUNNER_TEMP: temp } }
    )
    expect(recorded.code).toBe(0)
    const trace = recorded.outputs['trace-file']
    expect(readFileSync(trace, 'utf8')).not.toContain(recorded.outputs['build-slug'])

    const replay = await startEmulator({ port: 0, replayFile: trace })
    running.push(replay)
    const app = randomSlug('app-')
    const started = await json(`${replay.url}/apps/${app}/builds`, {
      method: 'POST',
      body: JSON.stringify({ hook_info: { type: 'service' }, build_params: { branch: 'main', workflow_id: 'primary' } })
    })
    expect(started.status).toBe(201)
    const slug = String(started.body.build_slug)
    expect((started.body.results as Array<{ build_slug: string }>)[0].build_slug).toBe(slug)
    // The build answers under that slug, on the build's route and in its artifacts' answers.
    let build: Record<string, unknown> = {}
    for (let read = 0; read < 500 && build.status_text !== 'success'; read++)
      build = (await json(`${replay.url}/apps/${app}/builds/${slug}`)).body.data as Record<string, unknown>
    expect(build.status_text).toBe('success')
    expect(build.slug).toBe(slug)
    // The recorded duration, not 0: the build was held running for durationMs.
    const took = Date.parse(String(build.finished_at)) - Date.parse(String(build.started_on_worker_at))
    expect(took).toBeGreaterThanOrEqual(durationMs - 1000)
    // Texts are text: the workflow's name is not one letter repeated.
    expect(String(build.triggered_workflow)).not.toMatch(/^(.)\1*$/)
    const artifacts = (await json(`${replay.url}/apps/${app}/builds/${slug}/artifacts`)).body.data as Array<{
      slug: string
    }>
    expect(artifacts.length).toBeGreaterThan(1)
    expect(new Set(artifacts.map((artifact) => artifact.slug)).size).toBe(artifacts.length)
    expect(artifacts.map((artifact) => artifact.slug)).not.toContain(slug)
    // A route the step never called: the emulator's model answers it, as the emulator would.
    const me = await json(`${replay.url}/me`)
    expect(me.status).toBe(200)
    expect(me.body.data).toMatchObject({ slug: expect.any(String) })
    const refused = await fetch(`${replay.url}/me`, { headers: { authorization: randomToken() } })
    expect(refused.status).toBe(401)
  })
})
