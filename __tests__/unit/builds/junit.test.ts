/**
 * JUnit XML read into the service's test-results shape: the usual writers' forms (a root
 * <testsuites> or <testsuite>, nested suites, failures, errors, skips, reruns), and hostile
 * files refused quickly and whole: an entity bomb, deep nesting, text that is no XML.
 */
import { describe, expect, it } from '@jest/globals'
import { junitSuites, MAX_MESSAGE_KEPT } from '../../../src/builds/report/artifacts/junit.js'
import { MAX_CASES_KEPT } from '../../../src/api/test-results.js'
import { randomInt, randomString } from '../../helpers/random.js'

describe('junitSuites', () => {
  it('reads a root <testsuites> with nested suites, failures, errors, skips and flaky reruns', () => {
    const name = randomString(12)
    const xml = `<?xml version="1.0"?>
<testsuites>
  <testsuite name="Outer" file="spec/outer.ts">
    <testcase name="passes" time="0.5"/>
    <testcase name="fails" classname="Outer" line="12"><failure message="expected &lt;1&gt;&#10;got 2">stack</failure></testcase>
    <testcase name="errors"><error type="TypeError">boom &amp; more</error></testcase>
    <testcase name="skips"><skipped/></testcase>
    <testcase name="${name}"><flakyFailure message="first try"/></testcase>
    <testsuite name="Inner"><testcase name="inner" file="spec/inner.ts" line="3"><failure/></testcase></testsuite>
  </testsuite>
</testsuites>`
    const [outer, inner] = junitSuites(xml)
    expect(outer).toMatchObject({ name: 'Outer', total: 5, failed: 2, skipped: 1, flaky: 1 })
    expect(outer.failedCases).toEqual([
      expect.objectContaining({
        name: 'fails',
        className: 'Outer',
        message: 'expected <1>\ngot 2',
        file: 'spec/outer.ts',
        line: 12
      }),
      expect.objectContaining({ name: 'errors', message: 'boom & more' })
    ])
    expect(inner).toMatchObject({ name: 'Inner', total: 1, failed: 1 })
    expect(inner.failedCases[0]).toMatchObject({ file: 'spec/inner.ts', line: 3, message: 'failed' })
  })

  it('reads a root <testsuite>, keeps values as text, and counts past the cases it keeps', () => {
    const failing = MAX_CASES_KEPT + 1 + randomInt(20)
    const cases = Array.from({ length: failing }, (_, i) => `<testcase name="00${i}"><failure message="m"/></testcase>`)
    const [suite] = junitSuites(`<testsuite name="007">${cases.join('')}<testcase name="ok"/></testsuite>`)
    expect(suite).toMatchObject({ name: '007', total: failing + 1, failed: failing })
    expect(suite.failedCases).toHaveLength(MAX_CASES_KEPT)
    expect(suite.failedCases[0].name).toBe('000')
  })

  it('keeps at most MAX_MESSAGE_KEPT characters of a failure message', () => {
    const trace = randomString(MAX_MESSAGE_KEPT + 1 + randomInt(5000))
    const [suite] = junitSuites(
      `<testsuite name="s"><testcase name="c"><failure>${trace}</failure></testcase></testsuite>`
    )
    expect(suite.failedCases[0].message).toBe(trace.slice(0, MAX_MESSAGE_KEPT))
  })

  it('refuses a DTD (an entity bomb) at once, expanding nothing', () => {
    const entities = Array.from({ length: 10 }, (_, i) => `<!ENTITY e${i + 1} "${`&e${i};`.repeat(10)}">`).join('')
    const bomb = `<?xml version="1.0"?><!DOCTYPE t [<!ENTITY e0 "${randomString(8)}">${entities}]><testsuite name="&e10;"/>`
    const started = Date.now()
    expect(() => junitSuites(bomb)).toThrow('document type (DTD)')
    // Generous: refusing reads a few hundred bytes; expanding would take gigabytes.
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(() => junitSuites('<!doctype x><testsuite/>')).toThrow('document type (DTD)')
  })

  it('refuses text that is not well-formed, nesting past the cap, and XML that is no test report', () => {
    expect(() => junitSuites('<testsuite><testcase name="a"></testsuite>')).toThrow('not well-formed XML')
    expect(() => junitSuites(randomString(40))).toThrow()
    const depth = 200 + randomInt(1000)
    expect(() => junitSuites(`${'<testsuite>'.repeat(depth)}${'</testsuite>'.repeat(depth)}`)).toThrow(
      'could not be parsed'
    )
    expect(() => junitSuites('<coverage line-rate="1"/>')).toThrow('no <testsuites> or <testsuite>')
  })
})
