/** The service's app calls: list, read, update and delete apps, and list a repository's branches. */
import { isHttpError } from '../http/api-error.js'
import type { ServiceClient } from '../http/service-client.js'
import { listAll } from '../http/pagination.js'
import { getField, isList, isObject } from './field.js'
import { appPath, appsListPath } from './paths.js'

/** An app as the service describes it; only the fields the action reads are typed. */
export interface App {
  slug: string
  title?: string
  project_type?: string
  provider?: string
  repo_owner?: string
  repo_url?: string
  repo_slug?: string
  is_disabled?: boolean
  is_public?: boolean
  owner?: { account_type?: string; name?: string; slug?: string }
  [field: string]: unknown
}

/** An app in the action's own words: what the features read of the service's record. */
export interface AppFacts {
  slug: string
  title?: string
  projectType?: string
  provider?: string
  repoUrl?: string
  isPublic?: boolean
  isDisabled?: boolean
  ownerSlug?: string
}

/** The service's app record in the action's words (the record itself stays as sent, for the `app` output). */
export function appFacts(app: App): AppFacts {
  return {
    slug: app.slug,
    title: app.title,
    projectType: app.project_type,
    provider: app.provider,
    repoUrl: app.repo_url,
    isPublic: app.is_public,
    isDisabled: app.is_disabled,
    ownerSlug: app.owner?.slug
  }
}

/** Whose apps a list holds: a Workspace's, a user's, or (neither given) the caller's own. */
export interface AppScope {
  orgSlug?: string
  userSlug?: string
}

/** The fields update-app may change, by their wire names. */
export interface AppChanges {
  title?: string
  default_branch?: string
  is_public?: boolean
  repository_url?: string
  apple_credential_user_id?: string
  apple_credential_user_slug?: string
  services_credential_user_id?: string
}

/**
 * Lists every app of the scope (all pages), or the caller's own apps, handing each page to
 * `onPage` as it arrives: the list itself is never held.
 */
export async function listApps(
  client: ServiceClient,
  scope: AppScope,
  onPage: (apps: App[]) => void
): Promise<{ path: string; count: number; pages: number; response: string }> {
  const path = appsListPath(scope)
  const { count, pages, text } = await listAll<App>(client, path, { onPage: onPage as (items: never[]) => void })
  return { path, count, pages, response: text }
}

/**
 * The slugs of the apps the caller sees, at most `maxPages` pages of them: read only after the
 * service answered 404 for an app, so the message can name the nearest; `cut` says the list went on.
 */
export async function listVisibleAppSlugs(
  client: ServiceClient,
  maxPages: number
): Promise<{ slugs: string[]; pages: number; cut: boolean }> {
  const slugs: string[] = []
  let next: string | undefined
  for (let pages = 1; pages <= maxPages; pages++) {
    const res = await client.request<unknown>('GET', appsListPath({}), { query: { limit: 50, next } })
    const body = res.body as { data?: unknown; paging?: { next?: unknown } } | undefined
    const data = isList(body?.data) ? body.data : []
    for (const app of data) {
      const slug = isObject(app) ? (app as { slug?: unknown }).slug : undefined
      if (typeof slug === 'string') slugs.push(slug)
    }
    const cursor = body?.paging?.next
    next = typeof cursor === 'string' && cursor !== '' && data.length > 0 ? cursor : undefined
    if (next === undefined) return { slugs, pages, cut: false }
  }
  return { slugs, pages: maxPages, cut: true }
}

/** Reads one app. */
export async function getApp(client: ServiceClient, appSlug: string): Promise<{ app: App; response: string }> {
  const { value, response } = await getField(client, appPath(appSlug), 'data', isObject, 'has no "data" object')
  return { app: value as App, response }
}

/** Changes only the given fields; sending the same change again has the same effect. */
export async function updateApp(
  client: ServiceClient,
  appSlug: string,
  changes: AppChanges
): Promise<{ app?: App; response: string }> {
  const res = await client.request<{ data?: App } | undefined>('PATCH', appPath(appSlug), {
    body: changes,
    retry: 'idempotent'
  })
  const data = res.body?.data
  return { app: typeof data === 'object' && data !== null ? data : undefined, response: res.text }
}

/**
 * Deletes an app for good. When a retry meets a 404 after an attempt whose answer
 * was lost, the app is read back: a 404 there too means the lost attempt deleted it.
 */
export async function deleteApp(
  client: ServiceClient,
  appSlug: string
): Promise<{ response: string; byEarlierAttempt: boolean }> {
  try {
    const res = await client.request<unknown>('DELETE', appPath(appSlug))
    return { response: res.text, byEarlierAttempt: false }
  } catch (error) {
    if (!isHttpError(error, 404) || !error.earlierAttemptMayHaveApplied) throw error
    try {
      await client.request<unknown>('GET', appPath(appSlug))
    } catch (readError) {
      if (isHttpError(readError, 404)) return { response: '', byEarlierAttempt: true }
    }
    throw error
  }
}

/** Names of the branches of the app's repository. */
export async function listBranches(
  client: ServiceClient,
  appSlug: string
): Promise<{ branches: string[]; response: string }> {
  const { value, response } = await getField(client, appPath(appSlug, 'branches'), 'data', isList, 'has no "data" list')
  return { branches: value.map(String), response }
}
