/**
 * The safety scanner passes the project's workflows and the example callers, and reports every
 * planted bad example under fixtures/ with exactly the rule it plants.
 */
import { describe, expect, it } from '@jest/globals'
import { actionRepository, FIXTURES, readText, workflowFiles, yamlFilesIn } from './workflow-files.js'
import { formatFindings, scanWorkflow, type SafetyRule } from './workflow-safety.js'

/** The README and the examples reference this project's own action and workflows by release tag. */
const OPTIONS = { firstPartyRepos: [actionRepository()] }

/** What each fixture plants: the findings (rule and place) the scanner must report, and no others. */
const PLANTED: Record<string, Array<[SafetyRule, string]>> = {
  'bad-run-injection.yml': [['run-injection', 'jobs.greet.steps[0].run']],
  'bad-run-injection-contexts.yml': [
    ['run-injection', 'jobs.deploy.steps[0].run'],
    ['run-injection', 'jobs.deploy.steps[1].run'],
    ['run-injection', 'jobs.deploy.steps[2].run'],
    ['run-injection', 'jobs.deploy.steps[4].run'],
    ['run-injection', 'jobs.deploy.steps[5].run']
  ],
  'bad-unpinned.yml': [['unpinned-action', 'jobs.build.steps[0].uses']],
  'bad-unpinned-reusable-workflow.yml': [['unpinned-action', 'jobs.shared.uses']],
  'bad-missing-version-comment.yml': [['missing-version-comment', 'jobs.build.steps[0].uses']],
  'bad-no-permissions.yml': [['missing-permissions', 'permissions']],
  'bad-id-token-for-workflow.yml': [['id-token-for-workflow', 'permissions']],
  'bad-no-timeout.yml': [['missing-timeout', 'jobs.build']],
  'bad-secret-input.yml': [['secret-as-input', 'on.workflow_call.inputs.api-token']],
  'bad-secret-passed-as-input.yml': [['secret-as-input', 'jobs.build.with.environments']],
  'good-env-indirection.yml': []
}

describe('workflow safety scanner on the project', () => {
  const files = workflowFiles()

  it('finds the reusable, CI and example workflows', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        '.github/workflows/trigger-build.yml',
        '.github/workflows/migrate-machine-types.yml',
        '.github/workflows/ci.yml',
        '.github/workflows/check-dist.yml',
        'docs/examples/trigger-on-pull-request.yml',
        'docs/examples/scheduled-migration.yml'
      ])
    )
  })

  it.each(files)('%s has no findings', (file) => {
    expect(formatFindings(scanWorkflow(readText(file), OPTIONS))).toBe('')
  })

  it('accepts this project by tag only because it is named first-party', () => {
    const example = readText('docs/examples/trigger-on-pull-request.yml')
    const rules = scanWorkflow(example).map((finding) => finding.rule)
    expect(rules).toContain('unpinned-action')
  })
})

describe('workflow safety scanner on planted bad examples', () => {
  it('has an expectation for every fixture, and a fixture for every expectation', () => {
    expect(yamlFilesIn(FIXTURES).map((path) => path.slice(FIXTURES.length + 1))).toEqual(Object.keys(PLANTED).sort())
  })

  it.each(Object.entries(PLANTED))('%s reports exactly what it plants', (name, expected) => {
    const findings = scanWorkflow(readText(`${FIXTURES}/${name}`), OPTIONS)
    expect(findings.map((finding) => [finding.rule, finding.where])).toEqual(expected)
  })

  it('names what each injected expression expands', () => {
    const messages = scanWorkflow(readText(`${FIXTURES}/bad-run-injection-contexts.yml`)).map(
      (finding) => finding.message
    )
    expect(messages).toEqual([
      expect.stringContaining('expands inputs'),
      expect.stringContaining('expands github.head_ref'),
      expect.stringContaining('expands matrix'),
      expect.stringContaining('expands steps.*.outputs'),
      expect.stringContaining('expands secrets')
    ])
  })

  it('reports a file that is not YAML', () => {
    expect(scanWorkflow('jobs: [unclosed').map((finding) => finding.rule)).toEqual(['unparsable'])
  })
})
