/**
 * scripts/release.js: the release notes taken from CHANGELOG.md, and the checks the release
 * workflow runs before it tags (the version's form, and package.json, ACTION_VERSION and
 * CHANGELOG.md naming it).
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
// @ts-expect-error: a plain JavaScript module without type declarations
import { changelogNotes, releaseProblems } from '../../../scripts/release.js'
import { ACTION_VERSION } from '../../../src/constants.js'
import { randomInt, randomString } from '../../helpers/random.js'

const notesOf = changelogNotes as (changelog: string, version: string) => string
const problemsOf = releaseProblems as (
  version: string,
  files: { packageJson: string; constants: string; changelog: string }
) => string[]

/** A version drawn at random, so no fixed number can be special-cased. */
function randomVersion(): string {
  return `${randomInt(0, 30)}.${randomInt(0, 30)}.${randomInt(0, 30)}`
}

function changelog(version: string, body: string, older = '0.0.1'): string {
  return [
    '# Changelog',
    '',
    '## [Unreleased]',
    '',
    '- Work in progress.',
    '',
    `## [${version}] - 2026-01-02`,
    '',
    body,
    '',
    `## [${older}] - 2025-01-01`,
    '',
    '- Older notes.',
    '',
    `[Unreleased]: https://example.invalid/compare/v${version}...HEAD`,
    `[${version}]: https://example.invalid/releases/tag/v${version}`
  ].join('\n')
}

describe('changelogNotes', () => {
  it('returns the section of the version, without its heading, the next section or the links', () => {
    const version = randomVersion()
    const body = `### Fixed\n\n- ${randomString(20)}\n- ${randomString(20)}`
    expect(notesOf(changelog(version, body), version)).toBe(`${body}\n`)
  })

  it('reads the last section up to the link definitions', () => {
    const version = randomVersion()
    const text = changelog('99.0.0', '- newer', version)
    expect(notesOf(text, version)).toBe('- Older notes.\n')
  })

  it('does not take a version for another that contains it, nor dots for any character', () => {
    const version = `1.${randomInt(0, 9)}.${randomInt(0, 9)}`
    const text = changelog(`1${version}`, '- the longer one').replace(
      `## [0.0.1]`,
      `## [${version.replace(/\./g, 'x')}]`
    )
    expect(() => notesOf(text, version)).toThrow(`no "## [${version}]" section`)
  })

  it('reads Windows line ends', () => {
    const version = randomVersion()
    expect(notesOf(changelog(version, '- one\n- two').replace(/\n/g, '\r\n'), version)).toBe('- one\n- two\n')
  })

  it('refuses a missing or empty section', () => {
    const version = randomVersion()
    expect(() => notesOf(changelog(version, '- notes'), `${version}1`)).toThrow('has no')
    expect(() => notesOf(changelog(version, '   \n'), version)).toThrow('is empty')
  })
})

describe('releaseProblems', () => {
  const files = (version: string, overrides: { pkg?: string; action?: string; log?: string } = {}) => ({
    packageJson: JSON.stringify({ name: 'x', version: overrides.pkg ?? version }),
    constants: `export const ACTION_NAME = 'x'\nexport const ACTION_VERSION = '${overrides.action ?? version}'\n`,
    changelog: changelog(overrides.log ?? version, '- notes')
  })

  it('finds nothing when every file names the version', () => {
    const version = randomVersion()
    expect(problemsOf(version, files(version))).toEqual([])
  })

  it.each(['v1.2.3', '1.2', '1.2.3.4', '01.2.3', '1.2.3-rc.1', '', ' 1.2.3', '1.2.3\n'])(
    'refuses the version %j before reading anything',
    (version) => {
      expect(problemsOf(version, files('1.2.3'))).toEqual([expect.stringContaining('not of the form X.Y.Z')])
    }
  )

  it('names each file that disagrees', () => {
    const version = randomVersion()
    const other = `${version}0`
    expect(problemsOf(version, files(version, { pkg: other, action: other, log: other }))).toEqual([
      `package.json has version ${other}, not ${version}`,
      `ACTION_VERSION in src/constants.ts is ${other}, not ${version}`,
      `CHANGELOG.md has no "## [${version}]" section`
    ])
  })
})

describe('this repository', () => {
  const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version

  it('names one version in package.json, src/constants.ts and CHANGELOG.md', () => {
    expect(ACTION_VERSION).toBe(version)
    expect(
      problemsOf(version, {
        packageJson: readFileSync('package.json', 'utf8'),
        constants: readFileSync('src/constants.ts', 'utf8'),
        changelog: readFileSync('CHANGELOG.md', 'utf8')
      })
    ).toEqual([])
  })

  it('prints the notes of its version from the command line, as the release workflow runs it', () => {
    const result = spawnSync(process.execPath, ['scripts/release.js', 'notes', version], { encoding: 'utf8' })
    expect(result.status).toBe(0)
    expect(result.stdout).toBe(notesOf(readFileSync('CHANGELOG.md', 'utf8'), version))
    expect(result.stdout).not.toContain('## [')
  })

  it('fails the check from the command line for a version nothing names', () => {
    const next = version.replace(/\d+$/, (patch) => String(Number(patch) + 1))
    const result = spawnSync(process.execPath, ['scripts/release.js', 'check', next], { encoding: 'utf8' })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(`package.json has version ${version}`)
  })
})
