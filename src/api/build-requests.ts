/** The service's build requests: held fork pull request builds, listed, approved or rejected. */
import type { ServiceClient } from '../http/service-client.js'
import { getField, isList } from './field.js'
import { buildRequestsPath } from './paths.js'

/**
 * What a request would build (its `build_params`), as far as the action compares it: each field
 * as the service sent it (unknown: compared as the service may type it), undefined when absent.
 */
export interface RequestParams {
  commitHash?: unknown
  pullRequestId?: unknown
  branch?: unknown
  tag?: unknown
  workflowId?: unknown
  pipelineId?: unknown
  pullRequestRepositoryUrl?: unknown
  branchRepoOwner?: unknown
}

/** An open build request, with the fields the action reports. */
export interface BuildRequest {
  slug: string
  pullRequestUrl?: string
  createdAt?: string
  /** Undefined when the answer has no `build_params` object. */
  buildParams?: RequestParams
  /** `build_params` as sent: the build-requests output gives it whole. */
  sentParams?: Record<string, unknown>
}

/** A request as the build-requests output publishes it: the service's words, in its order. */
export function buildRequestOutput(request: BuildRequest): Record<string, unknown> {
  return {
    slug: request.slug,
    pull_request_url: request.pullRequestUrl,
    created_at: request.createdAt,
    build_params: request.sentParams
  }
}

function paramsOf(raw: Record<string, unknown>): RequestParams {
  return {
    commitHash: raw.commit_hash,
    pullRequestId: raw.pull_request_id,
    branch: raw.branch,
    tag: raw.tag,
    workflowId: raw.workflow_id,
    pipelineId: raw.pipeline_id,
    pullRequestRepositoryUrl: raw.pull_request_repository_url,
    branchRepoOwner: raw.branch_repo_owner
  }
}

function readRequest(item: unknown): BuildRequest | undefined {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined
  const raw = item as Record<string, unknown>
  if (typeof raw.slug !== 'string' || raw.slug === '') return undefined
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
  const sent =
    raw.build_params !== null && typeof raw.build_params === 'object'
      ? (raw.build_params as Record<string, unknown>)
      : undefined
  return {
    slug: raw.slug,
    pullRequestUrl: text(raw.pull_request_url),
    createdAt: text(raw.created_at),
    buildParams: sent && paramsOf(sent),
    sentParams: sent
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
