/** trigger-build.yml as it behaves: expressions evaluated, the fan-out's plan and build jobs, concurrency. */
import { describe, expect, it } from '@jest/globals'
import { randomInt, randomSlug } from '../helpers/random.js'
import {
  ACTION_CHECKOUT_PATH,
  evaluate,
  expressionsIn,
  interpolate,
  jobsOf,
  mappingAt,
  readYaml,
  stepsOf,
  type Mapping
} from './workflow-files.js'
import { action, actionSteps, metadataOf } from './wiring.js'

describe('trigger-build.yml behaviour', () => {
  const doc = readYaml('.github/workflows/trigger-build.yml')
  const [[, job]] = jobsOf(doc)
  const step = actionSteps(job)[0]

  it('fans out over matrix-apps, falling back to app-slug, without fail-fast', () => {
    const strategy = mappingAt(job, 'strategy')
    expect(strategy['fail-fast']).toBe(false)
    const matrix = String(mappingAt(strategy, 'matrix').app)
    expect(matrix).toContain('inputs.matrix-apps')
    expect(matrix).toContain('inputs.app-slug')
    expect(mappingAt(step, 'with')['app-slug']).toBe('${{ matrix.app }}')
  })

  it('has a multi-app mode: app-paths and fail-fast go to one step, and its builds output comes back', () => {
    const inputs = mappingAt(mappingAt(doc.on, 'workflow_call'), 'inputs')
    expect(mappingAt(inputs, 'app-paths')).toEqual(expect.objectContaining({ type: 'string', default: '' }))
    expect(mappingAt(inputs, 'fail-fast')).toEqual(expect.objectContaining({ type: 'boolean', default: true }))
    expect(mappingAt(step, 'with')['fail-fast']).toBe('${{ inputs.fail-fast }}')
    // Without fan-out the one step gets app-paths; with it, each job builds its one app.
    const paths = `${randomSlug()}: apps/${randomSlug()}/**`
    expect(
      interpolate(String(mappingAt(step, 'with')['app-paths']), { inputs: { 'app-paths': paths, 'fan-out': false } })
    ).toBe(paths)
    expect(
      interpolate(String(mappingAt(step, 'with')['app-paths']), { inputs: { 'app-paths': paths, 'fan-out': true } })
    ).toBe('')
    expect(mappingAt(mappingAt(mappingAt(doc.on, 'workflow_call'), 'outputs'), 'builds').value).toBe(
      '${{ jobs.trigger.outputs.builds || jobs.trigger-oidc.outputs.builds }}'
    )
    expect(mappingAt(job, 'outputs').builds).toBe('${{ steps.build.outputs.builds }}')
  })

  describe('fan-out: a plan job, then one build job per planned app', () => {
    const jobs = Object.fromEntries(jobsOf(doc))
    const plan = jobs.plan
    const planStep = actionSteps(plan)[0]
    const strategyOf = (context: Mapping): unknown =>
      evaluate(expressionsIn(String(mappingAt(mappingAt(job, 'strategy'), 'matrix').app))[0], context)
    const runsWhen = (context: Mapping): boolean => Boolean(evaluate(expressionsIn(String(job.if))[0], context))
    const slugs = (): string[] => Array.from({ length: 1 + randomInt(8) }, () => randomSlug('app-'))

    it('the plan job runs plan-matrix on app-paths with the manage sub-action, only with fan-out', () => {
      expect(planStep.uses).toBe(`./${ACTION_CHECKOUT_PATH}/manage`)
      expect(mappingAt(planStep, 'with')).toEqual(
        expect.objectContaining({
          operation: 'plan-matrix',
          'app-paths': '${{ inputs.app-paths }}',
          'app-paths-on-unknown': '${{ inputs.app-paths-on-unknown }}'
        })
      )
      const planIf = expressionsIn(String(plan.if))[0] ?? String(plan.if)
      expect(evaluate(planIf, { inputs: { 'fan-out': true, 'oidc-policy-id': '' } })).toBe(true)
      expect(evaluate(planIf, { inputs: { 'fan-out': false, 'oidc-policy-id': '' } })).toBe(false)
      expect(job.needs).toBe('plan')
      expect(mappingAt(mappingAt(mappingAt(doc.on, 'workflow_call'), 'outputs'), 'planned-apps').value).toBe(
        '${{ jobs.plan.outputs.app-slugs || jobs.plan-oidc.outputs.app-slugs }}'
      )
    })

    it('with fan-out, one build job per planned app (random slugs); without, matrix-apps or app-slug as before', () => {
      const planned = slugs()
      const needs = {
        plan: { result: 'success', outputs: { 'app-slugs': JSON.stringify(planned), count: String(planned.length) } }
      }
      expect(strategyOf({ inputs: { 'fan-out': true, 'matrix-apps': '', 'app-slug': '' }, needs })).toEqual(planned)
      const listed = slugs()
      const skipped = { plan: { result: 'skipped', outputs: {} } }
      expect(
        strategyOf({
          inputs: { 'fan-out': false, 'matrix-apps': JSON.stringify(listed), 'app-slug': '' },
          needs: skipped
        })
      ).toEqual(listed)
      const one = randomSlug('app-')
      expect(strategyOf({ inputs: { 'fan-out': false, 'matrix-apps': '', 'app-slug': one }, needs: skipped })).toEqual([
        one
      ])
    })

    it('build jobs run without fan-out (plan skipped), with a plan that chose apps, and never after no app, a failed plan or a cancel', () => {
      const with_ = (result: string, count?: string, cancelled = false) => ({
        $cancelled: cancelled,
        inputs: { 'oidc-policy-id': '' },
        needs: { plan: { result, outputs: count === undefined ? {} : { count } } }
      })
      expect(runsWhen(with_('skipped'))).toBe(true)
      expect(runsWhen(with_('success', String(1 + randomInt(256))))).toBe(true)
      expect(runsWhen(with_('success', '0'))).toBe(false)
      expect(runsWhen(with_('failure'))).toBe(false)
      expect(runsWhen(with_('skipped', undefined, true))).toBe(false)
    })
  })

  describe('concurrency', () => {
    const concurrency = mappingAt(job, 'concurrency')
    /** The group and whether it cancels, for a run of the caller on `event` (the PR number or the run id drawn at random). */
    const run = (event: string, { pr = randomInt(1, 100_000), runId = randomInt(1e9, 1e10), app = 'ios-app' } = {}) => {
      const context = {
        github: {
          workflow: 'Service CI build',
          event_name: event,
          ref: event.startsWith('pull_request') ? `refs/pull/${pr}/merge` : 'refs/heads/main',
          run_id: runId,
          event: event.startsWith('pull_request') ? { pull_request: { number: pr } } : {}
        },
        matrix: { app },
        inputs: { workflow: 'primary' }
      }
      const cancel = String(concurrency['cancel-in-progress'])
      return {
        group: interpolate(String(concurrency.group), context),
        cancels: expressionsIn(cancel).length === 1 ? evaluate(expressionsIn(cancel)[0], context) : cancel
      }
    }

    it.each(['pull_request', 'pull_request_target'])(
      'a newer %s run cancels the older one for the same pull request and app',
      (event) => {
        const pr = randomInt(1, 100_000)
        const older = run(event, { pr })
        const newer = run(event, { pr })
        expect(newer.group).toBe(older.group)
        expect(newer.cancels).toBe(true)
        expect(run(event, { pr, app: 'android-app' }).group).not.toBe(older.group)
        expect(run(event, { pr: pr + 1 }).group).not.toBe(older.group)
      }
    )

    it.each(['push', 'schedule', 'workflow_dispatch', 'merge_group', 'release'])(
      'a %s run is neither cancelled nor held back by a later run',
      (event) => {
        const older = run(event)
        const newer = run(event)
        expect(newer.cancels).toBe(false)
        expect(newer.group).not.toBe(older.group)
      }
    )
  })

  it('triggers from the GitHub event with the trigger sub-action, and waits as the caller asks', () => {
    expect(step.uses).toBe(`./${ACTION_CHECKOUT_PATH}/trigger`)
    expect(mappingAt(step, 'with')).toEqual(expect.objectContaining({ 'from-event': 'true' }))
    expect(mappingAt(step, 'with').operation).toBeUndefined()
    // Without park, wait, github-status and github-token are what the caller's wait and the action's defaults give.
    const wait = randomInt(2) === 0
    const secret = randomSlug('ghs_')
    const context = (park: boolean) => ({
      inputs: { wait, park },
      secrets: { 'github-token': secret },
      github: { token: 'job-token' }
    })
    const given = (name: string, park: boolean) => interpolate(String(mappingAt(step, 'with')[name]), context(park))
    expect([given('wait', false), given('github-status', false), given('github-token', false)]).toEqual([
      String(wait),
      String(mappingAt(action.inputs, 'github-status').default),
      'job-token'
    ])
    // With park, the action parks on a commit status posted with the github-token secret.
    expect([given('wait', true), given('github-status', true), given('github-token', true)]).toEqual([
      'park',
      'commit-status',
      secret
    ])
  })

  it('refuses park together with wait, in a step before the trigger', () => {
    const steps = stepsOf(job)
    const guard = steps.findIndex((one) => String(one.if) === '${{ inputs.park && inputs.wait }}')
    expect(guard).toBeGreaterThan(-1)
    expect(guard).toBeLessThan(steps.indexOf(step))
    expect(String(steps[guard].run)).toContain('exit 1')
    const park = mappingAt(mappingAt(mappingAt(doc.on, 'workflow_call'), 'inputs'), 'park')
    expect([park.type, park.default]).toEqual(['boolean', false])
    expect(mappingAt(mappingAt(mappingAt(doc.on, 'workflow_call'), 'secrets'), 'github-token').required).toBe(false)
  })

  it("defaults wait as the action's own wait input does", () => {
    const wait = mappingAt(mappingAt(mappingAt(doc.on, 'workflow_call'), 'inputs'), 'wait')
    expect(wait.type).toBe('boolean')
    expect(String(wait.default)).toBe(String(mappingAt(action.inputs, 'wait').default))
    expect(String(wait.default)).toBe(String(mappingAt(metadataOf(step).inputs, 'wait').default))
  })
})
