/**
 * A build's artifacts: what the app's artifact list says a successful build produces, named
 * per build, with download links that are signed and expire. The signature is keyed by a
 * secret of this process, so a link needs no token and no state, and cannot be forged or
 * stretched past its expiry.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { progressOf } from './build-progress.js'
import type { BuildRecord } from './build-records.js'
import type { AppRecord } from './records.js'
import type { SeedArtifact } from './types.js'

/** Where the signed download links live, outside the API (they carry no token). */
export const DOWNLOAD_PREFIX = '/_downloads'

/** How long a download link works. */
export const DOWNLOAD_TTL_MS = 10 * 60_000

const SIGNING_KEY = randomBytes(32)

/** What a build of an app with no artifact list produces. */
const DEFAULT_ARTIFACTS: SeedArtifact[] = [
  { title: 'app-release.apk', artifact_type: 'android-apk', file_size_bytes: 4096, is_public_page_enabled: true },
  { title: 'test-results.xml', artifact_type: 'file', file_size_bytes: 512, is_public_page_enabled: false }
]

/** One artifact of one build. */
export interface BuildArtifact extends SeedArtifact {
  slug: string
  buildSlug: string
}

/** The build's artifacts: none until it has ended; a failed build keeps only those marked `always`. */
export function artifactsOf(app: AppRecord, build: BuildRecord, now: number): BuildArtifact[] {
  const status = progressOf(build, now).status
  if (status !== 1 && status !== 2) return []
  const listed = (app.artifacts ?? DEFAULT_ARTIFACTS).map((artifact, index) => ({ artifact, index }))
  return listed
    .filter(({ artifact }) => status === 1 || artifact.always === true)
    .map(({ artifact, index }) => {
      const slug = createHash('sha256').update(`${build.slug}/${index}`).digest('hex').slice(0, 16)
      const switched = build.publicPages?.[slug]
      return {
        ...artifact,
        slug,
        buildSlug: build.slug,
        is_public_page_enabled: switched ?? artifact.is_public_page_enabled
      }
    })
}

/** Switches an artifact's public install page (`PATCH .../artifacts/{artifact-slug}`, the contract's artifact-update). */
export function setPublicPage(build: BuildRecord, artifactSlug: string, enabled: boolean): void {
  build.publicPages = { ...build.publicPages, [artifactSlug]: enabled }
}

function signature(buildSlug: string, artifactSlug: string, expires: number): Buffer {
  return createHmac('sha256', SIGNING_KEY).update(`${buildSlug}/${artifactSlug}/${expires}`).digest()
}

/** The signed link to an artifact's content, working until `now + DOWNLOAD_TTL_MS`. */
export function signedDownloadPath(artifact: BuildArtifact, now: number): string {
  const expires = now + DOWNLOAD_TTL_MS
  const sig = signature(artifact.buildSlug, artifact.slug, expires).toString('hex')
  return `${DOWNLOAD_PREFIX}/${artifact.buildSlug}/${artifact.slug}?expires=${expires}&signature=${sig}`
}

/** Whether a download link's signature holds and it has not expired. */
export function checkDownloadLink(
  buildSlug: string,
  artifactSlug: string,
  expiresText: string | null,
  signatureText: string | null,
  now: number
): 'ok' | 'expired' | 'forged' {
  const expires = Number(expiresText)
  if (!/^\d{1,16}$/.test(expiresText ?? '') || !/^[0-9a-f]{64}$/.test(signatureText ?? '')) return 'forged'
  if (!timingSafeEqual(signature(buildSlug, artifactSlug, expires), Buffer.from(signatureText!, 'hex'))) return 'forged'
  return now > expires ? 'expired' : 'ok'
}

/** The content of an artifact: the seed's, else its declared size of a repeated line naming it. */
export function artifactContent(artifact: BuildArtifact): Buffer {
  if (artifact.content !== undefined) return Buffer.from(artifact.content)
  const line = Buffer.from(`${artifact.title} of build ${artifact.buildSlug}\n`)
  const content = Buffer.alloc(artifact.file_size_bytes)
  for (let at = 0; at < content.length; at += line.length) line.copy(content, at)
  return content
}
