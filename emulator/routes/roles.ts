/** Group role grants on an app's team and the Workspace group list. */
import { APP_ADMIN, WORKSPACE_MEMBER } from '../model/access.js'
import { HttpError } from '../http/errors.js'
import type { Reply } from '../http/io.js'
import type { ApiRoute, RequestContext } from '../http/router.js'
import { GROUP_ROLE_NAMES, type GroupRoleName } from '../model/types.js'
import { bodyObject } from '../http/validation.js'

/**
 * The role of the path. The published contract lists one refusal per route besides the
 * emulator's documented 401/403/404: 404 for GET, 422 for PUT; an unknown role gets that one.
 */
function roleName(ctx: RequestContext, status: 404 | 422): GroupRoleName {
  const role = ctx.params.role
  if (!(GROUP_ROLE_NAMES as readonly string[]).includes(role)) {
    throw new HttpError(status, `role-name must be one of ${GROUP_ROLE_NAMES.join(', ')}; got "${role}"`)
  }
  return role as GroupRoleName
}

function getRole(ctx: RequestContext): Reply {
  return { status: 200, json: { groups: [...ctx.app().groupRoles[roleName(ctx, 404)]] } }
}

function putRole(ctx: RequestContext): Reply {
  const app = ctx.app()
  const role = roleName(ctx, 422)
  const groups = bodyObject(ctx.body).groups
  if (!Array.isArray(groups) || groups.some((g) => typeof g !== 'string')) {
    throw new HttpError(422, 'groups must be an array of group slugs (strings)')
  }
  return { status: 200, json: { groups: ctx.model.setGroupRole(app, role, groups as string[]) } }
}

function listGroups(ctx: RequestContext): Reply {
  return { status: 201, json: [...ctx.org().groups.values()].map((g) => ({ slug: g.slug, name: g.name })) }
}

/** Every route here answers errors as `{"error_msg": ...}`, as the published contract shows for them. */
export const roleRoutes: ApiRoute[] = [
  { method: 'GET', pattern: '/apps/:app/roles/:role', access: APP_ADMIN, handler: getRole },
  { method: 'PUT', pattern: '/apps/:app/roles/:role', access: APP_ADMIN, handler: putRole },
  { method: 'GET', pattern: '/organizations/:org/groups', access: WORKSPACE_MEMBER, handler: listGroups }
].map((route): ApiRoute => ({ ...route, errorStyle: 'error_msg' }))
