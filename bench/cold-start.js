/**
 * The start of a step refused on its inputs, against `node -e 0`, measured so that a busy machine
 * moves the floor and the step alike:
 *
 * - the floor runs through the same runner as the step (scripts/run-action.js: the same
 *   environment, runner files and pipes), so the two differ only in what Node runs;
 * - runs are interleaved in rounds (the floor, an unknown operation, a missing token), the order
 *   turning each round, so a change of load over the run falls on all three;
 * - each round gives a ratio (the step over the floor of its own round), and the figure is the
 *   median of those ratios, with their quartiles: a burst of load moves one round, not the median.
 *
 * With `cpu` (and `perf` installed) each run is also timed in CPU time (perf's task-clock, every
 * thread of the process), which other processes on the machine move much less than wall time.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'

/** The refused steps measured: name, inputs, and the start of the error line each must print. */
export const REFUSED_STEPS = [
  { name: 'unknown operation', inputs: { operation: 'no-such-operation' }, error: '::error::Input "operation"' },
  { name: 'missing token', inputs: { operation: 'trigger' }, error: '::error::Input "token"' }
]

/** Whether `perf stat` can time a process here. */
export function perfWorks() {
  try {
    execFileSync('perf', ['stat', '-x,', '-e', 'task-clock', '--', 'true'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** The value at fraction `q` of the sorted values (nearest rank). */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]
}

/**
 * Runs `rounds` rounds after `warmup` more; returns per measure its wall (and CPU) times' stats, and
 * per refused step its paired ratios' median and quartiles. `step(inputs, options)` runs one step as
 * the bench does; `check(condition, message, run)` throws.
 */
export async function coldStart({ node, token, rounds, warmup, step, check, stats, cpu }) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-cold-'))
  const perfFile = join(dir, 'perf')
  const measures = [{ name: 'floor', inputs: {} }, ...REFUSED_STEPS.map((s) => ({ ...s, inputs: { ...s.inputs } }))]
  for (const m of measures.slice(1)) if (m.name !== 'missing token') m.inputs.token = token
  const wall = measures.map(() => [])
  const cpuMs = measures.map(() => [])
  const load = [loadavg()[0]]
  const once = async (measure, withCpu) => {
    const floor = measure.name === 'floor'
    // The floor is `node -e 0 ''`: the runner's last argument (the bundle) is then only an argument.
    const args = floor ? ['-e', '0'] : []
    const options = withCpu
      ? { node: 'perf', nodeArgs: ['stat', '-x,', '-e', 'task-clock', '-o', perfFile, '--', node.path, ...args] }
      : { nodeArgs: args }
    const run = await step(measure.inputs, floor ? { ...options, bundle: '' } : options)
    if (floor) check(run.code === 0, 'node -e 0 failed', run)
    else check(run.code === 1 && run.stdout.includes(measure.error), `the ${measure.name} was not refused`, run)
    if (!withCpu) return run.ms
    const line = readFileSync(perfFile, 'utf8')
      .split('\n')
      .find((l) => l.includes('task-clock'))
    return Number(line?.split(',')[0])
  }
  try {
    for (const withCpu of cpu ? [false, true] : [false]) {
      const into = withCpu ? cpuMs : wall
      for (let round = 0; round < warmup + rounds; round++) {
        const order = measures.map((_, i) => (i + round) % measures.length)
        const times = []
        for (const i of order) times[i] = await once(measures[i], withCpu)
        if (round >= warmup) times.forEach((ms, i) => into[i].push(ms))
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  load.push(loadavg()[0])
  const summarise = (times) =>
    times[0].length === 0
      ? undefined
      : {
          floor: stats(times[0]),
          steps: REFUSED_STEPS.map((s, k) => {
            const ratios = times[k + 1].map((ms, round) => ms / times[0][round])
            return {
              name: s.name,
              times: stats(times[k + 1]),
              ratio: { median: quantile(ratios, 0.5), q1: quantile(ratios, 0.25), q3: quantile(ratios, 0.75) }
            }
          })
        }
  return { rounds, load, wall: summarise(wall), cpu: summarise(cpuMs) }
}
