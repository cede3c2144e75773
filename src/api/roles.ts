/** The service's team role calls, and the Workspace's groups list. */
import { ApiError } from '../http/api-error.js'
import type { ServiceClient } from '../http/service-client.js'
import { orgPath, rolePath } from './paths.js'

/**
 * A role's name in paths: admin, platform_engineer (the published contract's name of the docs'
 * Platform Engineer), manager (Developer) or member (Tester/QA).
 */
export type RoleName = 'admin' | 'platform_engineer' | 'manager' | 'member'

/** A Workspace group. */
export interface Group {
  slug: string
  name?: string
}

/** The group slugs in a roles answer: `{groups: [...]}`, items being slugs or `{slug}` objects. */
function groupSlugs(body: unknown): string[] | undefined {
  const groups = (body as { groups?: unknown } | undefined)?.groups
  if (!Array.isArray(groups)) return undefined
  return groups.map((group) =>
    typeof group === 'object' && group !== null ? String((group as { slug?: unknown }).slug) : String(group)
  )
}

/** The groups holding a role on the app's team. */
export async function getRoles(
  client: ServiceClient,
  appSlug: string,
  role: RoleName
): Promise<{ groups: string[]; response: string }> {
  const path = rolePath(appSlug, role)
  const res = await client.request<unknown>('GET', path)
  const groups = groupSlugs(res.body)
  if (!groups) throw ApiError.missingField({ method: 'GET', path, status: res.status, what: 'has no "groups" list' })
  return { groups, response: res.text }
}

/** Replaces the groups holding a role; the answer's list is returned when it has one. */
export async function setRoles(
  client: ServiceClient,
  appSlug: string,
  role: RoleName,
  groups: string[]
): Promise<{ groups: string[]; response: string }> {
  const res = await client.request<unknown>('PUT', rolePath(appSlug, role), { body: { groups } })
  return { groups: groupSlugs(res.body) ?? groups, response: res.text }
}

/** The Workspace's groups. The service answers 201 with a bare list; `{data: [...]}` is accepted too. */
export async function listGroups(
  client: ServiceClient,
  orgSlug: string
): Promise<{ groups: Group[]; response: string }> {
  const path = orgPath(orgSlug, 'groups')
  const res = await client.request<unknown>('GET', path)
  const body = res.body as { data?: unknown } | unknown[] | undefined
  const list = Array.isArray(body) ? body : body?.data
  if (!Array.isArray(list))
    throw ApiError.missingField({ method: 'GET', path, status: res.status, what: 'is not a list of groups' })
  const groups = list.map((item) => {
    const group = item as { slug?: unknown; name?: unknown }
    return { slug: String(group.slug), ...(typeof group.name === 'string' ? { name: group.name } : {}) }
  })
  return { groups, response: res.text }
}
