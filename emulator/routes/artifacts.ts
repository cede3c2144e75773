/** A build's artifacts: the paged list, and one artifact with its signed, expiring download link. */
import { APP_ANY_ROLE, APP_DEVELOPER } from '../model/access.js'
import { badRequest, notFound } from '../http/errors.js'
import { bodyObject, optionalBoolean } from '../http/validation.js'
import type { Reply } from '../http/io.js'
import { signedDownloadPath, type BuildArtifact } from '../model/artifacts.js'
import { pageOf } from '../http/paging.js'
import type { ApiRoute, RequestContext } from '../http/router.js'
import { findBuild } from './builds.js'

function listItem(artifact: BuildArtifact): Record<string, unknown> {
  return {
    slug: artifact.slug,
    title: artifact.title,
    artifact_type: artifact.artifact_type ?? 'file',
    file_size_bytes: artifact.file_size_bytes,
    is_public_page_enabled: artifact.is_public_page_enabled === true,
    artifact_meta: {}
  }
}

function listArtifacts(ctx: RequestContext): Reply {
  const artifacts = ctx.model.artifacts(ctx.app(), findBuild(ctx))
  return pageOf(ctx, artifacts, (a) => a.slug, listItem)
}

function findArtifact(ctx: RequestContext): BuildArtifact {
  const build = findBuild(ctx)
  const artifact = ctx.model.artifacts(ctx.app(), build).find((a) => a.slug === ctx.params.artifact)
  if (!artifact) throw notFound(`artifact "${ctx.params.artifact}" not found for build "${build.slug}"`)
  return artifact
}

/** The contract's artifact-update: `{is_public_page_enabled}` switches the install page; the answer is the artifact's. */
function updateArtifact(ctx: RequestContext): Reply {
  const enabled = optionalBoolean(bodyObject(ctx.body), 'is_public_page_enabled')
  if (enabled === undefined) throw badRequest('is_public_page_enabled must be given, true or false')
  ctx.model.setPublicPage(findBuild(ctx), findArtifact(ctx).slug, enabled)
  return getArtifact(ctx)
}

function getArtifact(ctx: RequestContext): Reply {
  const artifact = findArtifact(ctx)
  const isPublic = artifact.is_public_page_enabled === true
  return {
    status: 200,
    json: {
      data: {
        ...listItem(artifact),
        expiring_download_url: `${ctx.origin}${signedDownloadPath(artifact, ctx.model.now())}`,
        public_install_page_url: isPublic
          ? `${ctx.origin}/artifact/${artifact.slug}/p/${artifact.buildSlug.slice(0, 12)}`
          : ''
      }
    }
  }
}

export const artifactRoutes: ApiRoute[] = [
  { method: 'GET', pattern: '/apps/:app/builds/:build/artifacts', access: APP_ANY_ROLE, handler: listArtifacts },
  {
    method: 'GET',
    pattern: '/apps/:app/builds/:build/artifacts/:artifact',
    access: APP_ANY_ROLE,
    handler: getArtifact
  },
  {
    method: 'PATCH',
    pattern: '/apps/:app/builds/:build/artifacts/:artifact',
    access: APP_DEVELOPER,
    handler: updateArtifact
  }
]
