/**
 * The release process: the release workflow checks before it writes and writes with the least
 * permission, the project's workflows follow the house rules the safety scanner does not cover
 * (every step named, the same pins everywhere), Dependabot watches the pins and npm, and the
 * license and Marketplace metadata are in place. actionlint and the safety scanner check
 * release.yml with every other workflow (actionlint.test.ts, safety.test.ts).
 */
import { describe, expect, it } from '@jest/globals'
import {
  actionMetadata,
  isMapping,
  jobsOf,
  mappingAt,
  readText,
  readYaml,
  stepsOf,
  workflowFiles
} from './workflow-files.js'

const RELEASE = '.github/workflows/release.yml'
const doc = readYaml(RELEASE)
const jobs = Object.fromEntries(jobsOf(doc))

/** The index of the first step of a job whose `run:` contains `text`; -1 when none does. */
function runIndex(job: unknown, text: string): number {
  return stepsOf(isMapping(job) ? job : {}).findIndex((step) => typeof step.run === 'string' && step.run.includes(text))
}

/** Every marker stands in a `run:` step of the job, and the steps come in the markers' order; returns their indexes. */
function expectStepsInOrder(job: unknown, markers: string[]): number[] {
  const order = markers.map((marker) => runIndex(job, marker))
  expect(order.every((index) => index >= 0)).toBe(true)
  expect([...order].sort((a, b) => a - b)).toEqual(order)
  return order
}

describe('release.yml', () => {
  it('is started by hand with a required version', () => {
    const version = mappingAt(mappingAt(mappingAt(doc.on, 'workflow_dispatch'), 'inputs'), 'version')
    expect(version).toEqual(expect.objectContaining({ type: 'string', required: true }))
    expect(Object.keys(mappingAt(doc, 'on'))).toEqual(['workflow_dispatch'])
  })

  it('reads by default, and only the job that tags and releases may write, after the checks', () => {
    expect(doc.permissions).toEqual({ contents: 'read' })
    const writers = jobsOf(doc).filter(([, job]) => JSON.stringify(mappingAt(job, 'permissions')).includes('write'))
    expect(writers.map(([id, job]) => [id, mappingAt(job, 'permissions')])).toEqual([
      ['release', { contents: 'write' }]
    ])
    expect(jobs.release.needs).toBe('check')
    expect(mappingAt(doc, 'concurrency')['cancel-in-progress']).toBe(false)
  })

  it('checks the branch, the version, the tag, dist/ and runs the tests before anything is written', () => {
    expectStepsInOrder(jobs.check, [
      'DEFAULT_BRANCH',
      'scripts/release.js check "$VERSION"',
      'git/ref/tags/v$VERSION',
      'npm run build',
      'git status --porcelain',
      'npm test'
    ])
    expect(String(mappingAt(jobs.check, 'env').VERSION)).toBe('${{ inputs.version }}')
  })

  it('tags vX.Y.Z, moves vX and releases with the notes of the version from CHANGELOG.md, in that order', () => {
    const order = expectStepsInOrder(jobs.release, [
      'scripts/release.js notes "$VERSION"',
      'ref=refs/tags/v$VERSION',
      'major="v${VERSION%%.*}"',
      'gh release create "v$VERSION"'
    ])
    const steps = stepsOf(jobs.release)
    expect(String(steps[order[3]].run)).toContain('--notes-file "$RUNNER_TEMP/notes.md"')
    expect(String(steps[order[0]].run)).toContain('> "$RUNNER_TEMP/notes.md"')
    // The moved tag goes to the same commit as the new one, overwriting where it was.
    expect(String(steps[order[2]].run)).toContain('-F force=true')
    expect(String(steps[order[2]].run)).toContain('sha=$GITHUB_SHA')
  })

  it('keeps no git credentials, and hands the token only to the steps that call the API', () => {
    for (const [id, job] of jobsOf(doc)) {
      for (const step of stepsOf(job)) {
        if (String(step.uses).startsWith('actions/checkout@'))
          expect([id, mappingAt(step, 'with')['persist-credentials']]).toEqual([id, false])
        const usesToken = JSON.stringify(mappingAt(step, 'env')).includes('github.token')
        expect([id, step.name, usesToken]).toEqual([
          id,
          step.name,
          typeof step.run === 'string' && /\bgh (api|release)\b/.test(step.run)
        ])
      }
      expect(JSON.stringify(mappingAt(job, 'env'))).not.toContain('github.token')
    }
  })
})

describe('the project workflows', () => {
  const own = workflowFiles().filter((file) => file.startsWith('.github/'))

  it.each(workflowFiles())('%s names every step', (file) => {
    const unnamed = jobsOf(readYaml(file)).flatMap(([id, job]) =>
      stepsOf(job)
        .map((step, index) => ({ step, index }))
        .filter(({ step }) => typeof step.name !== 'string' || step.name.trim() === '')
        .map(({ index }) => `${id}.steps[${index}]`)
    )
    expect(unnamed).toEqual([])
  })

  it('pin each third-party action to one commit everywhere, the one ci.yml uses', () => {
    const pins = (file: string) =>
      [...readText(file).matchAll(/uses: ([\w.-]+\/[\w.-]+)@([0-9a-f]{40}) # (v[\d.]+)/g)].map((match) => ({
        action: match[1],
        sha: match[2],
        version: match[3]
      }))
    const ci = new Map(pins('.github/workflows/ci.yml').map((pin) => [pin.action, pin]))
    expect(ci.size).toBeGreaterThan(0)
    const differing = own.flatMap((file) =>
      pins(file)
        .filter((pin) => ci.has(pin.action) && JSON.stringify(ci.get(pin.action)) !== JSON.stringify(pin))
        .map((pin) => `${file}: ${pin.action}@${pin.sha}`)
    )
    expect(differing).toEqual([])
    expect(
      pins(RELEASE)
        .map((pin) => pin.action)
        .every((action) => ci.has(action))
    ).toBe(true)
  })
})

describe('release metadata', () => {
  it('asks Dependabot for updates of the pinned actions and of npm', () => {
    const config = readYaml('.github/dependabot.yml')
    expect(config.version).toBe(2)
    const updates = Array.isArray(config.updates) ? config.updates.filter(isMapping) : []
    expect(updates.map((update) => [update['package-ecosystem'], update.directory])).toEqual([
      ['github-actions', '/'],
      ['npm', '/']
    ])
    for (const update of updates) expect(mappingAt(update, 'schedule').interval).toBe('weekly')
  })

  it('has an MIT license that names the authors, as package.json says', () => {
    expect((JSON.parse(readText('package.json')) as { license: string }).license).toBe('MIT')
    const license = readText('LICENSE')
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} The service-ci-action authors\n/)
    expect(license).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND')
  })

  it('brands the action for the Marketplace with an icon and one of the allowed colours', () => {
    const branding = mappingAt(actionMetadata().doc, 'branding')
    expect(typeof branding.icon).toBe('string')
    expect(['white', 'black', 'yellow', 'blue', 'green', 'orange', 'red', 'purple', 'gray-dark']).toContain(
      branding.color
    )
  })
})
