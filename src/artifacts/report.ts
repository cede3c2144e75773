/**
 * A build's artifacts for the step: the `artifacts` output (with each public
 * install page), and, when asked, the files downloaded into a folder. Download
 * URLs are signed: each is masked as soon as it is read and never goes into an output.
 */
import { getArtifact, listArtifacts, type ArtifactSummary } from '../api/artifacts.js'
import { Input, Output } from '../constants.js'
import { integerInRange, optionalText, type GetInput } from '../input-readers.js'
import type { HandlerContext } from '../operations/context.js'
import { InputError } from '../errors.js'
import { describeWorkspacePathProblem, resolveInWorkspace } from '../workspace-path.js'

/** What to do with a build's artifacts. */
export interface ArtifactSettings {
  /** The folder to download into; undefined lists only. */
  downloadDir?: string
  maxBytes: number
}

/** The inputs readArtifactSettings reads. */
export const ARTIFACT_INPUTS = [Input.downloadArtifacts, Input.maxArtifactBytes] as const

/** Reads where to download artifacts and how big one may be (1 GiB unless set). */
export function readArtifactSettings(get: GetInput, env: NodeJS.ProcessEnv): ArtifactSettings {
  const given = optionalText(get, Input.downloadArtifacts)
  let downloadDir: string | undefined
  if (given !== undefined) {
    const workspace = env.GITHUB_WORKSPACE || process.cwd()
    const checked = resolveInWorkspace(workspace, given)
    if (!checked.ok) throw new InputError(Input.downloadArtifacts, describeWorkspacePathProblem(given, workspace, checked))
    downloadDir = checked.real
  }
  return {
    downloadDir,
    maxBytes: integerInRange(get, Input.maxArtifactBytes, 1024 ** 3, 1, Number.MAX_SAFE_INTEGER)
  }
}

/** Lists the build's artifacts into the outputs and the summary, and downloads them when asked. */
export async function reportArtifacts(appSlug: string, buildSlug: string, settings: ArtifactSettings, ctx: HandlerContext): Promise<void> {
  const { artifacts: listed, response } = await listArtifacts(ctx.client, appSlug, buildSlug, ctx.signal)
  const needRecord = (a: (typeof listed)[number]): boolean => settings.downloadDir !== undefined || (a.isPublic && !a.public_install_page_url)
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
    artifacts.push({ ...record, public_install_page_url: isPublic ? record.public_install_page_url : undefined })
  }
  ctx.output(Output.artifacts, artifacts)
  ctx.output(Output.response, response)
  ctx.info(`Build ${buildSlug} of ${appSlug} has ${artifacts.length} artifact(s)`)
  const rows = artifacts.slice(0, 100).map((a) => [a.title, a.artifact_type ?? '', a.file_size_bytes?.toString() ?? '', a.public_install_page_url ?? ''])
  ctx.summary({ heading: `Artifacts of build ${buildSlug}`, lines: [`${artifacts.length} artifact(s).`], table: rows.length > 0 ? [['Title', 'Type', 'Bytes', 'Install page'], ...rows] : undefined })
  if (settings.downloadDir !== undefined) await downloadAll(settings.downloadDir, artifacts, urls, settings.maxBytes, ctx)
}

async function downloadAll(dir: string, artifacts: ArtifactSummary[], urls: Map<string, string | undefined>, maxBytes: number, ctx: HandlerContext): Promise<void> {
  const { downloadArtifact, safeFileName } = await import('./download.js')
  const taken = new Set<string>()
  const refused: string[] = []
  for (const artifact of artifacts) {
    const url = urls.get(artifact.slug)
    const fileName = safeFileName(artifact.title, artifact.slug, taken)
    if (!url) {
      refused.push(`${fileName}: the service gave no download URL`)
      continue
    }
    try {
      const { bytes } = await downloadArtifact(dir, { url, declaredBytes: artifact.file_size_bytes, fileName }, maxBytes, ctx.signal)
      ctx.info(`Downloaded ${fileName} (${bytes} bytes)`)
    } catch (error) {
      refused.push((error as Error).message)
    }
  }
  ctx.output(Output.artifactsDir, dir)
  if (refused.length > 0) throw new Error(`Could not download ${refused.length} artifact(s): ${refused.join('; ')}`)
}
