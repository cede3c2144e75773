/**
 * The reviewer's view read from answers of either likely shape (emulator/docs/build-reports.md lists
 * the fields no source settles), and rendered from plain data: steps with their failure words and
 * `errors` as texts or objects, test results under their likely names, counts over every case
 * and the failed cases kept within their cap; the Markdown escapes every text it is given.
 */
import { describe, expect, it } from '@jest/globals'
import { stepsIn } from '../../../src/api/step-summary.js'
import { MAX_CASES_KEPT, suitesIn } from '../../../src/api/test-results.js'
import { failedSteps, MAX_MARKDOWN_CHARS, reviewMarkdown } from '../../../src/builds/report/review-render.js'
import { matchesName } from '../../../src/builds/report/install-page.js'
import { randomHostileMarkdown, randomInt, randomString } from '../../helpers/random.js'

const step = (fields: Record<string, unknown>) => ({
  started_at: '2026-04-03T17:28:32Z',
  finished_at: '2026-04-03T17:28:39.138Z',
  ...fields
})

describe('the step summary', () => {
  it.each([
    ['failed', ['a text']],
    ['failure', [{ message: 'a text' }]],
    ['error', 'a text'],
    ['failed_skippable', [{ error: 'a text' }]]
  ])(
    'a step whose status is %p and whose errors are %j is a failed step with its errors as texts',
    (status, errors) => {
      const title = randomString(12)
      const steps = stepsIn({
        execution: {
          workflows: [
            {
              workflow_id: 'primary',
              steps: [step({ title: 'Git clone', status: 'success' }), step({ title, status, errors })]
            }
          ]
        }
      })
      expect(steps.map((s) => [s.title, s.state])).toEqual([
        ['Git clone', 'success'],
        [title, 'failed']
      ])
      expect(steps[0].durationSeconds).toBe(7.1)
      expect(failedSteps(steps)).toEqual([{ workflow: 'primary', step: title, errors: ['a text'] }])
    }
  )

  it('reads the recorded shape under data too, keeps a skipped step and its reason, and an unknown word as other', () => {
    const steps = stepsIn({
      data: {
        execution: {
          workflows: [
            {
              workflow_id: 'w',
              steps: [
                step({ title: 'a', status: 'skipped', status_reason: 'r' }),
                step({ title: 'b', status: 'weird' })
              ]
            }
          ]
        }
      }
    })
    expect(steps.map((s) => [s.state, s.statusReason])).toEqual([
      ['skipped', 'r'],
      ['other', undefined]
    ])
  })
})

describe('the test results', () => {
  it.each([
    [
      'test_suites / test_cases / failure_message',
      (cases: unknown[]) => ({ test_suites: [{ name: 'S', test_cases: cases }] }),
      'failure_message'
    ],
    ['suites / cases / message', (cases: unknown[]) => ({ suites: [{ name: 'S', cases }] }), 'message'],
    ['data / tests / failure', (cases: unknown[]) => ({ data: [{ title: 'S', tests: cases }] }), 'failure'],
    ['a bare list', (cases: unknown[]) => [{ name: 'S', testcases: cases }], 'message']
  ])('%s: counts every case, keeps the failed ones', (_shape, wrap, messageField) => {
    const failed = MAX_CASES_KEPT + 1 + randomInt(10)
    const passed = randomInt(20)
    const cases = [
      ...Array.from({ length: passed }, (_, i) => ({ name: `p${i}`, status: 'passed' })),
      ...Array.from({ length: failed }, (_, i) => ({
        name: `f${i}`,
        status: 'failed',
        [messageField]: `m${i}`,
        file: 'a.swift',
        line: i + 1
      })),
      { name: 'skip', status: 'skipped' },
      { name: 'flake', status: 'flaky' }
    ]
    const [suite] = suitesIn(wrap(cases))
    expect(suite).toMatchObject({ name: 'S', total: passed + failed + 2, failed, skipped: 1, flaky: 1 })
    expect(suite.failedCases).toHaveLength(MAX_CASES_KEPT)
    expect(suite.failedCases[0]).toMatchObject({ name: 'f0', message: 'm0', file: 'a.swift', line: 1 })
  })
})

describe('the Markdown of the view', () => {
  it('escapes every text from the service: no fragment of Markdown or HTML survives', () => {
    const hostile = randomHostileMarkdown()
    const steps = stepsIn({
      execution: {
        workflows: [
          {
            workflow_id: hostile.text,
            steps: [step({ title: hostile.text, status: 'failed', errors: [hostile.text] })]
          }
        ]
      }
    })
    const tests = suitesIn({
      test_suites: [
        {
          name: hostile.text,
          test_cases: [{ name: hostile.text, status: 'failed', failure_message: hostile.text, file: hostile.text }]
        }
      ]
    })
    const text = reviewMarkdown({ steps, tests })
    expect(text).toContain('**Steps: 1 failed of 1**')
    expect(text).toContain('Tests: 1 failed of 1')
    for (const fragment of hostile.fragments) expect(text).not.toContain(fragment)
  })

  it('stays within its size however many failed steps, errors and cases the service sends, cut at a line', () => {
    const long = (): string => '<>&|*'.repeat(400 + randomInt(400))
    const steps = stepsIn({
      execution: {
        workflows: [
          {
            workflow_id: 'w',
            steps: Array.from({ length: 400 }, () =>
              step({ title: long(), status: 'failed', errors: Array.from({ length: 20 }, long) })
            )
          }
        ]
      }
    })
    const cases = Array.from({ length: 60 }, () => ({
      name: long(),
      status: 'failed',
      failure_message: long(),
      file: long()
    }))
    const tests = suitesIn({ test_suites: Array.from({ length: 100 }, () => ({ name: long(), test_cases: cases })) })
    const text = reviewMarkdown({ steps, tests })
    expect(text.length).toBeLessThanOrEqual(MAX_MARKDOWN_CHARS + 100)
    expect(text.endsWith('(cut here: the job summary and the outputs hold the rest)')).toBe(true)
    expect(text).not.toMatch(/&#?\w*\n/)
  })
})

describe("install-page's patterns", () => {
  it.each([
    ['app-release.apk', '*.apk', true],
    ['app-release.apk', 'app-?elease.apk', true],
    ['app-release.apk.zip', '*.apk', false],
    ['app(1).apk', 'app(1).apk', true],
    ['appX1Y.apk', 'app(1).apk', false],
    ['a.ipa', '*.apk', false]
  ])('%p matches %p: %p', (name, pattern, expected) => {
    expect(matchesName(name, pattern)).toBe(expected)
  })
})
