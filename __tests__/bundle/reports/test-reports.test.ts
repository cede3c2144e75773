/**
 * test-report-artifacts, through dist/index.js against the emulator: when the service refuses
 * the test results (403, a plan without test reports), the tests are read from the build's
 * JUnit XML artifacts instead, and give the same outputs, annotations and summary. Suite and
 * case names and messages from the file (random hostile text) stay data; a file over the cap
 * (declared, or sent larger than declared), one that is not well-formed and one declaring a DTD
 * (an entity bomb) are each named in a warning and skipped, never a crash.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { bundledSeed } from '../../../emulator/model/seed.js'
import { randomInt, randomSlug } from '../../helpers/random.js'
import { expectInert, hostileBuildText } from '../../helpers/scenarios/inert.js'
import {
  expectFailed,
  requestLog,
  resetEmulator,
  startE2eEmulator,
  step,
  TOKENS,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

/** XML's escapes, with line breaks in attributes as character references, as a JUnit writer puts them. */
const xmlText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const xmlAttr = (text: string): string =>
  xmlText(text)
    .replace(/"/g, '&quot;')
    .replace(/\r\n|\r|\n/g, '&#10;')
/** A line break as the XML reader gives it back: \r\n and \r read as \n. */
const lines = (text: string): string => text.replace(/\r\n?/g, '\n')

const suiteName = hostileBuildText()
const caseName = hostileBuildText()
const caseMessage = hostileBuildText()
const caseFile = `Tests/${randomSlug()}.kt`
const caseLine = 1 + randomInt(900)
const passing = 1 + randomInt(6)
const everyHostile = [suiteName, caseName, caseMessage]

const report = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<testsuites>',
  `  <testsuite name="${xmlAttr(suiteName.text)}" tests="${passing + 2}">`,
  ...Array.from({ length: passing }, (_, i) => `    <testcase name="passes${i}" classname="Unit" time="0.01"/>`),
  `    <testcase name="${xmlAttr(caseName.text)}" classname="Unit" file="${caseFile}" line="${caseLine}">`,
  `      <failure message="${xmlAttr(caseMessage.text)}" type="AssertionError">${xmlText(caseMessage.text)}</failure>`,
  '    </testcase>',
  '    <testcase name="skipped" classname="Unit"><skipped/></testcase>',
  '  </testsuite>',
  '</testsuites>'
].join('\n')

const CAP = 8 * 1024 * 1024
const bomb = [
  '<?xml version="1.0"?>',
  '<!DOCTYPE lolz [<!ENTITY lol "lol">',
  ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`),
  ']>',
  '<testsuite name="&lol9;"><testcase name="x"/></testsuite>'
].join('\n')

let emu: RunningEmulator
beforeAll(async () => {
  const seed = bundledSeed()
  // android-app's builds fail, on a plan without test reports; its deploy step keeps the reports.
  const android = seed.apps!.find((app) => app.slug === 'android-app')!
  expect(android.build_outcome).toBe('failure')
  android.config_location = 'service'
  android.test_results = { status: 403 }
  android.artifacts = [
    { title: 'junit-unit.xml', file_size_bytes: Buffer.byteLength(report), content: report, always: true },
    { title: 'junit-declared-huge.xml', file_size_bytes: CAP + 1, content: report, always: true },
    {
      title: 'junit-grown.xml',
      file_size_bytes: 100,
      content: `<testsuite>${' '.repeat(CAP)}</testsuite>`,
      always: true
    },
    {
      title: 'junit-broken.xml',
      file_size_bytes: 40,
      content: '<testsuite><testcase name="a"></testsuite>',
      always: true
    },
    { title: 'junit-bomb.xml', file_size_bytes: Buffer.byteLength(bomb), content: bomb, always: true },
    { title: 'app-release.apk', artifact_type: 'android-apk', file_size_bytes: 64 }
  ]
  // web-app's builds succeed with the service's own test results, and a JUnit artifact beside them.
  const web = seed.apps!.find((app) => app.slug === 'web-app')!
  web.build_outcome = 'success'
  web.artifacts = [{ title: 'junit-unit.xml', file_size_bytes: Buffer.byteLength(report), content: report }]
  emu = await startE2eEmulator({ seed })
})
beforeEach(async () => resetEmulator(emu))
afterAll(async () => emu?.close())

const trigger = (extra: Record<string, string>) =>
  step(emu, 'trigger', {
    'app-slug': 'android-app',
    workflow: 'primary',
    'from-event': 'false',
    branch: `feature/${randomSlug()}`,
    'explain-failure': 'false',
    wait: 'true',
    ...extra
  })

/** The artifact calls the step made: the list, and each artifact's record (its download URL). */
const artifactCalls = async (): Promise<{ lists: number; records: number }> => {
  const paths = (await requestLog(emu)).map((r) => r.path)
  return {
    lists: paths.filter((p) => /\/artifacts$/.test(p)).length,
    records: paths.filter((p) => /\/artifacts\/\w+$/.test(p)).length
  }
}

describe('test-report-artifacts', () => {
  it('reads the JUnit XML artifacts when the service refuses the test results (403): the same outputs, annotation and summary, as inert text', async () => {
    // *.apk matches the apk too, which a failed build does not keep (not `always` in the seed).
    const result = await trigger({ 'test-report-artifacts': 'junit-*.xml\n*.apk' })
    expectFailed(result)

    expect(result.outputs['tests-total']).toBe(String(passing + 2))
    expect(result.outputs['tests-failed']).toBe('1')
    const suites = JSON.parse(result.outputs['test-results']) as Array<Record<string, unknown>>
    expect(suites).toEqual([
      {
        name: lines(suiteName.text),
        total: passing + 2,
        failed: 1,
        skipped: 1,
        flaky: 0,
        failedCases: [
          expect.objectContaining({
            name: lines(caseName.text),
            className: 'Unit',
            state: 'failed',
            message: lines(caseMessage.text),
            file: caseFile,
            line: caseLine
          })
        ]
      }
    ])
    const notes = result.stdout
      .split('\n')
      .filter((line) => line.startsWith('::error ') && line.includes('Test failed'))
    expect(notes).toHaveLength(1)
    expect(notes[0]).toContain(`file=${caseFile},line=${caseLine}`)
    expect(result.summary).toContain(`Tests: 1 failed of ${passing + 2}`)

    // Each file that could not be read is named once, and skipped.
    const warnings = result.stdout.split('\n').filter((line) => line.startsWith('::warning'))
    const skipped = (name: string) => warnings.filter((line) => line.includes(`artifact "${name}"`))
    expect(skipped('junit-declared-huge.xml')).toEqual([expect.stringContaining(`the test report cap (${CAP} bytes)`)])
    // Declared small, sent large: the download's own length gives it away before the body is read.
    expect(skipped('junit-grown.xml')).toEqual([expect.stringContaining(`over the test report cap (${CAP} bytes)`)])
    expect(skipped('junit-broken.xml')).toEqual([expect.stringContaining('not well-formed XML')])
    expect(skipped('junit-bomb.xml')).toEqual([expect.stringContaining('document type (DTD)')])
    expect(skipped('junit-unit.xml')).toEqual([])
    expect(skipped('app-release.apk')).toEqual([])
    // The declared-huge file is refused before its download URL is asked for; the apk is not listed.
    expect(await artifactCalls()).toEqual({ lists: 1, records: 4 })

    // The signed download URLs are masked as secrets: those masks are the action's own.
    const signedUrls = result.stdout
      .split('\n')
      .filter((line) => line.startsWith(`::add-mask::${emu.origin}/_downloads/`))
      .map((line) => line.slice('::add-mask::'.length))
    expect(signedUrls).toHaveLength(4)
    expectInert(
      result,
      [TOKENS.owner, ...signedUrls],
      everyHostile.flatMap((h) => h.commandLines),
      everyHostile.flatMap((h) => h.fragments)
    )
  })

  it('without test-report-artifacts, a refused test result shows no tests and reads no artifact', async () => {
    const result = await trigger({})
    expectFailed(result)
    expect(result.outputs['tests-total']).toBeUndefined()
    expect(await artifactCalls()).toEqual({ lists: 0, records: 0 })
    expect(result.stdout).toContain('so no tests are shown')
  })

  it("reads no artifact when the service gives the test results: the service's tests are shown", async () => {
    const result = await step(emu, 'trigger', {
      'app-slug': 'web-app',
      workflow: 'primary',
      'from-event': 'false',
      branch: 'main',
      wait: 'true',
      'test-report-artifacts': '*.xml'
    })
    expect(result.code).toBe(0)
    // The emulator's made-up suites: LoginTests (2 cases) and ProfileTests (1).
    expect(result.outputs['tests-total']).toBe('3')
    expect(await artifactCalls()).toEqual({ lists: 0, records: 0 })
  })

  it('is warned about, never silently dropped, where it is not read: a trigger that does not wait, a wait for a pipeline', async () => {
    const pattern = `${randomSlug()}-*.xml`
    const unread = await step(emu, 'trigger', {
      'app-slug': 'android-app',
      workflow: 'primary',
      'from-event': 'false',
      branch: 'main',
      'test-report-artifacts': pattern
    })
    const warned = unread.stdout
      .split('\n')
      .filter((l) => l.startsWith('::warning') && l.includes('test-report-artifacts'))
    expect(warned).toEqual([expect.stringContaining('trigger reads it only with wait: true, one app and no pipeline')])
    expect(await artifactCalls()).toEqual({ lists: 0, records: 0 })

    const pipeline = await step(emu, 'wait', {
      'app-slug': 'android-app',
      'pipeline-id': randomSlug(),
      'wait-timeout': '5m',
      'test-report-artifacts': pattern
    })
    expect(pipeline.stdout).toContain('test-report-artifacts is not read when waiting for a pipeline')
  })
})
