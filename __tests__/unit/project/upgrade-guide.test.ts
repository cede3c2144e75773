/**
 * CHANGELOG.md's "Upgrading from 2.x", with the upgrading notes of each later release, names every
 * input removed from, added to or given another default in any action.yml since 2.0.0: the 2.0.0
 * files (fixtures taken from the release commit) are held against today's. A bullet must name the input, and for a sub-action its folder
 * (`trigger/`); for another default, the word "default".
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'js-yaml'

const FOLDERS = ['root', 'trigger', 'wait', 'abort', 'migrate-machine-types', 'build-requests', 'manage']

type Inputs = Record<string, { default?: unknown }>

function inputsOf(file: string): Inputs {
  return (load(readFileSync(file, 'utf8')) as { inputs: Inputs }).inputs
}

interface Change {
  folder: string
  input: string
  kind: 'removed' | 'added' | 'default'
}

/** What changed in each action.yml since 2.0.0. */
function changes(): Change[] {
  const found: Change[] = []
  for (const folder of FOLDERS) {
    const before = inputsOf(join('__tests__/fixtures/action-2.0.0', folder, 'action.yml'))
    const now = inputsOf(folder === 'root' ? 'action.yml' : join(folder, 'action.yml'))
    for (const input of Object.keys(before))
      if (!(input in now)) found.push({ folder, input, kind: 'removed' })
      else if (String(before[input].default) !== String(now[input].default))
        found.push({ folder, input, kind: 'default' })
    for (const input of Object.keys(now)) if (!(input in before)) found.push({ folder, input, kind: 'added' })
  }
  return found
}

/**
 * The bullets of every "Upgrading from" section of the releases after 2.0.0 ("Upgrading from 2.x" in
 * 3.0.0, and what each later release adds to it), each as one line of text.
 */
function guideBullets(changelog: string): string[] {
  const since = changelog.slice(0, changelog.indexOf('\n## [2.0.0]'))
  const sections = since.split('\n### ').filter((section) => section.startsWith('Upgrading from'))
  expect(sections.some((section) => section.startsWith('Upgrading from 2.x'))).toBe(true)
  return sections.flatMap((section) =>
    section
      .split(/\n## /)[0]
      .split(/\n- /)
      .slice(1)
      .map((bullet) => bullet.replace(/\s+/g, ' '))
  )
}

/** Whether some bullet tells of the change. */
function told(bullets: string[], { folder, input, kind }: Change): boolean {
  return bullets.some(
    (bullet) =>
      bullet.includes(`\`${input}\``) &&
      (folder === 'root' || bullet.includes(`\`${folder}/\``)) &&
      (kind !== 'default' || bullet.includes('default'))
  )
}

describe('Upgrading from 2.x', () => {
  it('names every input removed, added or re-defaulted in an action.yml since 2.0.0', () => {
    const all = changes()
    // The fixtures differ from today's files: a check over no change could not fail.
    expect(all.length).toBeGreaterThan(0)
    const bullets = guideBullets(readFileSync('CHANGELOG.md', 'utf8'))
    expect(all.filter((change) => !told(bullets, change))).toEqual([])
  })

  it('fails on a guide that misses one', () => {
    const all = changes()
    const missed = all[all.length - 1]
    const bullets = guideBullets(readFileSync('CHANGELOG.md', 'utf8')).map((bullet) =>
      bullet.replaceAll(`\`${missed.input}\``, '`something-else`')
    )
    expect(told(bullets, missed)).toBe(false)
  })
})
