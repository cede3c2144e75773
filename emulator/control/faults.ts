/** Fault injection: the next N requests matching a path (and method) fail in a chosen way. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { badRequest } from '../http/errors.js'
import { answer } from '../http/io.js'
import { matchPattern } from '../http/router.js'
import { isObject } from '../model/types.js'

export type FaultAction = 'status' | 'delay' | 'drop' | 'hang'

export interface Fault {
  id: number
  path: string
  method?: string
  remaining: number
  action: FaultAction
  status?: number
  retryAfter?: string
  body?: unknown
  ms?: number
}

const ACTIONS: readonly FaultAction[] = ['status', 'delay', 'drop', 'hang']

export class FaultInjector {
  private faults: Fault[] = []
  private nextId = 1

  /** Checks a fault description from `POST /_emulator/faults` and queues it. */
  add(spec: unknown): Fault {
    if (!isObject(spec)) throw badRequest('fault must be a JSON object')
    const { path, method, count = 1, action, status, retryAfter, body, ms } = spec
    if (typeof path !== 'string' || path === '')
      throw badRequest('path must be a non-empty string (a prefix, or a route pattern such as /apps/:app/builds)')
    if (method !== undefined && typeof method !== 'string') throw badRequest('method must be a string')
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1)
      throw badRequest('count must be a positive integer')
    if (typeof action !== 'string' || !(ACTIONS as readonly string[]).includes(action)) {
      throw badRequest(`action must be one of ${ACTIONS.join(', ')}`)
    }
    checkPath(path)
    const fault: Fault = { id: this.nextId++, path, remaining: count, action: action as FaultAction, body }
    if (typeof method === 'string') fault.method = method.toUpperCase()
    if (action === 'status') {
      if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) {
        throw badRequest('status must be an HTTP status code from 200 to 599')
      }
      fault.status = status
      if (retryAfter !== undefined) {
        if (typeof retryAfter !== 'string' && typeof retryAfter !== 'number')
          throw badRequest('retryAfter must be a string')
        fault.retryAfter = String(retryAfter)
      }
    }
    if (action === 'delay') {
      if (typeof ms !== 'number' || ms < 0 || ms > 60_000)
        throw badRequest('ms must be a number of milliseconds from 0 to 60000')
      fault.ms = ms
    }
    this.faults.push(fault)
    return fault
  }

  /** Takes one use of the first fault matching the request, if any. */
  take(method: string, fullPath: string, apiPath: string): Fault | null {
    const index = this.faults.findIndex(
      (f) => (!f.method || f.method === method) && (pathMatches(f.path, fullPath) || pathMatches(f.path, apiPath))
    )
    if (index < 0) return null
    const fault = this.faults[index]
    fault.remaining -= 1
    if (fault.remaining <= 0) this.faults.splice(index, 1)
    return { ...fault }
  }

  pending(): Fault[] {
    return this.faults.map((f) => ({ ...f }))
  }

  clear(): void {
    this.faults = []
  }
}

/**
 * Characters a request path never holds as the emulator reads it (WHATWG URL parsing: `\` is
 * read as `/`, `?` and `#` end the path, spaces, `{}` and the like arrive percent-encoded). A
 * fault path holding one could never match; they are also what regular expressions are written with.
 */
const NEVER_IN_A_PATH = /[^\x21-\x7e]|[\\?#"<>`{}]/

/** Refuses a fault path no request can match, naming the character. */
function checkPath(path: string): void {
  const found = NEVER_IN_A_PATH.exec(path)?.[0]
  if (found === undefined) return
  const shown = /[\x21-\x7e]/.test(found)
    ? `"${found}"`
    : `U+${found.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`
  throw badRequest(
    `path: ${shown} never appears in a request path; a fault path is a prefix (/apps/ios-app) or a route pattern (/apps/:app/builds), not a regular expression`
  )
}

/**
 * A fault path with a `:name` segment is a route pattern, matched as the route table matches
 * (routes/*.ts): whole paths, segment by segment. Any other is a prefix of the path. Both take
 * time linear in the path and the fault path: neither can backtrack.
 */
function pathMatches(faultPath: string, path: string): boolean {
  if (faultPath.split('/').some((segment) => segment.startsWith(':'))) return matchPattern(faultPath, path) !== null
  return path.startsWith(faultPath)
}

/** Applies a fault; true when the request has been dealt with (answered, dropped or left hanging). */
export async function applyFault(
  fault: Fault,
  req: IncomingMessage,
  res: ServerResponse,
  sleep: (ms: number) => Promise<void>
): Promise<boolean> {
  switch (fault.action) {
    case 'drop':
      req.socket.destroy()
      return true
    case 'hang':
      return true
    case 'delay':
      await sleep(fault.ms ?? 0)
      return false
    case 'status': {
      const headers: Record<string, string> = fault.retryAfter !== undefined ? { 'retry-after': fault.retryAfter } : {}
      answer(req, res, {
        status: fault.status ?? 503,
        json: fault.body ?? { message: `injected fault: status ${fault.status}` },
        headers
      })
      return true
    }
  }
}
