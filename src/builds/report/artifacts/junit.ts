/**
 * JUnit XML, the test report most test runners write, read into the same suites the service's
 * test results give (api/test-results.ts), so the same counts, caps, rendering and outputs follow.
 * The text comes from a build's artifact, and a build can put anything there: the parser is
 * fast-xml-parser with its own validation, a document type declaration (DTD) is refused before
 * parsing (so no entity can be declared, let alone expanded), only fixed tables of escapes are
 * decoded, nesting is capped, and the file was size-capped when downloaded.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { suitesIn, type TestSuite } from '../../../api/test-results.js'

/** Nested elements at most: JUnit nests suites a few levels deep, never a hundred. */
const MAX_NESTING = 64
/** Suites walked at most in one file; suitesIn keeps fewer still. */
const MAX_SUITES_WALKED = 1_000
/** Characters of a failure message kept (the outputs hold this much; the summary shows less). */
export const MAX_MESSAGE_KEPT = 4_000

const LISTS = new Set(['testsuite', 'testcase', 'failure', 'error', 'skipped', 'flakyFailure', 'flakyError'])

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  // Every value stays text: a case named "007" is not the number 7.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // No DTD reaches the parser (refused below): no entity is declared, so none expands. What is
  // decoded are XML's five escapes and character references (&#10;, which JUnit writers use in
  // messages), from the library's fixed tables.
  processEntities: { enabled: true, maxEntityCount: 1, maxEntitySize: 1, maxExpansionDepth: 1 },
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: MAX_NESTING,
  isArray: (name) => LISTS.has(name)
})

type XmlNode = Record<string, unknown>

const node = (value: unknown): XmlNode | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as XmlNode) : undefined
const nodes = (value: unknown): XmlNode[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((item) => {
    const one = node(item)
    return one ? [one] : typeof item === 'string' ? [{ '#text': item }] : []
  })
const attr = (item: XmlNode | undefined, name: string): string | undefined => {
  const value = item?.[`@_${name}`]
  return typeof value === 'string' && value !== '' ? value : undefined
}
const text = (item: XmlNode | undefined): string | undefined => {
  const value = item?.['#text']
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** Why the text is refused before parsing, or undefined. */
function refusal(xml: string): string | undefined {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return 'it declares a document type (DTD), which a test report never needs'
  const valid = XMLValidator.validate(xml)
  if (valid !== true) return `it is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`
  return undefined
}

/** The suites of one JUnit XML text; throws, saying why, on text that is no such report. */
export function junitSuites(xml: string): TestSuite[] {
  const why = refusal(xml)
  if (why) throw new Error(why)
  let doc: XmlNode
  try {
    doc = parser.parse(xml) as XmlNode
  } catch (error) {
    throw new Error(`it could not be parsed: ${(error as Error).message}`, { cause: error })
  }
  const root = node(doc.testsuites) ?? doc
  const raw: XmlNode[] = []
  collect(nodes(root.testsuite), raw)
  if (raw.length === 0 && !('testsuites' in doc)) throw new Error('it holds no <testsuites> or <testsuite>')
  return suitesIn({ test_suites: raw })
}

/** Flattens suites (a suite may hold suites) into the service's shape, cases each under its own suite. */
function collect(suites: XmlNode[], into: XmlNode[]): void {
  for (const suite of suites) {
    if (into.length >= MAX_SUITES_WALKED) return
    const file = attr(suite, 'file')
    into.push({
      name: attr(suite, 'name') ?? '(unnamed suite)',
      test_cases: nodes(suite.testcase).map((c) => caseOf(c, file))
    })
    collect(nodes(suite.testsuite), into)
  }
}

/** One `<testcase>` in the service's words: a failure or error fails it, a skip skips it, a rerun's failure marks it flaky. */
function caseOf(item: XmlNode, suiteFile: string | undefined): XmlNode {
  const failure = nodes(item.failure)[0] ?? nodes(item.error)[0]
  const skipped = nodes(item.skipped).length > 0
  const flaky = nodes(item.flakyFailure).length > 0 || nodes(item.flakyError).length > 0
  const message = failure && (attr(failure, 'message') ?? text(failure) ?? attr(failure, 'type') ?? 'failed')
  // A stack trace can be most of the file: what is kept of it is bounded, not the file's size.
  return {
    name: attr(item, 'name'),
    classname: attr(item, 'classname'),
    status: failure ? 'failed' : skipped ? 'skipped' : 'passed',
    is_flaky: flaky,
    failure_message: message?.slice(0, MAX_MESSAGE_KEPT),
    duration: attr(item, 'time'),
    file: attr(item, 'file') ?? suiteFile,
    line: attr(item, 'line')
  }
}
