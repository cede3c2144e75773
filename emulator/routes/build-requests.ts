/** The builds list with its filters and paging, the workflows an app has triggered, and the build requests of triggers held for manual approval. */
import { APP_ANY_ROLE, APP_DEVELOPER } from '../model/access.js'
import { buildListPage, readBuildFilters } from './build-list.js'
import type { Reply } from '../http/io.js'
import { openBuildRequests } from '../model/build-requests.js'
import type { ApiRoute, RequestContext } from '../http/router.js'
import type { BuildRequestRecord } from '../model/build-records.js'
import type { AppRecord } from '../model/records.js'
import { bodyObject, optionalBoolean } from '../http/validation.js'
import { badRequest } from '../http/errors.js'

function listBuilds(ctx: RequestContext): Reply {
  const filters = readBuildFilters(ctx.query)
  return { status: 200, json: buildListPage(ctx.model.state.builds.values(), ctx.app().slug, filters, ctx.model.now()) }
}

/** The workflows the app's builds have ever run, in the order first triggered (no source gives the service's order). */
function listBuildWorkflows(ctx: RequestContext): Reply {
  return { status: 200, json: { data: ctx.model.state.triggeredWorkflows.of(ctx.app().slug) } }
}

function requestJson(app: AppRecord, request: BuildRequestRecord): Record<string, unknown> {
  const pr = request.trigger.pullRequestId
  return {
    slug: request.slug,
    pull_request_url: pr === null ? null : `https://github.com/${app.repoOwner}/${app.repoSlug}/pull/${pr}`,
    created_at: new Date(request.createdAt).toISOString(),
    build_params: request.trigger.originalParams
  }
}

function listRequests(ctx: RequestContext): Reply {
  const app = ctx.app()
  return { status: 200, json: { data: openBuildRequests(ctx.model.state, app).map((r) => requestJson(app, r)) } }
}

function updateRequest(ctx: RequestContext): Reply {
  const app = ctx.app()
  const approve = optionalBoolean(bodyObject(ctx.body), 'is_approved')
  if (approve === undefined) throw badRequest('is_approved is required and must be a boolean')
  const { request } = ctx.model.decideBuildRequest(ctx.user, app, ctx.params.request, approve)
  return { status: 200, json: { data: requestJson(app, request) } }
}

export const buildRequestRoutes: ApiRoute[] = [
  { method: 'GET', pattern: '/apps/:app/builds', access: APP_ANY_ROLE, handler: listBuilds },
  // Tester/QA and up, as the service's documentation lists it (devcenter, "Managing an app's builds").
  { method: 'GET', pattern: '/apps/:app/build-workflows', access: APP_ANY_ROLE, handler: listBuildWorkflows },
  { method: 'GET', pattern: '/apps/:app/build-requests', access: APP_ANY_ROLE, handler: listRequests },
  { method: 'PATCH', pattern: '/apps/:app/build-requests/:request', access: APP_DEVELOPER, handler: updateRequest }
]
