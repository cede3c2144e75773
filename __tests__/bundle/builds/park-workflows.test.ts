/**
 * The reusable workflow report-parked-builds.yml, its sweep step run as the runner would against
 * the emulator and the fake GitHub, and trigger-build.yml parking a build that it then reports.
 */
import { describe, expect, it } from '@jest/globals'
import { randomSlug, randomToken } from '../../helpers/random.js'
import { BUNDLE_FOLDER, runAction, type RunOptions } from '../../helpers/run-action.js'
import * as events from '../../fixtures/events/events.js'
import { expectNoSecrets } from '../../helpers/secrets.js'
import {
  evaluate,
  isMapping,
  jobsOf,
  mappingAt,
  readYaml,
  stepsOf,
  type Mapping
} from '../../workflows/workflow-files.js'
import { expectPassed, setConcurrency, TOKENS } from '../../helpers/scenarios/emulator-steps.js'
import {
  buildEnded as finished,
  emu,
  env,
  github,
  park,
  REPOSITORY,
  sha,
  useParkWorld,
  writes
} from '../../helpers/subjects/park-steps.js'

useParkWorld()

/**
 * Runs a reusable workflow's action step as the runner would: its with: evaluated against the
 * call's inputs (their defaults filled in) and secrets, the sub-action's defaults filled in.
 */
async function runReusable(
  doc: Mapping,
  actionStep: Mapping,
  subAction: string,
  inputs: Record<string, unknown>,
  extra: { secrets?: Record<string, string>; matrix?: Record<string, string>; options?: RunOptions } = {}
) {
  const call = mappingAt(mappingAt(doc.on, 'workflow_call'), 'inputs')
  const githubToken = `ghs_${randomToken()}`
  const context = {
    inputs: {
      ...Object.fromEntries(Object.keys(call).map((k) => [k, mappingAt(call, k).default ?? ''])),
      ...inputs
    },
    secrets: { token: TOKENS.owner, ...extra.secrets },
    matrix: extra.matrix ?? {},
    github: { token: githubToken, repository: REPOSITORY }
  }
  const resolve = (value: unknown): string =>
    String(value).replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expression: string) =>
      String(evaluate(expression, context) ?? '')
    )
  const action = readYaml(`${subAction}/action.yml`)
  const values: Record<string, string> = {}
  for (const [name, spec] of Object.entries(mappingAt(action, 'inputs')))
    if (isMapping(spec) && spec.default !== undefined) values[name] = resolve(spec.default)
  for (const [name, value] of Object.entries(mappingAt(actionStep, 'with'))) values[name] = resolve(value)
  values['base-url'] = emu.url
  const main = String(mappingAt(action, 'runs').main).replace(/^\.\.\/dist\//, `../${BUNDLE_FOLDER}/`)
  const result = await runAction(values, {
    bundle: `${process.cwd()}/${subAction}/${main}`,
    ...extra.options,
    env: { ...env(), ...extra.options?.env }
  })
  expectNoSecrets(result, [TOKENS.owner, githubToken, ...Object.values(extra.secrets ?? {})])
  return result
}

describe('the reusable workflow report-parked-builds.yml', () => {
  const doc = readYaml('.github/workflows/report-parked-builds.yml')
  const [[, job]] = jobsOf(doc)
  const sweepStep = stepsOf(job).find((one) => one.uses === './.service-ci-action/manage') ?? {}

  /** Runs the workflow's step as the runner would: its with: evaluated, the manage sub-action's defaults filled in. */
  const runWorkflow = (inputs: Record<string, string>) => runReusable(doc, sweepStep, 'manage', inputs)

  it('runs one sweep at a time per repository, never cancelled, with checks: write', () => {
    expect(mappingAt(job, 'concurrency')['cancel-in-progress']).toBe(false)
    expect(String(mappingAt(job, 'concurrency').group)).toContain('github.repository')
    expect(mappingAt(job, 'permissions')).toEqual({
      checks: 'write',
      contents: 'read',
      'pull-requests': 'write',
      statuses: 'write'
    })
    expect(mappingAt(sweepStep, 'with').operation).toBe('report-parked')
  })

  it('a park, then the workflow: the check run completed with the result, and a second run changes nothing', async () => {
    await setConcurrency(emu, 'ios-app', 0)
    const parked = await park(sha())
    expectPassed(parked)
    const [check] = [...github.checkRuns.values()]
    expect(check.status).toBe('in_progress')
    await setConcurrency(emu, 'ios-app', null)
    await finished(parked.outputs['build-slug'])
    const first = await runWorkflow({ 'app-slug': 'ios-app' })
    expectPassed(first)
    expect(first.outputs.count).toBe('1')
    expect(check).toMatchObject({ status: 'completed', conclusion: 'success' })
    const before = writes().length
    const second = await runWorkflow({ 'app-slug': 'ios-app' })
    expectPassed(second)
    expect(second.outputs.count).toBe('0')
    expect(writes().length).toBe(before)
  })

  it('with org-slug, every app of the Workspace is swept', async () => {
    const parked = await park(sha(), { 'app-slug': 'web-app', branch: 'main' })
    expectPassed(parked)
    await finished(parked.outputs['build-slug'])
    const swept = await runWorkflow({ 'org-slug': 'acme' })
    expectPassed(swept)
    expect(swept.outputs.count).toBe('1')
  })

  it('trigger-build.yml with park: true parks on a commit status; this workflow then completes it', async () => {
    const trigger = readYaml('.github/workflows/trigger-build.yml')
    const [[, triggerJob]] = jobsOf(trigger)
    const triggerStep = stepsOf(triggerJob).find((one) => one.uses === './.service-ci-action/trigger') ?? {}
    const payload = events.pushBranch()
    const commit = sha()
    Object.assign(payload, { ref: `refs/heads/feature/${randomSlug()}`, after: commit, before: sha() })
    payload.head_commit.id = commit
    await setConcurrency(emu, 'ios-app', 0)
    const appToken = `ghs_${randomToken()}`
    const parked = await runReusable(
      trigger,
      triggerStep,
      'trigger',
      { park: true, 'app-slug': 'ios-app' },
      {
        secrets: { 'github-token': appToken },
        matrix: { app: 'ios-app' },
        options: { event: { name: 'push', payload, ref: payload.ref, sha: commit } }
      }
    )
    expectPassed(parked)
    expect(parked.outputs.parked).toBe('true')
    const slug = parked.outputs['build-slug']
    expect(github.statuses).toEqual([
      expect.objectContaining({
        state: 'pending',
        sha: commit,
        repository: REPOSITORY,
        context: expect.stringContaining(`(build ${slug})`)
      })
    ])
    // The status was posted with the github-token secret, not the job's GITHUB_TOKEN.
    expect(github.requests.filter((r) => r.method === 'POST').map((r) => r.authorization)).toEqual([
      expect.stringContaining(appToken)
    ])
    await setConcurrency(emu, 'ios-app', null)
    await finished(slug)
    const swept = await runWorkflow({ 'app-slug': 'ios-app' })
    expectPassed(swept)
    expect(swept.outputs.count).toBe('1')
    expect(github.statuses.at(-1)).toMatchObject({ state: 'success', context: github.statuses[0].context })
  })
})
