#!/usr/bin/env node
/**
 * Release helpers for .github/workflows/release.yml:
 *
 *   node scripts/release.js check X.Y.Z   exits 1, naming each problem, unless package.json,
 *                                         ACTION_VERSION in src/constants.ts and CHANGELOG.md
 *                                         all name version X.Y.Z
 *   node scripts/release.js notes X.Y.Z   prints the CHANGELOG.md section of X.Y.Z
 */
import { readFileSync } from 'node:fs'

const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/

/**
 * The release notes of `version` in a Keep a Changelog text: the lines under its
 * `## [X.Y.Z]` heading up to the next `## ` heading (or the link definitions at the end),
 * without surrounding blank lines. Throws when the section is missing or empty.
 */
export function changelogNotes(changelog, version) {
  const lines = changelog.split(/\r?\n/)
  const heading = new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\](?:\\s|$)`)
  const start = lines.findIndex((line) => heading.test(line))
  if (start < 0) throw new Error(`CHANGELOG.md has no "## [${version}]" section`)
  const rest = lines.slice(start + 1)
  const end = rest.findIndex((line) => /^## /.test(line) || /^\[[^\]]+\]:\s/.test(line))
  const notes = (end < 0 ? rest : rest.slice(0, end)).join('\n').trim()
  if (notes === '') throw new Error(`the "## [${version}]" section of CHANGELOG.md is empty`)
  return `${notes}\n`
}

/** What stops `version` from being released, given the texts of package.json, src/constants.ts and CHANGELOG.md (empty when nothing does). */
export function releaseProblems(version, { packageJson, constants, changelog }) {
  if (!VERSION.test(version))
    return [`the version "${version}" is not of the form X.Y.Z (digits, no leading v, no leading zeros)`]
  const problems = []
  const packageVersion = JSON.parse(packageJson).version
  if (packageVersion !== version) problems.push(`package.json has version ${packageVersion}, not ${version}`)
  const actionVersion = /export const ACTION_VERSION = '([^']*)'/.exec(constants)?.[1]
  if (actionVersion !== version)
    problems.push(`ACTION_VERSION in src/constants.ts is ${actionVersion ?? 'missing'}, not ${version}`)
  try {
    changelogNotes(changelog, version)
  } catch (error) {
    problems.push(error.message)
  }
  return problems
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, version = ''] = process.argv.slice(2)
  const changelog = readFileSync('CHANGELOG.md', 'utf8')
  if (command === 'notes') {
    try {
      process.stdout.write(changelogNotes(changelog, version))
    } catch (error) {
      console.error(error.message)
      process.exit(1)
    }
  } else if (command === 'check') {
    const problems = releaseProblems(version, {
      packageJson: readFileSync('package.json', 'utf8'),
      constants: readFileSync('src/constants.ts', 'utf8'),
      changelog
    })
    for (const problem of problems) console.error(problem)
    process.exit(problems.length > 0 ? 1 : 0)
  } else {
    console.error('usage: node scripts/release.js check|notes X.Y.Z')
    process.exit(2)
  }
}
