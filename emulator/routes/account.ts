/**
 * The caller's profile and a Workspace's record, as the access check reads them: `GET /me`
 * (published contract: user-profile, 200 or 401/404) and `GET /organizations/{org-slug}`
 * (org-show, "a specified organization that the user is part of": 200 or 400/401/404, with
 * `owners` [{slug, username, email}]). A token of no user (an OIDC trust policy's) gets 404 from
 * /me, and a caller outside the Workspace a 404 from its record: see emulator/docs/access.md.
 */
import { HttpError } from '../http/errors.js'
import type { Reply } from '../http/io.js'
import type { ApiRoute, RequestContext } from '../http/router.js'
import type { Access } from '../model/access.js'

const PROFILE: Access = { kind: 'caller', rule: "any caller; a token of no user (an OIDC trust policy's) gets 404" }
const WORKSPACE_RECORD: Access = {
  kind: 'caller',
  rule: 'Workspace owner or group member; anyone else gets 404, as for a Workspace that does not exist'
}

function me(ctx: RequestContext): Reply {
  const user = ctx.model.state.users.get(ctx.user)
  if (!user) throw new HttpError(404, 'this token belongs to no user')
  return { status: 200, json: { data: { slug: user.slug, username: user.slug, avatar_url: null } } }
}

function organization(ctx: RequestContext): Reply {
  const state = ctx.model.state
  const org = state.organizations.get(ctx.params.org)
  if (!org || !state.isWorkspaceMember(ctx.user, org))
    throw new HttpError(404, `organization "${ctx.params.org}" not found`)
  const owners = [...org.owners].map((slug) => ({ slug, username: slug }))
  return { status: 200, json: { data: { slug: org.slug, name: org.name, owners } } }
}

export const accountRoutes: ApiRoute[] = [
  { method: 'GET', pattern: '/me', access: PROFILE, handler: me },
  { method: 'GET', pattern: '/organizations/:org', access: WORKSPACE_RECORD, handler: organization }
]
