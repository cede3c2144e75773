/** Group role grants on an app's team and the Workspace group list. */
import { appWithRole, organizationForMember, OWNER_OR_ADMIN } from '../access.js'
import { badRequest, unprocessable } from '../http-error.js'
import type { Reply } from '../http-io.js'
import type { RequestContext, Route } from '../router.js'
import { GROUP_ROLE_NAMES, type GroupRoleName } from '../types.js'
import { bodyObject } from '../validate.js'

function roleName(ctx: RequestContext): GroupRoleName {
  const role = ctx.params.role
  if (!(GROUP_ROLE_NAMES as readonly string[]).includes(role)) {
    throw badRequest(`role-name must be one of ${GROUP_ROLE_NAMES.join(', ')}; got "${role}"`)
  }
  return role as GroupRoleName
}

function getRole(ctx: RequestContext): Reply {
  const app = appWithRole(ctx, OWNER_OR_ADMIN)
  return { status: 200, json: { groups: [...app.groupRoles[roleName(ctx)]] } }
}

function putRole(ctx: RequestContext): Reply {
  const app = appWithRole(ctx, OWNER_OR_ADMIN)
  const role = roleName(ctx)
  const body = bodyObject(ctx.body)
  const groups = body.groups
  if (!Array.isArray(groups) || groups.some((g) => typeof g !== 'string')) {
    throw badRequest('groups must be an array of group slugs (strings)')
  }
  const org = app.owner.account_type === 'organization' ? ctx.state.organizations.get(app.owner.slug) : undefined
  for (const slug of groups as string[]) {
    if (!org?.groups.has(slug)) {
      throw unprocessable(`groups: "${slug}" is not a group of the Workspace that owns app "${app.slug}"`)
    }
  }
  app.groupRoles[role] = [...new Set(groups as string[])]
  return { status: 200, json: { groups: [...app.groupRoles[role]] } }
}

function listGroups(ctx: RequestContext): Reply {
  const org = organizationForMember(ctx)
  return { status: 201, json: [...org.groups.values()].map((g) => ({ slug: g.slug, name: g.name })) }
}

export const roleRoutes: Route[] = [
  { method: 'GET', pattern: '/apps/:app/roles/:role', errorStyle: 'error_msg', handler: getRole },
  { method: 'PUT', pattern: '/apps/:app/roles/:role', errorStyle: 'error_msg', handler: putRole },
  { method: 'GET', pattern: '/organizations/:org/groups', errorStyle: 'error_msg', handler: listGroups }
]
