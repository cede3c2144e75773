/** migrate-machine-types.yml as it behaves: the preview's credentials and jobs, expressions evaluated. */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { randomInt, randomSlug, randomUUID } from '../helpers/random.js'
import {
  ACTION_CHECKOUT_PATH,
  evaluate,
  expressionsIn,
  isMapping,
  jobsOf,
  mappingAt,
  readYaml,
  stepsOf,
  type Mapping
} from './workflow-files.js'
import { CREDENTIAL_CHECK, actionSteps } from './wiring.js'

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
