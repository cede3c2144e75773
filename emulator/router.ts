/** A small path router: `/apps/:app/builds/:build` patterns, one handler per method and path. */
import type { IncomingHttpHeaders } from 'node:http'
import { badRequest } from './http-error.js'
import type { Reply } from './http-io.js'
import type { EmulatorState } from './state.js'

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
  state: EmulatorState
  now: number
  buildDurationMs: number
  logDelayMs: number
}

/** Most endpoints answer errors as `{message}`; register, roles and groups as `{error_msg}`. */
export type ErrorStyle = 'message' | 'error_msg'

export interface Route {
  method: string
  pattern: string
  errorStyle?: ErrorStyle
  handler: (ctx: RequestContext) => Reply
}

export interface RouteMatch {
  route: Route
  params: Record<string, string>
}

/** Decodes one path segment; malformed percent-encoding (a lone `%`, `%zz`, a cut UTF-8 sequence) is a 400. */
export function decodeSegment(segment: string, name: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw badRequest(`path parameter ${name} is not valid percent-encoding: every % must start a %XX escape of UTF-8 bytes`)
  }
}

/**
 * Finds the route for a method and a path below the API prefix. Literal segments are compared
 * as sent; parameters are decoded, so a malformed one throws a 400 (only once the route matched).
 */
export function matchRoute(routes: Route[], method: string, path: string): RouteMatch | null {
  const parts = path.split('/').filter(Boolean)
  for (const route of routes) {
    if (route.method !== method) continue
    const pattern = route.pattern.split('/').filter(Boolean)
    if (pattern.length !== parts.length) continue
    if (!pattern.every((segment, i) => segment.startsWith(':') || segment === parts[i])) continue
    return { route, params: Object.fromEntries(pattern.flatMap((segment, i) => (segment.startsWith(':') ? [[segment.slice(1), parts[i]]] : []))) }
  }
  return null
}

/** The route's parameters, decoded. */
export function decodeParams(match: RouteMatch): Record<string, string> {
  return Object.fromEntries(Object.entries(match.params).map(([name, raw]) => [name, decodeSegment(raw, name)]))
}
