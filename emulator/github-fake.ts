/**
 * A loopback fake of the few GitHub REST endpoints the action calls (commit statuses, check
 * runs, issue comments, pull requests), for tests: it records every request and answers from
 * what it was given. It binds 127.0.0.1 only, reads at most 1 MiB per body, answers at most
 * `maxRequests` requests, and keeps nothing alive once closed.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request as the fake received it. */
export interface RecordedGitHubRequest {
  method: string
  path: string
  authorization: string | undefined
  body: unknown
}

export interface FakeGitHubOptions {
  /** Pull requests by number, as `GET /repos/{owner}/{repo}/pulls/{n}` answers them. */
  pulls?: Record<number, unknown>
  /** Answer every write (POST, PATCH) with this status instead. */
  failWritesWith?: number
  maxRequests?: number
}

export interface FakeGitHub {
  /** The API base, for GITHUB_API_URL. */
  url: string
  requests: RecordedGitHubRequest[]
  close(): Promise<void>
}

const MAX_BODY = 1024 * 1024

async function readBody(req: IncomingMessage): Promise<unknown> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY) throw new Error('body over 1 MiB')
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  return text === '' ? undefined : JSON.parse(text)
}

/** The fake's answer to one request: its status and JSON body. */
function answer(state: { nextId: number; comments: Map<number, Record<string, unknown>> }, options: FakeGitHubOptions, method: string, path: string, body: unknown): [number, unknown] {
  if (method !== 'GET' && options.failWritesWith) return [options.failWritesWith, { message: 'refused by the fake' }]
  const fields = (body ?? {}) as Record<string, unknown>
  let m: RegExpExecArray | null
  if ((m = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)$/.exec(path)) && method === 'GET') {
    const pr = options.pulls?.[Number(m[1])]
    return pr ? [200, pr] : [404, { message: 'Not Found' }]
  }
  if (/^\/repos\/[^/]+\/[^/]+\/statuses\/[0-9a-f]+$/.test(path) && method === 'POST') return [201, { id: state.nextId++, ...fields }]
  if (/^\/repos\/[^/]+\/[^/]+\/check-runs$/.test(path) && method === 'POST') return [201, { id: state.nextId++, ...fields }]
  if (/^\/repos\/[^/]+\/[^/]+\/check-runs\/\d+$/.test(path) && method === 'PATCH') return [200, { ...fields }]
  if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(path))) {
    const issue = Number(m[1])
    if (method === 'GET') return [200, [...state.comments.values()].filter((c) => c.issue === issue)]
    if (method === 'POST') {
      const comment = { id: state.nextId++, issue, body: fields.body }
      state.comments.set(comment.id, comment)
      return [201, comment]
    }
  }
  if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(path)) && method === 'PATCH') {
    const comment = state.comments.get(Number(m[1]))
    if (!comment) return [404, { message: 'Not Found' }]
    comment.body = fields.body
    return [200, comment]
  }
  return [404, { message: 'Not Found' }]
}

/** Starts the fake on a free loopback port. */
export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const requests: RecordedGitHubRequest[] = []
  const state = { nextId: 1000, comments: new Map<number, Record<string, unknown>>() }
  const maxRequests = options.maxRequests ?? 200
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
      let status: number
      let json: unknown
      try {
        const body = await readBody(req)
        requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body })
        ;[status, json] = requests.length > maxRequests ? [429, { message: 'too many requests for the fake' }] : answer(state, options, req.method ?? '', path, body)
      } catch (error) {
        ;[status, json] = [400, { message: (error as Error).message }]
      }
      res.writeHead(status, { 'content-type': 'application/json', connection: 'close' })
      res.end(JSON.stringify(json))
    })()
  })
  server.keepAliveTimeout = 1
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  server.unref()
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
