/**
 * Preloaded into the emulator by the bench (node --import bench/emulator-probe.js): it
 * counts requests from inside the server process, through Node's http diagnostics
 * channels (requests in flight and their peak, answers by status code), and keeps the
 * process on a leash, so a bench that dies never leaves an emulator behind:
 *
 *   - the process exits when its stdin closes (the bench, its parent, has gone);
 *   - it exits after BENCH_PROBE_LIFETIME_MS (default 10 minutes)
 *     and after BENCH_PROBE_MAX_REQUESTS requests (default 1,000,000).
 *
 * The bench asks on stdin, one word a line, and the answer is one line on stdout:
 * `stats` (after a full garbage collection when node runs with --expose-gc) prints
 * `probe {"rss":…,"heapUsed":…,"requests":…,"connections":…,"inFlight":…,"peakInFlight":…,"statuses":{…}}`;
 * `reset` zeroes the counters and prints `probe {}`.
 */
import { subscribe } from 'node:diagnostics_channel'
import { readFileSync } from 'node:fs'
import { getHeapSpaceStatistics } from 'node:v8'

const lifetimeMs = Number(process.env.BENCH_PROBE_LIFETIME_MS ?? 600_000)
const maxRequests = Number(process.env.BENCH_PROBE_MAX_REQUESTS ?? 1_000_000)

let requests = 0
let inFlight = 0
let peakInFlight = 0
let statuses = {}
let connections = 0
const seen = new WeakSet()

subscribe('http.server.request.start', ({ socket }) => {
  requests += 1
  if (!seen.has(socket)) {
    seen.add(socket)
    connections += 1
  }
  inFlight += 1
  if (inFlight > peakInFlight) peakInFlight = inFlight
  if (requests > maxRequests) {
    console.error(`emulator probe: more than ${maxRequests} requests; stopping`)
    process.exit(3)
  }
})
subscribe('http.server.response.finish', ({ response }) => {
  inFlight -= 1
  statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1
})

setTimeout(() => {
  console.error(`emulator probe: ${lifetimeMs} ms are up; stopping`)
  process.exit(4)
}, lifetimeMs).unref()

/** VmRSS as the kernel reports it now, in KiB (process.memoryUsage().rss reads the same figure, in bytes). */
function vmRssKiB() {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))
  return match ? Number(match[1]) : Math.round(process.memoryUsage().rss / 1024)
}

function answer(word) {
  if (word === 'reset') {
    requests = 0
    connections = 0
    peakInFlight = inFlight
    statuses = {}
    return {}
  }
  if (word === 'stats') {
    globalThis.gc?.()
    const { heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage()
    const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]))
    return {
      rss: vmRssKiB() * 1024,
      heapUsed,
      heapTotal,
      external,
      arrayBuffers,
      spaces,
      gc: typeof globalThis.gc === 'function',
      requests,
      connections,
      inFlight,
      peakInFlight,
      statuses
    }
  }
  return { error: `unknown probe command "${word}"` }
}

let pending = ''
process.stdin.setEncoding('utf8')
process.stdin.on('data', (text) => {
  pending += text
  let end
  while ((end = pending.indexOf('\n')) >= 0) {
    const word = pending.slice(0, end).trim()
    pending = pending.slice(end + 1)
    if (word) process.stdout.write(`probe ${JSON.stringify(answer(word))}\n`)
  }
})
// The bench holds the other end of stdin: when it goes, so does the emulator.
process.stdin.on('end', () => process.exit(0))
process.stdin.on('error', () => process.exit(0))
