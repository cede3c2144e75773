/** Looking up the app of a request and checking the caller's role on it. */
import { forbidden, notFound } from './http-error.js'
import type { RequestContext } from './router.js'
import type { AppRecord, Organization, TeamRole } from './types.js'

export const ANY_ROLE: readonly TeamRole[] = ['owner', 'admin', 'manager', 'member']
export const OWNER_OR_ADMIN: readonly TeamRole[] = ['owner', 'admin']
export const OWNER_ADMIN_DEVELOPER: readonly TeamRole[] = ['owner', 'admin', 'manager']

const ROLE_LABEL: Record<TeamRole, string> = { owner: 'Owner', admin: 'Admin', manager: 'Developer', member: 'Tester/QA' }

/** The app named by the `:app` path parameter, or a 404. */
export function findApp(ctx: RequestContext): AppRecord {
  const app = ctx.state.apps.get(ctx.params.app)
  if (!app) throw notFound(`app "${ctx.params.app}" not found`)
  return app
}

/** The app, provided the caller holds one of the allowed roles on it; otherwise a 403. */
export function appWithRole(ctx: RequestContext, allowed: readonly TeamRole[]): AppRecord {
  const app = findApp(ctx)
  const role = ctx.state.roleOf(ctx.user, app)
  if (role === null) throw forbidden(`you have no role on the team of app "${app.slug}"`)
  if (!allowed.includes(role)) {
    const needed = allowed.map((r) => ROLE_LABEL[r]).join(' or ')
    throw forbidden(`this operation needs the ${needed} role on app "${app.slug}"; you are ${ROLE_LABEL[role]}`)
  }
  return app
}

/** The Workspace named by the `:org` path parameter, or a 404. */
export function findOrganization(ctx: RequestContext): Organization {
  const org = ctx.state.organizations.get(ctx.params.org)
  if (!org) throw notFound(`organization "${ctx.params.org}" not found`)
  return org
}

/** The Workspace, provided the caller owns it or belongs to one of its groups. */
export function organizationForMember(ctx: RequestContext): Organization {
  const org = findOrganization(ctx)
  if (!ctx.state.isWorkspaceMember(ctx.user, org)) {
    throw forbidden(`you are not a member of organization "${org.slug}"`)
  }
  return org
}
