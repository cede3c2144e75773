import * as core from '../runner.js'
import { ApiError, type ApiClient } from '../client.js'
import { Output } from '../constants.js'
import type { OrgInputs, RoleInputs, RoleName, SetRolesInputs } from '../inputs.js'
import type { HandlerContext } from './context.js'
import { appPath, orgPath } from './paths.js'

/** A Workspace group. */
export interface Group {
  slug: string
  name?: string
}

const ROLE_TITLES: Record<RoleName, string> = { admin: 'Admin', manager: 'Developer', member: 'Tester/QA' }

/** The group slugs in a roles answer: `{groups: [...]}`, items being slugs or `{slug}` objects. */
function groupSlugs(body: unknown): string[] | undefined {
  const groups = (body as { groups?: unknown } | undefined)?.groups
  if (!Array.isArray(groups)) return undefined
  return groups.map((group) => (typeof group === 'object' && group !== null ? String((group as { slug?: unknown }).slug) : String(group)))
}

/** The groups holding a role on the app's team. */
export async function getRoles(client: ApiClient, appSlug: string, role: RoleName): Promise<{ groups: string[]; response: string }> {
  const path = appPath(appSlug, 'roles', encodeURIComponent(role))
  const res = await client.get<unknown>(path)
  const groups = groupSlugs(res.body)
  if (!groups) throw new ApiError(`GET ${path}: the answer has no "groups" list`, 'invalid-response', 'GET', path, res.status)
  return { groups, response: res.text }
}

/** Replaces the groups holding a role; the answer's list is returned when it has one. */
export async function setRoles(
  client: ApiClient,
  appSlug: string,
  role: RoleName,
  groups: string[]
): Promise<{ groups: string[]; response: string }> {
  const res = await client.put<unknown>(appPath(appSlug, 'roles', encodeURIComponent(role)), { groups })
  return { groups: groupSlugs(res.body) ?? groups, response: res.text }
}

/** The Workspace's groups. The service answers 201 with a bare list; `{data: [...]}` is accepted too. */
export async function listGroups(client: ApiClient, orgSlug: string): Promise<{ groups: Group[]; response: string }> {
  const path = orgPath(orgSlug, 'groups')
  const res = await client.get<unknown>(path)
  const body = res.body as { data?: unknown } | unknown[] | undefined
  const list = Array.isArray(body) ? body : body?.data
  if (!Array.isArray(list)) throw new ApiError(`GET ${path}: the answer is not a list of groups`, 'invalid-response', 'GET', path, res.status)
  const groups = list.map((item) => {
    const group = item as { slug?: unknown; name?: unknown }
    return { slug: String(group.slug), ...(typeof group.name === 'string' ? { name: group.name } : {}) }
  })
  return { groups, response: res.text }
}

/** operation: get-roles */
export async function runGetRoles(inputs: RoleInputs, ctx: HandlerContext): Promise<void> {
  const { groups, response } = await getRoles(ctx.client, inputs.appSlug, inputs.role)
  ctx.report.output(Output.groups, groups)
  ctx.report.output(Output.response, response)
  core.info(`${groups.length} group(s) hold the ${inputs.role} role on ${inputs.appSlug}`)
  ctx.report.summary(rolesSection(`${ROLE_TITLES[inputs.role]} (${inputs.role}) role on ${inputs.appSlug}`, groups))
}

/** operation: set-roles */
export async function runSetRoles(inputs: SetRolesInputs, ctx: HandlerContext): Promise<void> {
  const { groups, response } = await setRoles(ctx.client, inputs.appSlug, inputs.role, inputs.groups)
  ctx.report.output(Output.groups, groups)
  ctx.report.output(Output.response, response || undefined)
  core.info(`Set the ${inputs.role} role on ${inputs.appSlug} to: ${groups.length > 0 ? groups.join(', ') : 'no group'}`)
  ctx.report.summary(rolesSection(`${ROLE_TITLES[inputs.role]} (${inputs.role}) role on ${inputs.appSlug} set`, groups))
}

function rolesSection(heading: string, groups: string[]): { heading: string; lines: string[]; table?: string[][] } {
  return {
    heading,
    lines: [groups.length > 0 ? `${groups.length} group(s) hold the role.` : 'No group holds the role.'],
    table: groups.length > 0 ? [['Group'], ...groups.map((slug) => [slug])] : undefined
  }
}

/** operation: list-groups */
export async function runListGroups(inputs: OrgInputs, ctx: HandlerContext): Promise<void> {
  const { groups, response } = await listGroups(ctx.client, inputs.orgSlug)
  ctx.report.output(Output.groups, groups)
  ctx.report.output(Output.groupSlugs, groups.map((group) => group.slug))
  ctx.report.output(Output.response, response)
  core.info(`Workspace ${inputs.orgSlug} has ${groups.length} group(s)`)
  ctx.report.summary({
    heading: `Groups of Workspace ${inputs.orgSlug}`,
    lines: [`${groups.length} group(s).`],
    table: groups.length > 0 ? [['Slug', 'Name'], ...groups.map((group) => [group.slug, group.name ?? ''])] : undefined
  })
}
