/** Emulator-only endpoints under `/_emulator/`: state dump, approvals, reset, faults, request log. */
import { buildStateJson, progressOf } from './builds.js'
import type { FaultInjector } from './faults.js'
import { HttpError, notFound } from './http-error.js'
import type { Reply } from './http-io.js'
import { decodeSegment } from './router.js'
import type { EmulatorState } from './state.js'

export interface ControlContext {
  method: string
  path: string
  body: unknown
  state: EmulatorState
  faults: FaultInjector
  faultsEnabled: boolean
  now: number
}

/** Answers a control request; `path` is the part after `/_emulator`. */
export function handleControl(ctx: ControlContext): Reply {
  const { method, path, state } = ctx
  if (method === 'GET' && path === '/state') {
    return { status: 200, json: { ...(state.snapshot(ctx.now, buildStateJson) as object), faults: ctx.faults.pending() } }
  }
  if (method === 'POST' && path === '/reset') {
    state.reset()
    ctx.faults.clear()
    return { status: 200, json: { status: 'ok' } }
  }
  if (method === 'GET' && path === '/requests') return { status: 200, json: state.requests }
  if (method === 'DELETE' && path === '/requests') {
    state.requests = []
    return { status: 204 }
  }
  const approve = /^\/builds\/([^/]+)\/approve$/.exec(path)
  if (method === 'POST' && approve) {
    const build = state.builds.get(decodeSegment(approve[1], 'build'))
    if (!build) throw notFound(`build "${approve[1]}" not found`)
    if (!progressOf(build, ctx.now).onHold) throw new HttpError(409, `build "${build.slug}" is not on hold`)
    build.startedAt = ctx.now
    build.approvedAt = ctx.now
    return { status: 200, json: { status: 'ok', build: buildStateJson(build, ctx.now) } }
  }
  if (path === '/faults' && ctx.faultsEnabled) {
    if (method === 'POST') return { status: 201, json: { status: 'ok', fault: ctx.faults.add(ctx.body) } }
    if (method === 'GET') return { status: 200, json: ctx.faults.pending() }
    if (method === 'DELETE') {
      ctx.faults.clear()
      return { status: 204 }
    }
  }
  if (path === '/faults' && !ctx.faultsEnabled) throw notFound('fault injection is off; start the emulator with --enable-faults')
  throw notFound(`no emulator control endpoint ${method} /_emulator${path}`)
}
