/**
 * A build's artifacts for the step: the `artifacts` output (with each public
 * install page), and, when asked, the files downloaded into a folder. Download
 * URLs are signed: each is masked as soon as it is read and never goes into an output.
 *
 * The list is handled page by page as it arrives, each artifact downloaded just after its
 * record (and signed URL) is read: nothing of an artifact is held once the next is taken, so
 * a build of any number of artifacts costs the step the memory of one page.
 */
import {
  artifactOutput,
  getArtifact,
  listArtifacts,
  type ArtifactSummary,
  type ListedArtifact
} from '../../../api/artifacts.js'
import { Output } from '../../../constants.js'
import { isLoopbackHost } from '../../../http/addresses.js'
import type { HandlerContext } from '../../../step/context.js'
import type { ArtifactSettings } from './settings.js'

/** Most rows the summary's table shows; the artifacts output and its file hold every artifact. */
const SUMMARY_ROWS = 100
/** Most failed downloads the step's error names one by one; the others are counted. */
const NAMED_FAILURES = 20

/** Downloads one artifact into the folder (its URL masked while it is used); throws why it could not. */
type Download = (artifact: ArtifactSummary, url: string | undefined) => Promise<void>

/** Lists the build's artifacts into the outputs and the summary, and downloads them when asked; `response` is the list's last page unless `setResponse` is false. */
export async function reportArtifacts(
  appSlug: string,
  buildSlug: string,
  settings: ArtifactSettings,
  ctx: HandlerContext,
  setResponse = true
): Promise<void> {
  const download = settings.downloadDir === undefined ? undefined : await downloader(settings, ctx)
  const failures = { count: 0, named: [] as string[] }
  const output = ctx.listOutput(Output.artifacts)
  const rows: string[][] = []
  const take = (item: ListedArtifact): Promise<ArtifactSummary> =>
    takeOne(item, { appSlug, buildSlug, ctx, download, failures })
  const { count, response } = await listArtifacts(
    ctx.client,
    appSlug,
    buildSlug,
    async (page) => {
      for (const item of page) {
        const artifact = await take(item)
        output.add([artifactOutput(artifact)])
        if (rows.length < SUMMARY_ROWS) rows.push(rowOf(artifact))
      }
    },
    ctx.signal
  )
  output.end()
  if (setResponse) ctx.output(Output.response, response)
  summarize(ctx, appSlug, buildSlug, count, rows)
  if (settings.downloadDir === undefined) return
  ctx.output(Output.artifactsDir, settings.downloadDir)
  if (failures.count > 0) {
    const more = failures.count - failures.named.length
    throw new Error(
      `Could not download ${failures.count} artifact(s): ${failures.named.join('; ')}${more > 0 ? `; and ${more} more` : ''}`
    )
  }
}

interface Taking {
  appSlug: string
  buildSlug: string
  ctx: HandlerContext
  download?: Download
  failures: { count: number; named: string[] }
}

/**
 * One listed artifact: its record read when needed (a download, or a public page the list does
 * not name), downloaded when asked, with its signed URL masked meanwhile; a failed download is
 * counted. Returns it as the outputs show it.
 */
async function takeOne(
  item: ListedArtifact,
  { appSlug, buildSlug, ctx, download, failures }: Taking
): Promise<ArtifactSummary> {
  const { isPublic, ...summary } = item
  if (!download && !(isPublic && !summary.installPageUrl)) return summary
  const { expiringDownloadUrl: url, ...record } = await getArtifact(
    ctx.client,
    appSlug,
    buildSlug,
    item.slug,
    ctx.signal
  )
  const artifact = { ...record, installPageUrl: isPublic ? record.installPageUrl : undefined }
  const use = async (hide: (text: string) => string): Promise<ArtifactSummary> => {
    try {
      await download?.(artifact, url)
    } catch (error) {
      failures.count += 1
      if (failures.named.length < NAMED_FAILURES) failures.named.push(hide((error as Error).message))
    }
    // Kept past the URL's release (the outputs, the summary's row, the error): kept without it.
    const { title, type, installPageUrl } = artifact
    return {
      ...artifact,
      title: hide(title),
      type: type && hide(type),
      installPageUrl: installPageUrl && hide(installPageUrl)
    }
  }
  // Masked in the runner's log even when not downloaded; the step itself lets go of it at once.
  return url ? ctx.maskWhile(url, use) : use((text) => text)
}

/** An artifact's row of the summary's table. */
function rowOf(artifact: ArtifactSummary): string[] {
  return [artifact.title, artifact.type ?? '', artifact.sizeBytes?.toString() ?? '', artifact.installPageUrl ?? '']
}

/** The log's line and the summary's section: the count, and a table of the first artifacts. */
function summarize(ctx: HandlerContext, appSlug: string, buildSlug: string, count: number, rows: string[][]): void {
  ctx.info(`Build ${buildSlug} of ${appSlug} has ${count} artifact(s)`)
  ctx.summary({
    heading: `Artifacts of build ${buildSlug}`,
    lead: { mark: 'success', result: `${count} artifact(s)`, subject: [appSlug, `build ${buildSlug}`] },
    lines: [
      `${count} artifact(s).`,
      ...(count > rows.length
        ? [`The table shows the first ${rows.length}; the file named by the artifacts-file output holds all of them.`]
        : [])
    ],
    table: rows.length > 0 ? [['Title', 'Type', 'Bytes', 'Install page'], ...rows] : undefined
  })
}

/** The download of each artifact into the folder, under names unique in it. */
async function downloader(settings: ArtifactSettings, ctx: HandlerContext): Promise<Download> {
  const dir = settings.downloadDir as string
  const { downloadArtifact, namesIn, safeFileName } = await import('./download.js')
  // Names already in the folder are taken: an artifact never replaces nor removes what was there.
  const taken = await namesIn(dir)
  const base = ctx.client.base
  const policy = { allowLoopback: base !== undefined && isLoopbackHost(base.hostname) }
  return async (artifact, url) => {
    const fileName = safeFileName(artifact.title, artifact.slug, taken)
    if (!url) throw new Error(`${fileName}: the service gave no download URL`)
    const request = { url, declaredBytes: artifact.sizeBytes, fileName }
    const { bytes } = await downloadArtifact(dir, request, settings.maxBytes, policy, ctx.signal)
    ctx.info(`Downloaded ${fileName} (${bytes} bytes)`)
  }
}
