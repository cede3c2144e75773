/**
 * plan-matrix through dist/index.js against the emulator and a fake GitHub API on loopback: the
 * apps of app-paths a pull request touched become a job matrix, fail closed when the changed
 * files may be cut, a slug the token cannot read fails the plan, and nothing is triggered.
 */
import { describe, expect, it } from '@jest/globals'
import { fakeServices } from '../../helpers/fake-service.js'
import { randomInt, randomSlug, randomString } from '../../helpers/random.js'
import { expectNoSecrets } from '../../helpers/secrets.js'
import * as events from '../../fixtures/events/events.js'
import {
  emulatorPerFile,
  emulatorState,
  errorLine,
  expectFailed,
  expectPassed,
  requestLog,
  step,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

let emu: RunningEmulator
emulatorPerFile((started) => {
  emu = started
})
const serve = fakeServices()

const APPS = ['ios-app', 'android-app', 'web-app', 'api-server'] as const
const PATHS = APPS.map((app) => `${app}: [apps/${app}/**]`).join('\n')

/** A same-repository pull request whose files are `files`, served by a fake GitHub; `changedFiles` is what the payload says it changed. */
async function pullRequest(files: string[], changedFiles = files.length) {
  const repo = `acme/${randomString(10).toLowerCase()}`
  const payload = events.sameRepositoryPullRequest()
  const pr = payload.pull_request as { number: number; changed_files?: number }
  pr.changed_files = changedFiles
  const github = await serve({
    [`GET /repos/${repo}/pulls/${pr.number}/files`]: () => ({ body: files.map((filename) => ({ filename })) })
  })
  const githubToken = `ghs_${randomString(36)}`
  return {
    options: {
      event: { name: 'pull_request', payload },
      env: { GITHUB_API_URL: github.origin, GITHUB_REPOSITORY: repo }
    },
    githubToken
  }
}

const fileOf = (app: string): string => `apps/${app}/${randomString(6)}/${randomString(8)}.ts`

describe('plan-matrix', () => {
  it('the apps a pull request touched (a random few of four) become the matrix, with the workflow; nothing is triggered', async () => {
    const touched = APPS.filter(() => randomInt(2) === 1)
    const chosen = touched.length > 0 ? touched : [APPS[randomInt(APPS.length)]]
    const files = [...chosen.map(fileOf), `docs/${randomString(8)}.md`]
    const { options, githubToken } = await pullRequest(files)
    const workflow = `wf-${randomSlug()}`
    const result = await step(
      emu,
      'plan-matrix',
      { 'app-paths': PATHS, 'github-token': githubToken, workflow },
      options
    )
    expectPassed(result)
    expect(JSON.parse(result.outputs.matrix)).toEqual({ include: chosen.map((app) => ({ 'app-slug': app, workflow })) })
    expect(result.outputs.count).toBe(String(chosen.length))
    expect(JSON.parse(result.outputs['app-slugs'])).toEqual(chosen)
    expect(result.summary.split('\n')[0]).toBe(`<h3>ℹ️ Planned ${chosen.length} job(s) · ${workflow}</h3>`)
    expect((await emulatorState(emu)).builds).toEqual([])
    // Each chosen app was read once, and nothing else was asked of the service.
    expect((await requestLog(emu)).map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      chosen.map((app) => `GET /v0.1/apps/${app}`).sort()
    )
    expectNoSecrets(result, [githubToken])
  })

  it('no app touched: an empty include list and a count of 0, so the job over it can be skipped', async () => {
    const { options, githubToken } = await pullRequest([`docs/${randomString(8)}.md`])
    const result = await step(emu, 'plan-matrix', { 'app-paths': PATHS, 'github-token': githubToken }, options)
    expectPassed(result)
    expect(JSON.parse(result.outputs.matrix)).toEqual({ include: [] })
    expect(result.outputs.count).toBe('0')
  })

  it('changed files that may be cut: every app is planned (fail closed), or with app-paths-on-unknown: fail the step fails', async () => {
    const listed = [fileOf('web-app')]
    const cut = await pullRequest(listed, listed.length + 1 + randomInt(50))
    const all = await step(emu, 'plan-matrix', { 'app-paths': PATHS, 'github-token': cut.githubToken }, cut.options)
    expectPassed(all)
    expect(JSON.parse(all.outputs.matrix).include.map((entry: { 'app-slug': string }) => entry['app-slug'])).toEqual([
      ...APPS
    ])
    expect(all.stdout).toContain('the changed files are not known')

    const again = await pullRequest(listed, listed.length + 1 + randomInt(50))
    const failed = await step(
      emu,
      'plan-matrix',
      { 'app-paths': PATHS, 'github-token': again.githubToken, 'app-paths-on-unknown': 'fail' },
      again.options
    )
    expectFailed(failed)
    expect(errorLine(failed)).toContain('The changed files are not known')
    expect(failed.outputs.matrix).toBeUndefined()
  })

  it('a touched app the token cannot read fails the plan, naming it, and no matrix is written', async () => {
    const ghost = `ghost-${randomSlug()}`
    const { options, githubToken } = await pullRequest([fileOf('ios-app'), fileOf(ghost)])
    const result = await step(
      emu,
      'plan-matrix',
      { 'app-paths': `${PATHS}\n${ghost}: apps/${ghost}/**`, 'github-token': githubToken },
      options
    )
    expectFailed(result)
    expect(errorLine(result)).toContain(`The matrix was not planned: ${ghost}:`)
    expect(result.outputs.matrix).toBeUndefined()
  })

  it('more apps than one matrix runs (256) are refused before anything is sent', async () => {
    const many = Array.from({ length: 257 + randomInt(20) }, (_, i) => `app-${i}-${randomSlug()}: apps/${i}/**`).join(
      '\n'
    )
    const result = await step(emu, 'plan-matrix', { 'app-paths': many })
    expectFailed(result)
    expect(errorLine(result)).toMatch(/Input "app-paths": names \d+ apps; at most 256 fit one job matrix/)
    expect(await requestLog(emu)).toEqual([])
  })

  it('workflow and pipeline together are refused, and app-paths is required', async () => {
    const both = await step(emu, 'plan-matrix', { 'app-paths': PATHS, workflow: 'primary', pipeline: 'release' })
    expectFailed(both)
    expect(errorLine(both)).toContain('Input "pipeline": cannot be used together with workflow')
    const none = await step(emu, 'plan-matrix', {})
    expectFailed(none)
    expect(errorLine(none)).toContain('Input "app-paths": is required')
    expect(await requestLog(emu)).toEqual([])
  })
})
