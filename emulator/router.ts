/** A small path router: `/apps/:app/builds/:build` patterns, one handler per method and path. */
import type { IncomingHttpHeaders } from 'node:http'
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

/** Finds the route for a method and a path below the API prefix. */
export function matchRoute(routes: Route[], method: string, path: string): RouteMatch | null {
  const parts = path.split('/').filter(Boolean)
  for (const route of routes) {
    if (route.method !== method) continue
    const pattern = route.pattern.split('/').filter(Boolean)
    if (pattern.length !== parts.length) continue
    const params: Record<string, string> = {}
    let ok = true
    for (let i = 0; i < pattern.length && ok; i++) {
      if (pattern[i].startsWith(':')) params[pattern[i].slice(1)] = decodeURIComponent(parts[i])
      else ok = pattern[i] === parts[i]
    }
    if (ok) return { route, params }
  }
  return null
}
