/**
 * The wiring actionlint cannot see: inputs handed to this repository's action or one of its
 * sub-actions (a local action to actionlint) must exist in that action's action.yml, with every
 * input it requires, outputs must lead back to outputs the action sets,
 * every workflow_call input and secret must be used, and the example callers must pass what
 * the reusable workflows declare (a remote reusable workflow to actionlint).
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { randomInt, randomSlug, randomUUID } from '../helpers/random.js'
import {
  ACTION_CHECKOUT_PATH,
  actionMetadata,
  actionRepository,
  evaluate,
  expressionsIn,
  interpolate,
  isMapping,
  jobsOf,
  mappingAt,
  readText,
  readYaml,
  stepsOf,
  workflowFiles,
  yamlFilesIn,
  type Mapping
} from './workflow-files.js'

const REUSABLE = ['.github/workflows/trigger-build.yml', '.github/workflows/migrate-machine-types.yml']
const NAME = actionRepository()
const escapedName = NAME.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** How the examples run this project's action, or one of its sub-actions: by its name at a release tag. */
const PUBLISHED_ACTION = new RegExp(`^${escapedName}(?:/([\\w-]+))?@v\\d+$`)
/** How the reusable workflows and CI run it: from a checkout, the root or a sub-action's folder. */
const LOCAL_ACTION = new RegExp(`^\\./(?:${ACTION_CHECKOUT_PATH.replace('.', '\\.')}/?)?([\\w-]+)?$`)
/** How the examples reference this project's reusable workflows. */
const PUBLISHED = new RegExp(`^${escapedName}/(\\.github/workflows/[\\w.-]+\\.ya?ml)@v\\d+$`)

const action = actionMetadata()

/** The folder (a sub-action's, or '' for the root) a step's `uses` runs, or undefined when it runs another action. */
function actionFolder(uses: unknown): string | undefined {
  if (typeof uses !== 'string') return undefined
  const match = LOCAL_ACTION.exec(uses) ?? PUBLISHED_ACTION.exec(uses)
  return match ? (match[1] ?? '') : undefined
}

/** The inputs and outputs of the action (root or sub-action) a step runs. */
function metadataOf(step: Mapping): { inputs: Mapping; outputs: Mapping } {
  const folder = actionFolder(step.uses) ?? ''
  if (folder === '') return action
  if (!existsSync(`${folder}/action.yml`))
    throw new Error(`${String(step.uses)} names no sub-action: ${folder}/action.yml is missing`)
  const doc = readYaml(`${folder}/action.yml`)
  return { inputs: mappingAt(doc, 'inputs'), outputs: mappingAt(doc, 'outputs') }
}

function requiredInputs(inputs: Mapping): string[] {
  return Object.entries(inputs)
    .filter(([, input]) => isMapping(input) && input.required === true)
    .map(([name]) => name)
}

/** Every string in a YAML value (mapping values and list items, recursively). */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsIn)
  if (isMapping(value)) return Object.values(value).flatMap(stringsIn)
  return []
}

/** Every expression in a workflow outside its `on:` block. */
function expressionsOutsideOn(workflow: Mapping): string[] {
  return Object.entries(workflow)
    .filter(([key]) => key !== 'on')
    .flatMap(([, value]) => stringsIn(value))
    .flatMap(expressionsIn)
}

function escape(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Whether an expression reads `<context>.<name>` (or `<context>['<name>']`). */
function reads(expressions: string[], context: string, name: string): boolean {
  const pattern = new RegExp(`\\b${context}\\s*(\\.\\s*${escape(name)}(?![\\w-])|\\[\\s*'${escape(name)}'\\s*\\])`)
  return expressions.some((expr) => pattern.test(expr))
}

/** Every `<context>.<a>.outputs.<b>` read in an expression, as [a, b]. */
function outputRefs(text: string, context: 'jobs' | 'steps' | 'needs'): Array<[string, string]> {
  return expressionsIn(text).flatMap((expr) =>
    [...expr.matchAll(new RegExp(`\\b${context}\\.([\\w-]+)\\.outputs\\.([\\w-]+)`, 'g'))].map(
      (m): [string, string] => [m[1], m[2]]
    )
  )
}

/**
 * The steps that run this repository's action or a sub-action: `uses: ./` (its own CI), its
 * checkout at the reusable workflow's own commit, or (in the examples) its published reference.
 */
function actionSteps(job: Mapping): Mapping[] {
  return stepsOf(job).filter((step) => actionFolder(step.uses) !== undefined)
}

const workflows = workflowFiles().map((file) => ({ file, doc: readYaml(file) }))

/** The step of the migration's preview jobs that checks the preview has a credential of its own. */
const CREDENTIAL_CHECK = 'Check that the preview has a credential of its own'

/**
 * The credential a job of a reusable workflow signs in with: its token secret and the input of
 * its trust policy. The migration's preview has its own, apart from the Workspace owner's.
 */
function signInOf(file: string, jobId: string): { secret: string; policy: string } {
  return file.endsWith('migrate-machine-types.yml') && jobId.startsWith('preview')
    ? { secret: 'preview-token', policy: 'preview-oidc-policy-id' }
    : { secret: 'token', policy: 'oidc-policy-id' }
}

describe('steps that run this repository action', () => {
  const stepsByFile = workflows.flatMap(({ file, doc }) =>
    jobsOf(doc).flatMap(([jobId, job]) => actionSteps(job).map((step) => ({ file, jobId, job, step })))
  )

  it('are found in the reusable workflows and in CI', () => {
    expect([...new Set(stepsByFile.map(({ file }) => file))]).toEqual(
      expect.arrayContaining(['.github/workflows/ci.yml', ...REUSABLE])
    )
  })

  it.each(stepsByFile.map((entry) => [`${entry.file} ${entry.jobId}`, entry] as const))(
    '%s: has an id and passes only inputs its action.yml declares, and all it requires',
    (_, { step }) => {
      expect(typeof step.id).toBe('string')
      const { inputs } = metadataOf(step)
      const passed = Object.keys(mappingAt(step, 'with'))
      expect(passed.filter((name) => !(name in inputs))).toEqual([])
      expect(requiredInputs(inputs).filter((name) => !passed.includes(name))).toEqual([])
    }
  )

  it('the reading of uses: finds the root action and each sub-action, and nothing else', () => {
    expect(['./', `./${ACTION_CHECKOUT_PATH}`, `${NAME}@v2`].map(actionFolder)).toEqual(['', '', ''])
    expect([`./${ACTION_CHECKOUT_PATH}/trigger`, './wait', `${NAME}/build-requests@v2`].map(actionFolder)).toEqual([
      'trigger',
      'wait',
      'build-requests'
    ])
    expect(
      ['actions/checkout@v6', `${NAME}/.github/workflows/trigger-build.yml@v2`, '.github/actions/x'].map(actionFolder)
    ).toEqual([undefined, undefined, undefined])
    expect(() => metadataOf({ uses: `./${ACTION_CHECKOUT_PATH}/${randomInt(1e6)}-missing` })).toThrow(
      /names no sub-action/
    )
  })

  it.each(workflows.map(({ file, doc }) => [file, doc] as const))(
    '%s: reads only outputs the action declares',
    (_, doc) => {
      const unknown: string[] = []
      for (const [jobId, job] of jobsOf(doc)) {
        const steps = new Map(actionSteps(job).map((step) => [step.id, step]))
        for (const [stepId, output] of outputRefs(JSON.stringify(job), 'steps')) {
          const step = steps.get(stepId)
          if (step && !(output in metadataOf(step).outputs)) unknown.push(`${jobId}: steps.${stepId}.outputs.${output}`)
        }
      }
      expect(unknown).toEqual([])
    }
  )
})

describe.each(REUSABLE)('%s', (file) => {
  const doc = readYaml(file)
  const call = mappingAt(doc.on, 'workflow_call')
  const jobs = Object.fromEntries(jobsOf(doc))
  const used = expressionsOutsideOn(doc)

  it('is a reusable workflow whose token secret is optional: oidc-policy-id signs in without it', () => {
    expect(isMapping(doc.on) && 'workflow_call' in doc.on).toBe(true)
    expect(mappingAt(mappingAt(call, 'secrets'), 'token').required).toBe(false)
    expect(mappingAt(mappingAt(call, 'inputs'), 'oidc-policy-id')).toEqual(
      expect.objectContaining({ type: 'string', default: '' })
    )
  })

  it('has an OIDC twin of each job: the same job, with id-token: write and without its token secret, and if: runs exactly one', () => {
    const plain = jobsOf(doc).filter(([jobId]) => !jobId.endsWith('-oidc'))
    expect(plain.length).toBeGreaterThan(0)
    for (const [jobId, job] of plain) {
      const twin = jobs[`${jobId}-oidc`]
      const { secret, policy } = signInOf(file, jobId)
      expect([jobId, isMapping(twin)]).toEqual([jobId, true])
      expect([jobId, String(job.if)]).toEqual([
        jobId,
        expect.stringMatching(new RegExp(`^\\$\\{\\{ inputs\\.${policy} == '' `))
      ])
      // A job that needs one job of a twin pair needs its twin's twin; one that needs both pairs' jobs follows whichever ran.
      const twinIf = String(job.if).replace(`inputs.${policy} == ''`, `inputs.${policy} != ''`)
      expect([jobId, String(twin.if)]).toEqual([
        jobId,
        Array.isArray(job.needs) ? twinIf : twinIf.replace(/needs\.([\w-]+)\./g, 'needs.$1-oidc.')
      ])
      if (Array.isArray(job.needs)) expect([jobId, twin.needs]).toEqual([jobId, job.needs])
      expect(mappingAt(twin, 'permissions')).toEqual({ ...mappingAt(job, 'permissions'), 'id-token': 'write' })
      expect([jobId, JSON.stringify(twin)]).toEqual([
        jobId,
        expect.not.stringMatching(new RegExp(`secrets\\.(${secret}|token)\\b(?!-)`))
      ])
      expect(mappingAt(actionSteps(twin)[0], 'with')).toEqual(
        expect.objectContaining({
          'oidc-policy-id': `\${{ inputs.${policy} }}`,
          'oidc-audience': '${{ inputs.oidc-audience }}'
        })
      )
      expect(mappingAt(actionSteps(job)[0], 'with').token).toBe(`\${{ secrets.${secret} }}`)
      // Apart from the sign-in, the gate, the permission, what depends on its twin and the check of the preview's own credential, the two jobs are the same.
      const strip = (value: Mapping, oidc: boolean): string =>
        JSON.stringify({ ...value, if: undefined, permissions: undefined, needs: undefined }, (key, v) =>
          ['token', 'oidc-policy-id', 'oidc-audience', 'org-slug'].includes(key) &&
          !String(v).includes('action-repository-token')
            ? undefined
            : isMapping(v) && v.name === CREDENTIAL_CHECK
              ? { name: v.name }
              : v
        ).replaceAll(oidc ? '-oidc' : '\u0000', '')
      expect(strip(twin, true)).toBe(strip(job, false))
    }
  })

  it("lets no caller steer where the job's OIDC token goes past the action's own rule: no exchange URL, no token type, no runner variable", () => {
    const inputs = Object.keys(mappingAt(call, 'inputs'))
    expect(inputs.filter((name) => ['oidc-exchange-url', 'oidc-subject-token-type'].includes(name))).toEqual([])
    for (const [jobId, job] of jobsOf(doc).filter(([id]) => id.endsWith('-oidc'))) {
      for (const step of stepsOf(job)) {
        const given = Object.keys(isMapping(step.with) ? step.with : {})
        expect([
          jobId,
          given.filter((name) => ['oidc-exchange-url', 'oidc-subject-token-type'].includes(name))
        ]).toEqual([jobId, []])
        // The runner's own variables reach the action as the runner set them: no step or job overrides them.
        for (const env of [step.env, job.env])
          expect([
            jobId,
            Object.keys(isMapping(env) ? env : {}).filter((name) => /^ACTIONS_|^INPUT_/i.test(name))
          ]).toEqual([jobId, []])
      }
      // The audience and the base URL reach the action as the caller gave them, and only there, where the action judges them.
      const action = actionSteps(job)[0]
      expect([jobId, mappingAt(action, 'with')['oidc-audience'], mappingAt(action, 'with')['base-url']]).toEqual([
        jobId,
        '${{ inputs.oidc-audience }}',
        '${{ inputs.base-url }}'
      ])
    }
  })

  it('uses every input it declares', () => {
    const inputs = Object.keys(mappingAt(call, 'inputs'))
    expect(inputs.length).toBeGreaterThan(0)
    expect(inputs.filter((name) => !reads(used, 'inputs', name))).toEqual([])
  })

  it('uses every secret it declares', () => {
    const secrets = Object.keys(mappingAt(call, 'secrets'))
    expect(secrets.filter((name) => !reads(used, 'secrets', name))).toEqual([])
  })

  it('maps every output to a job output that comes from an output the action declares', () => {
    const outputs = Object.entries(mappingAt(call, 'outputs'))
    expect(outputs.length).toBeGreaterThan(0)
    const broken: string[] = []
    for (const [name, output] of outputs) {
      const jobRefs = outputRefs(isMapping(output) ? String(output.value) : '', 'jobs')
      if (jobRefs.length === 0) broken.push(`${name}: value reads no job output`)
      for (const [jobId, jobOutput] of jobRefs) {
        const job = jobs[jobId]
        const value = job ? mappingAt(job, 'outputs')[jobOutput] : undefined
        if (typeof value !== 'string') {
          broken.push(`${name}: jobs.${jobId}.outputs.${jobOutput} is not declared`)
          continue
        }
        const stepRefs = outputRefs(value, 'steps')
        if (stepRefs.length === 0) broken.push(`${name}: jobs.${jobId}.outputs.${jobOutput} reads no step output`)
        for (const [stepId, stepOutput] of stepRefs) {
          const step = actionSteps(job).find((candidate) => candidate.id === stepId)
          if (!step) broken.push(`${name}: step ${stepId} of job ${jobId} does not run the action`)
          else if (!(stepOutput in metadataOf(step).outputs))
            broken.push(`${name}: the action declares no output ${stepOutput}`)
        }
      }
    }
    expect(broken).toEqual([])
  })

  it("runs a sub-action checked out from this workflow's own repository and commit, without credentials", () => {
    for (const [jobId, job] of jobsOf(doc)) {
      const steps = stepsOf(job)
      const runAt = steps.findIndex(
        (step) =>
          typeof step.uses === 'string' && step.uses.startsWith(`./${ACTION_CHECKOUT_PATH}/`) && actionFolder(step.uses)
      )
      expect([jobId, runAt >= 0]).toEqual([jobId, true])
      const checkoutAt = steps.findIndex(
        (step) => typeof step.uses === 'string' && step.uses.startsWith('actions/checkout@')
      )
      expect([jobId, checkoutAt >= 0 && checkoutAt < runAt]).toEqual([jobId, true])
      expect(mappingAt(steps[checkoutAt], 'with')).toEqual(
        expect.objectContaining({
          repository: '${{ job.workflow_repository }}',
          ref: '${{ job.workflow_sha }}',
          path: ACTION_CHECKOUT_PATH,
          'persist-credentials': false
        })
      )
      // The sparse checkout fetches the sub-action's folder and the shared dist/ it runs.
      const sparse = String(mappingAt(steps[checkoutAt], 'with')['sparse-checkout']).split('\n').filter(Boolean).sort()
      expect([jobId, sparse]).toEqual([jobId, ['dist', actionFolder(steps[runAt].uses)].sort()])
      // Without a commit, checkout would fall back to the caller's repository and run its action.yml.
      const guard = steps.slice(0, checkoutAt).find((step) => typeof step.run === 'string')
      expect([jobId, String(guard?.run)]).toEqual([jobId, expect.stringContaining('[0-9a-f]{40}')])
      expect(mappingAt(guard, 'env')).toEqual({
        WORKFLOW_REPOSITORY: '${{ job.workflow_repository }}',
        WORKFLOW_SHA: '${{ job.workflow_sha }}'
      })
      // Least privilege: reading this repository, and for trigger-build's app-paths a pull request's changed files.
      const permissions = file.endsWith('trigger-build.yml')
        ? { contents: 'read', 'pull-requests': 'read' }
        : { contents: 'read' }
      // The OIDC twin also asks for the job's OIDC token; only it does.
      expect([jobId, mappingAt(job, 'permissions')]).toEqual([
        jobId,
        jobId.endsWith('-oidc') ? { ...permissions, 'id-token': 'write' } : permissions
      ])
    }
    expect(doc.permissions).toEqual({})
  })

  it('reads a private copy of its repository with the optional action-repository-token secret', () => {
    expect(mappingAt(mappingAt(call, 'secrets'), 'action-repository-token').required).toBe(false)
    for (const [, job] of jobsOf(doc)) {
      const checkout = stepsOf(job).find((step) => String(step.uses).startsWith('actions/checkout@'))
      expect(mappingAt(checkout, 'with').token).toBe('${{ secrets.action-repository-token || github.token }}')
    }
  })
})

describe('the project workflows', () => {
  const own = workflowFiles().filter((file) => file.startsWith('.github/'))

  it('never run this action, nor call its workflows, by an owner/name@ref', () => {
    const byName = own.flatMap((file) =>
      [...readText(file).matchAll(/^\s*(?:-\s*)?uses:\s*['"]?([^\s'"#]+)/gm)]
        .map((match) => match[1])
        .filter((uses) => uses.split('@')[0].split('/').slice(0, 2).join('/').toLowerCase() === NAME.toLowerCase())
        .map((uses) => `${file}: ${uses}`)
    )
    expect(byName).toEqual([])
  })

  it('name no placeholder owner', () => {
    expect(own.filter((file) => /your-org/i.test(readText(file)))).toEqual([])
  })
})

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

describe('migrate-machine-types.yml behaviour', () => {
  const doc = readYaml('.github/workflows/migrate-machine-types.yml')
  const jobs = Object.fromEntries(jobsOf(doc))
  const call = mappingAt(doc.on, 'workflow_call')

  it('always previews with a dry run, signed in with the preview token or the preview policy', () => {
    expect(String(jobs.preview.if)).toBe("${{ inputs.preview-oidc-policy-id == '' }}")
    for (const jobId of ['preview', 'preview-oidc']) {
      expect(actionSteps(jobs[jobId])[0].uses).toBe(`./${ACTION_CHECKOUT_PATH}/migrate-machine-types`)
      expect(mappingAt(actionSteps(jobs[jobId])[0], 'with')).toEqual(expect.objectContaining({ 'dry-run': 'true' }))
    }
    expect(mappingAt(actionSteps(jobs.preview)[0], 'with').token).toBe('${{ secrets.preview-token }}')
    expect(mappingAt(actionSteps(jobs['preview-oidc'])[0], 'with')['oidc-policy-id']).toBe(
      '${{ inputs.preview-oidc-policy-id }}'
    )
    expect(mappingAt(mappingAt(call, 'secrets'), 'preview-token').required).toBe(false)
    expect(mappingAt(mappingAt(call, 'inputs'), 'preview-oidc-policy-id')).toEqual(
      expect.objectContaining({ type: 'string', default: '' })
    )
  })

  it("gives the Workspace owner's credential only to the jobs bound to the environment, and the preview's only to the preview", () => {
    const owner = /\bsecrets\.token\b(?!-)|\binputs\.oidc-policy-id\b/
    const preview = /\bsecrets\.preview-token\b|\binputs\.preview-oidc-policy-id\b/
    for (const [jobId, job] of jobsOf(doc)) {
      const migrating = jobId.startsWith('migrate')
      expect([jobId, job.environment]).toEqual([jobId, migrating ? '${{ inputs.environment }}' : undefined])
      const withs = stepsOf(job).map((step) => JSON.stringify(mappingAt(step, 'with')))
      expect([jobId, withs.some((text) => owner.test(text))]).toEqual([jobId, migrating])
      expect([jobId, withs.some((text) => preview.test(text))]).toEqual([jobId, !migrating])
      // The owner's token never reaches a preview step; the owner's policy id only as text the preview's check compares with its own.
      for (const step of stepsOf(job)) {
        const text = JSON.stringify(step)
        if (!migrating)
          expect([jobId, String(step.name), /\bsecrets\.token\b(?!-)/.test(text)]).toEqual([
            jobId,
            String(step.name),
            false
          ])
        if (!migrating && step.name !== CREDENTIAL_CHECK)
          expect([jobId, String(step.name), /\binputs\.oidc-policy-id\b/.test(text)]).toEqual([
            jobId,
            String(step.name),
            false
          ])
        if (migrating) expect([jobId, String(step.name), preview.test(text)]).toEqual([jobId, String(step.name), false])
      }
    }
  })

  it('runs one preview and, only when dry-run is false, the preview succeeded and found something, one migration, each signed in as chosen', () => {
    const runs = (jobId: string, context: Mapping): boolean =>
      Boolean(evaluate(expressionsIn(String(jobs[jobId].if))[0], context))
    for (const previewOidc of [false, true]) {
      for (const migrateOidc of [false, true]) {
        const found = String(1 + randomInt(5000))
        const inputs = {
          'preview-oidc-policy-id': previewOidc ? randomSlug('read-') : '',
          'oidc-policy-id': migrateOidc ? randomSlug('owner-') : '',
          'dry-run': false
        }
        const ran = previewOidc ? 'preview-oidc' : 'preview'
        const needs = (result: string, count: string) => ({
          [ran]: { result, outputs: result === 'success' ? { 'migrated-count': count } : {} },
          [previewOidc ? 'preview' : 'preview-oidc']: { result: 'skipped', outputs: {} }
        })
        const label = `preview ${ran}, migrate ${migrateOidc ? 'oidc' : 'token'}`
        expect([label, runs('preview', { inputs }), runs('preview-oidc', { inputs })]).toEqual([
          label,
          !previewOidc,
          previewOidc
        ])
        const migrating = (context: Mapping): string[] =>
          ['migrate', 'migrate-oidc'].filter((jobId) => runs(jobId, context))
        expect([label, migrating({ inputs, needs: needs('success', found) })]).toEqual([
          label,
          [migrateOidc ? 'migrate-oidc' : 'migrate']
        ])
        expect([label, migrating({ inputs: { ...inputs, 'dry-run': true }, needs: needs('success', found) })]).toEqual([
          label,
          []
        ])
        expect([label, migrating({ inputs, needs: needs('success', '0') })]).toEqual([label, []])
        expect([label, migrating({ inputs, needs: needs('failure', found) })]).toEqual([label, []])
        expect([label, migrating({ inputs, needs: needs('success', found), $cancelled: true })]).toEqual([label, []])
      }
    }
  })

  /** Runs a step's shell script as the runner would (bash -e), with `env`; its exit code and output. */
  const runScript = (step: Mapping, env: Record<string, string>): { code: number | null; out: string } => {
    const run = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', String(step.run)], {
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
      timeout: 10_000
    })
    return { code: run.status, out: run.stdout + run.stderr }
  }
  const stepNamed = (jobId: string, name: string): Mapping => {
    const found = stepsOf(jobs[jobId]).find((step) => step.name === name)
    expect([jobId, name, isMapping(found)]).toEqual([jobId, name, true])
    return found as Mapping
  }

  it('the migrating jobs refuse to run without an environment, before the action', () => {
    for (const jobId of ['migrate', 'migrate-oidc']) {
      const check = stepNamed(jobId, 'Check that the migration runs in an environment')
      expect(mappingAt(check, 'env')).toEqual({ ENVIRONMENT: '${{ inputs.environment }}' })
      expect(stepsOf(jobs[jobId]).indexOf(check)).toBeLessThan(
        stepsOf(jobs[jobId]).indexOf(actionSteps(jobs[jobId])[0])
      )
      expect(runScript(check, { ENVIRONMENT: '' })).toEqual({
        code: 1,
        out: expect.stringMatching(/^::error::the migration uses the Workspace owner's credential/)
      })
      expect(runScript(check, { ENVIRONMENT: randomSlug('env-') })).toEqual({ code: 0, out: '' })
    }
  })

  it("the preview refuses to run without a credential of its own, and with the owner's policy", () => {
    const byToken = stepNamed('preview', CREDENTIAL_CHECK)
    expect(mappingAt(byToken, 'env')).toEqual({ PREVIEW_TOKEN: '${{ secrets.preview-token }}' })
    expect(runScript(byToken, { PREVIEW_TOKEN: '' })).toEqual({
      code: 1,
      out: expect.stringMatching(/^::error::the preview signs in with the preview-token secret/)
    })
    expect(runScript(byToken, { PREVIEW_TOKEN: randomSlug('tok-') })).toEqual({ code: 0, out: '' })
    const byPolicy = stepNamed('preview-oidc', CREDENTIAL_CHECK)
    expect(mappingAt(byPolicy, 'env')).toEqual({
      PREVIEW_POLICY: '${{ inputs.preview-oidc-policy-id }}',
      OWNER_POLICY: '${{ inputs.oidc-policy-id }}'
    })
    const policy = randomSlug('policy-')
    expect(runScript(byPolicy, { PREVIEW_POLICY: policy, OWNER_POLICY: policy })).toEqual({
      code: 1,
      out: expect.stringMatching(/^::error::preview-oidc-policy-id is the policy the migrating job signs in with/)
    })
    expect(
      runScript(byPolicy, { PREVIEW_POLICY: policy, OWNER_POLICY: randomInt(2) ? '' : randomSlug('owner-') })
    ).toEqual({ code: 0, out: '' })
  })

  it('the preview refuses the owner’s policy written in another case or with spaces around it, naming both inputs', () => {
    const byPolicy = stepNamed('preview-oidc', CREDENTIAL_CHECK)
    const policy = randomUUID()
    // The same UUID with its letters in a random case each, as the service and the action read it.
    const recased = [...policy].map((c) => (randomInt(2) ? c.toUpperCase() : c.toLowerCase())).join('')
    const other = recased === policy ? policy.toUpperCase() : recased
    const spaced = `${' '.repeat(randomInt(3))}${other}${['', ' ', '\n'][randomInt(3)]}`
    const [preview, owner] = randomInt(2) ? [policy, spaced] : [spaced, policy]
    const same = runScript(byPolicy, { PREVIEW_POLICY: preview, OWNER_POLICY: owner })
    expect(same.code).toBe(1)
    expect(same.out).toMatch(/^::error::preview-oidc-policy-id is the policy the migrating job signs in with/)
    expect(same.out).toContain('the inputs preview-oidc-policy-id and oidc-policy-id name the same policy')
    expect(runScript(byPolicy, { PREVIEW_POLICY: preview, OWNER_POLICY: randomUUID().toUpperCase() })).toEqual({
      code: 0,
      out: ''
    })
  })

  it('migrates in the given environment, never cancelled', () => {
    for (const jobId of ['migrate', 'migrate-oidc']) {
      const migrate = jobs[jobId]
      expect(migrate.needs).toEqual(['preview', 'preview-oidc'])
      expect(String(migrate.if)).toContain('!inputs.dry-run')
      expect(mappingAt(migrate, 'concurrency')['cancel-in-progress']).toBe(false)
      expect(actionSteps(migrate)[0].uses).toBe(`./${ACTION_CHECKOUT_PATH}/migrate-machine-types`)
      expect(mappingAt(actionSteps(migrate)[0], 'with')).toEqual(expect.objectContaining({ 'dry-run': 'false' }))
    }
  })

  it('defaults to a dry run', () => {
    expect(mappingAt(mappingAt(mappingAt(doc.on, 'workflow_call'), 'inputs'), 'dry-run')).toEqual(
      expect.objectContaining({ type: 'boolean', default: true })
    )
  })
})

describe('example callers', () => {
  const calls = yamlFilesIn('docs/examples').flatMap((file) => {
    const doc = readYaml(file)
    return jobsOf(doc)
      .filter(([, job]) => typeof job.uses === 'string')
      .map(([jobId, job]) => ({ file, jobId, job, doc }))
  })

  it('call both reusable workflows', () => {
    const targets = calls.map(({ job }) => String(job.uses).replace(PUBLISHED, '$1'))
    expect([...new Set(targets)].sort()).toEqual([...REUSABLE].sort())
  })

  it.each(calls.map((entry) => [`${entry.file} ${entry.jobId}`, entry] as const))(
    '%s: passes what the reusable workflow declares',
    (_, { job, doc, jobId }) => {
      const match = PUBLISHED.exec(String(job.uses))
      expect(match).not.toBeNull()
      const call = mappingAt(readYaml(match![1]).on, 'workflow_call')
      const declaredInputs = mappingAt(call, 'inputs')
      const declaredSecrets = mappingAt(call, 'secrets')
      const passed = mappingAt(job, 'with')
      const secrets = mappingAt(job, 'secrets')

      expect(Object.keys(passed).filter((name) => !(name in declaredInputs))).toEqual([])
      expect(
        Object.entries(declaredInputs)
          .filter(([name, input]) => isMapping(input) && input.required === true && !(name in passed))
          .map(([name]) => name)
      ).toEqual([])
      expect(Object.keys(secrets).filter((name) => !(name in declaredSecrets))).toEqual([])
      expect(
        Object.entries(declaredSecrets)
          .filter(([name, secret]) => isMapping(secret) && secret.required === true && !(name in secrets))
          .map(([name]) => name)
      ).toEqual([])

      // A boolean input takes a boolean or an expression, a string input a string.
      const mistyped = Object.entries(passed).filter(([name, value]) => {
        const type = mappingAt(declaredInputs, name).type
        const expression = typeof value === 'string' && /^\$\{\{[\s\S]*\}\}$/.test(value.trim())
        return type === 'boolean' ? typeof value !== 'boolean' && !expression : typeof value !== 'string'
      })
      expect(mistyped).toEqual([])

      // Jobs that need this call read only outputs the reusable workflow declares.
      const declaredOutputs = mappingAt(call, 'outputs')
      const reads = jobsOf(doc)
        .flatMap(([, other]) => outputRefs(JSON.stringify(other), 'needs'))
        .filter(([from]) => from === jobId)
      expect(reads.filter(([, output]) => !(output in declaredOutputs))).toEqual([])
    }
  )
})
