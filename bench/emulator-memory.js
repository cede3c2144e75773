/**
 * Emulator memory: the emulator, as its own process with a build cap (--max-builds),
 * is sent `total` triggers over keep-alive connections, a few in flight, builds that
 * end within a millisecond; every tenth of the way the probe runs a full garbage
 * collection (node --expose-gc) and reads VmRSS. The build history is bounded, so RSS
 * after the last trigger should sit where it was when the cap was first reached.
 */
import { performance } from 'node:perf_hooks'
import { keepAliveClient, startEmulatorProcess } from './emulator-process.js'

/** MiB per semi-space of the emulator's young generation (two of them). */
export const SEMI_SPACE_MIB = 16
const DEVELOPER_TOKEN = 'token-dora-developer'
const APP = 'ios-app'
/** Both repository owners named: a build from the app's own repository, never held for approval. */
const TRIGGER = {
  hook_info: { type: 'service' },
  build_params: { branch: 'main', workflow_id: 'primary', branch_repo_owner: 'acme', branch_dest_repo_owner: 'acme' }
}

/**
 * Triggers `total` builds against an emulator capped at `cap` builds, `inFlight` at a time,
 * and samples its RSS every `every` builds. Resolves with the samples and the throughput.
 */
export async function emulatorMemory(node, { total, cap, every, inFlight = 4 }) {
  const emu = await startEmulatorProcess(node, {
    // The young generation is held at one size: left to itself V8 grows it from 16 to 64 MiB
    // under this rate of allocation, which would show as growth that holds no data.
    nodeArgs: ['--expose-gc', `--min-semi-space-size=${SEMI_SPACE_MIB}`, `--max-semi-space-size=${SEMI_SPACE_MIB}`],
    args: ['--max-builds', String(cap), '--build-duration-ms', '1', '--log-delay-ms', '0'],
    lifetimeMs: 900_000,
    maxRequests: total + 10_000
  })
  const client = keepAliveClient(emu.url, DEVELOPER_TOKEN, inFlight)
  const points = []
  const step = every
  let sent = 0
  let failed = 0
  let lastBuild
  const startedAt = performance.now()
  try {
    const baseline = await emu.stats()
    points.push({ builds: 0, rssMiB: baseline.rss / 2 ** 20, heapMiB: baseline.heapUsed / 2 ** 20 })
    if (!baseline.gc) throw new Error('the emulator runs without --expose-gc: RSS would include garbage')
    while (sent < total) {
      const target = Math.min(total, sent + step)
      let next = sent
      const worker = async () => {
        while (next < target) {
          next += 1
          const res = await client.call('POST', `/apps/${APP}/builds`, TRIGGER)
          if (res.status !== 201) {
            failed += 1
            if (failed > 10) throw new Error(`trigger answered ${res.status}: ${res.text.slice(0, 300)}`)
          } else lastBuild = res.json?.build_slug
        }
      }
      await Promise.all(Array.from({ length: inFlight }, worker))
      sent = target
      const stats = await emu.stats()
      points.push({ builds: sent, rssMiB: stats.rss / 2 ** 20, heapMiB: stats.heapUsed / 2 ** 20 })
    }
    const seconds = (performance.now() - startedAt) / 1000
    // The newest build is kept, with its log; the cap holds.
    const build = await client.call('GET', `/apps/${APP}/builds/${lastBuild}/log`)
    if (build.status !== 200) throw new Error(`the last build's log answered ${build.status}`)
    const connections = (await emu.stats()).connections
    return { total, cap, inFlight, points, seconds, buildsPerSecond: total / seconds, failed, connections }
  } finally {
    client.close()
    await emu.stop()
  }
}

/** The sample taken when the cap was first reached (the first at or past it), the one halfway, and the last one. */
export function capAndEnd(result) {
  const atCap = result.points.find((p) => p.builds >= result.cap) ?? result.points[result.points.length - 1]
  const halfway = result.points.find((p) => p.builds >= result.total / 2) ?? atCap
  return { atCap, halfway, end: result.points[result.points.length - 1] }
}

/**
 * The table rows. "Flat" is judged on the second half of the run: by then the history has
 * turned over several times, and what RSS still gains is a trend. The first builds past the
 * cap raise RSS while V8 sizes its old generation for the rate of allocation (the heap in use
 * after a full gc does not grow), so RSS at the cap is printed beside it, not judged.
 */
export function memoryRows(result, { row, mib }) {
  const { atCap, halfway, end } = capAndEnd(result)
  const fromCap = end.rssMiB / atCap.rssMiB
  const secondHalf = end.rssMiB / halfway.rssMiB
  const heap = end.heapMiB / atCap.heapMiB
  const one = (v) => ({ min: v, median: v, p90: v })
  const samples = result.points.map((p) => `${p.builds / 1000}k ${p.rssMiB.toFixed(0)}`).join(', ')
  return [
    row(
      `emulator RSS at the cap (${atCap.builds} builds, --max-builds ${result.cap})`,
      one(atCap.rssMiB),
      mib,
      `heap used ${atCap.heapMiB.toFixed(1)} MiB after gc`
    ),
    row(
      `emulator heap used after gc, after ${result.total} builds`,
      one(end.heapMiB),
      mib,
      `${heap.toFixed(3)}x at cap`,
      '<= 1.10x at cap',
      heap <= 1.1
    ),
    row(
      `emulator RSS after ${result.total} builds`,
      one(end.rssMiB),
      mib,
      `${secondHalf.toFixed(3)}x at ${halfway.builds / 1000}k; ${fromCap.toFixed(3)}x at cap`,
      `<= 1.10x at ${halfway.builds / 1000}k`,
      secondHalf <= 1.1
    ),
    row(
      'emulator: builds triggered per second',
      one(result.buildsPerSecond),
      (v) => v.toFixed(0),
      `${result.inFlight} in flight over ${result.connections} keep-alive connections, ${result.seconds.toFixed(0)} s; RSS MiB at ${samples}`
    )
  ]
}
