/** A small path router: route tables of `/apps/:app/builds/:build` patterns, one handler per method and path. */
import type { IncomingHttpHeaders } from 'node:http'
import type { Access } from '../model/access.js'
import { badRequest, type ErrorStyle } from './errors.js'
import type { Reply } from './io.js'
import type { ServiceModel } from '../model/model.js'
import type { AppRecord, Organization } from '../model/records.js'

/** Everything a handler may look at. `user` is the authenticated caller's slug. */
export interface RequestContext {
  method: string
  path: string
  params: Record<string, string>
  query: URLSearchParams
  headers: IncomingHttpHeaders
  body: unknown
  user: string
  origin: string
  model: ServiceModel
  logDelayMs: number
  /** How long after a build ends its log is archived. */
  logArchiveDelayMs: number
  /** The app the route's access rule found (routes with `app` access only). */
  app: () => AppRecord
  /** The Workspace the route's access rule found (routes with Workspace access only). */
  org: () => Organization
}

/** One line of a route table: method, path pattern and handler. */
export interface Route<Context> {
  method: string
  pattern: string
  errorStyle?: ErrorStyle
  handler: (ctx: Context) => Reply
}

/** A route of the API: it also says who may call it (checked before the handler runs). */
export interface ApiRoute extends Route<RequestContext> {
  access: Access
}

/** Decodes one path segment; malformed percent-encoding (a lone `%`, `%zz`, a cut UTF-8 sequence) is a 400. */
export function decodeSegment(segment: string, name: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw badRequest(
      `path parameter ${name} is not valid percent-encoding: every % must start a %XX escape of UTF-8 bytes`
    )
  }
}

/**
 * The raw parameters of a path that fits a route pattern, or null: segment by segment, a
 * `:name` segment takes any one segment and a literal one must equal it as sent. One pass over
 * each string, so the cost is linear in the two lengths whatever the pattern holds.
 */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const segments = pattern.split('/').filter(Boolean)
  const parts = path.split('/').filter(Boolean)
  if (segments.length !== parts.length) return null
  if (!segments.every((segment, i) => segment.startsWith(':') || segment === parts[i])) return null
  return Object.fromEntries(
    segments.flatMap((segment, i) => (segment.startsWith(':') ? [[segment.slice(1), parts[i]]] : []))
  )
}

/**
 * Finds the route for a method and a path below the API prefix. Literal segments are compared
 * as sent; parameters are decoded, so a malformed one throws a 400 (only once the route matched).
 */
export function matchRoute<R extends Route<never>>(
  routes: readonly R[],
  method: string,
  path: string
): { route: R; params: Record<string, string> } | null {
  for (const route of routes) {
    if (route.method !== method) continue
    const params = matchPattern(route.pattern, path)
    if (params !== null) return { route, params }
  }
  return null
}

/** The route's parameters, decoded. */
export function decodeParams(match: { params: Record<string, string> }): Record<string, string> {
  return Object.fromEntries(Object.entries(match.params).map(([name, raw]) => [name, decodeSegment(raw, name)]))
}
