/** Each reusable workflow's wiring: its inputs and secrets used, the action's inputs and outputs it hands on. */
import { describe, expect, it } from '@jest/globals'
import {
  ACTION_CHECKOUT_PATH,
  isMapping,
  jobsOf,
  mappingAt,
  readYaml,
  stepsOf,
  type Mapping
} from './workflow-files.js'
import {
  CREDENTIAL_CHECK,
  REUSABLE,
  actionFolder,
  actionSteps,
  expressionsOutsideOn,
  metadataOf,
  outputRefs,
  reads,
  signInOf
} from './wiring.js'

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
