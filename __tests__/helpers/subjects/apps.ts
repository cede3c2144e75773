/**
 * What the app tests share: an app as the service answers it, its trigger token, and the check
 * that the token shows only in its own output.
 */
import { expect } from '@jest/globals'
import { type RunResult } from '../run-action.js'

export const TRIGGER_TOKEN = 'btt-TRIGGER-5678'
export const APP = {
  slug: 'app-9f2',
  title: 'Demo iOS',
  project_type: 'ios',
  provider: 'github',
  repo_owner: 'acme',
  repo_url: 'git@github.com:acme/demo-ios.git',
  repo_slug: 'demo-ios',
  is_disabled: false,
  status: 1,
  is_public: false,
  owner: { account_type: 'organization', name: 'Acme', slug: 'org-acme' },
  avatar_url: null
}

/** The trigger token must reach its output (later steps need it) and nowhere else, the log showing it masked. */
export function expectTriggerTokenOnlyInItsOutput(result: RunResult): void {
  const stdout = result.stdout
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n')
  const { 'build-trigger-token': token, ...otherOutputs } = result.outputs
  expect(token).toBe(TRIGGER_TOKEN)
  expect(result.stdout).toContain(`::add-mask::${TRIGGER_TOKEN}`)
  for (const [place, text] of Object.entries({
    stdout,
    stderr: result.stderr,
    summary: result.summary,
    otherOutputs: JSON.stringify(otherOutputs)
  })) {
    expect({ place, leaked: text.includes(TRIGGER_TOKEN) }).toEqual({ place, leaked: false })
  }
}
