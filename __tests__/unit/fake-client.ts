/**
 * Plain-object stand-ins for running an operation in process: a client that answers
 * from a route table and records the calls, and a handler context that records
 * what the operation logged, output, saved and summarised.
 */
import { LIST_OUTPUT_FILES, Output, type OutputName, type StateName } from '../../src/constants.js'
import { ApiError } from '../../src/http/api-error.js'
import type { ApiResponse, Method, RequestOptions, ServiceClient } from '../../src/http/client.js'
import type { AnnotationPlace, HandlerContext } from '../../src/step/context.js'
import type { OperationModule } from '../../src/operations/operation.js'
import type { SummarySection } from '../../src/summary/section.js'

/** An answer: a 2xx with a body (JSON unless `text` is given), or an error to throw. */
export type FakeAnswer = { status?: number; body?: unknown; text?: string } | { error: ApiError }

/** "METHOD /path" to one answer, successive answers, or a function of the call. */
export type FakeRoutes = Record<
  string,
  FakeAnswer | FakeAnswer[] | ((options: RequestOptions, count: number) => FakeAnswer)
>

export interface FakeCall {
  method: Method
  path: string
  body?: unknown
  query?: RequestOptions['query']
}

export interface FakeClient extends ServiceClient {
  calls: FakeCall[]
}

/** A client answering from `routes`; a call with no route is refused with a 404, as the service would. */
export function fakeClient(routes: FakeRoutes): FakeClient {
  const counts = new Map<string, number>()
  const calls: FakeCall[] = []
  return {
    calls,
    async request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
      calls.push({
        method,
        path,
        ...(options.body !== undefined ? { body: options.body } : {}),
        ...(options.query ? { query: options.query } : {})
      })
      const key = `${method} ${path}`
      const count = (counts.get(key) ?? 0) + 1
      counts.set(key, count)
      const route = routes[key]
      const answer: FakeAnswer =
        route === undefined
          ? { error: ApiError.http({ method, path, status: 404, message: `${key} failed: the service answered 404` }) }
          : typeof route === 'function'
            ? route(options, count)
            : Array.isArray(route)
              ? route[Math.min(count, route.length) - 1]
              : route
      if ('error' in answer) throw answer.error
      const text = answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body))
      return { status: answer.status ?? 200, body: (options.expect === 'text' ? text : answer.body) as T, text }
    }
  }
}

export type LogLevel = 'info' | 'notice' | 'warning' | 'debug' | 'group' | 'error'

export interface RecordingContext extends HandlerContext {
  outputs: Partial<Record<OutputName, unknown>>
  secretOutputs: OutputName[]
  masked: string[]
  logs: Array<{ level: LogLevel; message: string; place?: AnnotationPlace }>
  sections: SummarySection[]
  state: Partial<Record<StateName, string>>
}

/**
 * A context for `module` that records everything; setting an output the module
 * does not declare throws, so a handler test also checks the declaration.
 */
export function recordingContext(
  module: Pick<OperationModule, 'name' | 'outputs'>,
  client: ServiceClient,
  options: { signal?: AbortSignal; runUrl?: string } = {}
): RecordingContext {
  const declared = new Set<string>(
    module.outputs.flatMap((name) => [
      name,
      LIST_OUTPUT_FILES[name] ?? name,
      name === Output.response ? Output.responseFile : name
    ])
  )
  const ctx: RecordingContext = {
    client,
    signal: options.signal ?? new AbortController().signal,
    runUrl: options.runUrl,
    outputs: {},
    secretOutputs: [],
    masked: [],
    logs: [],
    sections: [],
    state: {},
    output(name, value) {
      if (!declared.has(name)) throw new Error(`${module.name} set the output ${name}, which it does not declare`)
      if (value !== undefined) ctx.outputs[name] = value
    },
    listOutput(name) {
      const items: unknown[] = []
      return {
        add: (page) => {
          for (const item of page) items.push(item)
        },
        end: () => ctx.output(name, items)
      }
    },
    secretOutput(name, value) {
      ctx.secretOutputs.push(name)
      ctx.output(name, value)
    },
    mask: (value) => void ctx.masked.push(value),
    maskWhile(value, body) {
      ctx.masked.push(value)
      return body((text) => text.split(value).join('***'))
    },
    summary: (section) => void ctx.sections.push(section),
    info: (message) => void ctx.logs.push({ level: 'info', message }),
    notice: (message) => void ctx.logs.push({ level: 'notice', message }),
    warning: (message) => void ctx.logs.push({ level: 'warning', message }),
    debug: (message) => void ctx.logs.push({ level: 'debug', message }),
    annotate: (level, message, place) => void ctx.logs.push({ level, message, place }),
    async group(name, body) {
      ctx.logs.push({ level: 'group', message: name })
      return body()
    },
    saveState(name, value) {
      ctx.state[name] = value
    }
  }
  return ctx
}

/** A `get(name)` over a plain map, as the runner's inputs would give it: trimmed, '' when unset. */
export function inputsFrom(values: Record<string, string>): (name: string) => string {
  return (name) => (values[name] ?? '').trim()
}
