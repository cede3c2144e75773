/**
 * The read-only calls the access check (operations/check-access.ts) makes, each answered by its
 * status instead of an error: a refusal is what the check wants to know. Only GETs, so nothing
 * of an app, a build or a Workspace changes.
 */
import { ApiError } from '../http/api-error.js'
import type { ServiceClient } from '../http/service-client.js'
import { appPath, buildPath, buildsPath, ME_PATH, orgPath } from './paths.js'

/** One GET and how it was answered; `probe` names it as the report shows it (slugs as placeholders). */
export interface Probe {
  probe: string
  status: number
  body?: unknown
}

async function probe(
  client: ServiceClient,
  path: string,
  shown: string,
  options: { text?: boolean; query?: Record<string, number> } = {}
): Promise<Probe> {
  try {
    const answer = await client.request<unknown>('GET', path, {
      expect: options.text ? 'text' : 'json',
      query: options.query
    })
    return { probe: `GET ${shown}`, status: answer.status, body: answer.body }
  } catch (error) {
    // A refusal answers the question; a failure of the service (5xx, 429 after the retries) does not.
    if (error instanceof ApiError && error.status !== undefined && error.status < 500 && error.status !== 429)
      return { probe: `GET ${shown}`, status: error.status }
    throw error
  }
}

/** A path as the report names it: the segments at the given places replaced by the interface's placeholders. */
function shape(path: string, placeholders: Record<number, string>): string {
  return path
    .split('/')
    .map((segment, at) => (placeholders[at] ? `{${placeholders[at]}}` : segment))
    .join('/')
}

/** GET /me: the token's user, when it is a user's token. */
export const readProfile = (client: ServiceClient): Promise<Probe> => probe(client, ME_PATH, ME_PATH)

/** GET /apps/{app-slug}: any role on the app reads it. */
export const readApp = (client: ServiceClient, app: string): Promise<Probe> =>
  probe(client, appPath(app), shape(appPath(app), { 2: 'app-slug' }))

/** What the access check needs of an app's answer: whether it is public, and whose it is. */
export interface AppFacts {
  /** Undefined when the answer does not say: the check then takes the app as possibly public. */
  isPublic?: boolean
  owner?: { kind: 'organization' | 'user'; slug: string }
}

/** The app answer's `is_public` and `owner` (published contract: app-show), read once here. */
export function appFacts(read: Probe): AppFacts {
  const data = (read.body as { data?: { is_public?: unknown; owner?: { account_type?: unknown; slug?: unknown } } })
    ?.data
  const owner = data?.owner
  const kind = owner?.account_type
  return {
    ...(typeof data?.is_public === 'boolean' ? { isPublic: data.is_public } : {}),
    ...((kind === 'organization' || kind === 'user') && typeof owner?.slug === 'string' && owner.slug !== ''
      ? { owner: { kind, slug: owner.slug } }
      : {})
  }
}

/** The user's slug in a GET /me answer, when it names one. */
export function profileUser(me: Probe): string | undefined {
  const user = (me.body as { data?: { slug?: unknown } } | undefined)?.data?.slug
  return me.status === 200 && typeof user === 'string' && user !== '' ? user : undefined
}

/** The owners' slugs in a GET /organizations/{org-slug} answer. */
export function workspaceOwners(found: Probe): string[] {
  const owners = (found.body as { data?: { owners?: Array<{ slug?: unknown }> } } | undefined)?.data?.owners
  return Array.isArray(owners) ? owners.flatMap((owner) => (typeof owner?.slug === 'string' ? [owner.slug] : [])) : []
}

/** GET /apps/{app-slug}/service.yml/config: the configuration file's location, "Admin access" (interface.md). */
export function readConfigLocation(client: ServiceClient, app: string): Promise<Probe> {
  const path = appPath(app, 'service.yml', 'config')
  return probe(client, path, shape(path, { 2: 'app-slug' }))
}

/** GET /apps/{app-slug}/service.yml: who edits Workflows (Owner, Admin or Platform Engineer). */
export function readConfigFile(client: ServiceClient, app: string): Promise<Probe> {
  const path = appPath(app, 'service.yml')
  return probe(client, path, shape(path, { 2: 'app-slug' }), { text: true })
}

/** The newest build's slug, if any (GET /apps/{app-slug}/builds?limit=1, any role). */
export async function newestBuild(client: ServiceClient, app: string): Promise<{ probe: Probe; slug?: string }> {
  const path = buildsPath(app)
  const list = await probe(client, path, shape(path, { 2: 'app-slug' }), { query: { limit: 1 } })
  const first = (list.body as { data?: Array<{ slug?: unknown }> } | undefined)?.data?.[0]?.slug
  return { probe: list, slug: typeof first === 'string' && first !== '' ? first : undefined }
}

/** GET /apps/{app-slug}/builds/{build-slug}/log: Developer or higher, or anyone on a public app. */
export function readBuildLog(client: ServiceClient, app: string, build: string): Promise<Probe> {
  const path = buildPath(app, build, 'log')
  return probe(client, path, shape(path, { 2: 'app-slug', 4: 'build-slug' }))
}

/** GET /organizations/{org-slug}: the Workspace, with its owners. */
export const readWorkspace = (client: ServiceClient, org: string): Promise<Probe> =>
  probe(client, orgPath(org), shape(orgPath(org), { 2: 'org-slug' }))
