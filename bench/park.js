/**
 * 8. Park and resume: the runner time of a build waited for against one parked, and what a sweep
 * (report-parked) costs as parked builds grow. One loopback server plays the service and GitHub:
 * it answers a trigger, a build's record (running for WAITED_SECONDS, then a success), each app's
 * builds list a page of 50 at a time (finished builds, each with a park variable), and check runs
 * (made, read, completed). The sweep's share per build is its time over the builds it reported.
 */
import { startServer } from './server.js'

const APPS = 20
const REPO = 'bench-org/bench-repo'
const WAITED_SECONDS = 5

/** The hash the action puts in a park variable's name (FNV-1a, 32 bits, of owner/name in lower case). */
function repositoryHash(repository) {
  let hash = 0x811c9dc5
  for (const byte of Buffer.from(repository.toLowerCase(), 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0
  return hash.toString(16).padStart(8, '0')
}

/** A finished build of the list, its parameters naming check run `check` of REPO. */
function listedBuild(n, check) {
  const at = new Date(Date.now() - 60_000).toISOString()
  return {
    slug: `parked-${n}`,
    build_number: n,
    status: 1,
    status_text: 'success',
    triggered_workflow: 'primary',
    commit_hash: 'c'.repeat(40),
    triggered_at: at,
    started_on_worker_at: at,
    finished_at: new Date().toISOString(),
    credit_cost: 4,
    original_build_params: {
      environments: [{ mapped_to: `SERVICE_CI_PARKED_${check}_${repositoryHash(REPO)}`, value: 'x', is_expand: false }]
    }
  }
}

/** The server's state and handler: builds per app, check runs by id, and the one build a trigger starts. */
function world() {
  const byApp = new Map()
  const checks = new Map()
  let nextCheck = 1
  let triggeredAt = 0
  const park = (count) => {
    byApp.clear()
    for (let n = 0; n < count; n++) {
      const id = nextCheck++
      checks.set(id, {
        id,
        name: 'service-ci/primary',
        status: 'in_progress',
        external_id: `parked-${n}`,
        head_sha: 'c'.repeat(40)
      })
      const app = `app-${n % APPS}`
      byApp.set(app, [...(byApp.get(app) ?? []), listedBuild(n, id)])
    }
  }
  const handler = (req, body) => {
    let m
    if (req.method === 'POST' && /^\/apps\/[^/]+\/builds$/.test(req.path)) {
      triggeredAt = Date.now()
      return {
        status: 201,
        json: { status: 'ok', build_slug: 'bench-build', build_number: 1, triggered_workflow: 'primary' }
      }
    }
    if (req.method === 'GET' && req.path.endsWith('/builds/bench-build')) {
      const done = Date.now() - triggeredAt >= WAITED_SECONDS * 1000
      return {
        json: {
          data: {
            slug: 'bench-build',
            build_number: 1,
            status: done ? 1 : 0,
            status_text: done ? 'success' : 'in-progress'
          }
        }
      }
    }
    if (req.method === 'GET' && (m = /^\/apps\/([^/]+)\/builds$/.exec(req.path))) {
      const all = byApp.get(m[1]) ?? []
      const from = req.query.next ? all.findIndex((b) => b.slug === req.query.next) : 0
      const limit = Number(req.query.limit ?? 50)
      const following = all[from + limit]
      return { json: { data: all.slice(from, from + limit), paging: following ? { next: following.slug } : {} } }
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/check-runs(?:\/(\d+))?$/.exec(req.path))) {
      if (req.method === 'POST') {
        const id = nextCheck++
        checks.set(id, { id, ...body })
        return { status: 201, json: checks.get(id) }
      }
      const found = checks.get(Number(m[1]))
      if (!found) return { status: 404, json: { message: 'Not Found' } }
      if (req.method === 'PATCH') Object.assign(found, body)
      return { json: found }
    }
    return undefined
  }
  return { park, handler }
}

/** Runs the group; `step(inputs, options)` runs the bundle, `stats(values)` gives median and spread. */
export async function parkBench({ step, check, stats, token, runs, sizes = [10, 100, 500] }) {
  const { park, handler } = world()
  const server = await startServer(handler, { maxRequests: 1_000_000, lifetimeMs: 900_000 })
  const env = { GITHUB_API_URL: server.url.replace(/\/v0\.1$/, ''), GITHUB_REPOSITORY: REPO }
  const base = { token, 'base-url': server.url, 'github-token': 'ghs_bench0123456789abcdef' }
  const trigger = { ...base, operation: 'trigger', 'app-slug': 'app-0', branch: 'main', 'commit-hash': 'c'.repeat(40) }
  const result = { waited: [], parked: [], sweeps: [] }
  try {
    for (let i = 0; i < runs; i++) {
      const waited = await step({ ...trigger, wait: 'true', 'poll-interval': '1', 'stream-logs': 'false' }, { env })
      check(waited.code === 0, 'the waited trigger failed', waited)
      result.waited.push(waited.ms)
      const parked = await step({ ...trigger, wait: 'park', 'github-status': 'check-run' }, { env })
      check(parked.code === 0 && parked.outputs.parked === 'true', 'the parked trigger did not park', parked)
      result.parked.push(parked.ms)
    }
    for (const size of sizes) {
      park(size)
      const before = server.requests.length
      const apps = Array.from({ length: APPS }, (_, n) => `app-${n}`).join('\n')
      const sweep = await step({ ...base, operation: 'report-parked', 'app-slug': apps }, { env, timeoutMs: 300_000 })
      check(sweep.code === 0 && sweep.outputs.count === String(size), `the sweep did not report ${size} builds`, sweep)
      const sent = server.requests.slice(before)
      result.sweeps.push({
        builds: size,
        ms: sweep.ms,
        servicePages: sent.filter((r) => /^\/apps\/[^/]+\/builds$/.test(r.path)).length,
        serviceOneBuild: sent.filter((r) => /^\/apps\/[^/]+\/builds\/[^/]+$/.test(r.path)).length,
        github: sent.filter((r) => r.path.startsWith('/repos/')).length
      })
    }
  } finally {
    await server.close()
  }
  const largest = result.sweeps[result.sweeps.length - 1]
  const parked = stats(result.parked)
  return {
    waitedSeconds: WAITED_SECONDS,
    waited: stats(result.waited),
    parked,
    sweeps: result.sweeps,
    perParkedBuildMs: parked.median + largest.ms / largest.builds
  }
}
