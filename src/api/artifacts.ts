/** The service's artifact calls: a build's artifacts (paged) and one artifact with its download URL. */
import { ApiError } from '../http/api-error.js'
import type { ServiceClient } from '../http/service-client.js'
import { listAll } from '../http/pagination.js'
import { artifactsPath, slugProblem } from './paths.js'

/** An artifact in the action's words; the install page only where it is public. */
export interface ArtifactSummary {
  slug: string
  title: string
  type?: string
  sizeBytes?: number
  installPageUrl?: string
}

/** An entry of the `artifacts` output: its published shape keeps the service's field names. */
export interface ArtifactOutput {
  slug: string
  title: string
  artifact_type?: string
  file_size_bytes?: number
  public_install_page_url?: string
}

/** The `artifacts` output's entry for an artifact. */
export function artifactOutput(artifact: ArtifactSummary): ArtifactOutput {
  return {
    slug: artifact.slug,
    title: artifact.title,
    artifact_type: artifact.type,
    file_size_bytes: artifact.sizeBytes,
    public_install_page_url: artifact.installPageUrl
  }
}

/** An artifact as the list gives it: the list names no install page, only whether there is one. */
export interface ListedArtifact extends ArtifactSummary {
  isPublic: boolean
}

/** One artifact's record: its summary and the signed, expiring download URL (a secret). */
export interface ArtifactRecord extends ArtifactSummary {
  expiringDownloadUrl?: string
}

interface RawArtifact {
  slug?: unknown
  title?: unknown
  artifact_type?: unknown
  file_size_bytes?: unknown
  is_public_page_enabled?: unknown
  public_install_page_url?: unknown
  expiring_download_url?: unknown
}

/**
 * Every artifact of a build, page after page, each page handed to `onPage` as it arrives (and the
 * next asked for once it settled): the list itself is never held.
 */
export async function listArtifacts(
  client: ServiceClient,
  appSlug: string,
  buildSlug: string,
  onPage: (artifacts: ListedArtifact[]) => void | Promise<void>,
  signal?: AbortSignal
): Promise<{ count: number; response: string }> {
  const path = artifactsPath(appSlug, buildSlug)
  const listed = (item: RawArtifact): ListedArtifact => ({
    ...summaryOf(item, 'GET', path),
    isPublic: item.is_public_page_enabled === true
  })
  const { count, text } = await listAll<ListedArtifact>(client, path, {
    signal,
    keep: listed as (item: never) => unknown,
    onPage: onPage as (items: never[]) => Promise<void>
  })
  return { count, response: text }
}

/** One artifact, with its download URL. */
export async function getArtifact(
  client: ServiceClient,
  appSlug: string,
  buildSlug: string,
  artifactSlug: string,
  signal?: AbortSignal
): Promise<ArtifactRecord> {
  const path = artifactsPath(appSlug, buildSlug, artifactSlug)
  const res = await client.request<{ data?: RawArtifact } | undefined>('GET', path, { signal })
  const raw = res.body?.data
  if (!raw || typeof raw !== 'object')
    throw ApiError.missingField({ method: 'GET', path, status: res.status, what: 'has no "data" object' })
  const url =
    typeof raw.expiring_download_url === 'string' && raw.expiring_download_url !== ''
      ? raw.expiring_download_url
      : undefined
  return { ...summaryOf(raw, 'GET', path), expiringDownloadUrl: url }
}

/** The fields the action passes on, checked: a slug usable in a path, a size that is a whole number. */
function summaryOf(raw: RawArtifact, method: string, path: string): ArtifactSummary {
  const problem = slugProblem(raw?.slug)
  if (problem)
    throw ApiError.invalidResponse({
      method,
      path,
      message: `${method} ${path}: an artifact's slug cannot be used: ${problem}`
    })
  const size = raw.file_size_bytes
  const page =
    raw.is_public_page_enabled === true &&
    typeof raw.public_install_page_url === 'string' &&
    /^https?:\/\//.test(raw.public_install_page_url)
  return {
    slug: raw.slug as string,
    title: typeof raw.title === 'string' ? raw.title : (raw.slug as string),
    type: typeof raw.artifact_type === 'string' ? raw.artifact_type : undefined,
    sizeBytes: typeof size === 'number' && Number.isSafeInteger(size) && size >= 0 ? size : undefined,
    installPageUrl: page ? (raw.public_install_page_url as string) : undefined
  }
}

/**
 * Turns on the artifact's public install page (the contract's artifact-update, `PATCH` with
 * `{is_public_page_enabled: true}`) and returns the artifact as the answer gives it, with its
 * `public_install_page_url` when the service sent one. Setting a flag twice does no harm, so it
 * is retried as a read is.
 */
export async function enablePublicPage(
  client: ServiceClient,
  appSlug: string,
  buildSlug: string,
  artifactSlug: string,
  signal?: AbortSignal
): Promise<ArtifactSummary> {
  const path = artifactsPath(appSlug, buildSlug, artifactSlug)
  const res = await client.request<{ data?: RawArtifact } | undefined>('PATCH', path, {
    body: { is_public_page_enabled: true },
    retry: 'idempotent',
    signal
  })
  const raw = res.body?.data
  if (!raw || typeof raw !== 'object')
    throw ApiError.missingField({ method: 'PATCH', path, status: res.status, what: 'has no "data" object' })
  return summaryOf({ is_public_page_enabled: true, ...raw }, 'PATCH', path)
}
