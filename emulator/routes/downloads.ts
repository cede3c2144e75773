/** The signed artifact download links: no token, only a signature that holds and has not expired. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { answer } from '../http/io.js'
import { artifactContent, checkDownloadLink, DOWNLOAD_PREFIX } from '../model/artifacts.js'
import type { ServiceModel } from '../model/model.js'

export { DOWNLOAD_PREFIX }

/** Answers `GET /_downloads/{build}/{artifact}?expires=…&signature=…` with the artifact's bytes. */
export async function serveDownload(
  model: ServiceModel,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL
): Promise<void> {
  const [buildSlug, artifactSlug, ...rest] = url.pathname.slice(DOWNLOAD_PREFIX.length + 1).split('/')
  const build = model.state.builds.get(buildSlug ?? '')
  const app = build && model.state.apps.get(build.appSlug)
  const artifact =
    app && build && rest.length === 0 ? model.artifacts(app, build).find((a) => a.slug === artifactSlug) : undefined
  if (req.method !== 'GET' || !artifact) {
    answer(req, res, { status: 404, json: { message: 'no such download' } })
    return
  }
  const check = checkDownloadLink(
    artifact.buildSlug,
    artifact.slug,
    url.searchParams.get('expires'),
    url.searchParams.get('signature'),
    model.now()
  )
  if (check !== 'ok') {
    answer(req, res, {
      status: 403,
      json: { message: check === 'expired' ? 'the download link has expired' : 'the download link is not valid' }
    })
    return
  }
  const content = artifactContent(artifact)
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(content.length) })
  res.end(content)
}
