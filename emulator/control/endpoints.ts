/**
 * Emulator-only endpoints under `/_emulator/`, as a route table: state dump, reset, request
 * log, event log, concurrency slots, faults. State changes go through the model.
 */
import { buildStateJson } from '../routes/build-views.js'
import type { FaultInjector } from './faults.js'
import { badRequest, notFound } from '../http/errors.js'
import type { Reply } from '../http/io.js'
import type { ServiceModel } from '../model/model.js'
import type { RequestLog } from './request-log.js'
import { decodeParams, matchRoute, type Route } from '../http/router.js'

export interface ControlContext {
  params: Record<string, string>
  body: unknown
  model: ServiceModel
  requests: RequestLog
  faults: FaultInjector
  faultsEnabled: boolean
}

const NO_CONTENT: Reply = { status: 204 }

/** The fault endpoints exist only with `--enable-faults`. */
function withFaults(handler: (ctx: ControlContext) => Reply): (ctx: ControlContext) => Reply {
  return (ctx) => {
    if (!ctx.faultsEnabled) throw notFound('fault injection is off; start the emulator with --enable-faults')
    return handler(ctx)
  }
}

function state(ctx: ControlContext): Reply {
  const now = ctx.model.now()
  return {
    status: 200,
    json: { ...(ctx.model.state.snapshot(now, buildStateJson) as object), faults: ctx.faults.pending() }
  }
}

function reset(ctx: ControlContext): Reply {
  ctx.model.reset()
  ctx.requests.clear()
  ctx.faults.clear()
  return { status: 200, json: { status: 'ok' } }
}

/** Sets how many of an app's builds may run at once (`{slots: n}`, null: unlimited); more wait on hold. */
function concurrency(ctx: ControlContext): Reply {
  const app = ctx.model.state.apps.get(ctx.params.app)
  if (!app) throw notFound(`app "${ctx.params.app}" not found`)
  const slots = (ctx.body as { slots?: unknown } | null)?.slots
  if (slots !== null && !(Number.isInteger(slots) && (slots as number) >= 0))
    throw badRequest('slots must be a whole number, 0 or more, or null')
  ctx.model.setConcurrency(app, slots as number | null)
  return { status: 200, json: { status: 'ok', app: app.slug, concurrency: app.concurrency } }
}

/** Drops a build as if it had been deleted on the service: its record and its log go, and reads of it answer 404. */
function dropBuild(ctx: ControlContext): Reply {
  const build = ctx.model.state.builds.get(ctx.params.build)
  if (!build) throw notFound(`build "${ctx.params.build}" not found`)
  ctx.model.state.deleteBuild(build)
  return NO_CONTENT
}

export const CONTROL_ROUTES: readonly Route<ControlContext>[] = [
  { method: 'GET', pattern: '/state', handler: state },
  { method: 'POST', pattern: '/reset', handler: reset },
  { method: 'GET', pattern: '/requests', handler: (ctx) => ({ status: 200, json: ctx.requests.entries }) },
  { method: 'DELETE', pattern: '/requests', handler: (ctx) => (ctx.requests.clear(), NO_CONTENT) },
  { method: 'GET', pattern: '/events', handler: (ctx) => ({ status: 200, json: ctx.model.events() }) },
  { method: 'DELETE', pattern: '/events', handler: (ctx) => (ctx.model.clearEvents(), NO_CONTENT) },
  { method: 'PUT', pattern: '/apps/:app/concurrency', handler: concurrency },
  { method: 'DELETE', pattern: '/builds/:build', handler: dropBuild },
  {
    method: 'POST',
    pattern: '/faults',
    handler: withFaults((ctx) => ({ status: 201, json: { status: 'ok', fault: ctx.faults.add(ctx.body) } }))
  },
  { method: 'GET', pattern: '/faults', handler: withFaults((ctx) => ({ status: 200, json: ctx.faults.pending() })) },
  { method: 'DELETE', pattern: '/faults', handler: withFaults((ctx) => (ctx.faults.clear(), NO_CONTENT)) }
]

/** Answers a control request; `path` is the part after `/_emulator`. */
export function handleControl(method: string, path: string, ctx: Omit<ControlContext, 'params'>): Reply {
  const match = matchRoute(CONTROL_ROUTES, method, path)
  if (!match) throw notFound(`no emulator control endpoint ${method} /_emulator${path}`)
  ctx.model.settle()
  return match.route.handler({ ...ctx, params: decodeParams(match) })
}
