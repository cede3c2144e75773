/**
 * The `required` inputs each operation module declares (marked `required: true` in the
 * sub-actions) against its `read`: read passes with only the required inputs and one set of
 * alternatives (app-slug or app-paths, org-slug or user-slug, ...), so nothing else is needed;
 * every input of an alternative is missing from another that passes, so it is not required;
 * and read refuses, naming the input, when any required one is left out.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { rmSync } from 'node:fs'
import { InputError } from '../../../src/inputs/input-error.js'
import { MODULES, OPERATIONS } from '../../helpers/operations.js'
import { randomBytes, randomInt, randomSlug } from '../../helpers/random.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const WORKSPACE = tempDir('required-inputs-')
afterAll(() => rmSync(WORKSPACE, { recursive: true, force: true }))
const ENV = { GITHUB_WORKSPACE: WORKSPACE, RUNNER_TEMP: WORKSPACE }

const app = randomSlug('app-')
const build = randomSlug('build-')
const commit = randomBytes(20).toString('hex')

/** For each operation, sets of inputs with which its read passes; each holds its required inputs and what one alternative needs. */
const PASSING: Record<string, Array<Record<string, string>>> = {
  trigger: [
    { 'app-slug': app, branch: `feature/${randomSlug()}` },
    { 'app-paths': `${app}: [apps/${randomSlug()}/**]`, tag: `v${randomBytes(1)[0]}.0.0` },
    { 'app-slug': app, workflow: randomSlug('flow-') },
    { 'app-slug': app, 'commit-hash': commit }
  ],
  // A build, or with pipeline-id a pipeline.
  wait: [
    { 'app-slug': app, 'build-slug': build },
    { 'app-slug': app, 'pipeline-id': randomSlug('pipeline-') }
  ],
  abort: [
    { 'app-slug': app, 'build-slug': build },
    // A filter instead of build-slug: a pull request's builds, or a branch's of one owner.
    { 'app-slug': app, 'pull-request-id': String(1 + randomBytes(1)[0]) },
    { 'app-slug': app, branch: `feature/${randomSlug()}`, 'branch-repo-owner': randomSlug('owner-') }
  ],
  'register-app': [
    {
      'repo-url': `https://github.com/${randomSlug()}/${randomSlug()}.git`,
      'org-slug': randomSlug('org-'),
      'project-type': 'ios',
      'stack-id': 'osx-xcode-16.0.x'
    }
  ],
  'list-apps': [{}],
  'check-access': [{ 'app-slug': app }],
  'report-parked': [
    { 'github-token': randomSlug('ghs_'), 'app-slug': app },
    { 'github-token': randomSlug('ghs_'), 'org-slug': randomSlug('org-') }
  ],
  'get-app': [{ 'app-slug': app }],
  'update-app': [
    { 'app-slug': app, title: randomSlug('title-') },
    { 'app-slug': app, 'default-branch': 'main' }
  ],
  'delete-app': [{ 'app-slug': app, confirm: app }],
  'list-branches': [{ 'app-slug': app }],
  'get-config': [{ 'app-slug': app }],
  'upload-config': [{ 'app-slug': app }],
  'validate-config': [{ 'app-slug': app }, { 'config-path': 'service.yml' }],
  'get-config-location': [{ 'app-slug': app }],
  'set-config-location': [{ 'app-slug': app, location: 'service' }],
  'get-roles': [{ 'app-slug': app, role: 'admin' }],
  'set-roles': [
    { 'app-slug': app, role: 'member', groups: randomSlug('group-') },
    { 'app-slug': app, role: 'member', 'allow-empty-groups': 'true' }
  ],
  'list-groups': [{ 'org-slug': randomSlug('org-') }],
  'migrate-machine-types': [
    { 'org-slug': randomSlug('org-'), 'from-machine': 'g2-m1.4core', 'to-machine': 'g2-m2.8core' },
    { 'user-slug': randomSlug('user-'), 'from-machine': 'g2-m1.4core', 'to-machine': 'g2-m2.8core' }
  ],
  'set-email-notifications': [
    { 'app-slug': app, 'on-success': 'always' },
    { 'app-slug': app, 'on-failure': 'never' }
  ],
  'list-build-requests': [{ 'app-slug': app }],
  'approve-build-request': [
    { 'app-slug': app, approve: 'true', 'expected-commit': commit, 'pull-request-id': String(1 + randomInt(90_000)) },
    { 'app-slug': app, approve: 'false', 'build-request-slug': randomSlug('request-') }
  ],
  'list-artifacts': [{ 'app-slug': app, 'build-slug': build }],
  'rebuild-pipeline': [{ 'app-slug': app, 'pipeline-id': randomSlug('pipeline-') }],
  'plan-matrix': [
    { 'app-paths': `${app}: apps/${randomSlug()}/**` },
    {
      'app-paths': `${app}: apps/**`,
      workflow: randomSlug('flow-'),
      'app-paths-on-unknown': 'fail',
      'github-token': `ghs_${randomSlug()}`
    }
  ]
}

/** What read makes of exactly these inputs: passed, or the input its InputError names. */
async function readWith(
  operation: string,
  inputs: Record<string, string>
): Promise<{ passed: true } | { refused: string }> {
  try {
    await MODULES[operation as keyof typeof MODULES].read((name) => inputs[name] ?? '', ENV)
    return { passed: true }
  } catch (error) {
    if (error instanceof InputError) return { refused: error.input }
    throw error
  }
}

describe('the inputs an operation marks required', () => {
  it('every operation of the registry has passing inputs here', () => {
    expect(Object.keys(PASSING).sort()).toEqual([...OPERATIONS].sort())
  })

  it.each(OPERATIONS)(
    '%s: read passes with the required inputs and one alternative, and nothing else',
    async (operation) => {
      const required = MODULES[operation].required ?? []
      for (const inputs of PASSING[operation]) {
        expect(Object.keys(inputs)).toEqual(expect.arrayContaining([...required]))
        expect({ inputs, result: await readWith(operation, inputs) }).toEqual({ inputs, result: { passed: true } })
      }
    }
  )

  it.each(OPERATIONS)('%s: an input that is not required is left out of some passing set', (operation) => {
    const required = new Set<string>(MODULES[operation].required ?? [])
    const used = [...new Set(PASSING[operation].flatMap((inputs) => Object.keys(inputs)))].filter(
      (name) => !required.has(name)
    )
    expect(used.filter((name) => PASSING[operation].every((inputs) => name in inputs))).toEqual([])
  })

  it.each(OPERATIONS)('%s: read refuses, naming it, when a required input is left out', async (operation) => {
    for (const name of MODULES[operation].required ?? []) {
      expect(MODULES[operation].inputs).toContain(name)
      for (const inputs of PASSING[operation]) {
        const rest = Object.fromEntries(Object.entries(inputs).filter(([key]) => key !== name))
        expect({ name, result: await readWith(operation, rest) }).toEqual({ name, result: { refused: name } })
      }
    }
  })
})
