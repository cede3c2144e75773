/**
 * The workflows and step lists of the README, docs/ and docs/examples run green on the emulator:
 * each step of this project's actions, run as the runner runs it (doc-runs.ts and doc-fills.ts
 * say what the run fills in), passes, and leaks no token. Not run here: a job that calls a
 * reusable workflow (its steps are the workflow's, checked by the workflow tests), a matrix job
 * (its matrix comes from plan-matrix on the runner), a step or job its `if:` skips for the event
 * sent; and a block with no step of this project's actions at all.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startFakeGitHub, type FakeGitHub } from '../../../emulator/github/fake.js'
import { load } from 'js-yaml'
import { pullRequestOpened } from '../../fixtures/events/events.js'
import { randomSlug } from '../../helpers/random.js'
import { type DocBlock, docBlocks, jobsOfBlock, ourAction } from '../../workflows/doc-blocks.js'
import { stepsOf } from '../../workflows/workflow-files.js'
import { docsSeed } from '../../helpers/scenarios/doc-fills.js'
import { runBlock } from '../../helpers/scenarios/doc-runs.js'
import {
  emulatorPerFile,
  resetEmulator,
  type RunningEmulator,
  startE2eEmulator
} from '../../helpers/scenarios/emulator-steps.js'

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started), { resetEach: false, seed: docsSeed() })
let github: FakeGitHub
beforeAll(async () => {
  const pull = pullRequestOpened().pull_request
  // The pull request touches the iOS app's files, as the pages' app-paths name them.
  github = await startFakeGitHub({
    pulls: { [pull.number]: pull },
    pullFiles: { [pull.number]: [{ filename: 'apps/ios/App.swift' }, { filename: 'README.md' }] },
    // The label recipes approve a commit a maintainer approved in a review first.
    reviews: {
      [pull.number]: [
        {
          user: { login: randomSlug('maintainer-') },
          state: 'APPROVED',
          commit_id: pull.head.sha,
          author_association: 'MEMBER'
        }
      ]
    },
    maxRequests: 5000
  })
})
afterAll(async () => github?.close())

/** The blocks with a step of this project's actions: the ones a reader runs. */
const RUNNABLE = docBlocks().filter(
  (entry) =>
    entry.kind !== 'part' && jobsOfBlock(entry).some(([, job]) => stepsOf(job).some((step) => ourAction(step.uses)))
)

describe('the workflows of the README and docs/, on the emulator', () => {
  it('has blocks to run, from the README, the pages and the examples', () => {
    expect(RUNNABLE.length).toBeGreaterThan(30)
    for (const prefix of ['README.md:', 'docs/trigger-and-wait.md:', 'docs/examples/'])
      expect(RUNNABLE.some((entry) => entry.where.startsWith(prefix))).toBe(true)
  })

  it('is live: a recipe with a slip in an input fails, and a job gated on another event is said to be left out', async () => {
    await resetEmulator(emu)
    const recipe = RUNNABLE.find((entry) => entry.heading === 'Trigger, wait and read the outputs') as DocBlock
    const text = recipe.text.replace('app-slug: ios-app', `app-slug: ${randomSlug('no-such-app-')}`)
    expect(text).not.toBe(recipe.text)
    const slipped = await runBlock({ ...recipe, text, doc: load(text) }, emu, github.url)
    expect(slipped.ran.map(({ result }) => result.code)).toEqual([1])
    const gated = RUNNABLE.find((entry) =>
      entry.text.includes("github.event.label.name == 'safe to build'")
    ) as DocBlock
    const other = gated.text.replace("'safe to build'", `'${randomSlug('label-')}'`)
    const skipped = await runBlock({ ...gated, text: other, doc: load(other) }, emu, github.url)
    expect(skipped.ran).toEqual([])
    expect(skipped.skipped).toEqual([expect.stringMatching(/^approve: its if: is false for pull_request_target$/)])
  })

  // The blocks run side by side (they spend their time waiting on the steps they start and the
  // builds those wait for), each on a fresh emulator of its own, started before any of them: so
  // each test's random draws (all made in runBlock before its first await) come in one order.
  const fresh = new Map<string, RunningEmulator>()
  beforeAll(async () => {
    for (const entry of RUNNABLE) fresh.set(entry.where, await startE2eEmulator({ seed: docsSeed() }))
  })
  afterAll(async () => {
    for (const started of fresh.values()) await started.close()
  })

  it.concurrent.each(RUNNABLE.map((entry) => [entry.where, entry.heading]))(
    '%s (%s) runs green',
    async (where) => {
      const entry = RUNNABLE.find((candidate) => candidate.where === where) as (typeof RUNNABLE)[0]
      const run = await runBlock(entry, fresh.get(where) as RunningEmulator, github.url)
      expect(run.ran.length).toBeGreaterThan(0)
      // What is left out is a reusable workflow's call, a matrix job, or a step its if: skips.
      for (const reason of run.skipped)
        expect(reason).toMatch(/: (calls the reusable workflow \S+|a matrix job|its if: is false( for \w+)?)$/)
      for (const { job, step, result } of run.ran)
        expect({ job, step, code: result.code, log: result.code === 0 ? '' : result.stdout + result.stderr }).toEqual({
          job,
          step,
          code: 0,
          log: ''
        })
    },
    120_000
  )
})
