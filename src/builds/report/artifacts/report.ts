/**
 * A build's artifacts for the step: the `artifacts` output (with each public
 * install page), and, when asked, the files downloaded into a folder. Download
 * URLs are signed: each is masked as soon as it is read and never goes into an output.
 */
import { artifactOutput, getArtifact, listArtifacts, type ArtifactSummary } from '../../../api/artifacts.js'
import { Output } from '../../../constants.js'
import { isLoopbackHost } from '../../../http/addresses.js'
import type { HandlerContext } from '../../../step/context.js'
import type { ArtifactSettings } from './settings.js'

/** Lists the build's artifacts into the outputs and the summary, and downloads them when asked; `response` is the list's last page unless `setResponse` is false. */
export async function reportArtifacts(
  appSlug: string,
  buildSlug: string,
  settings: ArtifactSettings,
  ctx: HandlerContext,
  setResponse = true
): Promise<void> {
  const { artifacts: listed, response } = await listArtifacts(ctx.client, appSlug, buildSlug, ctx.signal)
  const needRecord = (a: (typeof listed)[number]): boolean =>
    settings.downloadDir !== undefined || (a.isPublic && !a.installPageUrl)
  const artifacts: ArtifactSummary[] = []
  const urls = new Map<string, string | undefined>()
  for (const item of listed) {
    const { isPublic, ...summary } = item
    if (!needRecord(item)) {
      artifacts.push(summary)
      continue
    }
    const { expiringDownloadUrl, ...record } = await getArtifact(ctx.client, appSlug, buildSlug, item.slug, ctx.signal)
    if (expiringDownloadUrl) ctx.mask(expiringDownloadUrl)
    urls.set(item.slug, expiringDownloadUrl)
    artifacts.push({ ...record, installPageUrl: isPublic ? record.installPageUrl : undefined })
  }
  ctx.output(Output.artifacts, artifacts.map(artifactOutput))
  if (setResponse) ctx.output(Output.response, response)
  ctx.info(`Build ${buildSlug} of ${appSlug} has ${artifacts.length} artifact(s)`)
  const rows = artifacts
    .slice(0, 100)
    .map((a) => [a.title, a.type ?? '', a.sizeBytes?.toString() ?? '', a.installPageUrl ?? ''])
  ctx.summary({
    heading: `Artifacts of build ${buildSlug}`,
    lead: { mark: 'success', result: `${artifacts.length} artifact(s)`, subject: [appSlug, `build ${buildSlug}`] },
    lines: [`${artifacts.length} artifact(s).`],
    table: rows.length > 0 ? [['Title', 'Type', 'Bytes', 'Install page'], ...rows] : undefined
  })
  if (settings.downloadDir !== undefined)
    await downloadAll(settings.downloadDir, artifacts, urls, settings.maxBytes, ctx)
}

async function downloadAll(
  dir: string,
  artifacts: ArtifactSummary[],
  urls: Map<string, string | undefined>,
  maxBytes: number,
  ctx: HandlerContext
): Promise<void> {
  const { downloadArtifact, namesIn, safeFileName } = await import('./download.js')
  // Names already in the folder are taken: an artifact never replaces nor removes what was there.
  const taken = await namesIn(dir)
  const base = ctx.client.base
  const policy = { allowLoopback: base !== undefined && isLoopbackHost(base.hostname) }
  const refused: string[] = []
  for (const artifact of artifacts) {
    const url = urls.get(artifact.slug)
    const fileName = safeFileName(artifact.title, artifact.slug, taken)
    if (!url) {
      refused.push(`${fileName}: the service gave no download URL`)
      continue
    }
    try {
      const { bytes } = await downloadArtifact(
        dir,
        { url, declaredBytes: artifact.sizeBytes, fileName },
        maxBytes,
        policy,
        ctx.signal
      )
      ctx.info(`Downloaded ${fileName} (${bytes} bytes)`)
    } catch (error) {
      refused.push((error as Error).message)
    }
  }
  ctx.output(Output.artifactsDir, dir)
  if (refused.length > 0) throw new Error(`Could not download ${refused.length} artifact(s): ${refused.join('; ')}`)
}
