/**
 * abort's target, read from its inputs and the event: one table of defaults with per-case
 * overrides. The owner of a branch filter, and what a fork's step may name, are decided here.
 */
import { describe, expect, it } from '@jest/globals'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { readAbortTarget } from '../../../src/operations/abort-filter.js'
import * as events from '../../fixtures/events/events.js'
import { randomSlug } from '../../helpers/random.js'
import { tempDir } from '../../helpers/temp-dirs.js'

function withEvent<T>(name: string | undefined, payload: unknown, body: (env: NodeJS.ProcessEnv) => T): T {
  const dir = tempDir('abort-filter-')
  try {
    const path = join(dir, 'event.json')
    writeFileSync(path, JSON.stringify(payload ?? {}))
    const env: NodeJS.ProcessEnv = name
      ? { GITHUB_EVENT_NAME: name, GITHUB_EVENT_PATH: path, GITHUB_REPOSITORY: 'acme/ios-app' }
      : { GITHUB_REPOSITORY: 'acme/ios-app' }
    return body(env)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const read = (inputs: Record<string, string>, name?: string, payload?: unknown): ReturnType<typeof readAbortTarget> =>
  withEvent(name, payload, (env) => readAbortTarget((input) => inputs[input] ?? '', env))

describe('readAbortTarget', () => {
  it.each([
    ['a build slug', { 'build-slug': 'b-1' }, { buildSlug: 'b-1' }],
    ['a pull request', { 'pull-request-id': '42' }, { filter: { pullRequestId: 42, workflow: undefined } }],
    [
      'a pull request and a workflow',
      { 'pull-request-id': '42', workflow: 'primary' },
      { filter: { pullRequestId: 42, workflow: 'primary' } }
    ],
    [
      'a branch, owned by the repository’s owner',
      { branch: 'main' },
      { filter: { branch: 'main', owner: 'acme', workflow: undefined } }
    ],
    [
      'a branch of a named owner',
      { branch: 'main', 'branch-repo-owner': 'other' },
      { filter: { branch: 'main', owner: 'other', workflow: undefined } }
    ]
  ])('reads %s', (_, inputs, expected) => {
    expect(read(inputs)).toEqual(expected)
  })

  it.each([
    ['both', { 'build-slug': 'b-1', branch: 'main' }, /"build-slug": cannot be used together with branch/],
    ['neither', {}, /"build-slug": is required when no filter is set/],
    [
      'a workflow alone',
      { workflow: 'primary' },
      /"build-slug": is required when no filter is set \(workflow alone name no builds\)/
    ],
    [
      'two filters',
      { 'pull-request-id': '4', branch: 'main' },
      /"branch": cannot be used together with pull-request-id/
    ],
    [
      'an owner with a pull request',
      { 'pull-request-id': '4', 'branch-repo-owner': 'acme' },
      /"branch-repo-owner": applies to a branch filter only/
    ]
  ])('refuses %s', (_, inputs, message) => {
    expect(() => read(inputs)).toThrow(message)
  })

  it('lets a fork’s pull request name its own number only, and no branch', () => {
    const payload = events.forkPullRequest()
    const own = payload.pull_request.number as number
    // Its builds are matched by the fork's head repository as well as by the number.
    const head = payload.pull_request.head.repo.full_name as string
    // The fixture's pull request is open: nothing is aborted on its event unless abort-open-pull-request says so.
    expect(read({ 'pull-request-id': String(own) }, 'pull_request_target', payload)).toEqual({
      filter: { pullRequestId: own, headRepository: head, workflow: undefined },
      held: expect.stringContaining(`pull request #${own}, which is open`)
    })
    expect(
      read({ 'pull-request-id': String(own), 'abort-open-pull-request': 'true' }, 'pull_request_target', payload)
    ).toEqual({
      filter: {
        pullRequestId: own,
        headRepository: head,
        workflow: undefined,
        occasion: { note: `aborted while pull request #${own} was open, as abort-open-pull-request: true asks` }
      }
    })
    expect(() => read({ 'pull-request-id': String(own + 1) }, 'pull_request_target', payload)).toThrow(
      /"pull-request-id": .* is not the pull request this step runs for/
    )
    expect(() => read({ branch: randomSlug() }, 'pull_request', payload)).toThrow(
      /"branch": cannot be used in a step run for a pull request from the fork/
    )
  })

  it('lets a fork’s workflow run abort nothing by filter', () => {
    const payload = events.forkWorkflowRun(events.randomFork(), 'main', 'a'.repeat(40))
    expect(() => read({ 'pull-request-id': '7' }, 'workflow_run', payload)).toThrow(
      /"pull-request-id": 7 cannot be checked/
    )
    expect(() => read({ branch: 'main' }, 'workflow_run', payload)).toThrow(
      /"branch": cannot be used in a step run for a workflow run of a fork/
    )
  })

  it('lets a same-repository pull request use either filter', () => {
    const payload = events.sameRepositoryPullRequest({ owner: 'acme', repo: 'ios-app' })
    expect(read({ branch: 'main' }, 'pull_request', payload)).toEqual({
      filter: { branch: 'main', owner: 'acme', workflow: undefined }
    })
    expect(read({ 'pull-request-id': '9', 'abort-open-pull-request': 'true' }, 'pull_request', payload)).toEqual({
      filter: { pullRequestId: 9, workflow: undefined, occasion: { note: expect.stringContaining('was open') } }
    })
  })
})
