/** The service's build requests: held fork pull request builds, listed, approved or rejected. */
import type { ServiceClient } from '../http/service-client.js'
import { getField, isList } from './field.js'
import { buildRequestsPath } from './paths.js'

/** An open build request, with the fields the action reports. */
export interface BuildRequest {
  slug: string
  pull_request_url?: string
  created_at?: string
  build_params?: Record<string, unknown>
}

function readRequest(item: unknown): BuildRequest | undefined {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined
  const raw = item as Record<string, unknown>
  if (typeof raw.slug !== 'string' || raw.slug === '') return undefined
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
  const params =
    raw.build_params !== null && typeof raw.build_params === 'object'
      ? (raw.build_params as Record<string, unknown>)
      : undefined
  return {
    slug: raw.slug,
    pull_request_url: text(raw.pull_request_url),
    created_at: text(raw.created_at),
    build_params: params
  }
}

/** Lists the open build requests of an app. */
export async function listBuildRequests(
  client: ServiceClient,
  appSlug: string
): Promise<{ requests: BuildRequest[]; response: string }> {
  const { value, response } = await getField(client, buildRequestsPath(appSlug), 'data', isList, 'has no "data" list')
  return { requests: value.map(readRequest).filter((r): r is BuildRequest => r !== undefined), response }
}

/** Approves (`true`: the build starts) or rejects (`false`) an open build request. Deciding twice decides once. */
export async function decideBuildRequest(
  client: ServiceClient,
  appSlug: string,
  requestSlug: string,
  approve: boolean
): Promise<string> {
  const res = await client.request<unknown>('PATCH', buildRequestsPath(appSlug, requestSlug), {
    body: { is_approved: approve },
    retry: 'idempotent'
  })
  return res.text
}
