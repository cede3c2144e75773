/**
 * The tests of a build read from its artifacts (test-report-artifacts), for when the service's
 * test results are refused (a plan without test reports), missing or empty. Each matching
 * artifact is downloaded as every artifact is (download.ts: https only, public addresses, the
 * size refused by its declared length and again while streaming to disk), but under a small cap
 * of its own, into a folder of this step's that is removed afterwards, then read as JUnit XML
 * (junit.ts). A file over the cap, or one that is no JUnit XML, is named and skipped.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getArtifact, listArtifacts, type ArtifactSummary, type ListedArtifact } from '../../../api/artifacts.js'
import type { TestSuite } from '../../../api/test-results.js'
import { Input } from '../../../constants.js'
import { isLoopbackHost } from '../../../http/addresses.js'
import { matchesName } from '../../../inputs/name-globs.js'
import type { HandlerContext } from '../../../step/context.js'
import type { downloadArtifact, DownloadPolicy } from './download.js'

/** The largest test report read: a JUnit file of tens of thousands of cases fits; past it the file is skipped. */
export const MAX_TEST_REPORT_BYTES = 8 * 1024 * 1024
/** Test report files read at most from one build. */
export const MAX_TEST_REPORTS = 20
/** Suites kept over all the files, as the service's answer keeps (api/test-results.ts). */
const MAX_SUITES_KEPT = 200

/**
 * The suites of the build's artifacts matching `patterns`, or undefined when none could be read
 * (each file skipped is named in a warning). Never throws but on a cancelled job.
 */
export async function readTestReports(
  appSlug: string,
  buildSlug: string,
  patterns: string[],
  ctx: HandlerContext
): Promise<TestSuite[] | undefined> {
  let dir: string | undefined
  try {
    const { matching, matches } = await firstMatches(appSlug, buildSlug, patterns, ctx)
    if (matches === 0) {
      ctx.info(`${Input.testReportArtifacts}: no artifact of build ${buildSlug} matches, so no tests are shown.`)
      return undefined
    }
    if (matches > MAX_TEST_REPORTS)
      ctx.warning(
        `${Input.testReportArtifacts}: ${matches} artifacts of build ${buildSlug} match; only the first ${MAX_TEST_REPORTS} are read.`
      )
    const { downloadArtifact, safeFileName } = await import('./download.js')
    dir = await mkdtemp(join(process.env.RUNNER_TEMP || tmpdir(), 'service-ci-tests-'))
    const base = ctx.client.base
    const policy = { allowLoopback: base !== undefined && isLoopbackHost(base.hostname) }
    const taken = new Set<string>()
    const suites: TestSuite[] = []
    let read = 0
    for (const artifact of matching) {
      const fileName = safeFileName(artifact.title, artifact.slug, taken)
      try {
        suites.push(...(await readOne({ appSlug, buildSlug, artifact, fileName, dir, policy }, downloadArtifact, ctx)))
        read++
      } catch (error) {
        if (ctx.signal.aborted) throw error
        ctx.warning(
          `${Input.testReportArtifacts}: the artifact ${JSON.stringify(artifact.title.slice(0, 200))} of build ${buildSlug} was skipped: ${skipReason(error)}`
        )
      }
    }
    if (read === 0) return undefined
    if (suites.length > MAX_SUITES_KEPT) suites.length = MAX_SUITES_KEPT
    ctx.info(`Read the tests of build ${buildSlug} from ${read} JUnit XML artifact(s) (${Input.testReportArtifacts}).`)
    return suites
  } catch (error) {
    if (ctx.signal.aborted) throw error
    ctx.warning(
      `${Input.testReportArtifacts}: the artifacts of build ${buildSlug} could not be read: ${(error as Error).message}`
    )
    return undefined
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true })
  }
}

/** The first MAX_TEST_REPORTS artifacts matching, and how many match: kept page by page, the list itself never held. */
async function firstMatches(
  appSlug: string,
  buildSlug: string,
  patterns: string[],
  ctx: HandlerContext
): Promise<{ matching: ListedArtifact[]; matches: number }> {
  const matching: ListedArtifact[] = []
  let matches = 0
  const take = (page: ListedArtifact[]): void => {
    for (const a of page) {
      if (!patterns.some((p) => matchesName(a.title, p))) continue
      matches += 1
      if (matching.length < MAX_TEST_REPORTS) matching.push(a)
    }
  }
  await listArtifacts(ctx.client, appSlug, buildSlug, take, ctx.signal)
  return { matching, matches }
}

interface OneReport {
  appSlug: string
  buildSlug: string
  artifact: ArtifactSummary
  fileName: string
  dir: string
  policy: DownloadPolicy
}

/** One artifact downloaded under the cap, read as JUnit XML, and removed. */
async function readOne(
  { appSlug, buildSlug, artifact, fileName, dir, policy }: OneReport,
  download: typeof downloadArtifact,
  ctx: HandlerContext
): Promise<TestSuite[]> {
  // Refused by its listed size before its download URL is even asked for.
  if ((artifact.sizeBytes ?? 0) > MAX_TEST_REPORT_BYTES)
    throw new Error(
      `${fileName} is ${artifact.sizeBytes} bytes, over the test report cap (${MAX_TEST_REPORT_BYTES} bytes); it was not downloaded`
    )
  const { expiringDownloadUrl: url } = await getArtifact(ctx.client, appSlug, buildSlug, artifact.slug, ctx.signal)
  if (!url) throw new Error('the service gave no download URL')
  // Kept for the rest of the step, unlike a downloaded artifact's: at most MAX_TEST_REPORTS of
  // them, and what is read from the file is shown after its download has ended.
  ctx.mask(url)
  const request = { url, declaredBytes: artifact.sizeBytes, fileName }
  const { path } = await download(dir, request, MAX_TEST_REPORT_BYTES, policy, ctx.signal)
  try {
    const { junitSuites } = await import('./junit.js')
    return junitSuites(await readFile(path, 'utf8'))
  } finally {
    await rm(path, { force: true })
  }
}

/** Why a file was skipped, with the download's own cap named as this feature's. */
function skipReason(error: unknown): string {
  return (error as Error).message
    .replace(/max-artifact-bytes \((\d+)\)/g, `the test report cap ($1 bytes)`)
    .slice(0, 500)
}
