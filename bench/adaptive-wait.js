/**
 * The wait row: how late the step ends after its build ends, and how many status and log
 * reads it sends, for builds of random lengths whose branch has a history of successful builds
 * within ±10% of that length, waited for by `wait` with poll-interval not set (the reads aim at
 * the expected end) and with a fixed poll of 10 s and of 3 s, side by side on the same builds.
 *
 * The emulator runs its clock TIME_SCALE times faster than the wall clock (`--time-scale`), and
 * each step is given the same scale (SERVICE_TIME_SCALE, SERVICE_TIME_ORIGIN, read only by the
 * scaled-clock build of the bundle that bench/run.js hands `step`), so a build of ten
 * minutes is waited for in seconds. The lag is taken in two parts so that the scale multiplies
 * only what it should: from the build's end to the status read that saw it, on the emulator's
 * (scaled) clock, plus the wall-clock time from that read to the step's exit.
 */
import { request as httpRequest, createServer } from 'node:http'
import { performance } from 'node:perf_hooks'
import { OWNER_TOKEN, startEmulatorProcess } from './emulator-process.js'

const APP = 'ios-app'
const HISTORY = 5
/** Wall-clock ms between one build's start (and its steps') and the next. */
const STAGGER_MS = 400

/** The strategies compared: the step's inputs for each. */
export const STRATEGIES = [
  { name: 'poll-interval not set', inputs: {} },
  { name: 'fixed poll of 10 s', inputs: { 'poll-interval': '10s' } },
  { name: 'fixed poll of 3 s', inputs: { 'poll-interval': '3' } },
  { name: 'poll-interval not set, logs streamed', inputs: { 'stream-logs': 'true' } }
]

/** A small seeded generator (mulberry32), so a run's build lengths can be drawn again with --wait-seed. */
function generator(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A proxy in front of the emulator for one strategy: it counts the requests and notes when a status read first saw each build finished. */
function countingProxy(target) {
  const requests = []
  const finishedSeen = new Map()
  const server = createServer((req, res) => {
    const chunks = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
      requests.push({ method: req.method, path })
      const upstream = httpRequest(
        new URL(req.url ?? '/', target),
        { method: req.method, headers: req.headers },
        (answer) => {
          const body = []
          answer.on('data', (c) => body.push(c))
          answer.on('end', () => {
            const text = Buffer.concat(body).toString('utf8')
            const build = /^\/v0\.1\/apps\/[^/]+\/builds\/([^/]+)$/.exec(path)?.[1]
            if (build && req.method === 'GET' && !finishedSeen.has(build)) {
              try {
                if (JSON.parse(text).data?.status > 0) finishedSeen.set(build, Date.now())
              } catch {
                // not a record: not a sighting
              }
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers).end(text)
          })
        }
      )
      upstream.on('error', () => res.writeHead(502).end())
      upstream.end(Buffer.concat(chunks))
    })
  })
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () =>
      done({
        url: `http://127.0.0.1:${server.address().port}/v0.1`,
        requests,
        finishedSeen,
        close: () => new Promise((closed) => (server.closeAllConnections(), server.close(closed)))
      })
    )
  )
}

/** Sends one request to the emulator as the bench (not counted). */
export function call(url, method, path, body, headers = {}) {
  return new Promise((done, fail) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const req = httpRequest(
      `${url}${path}`,
      { method, headers: { authorization: OWNER_TOKEN, 'content-type': 'application/json', ...headers } },
      (res) => {
        const parts = []
        res.on('data', (c) => parts.push(c))
        res.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8')
          if ((res.statusCode ?? 500) >= 300) return fail(new Error(`${method} ${path}: ${res.statusCode} ${text}`))
          done(text ? JSON.parse(text) : undefined)
        })
      }
    )
    req.on('error', fail)
    req.end(payload)
  })
}

function triggerBuild(url, branch, durationMs) {
  return call(
    url,
    'POST',
    `/apps/${APP}/builds`,
    { hook_info: { type: 'service' }, build_params: { branch, workflow_id: 'primary' } },
    { 'X-Emulator-Build-Duration-Ms': String(Math.round(durationMs)) }
  ).then((answer) => answer.results?.[0]?.build_slug ?? answer.build_slug)
}

/**
 * Runs the wait row: `builds` builds of 30–600 s (seeded by `seed`), each with HISTORY earlier
 * builds of its branch within ±10%; `step(inputs, env, timeoutMs)` runs the bundle as a step.
 */
export async function adaptiveWait(node, { builds, scale, seed, step }) {
  const random = generator(seed)
  const lengths = Array.from({ length: builds }, () => Math.round((30 + random() * 570) * 1000))
  const origin = Date.now()
  const emu = await startEmulatorProcess(node, {
    args: ['--time-scale', String(scale), '--time-origin', String(origin), '--log-delay-ms', '0'],
    lifetimeMs: 600_000
  })
  const proxies = await Promise.all(STRATEGIES.map(() => countingProxy(emu.origin)))
  try {
    const history = lengths.flatMap((ms, i) =>
      Array.from({ length: HISTORY }, () => triggerBuild(emu.url, `bench-wait-${i}`, ms * (0.9 + random() * 0.2)))
    )
    await Promise.all(history)
    const longest = Math.max(...lengths) * 1.1
    await new Promise((done) => setTimeout(done, longest / scale + 500))
    const env = { SERVICE_TIME_SCALE: String(scale), SERVICE_TIME_ORIGIN: String(origin) }
    // One build at a time is started, with its three steps, a moment apart: a step must be up
    // and reading before its build can end, or its lag would measure the machine's start-up.
    const slugs = []
    const runs = []
    for (const [i, ms] of lengths.entries()) {
      const slug = await triggerBuild(emu.url, `bench-wait-${i}`, ms)
      slugs.push(slug)
      for (const [s, strategy] of STRATEGIES.entries()) {
        const inputs = {
          operation: 'wait',
          token: OWNER_TOKEN,
          'base-url': proxies[s].url,
          'app-slug': APP,
          'build-slug': slug,
          'stream-logs': 'false',
          ...strategy.inputs
        }
        runs.push(step(inputs, env, ms / scale + 60_000).then((run) => ({ s, i, slug, run })))
      }
      await new Promise((done) => setTimeout(done, STAGGER_MS))
    }
    const done = await Promise.all(runs)
    const builds = await Promise.all(slugs.map((slug) => call(emu.url, 'GET', `/apps/${APP}/builds/${slug}`)))
    const endOf = builds.map((b) => Date.parse(b.data.finished_at))
    return STRATEGIES.map((strategy, s) => {
      const mine = done.filter((r) => r.s === s)
      for (const { run, slug } of mine)
        if (run.code !== 0 || run.outputs['build-status'] !== 'success')
          throw new Error(`${strategy.name}: the wait for ${slug} did not end in success\n${run.stdout.slice(-2000)}`)
      const lags = mine.map(({ i, slug, run }) => {
        const seenWall = proxies[s].finishedSeen.get(slug)
        const reads = proxies[s].requests.filter((r) => r.path.endsWith(`/builds/${slug}`)).length
        if (reads < 2)
          throw new Error(
            `${strategy.name}: the step for ${slug} first read it after it had ended (start-up on a busy machine): run with a lower --time-scale`
          )
        const seenService = origin + (seenWall - origin) * scale
        const exitWall = performance.timeOrigin + run.exitAt
        return (seenService - endOf[i] + (exitWall - seenWall)) / 1000
      })
      const statusReads = (slug) =>
        proxies[s].requests.filter(
          (r) => r.method === 'GET' && /\/builds\/[^/]+(\/log)?$/.test(r.path) && r.path.includes(slug)
        ).length
      const reads = mine.map(({ slug }) => statusReads(slug))
      const others = proxies[s].requests.length - reads.reduce((a, b) => a + b, 0)
      return { name: strategy.name, lags, reads, others, lengths: lengths.map((ms) => ms / 1000) }
    })
  } finally {
    await Promise.all(proxies.map((p) => p.close()))
    await emu.stop()
  }
}
