/**
 * The wiring actionlint cannot see: inputs handed to this repository's action or one of its
 * sub-actions (a local action to actionlint) must exist in that action's action.yml, with every
 * input it requires, outputs must lead back to outputs the action sets,
 * every workflow_call input and secret must be used, and the example callers must pass what
 * the reusable workflows declare (a remote reusable workflow to actionlint).
 */
import { describe, expect, it } from '@jest/globals'
import { randomInt } from '../helpers/random.js'
import {
  ACTION_CHECKOUT_PATH,
  isMapping,
  jobsOf,
  mappingAt,
  readText,
  readYaml,
  workflowFiles,
  yamlFilesIn
} from './workflow-files.js'
import {
  NAME,
  PUBLISHED,
  REUSABLE,
  actionFolder,
  actionSteps,
  metadataOf,
  outputRefs,
  requiredInputs,
  workflows
} from './wiring.js'

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
