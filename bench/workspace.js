/**
 * A Workspace of many apps on the real emulator (emulator/dist/index.js, its own process,
 * seeded with apps the owner's token sees): `list-apps` and a `migrate-machine-types` dry
 * run of the bundle, start to exit, with their peak RSS; the same dry run while the
 * emulator answers some reads 429 with Retry-After (and delays others, so the client's
 * concurrency shows), counted inside the emulator by bench/emulator-probe.js; and the time
 * the emulator takes to answer the first and the last page of the list as the Workspace grows.
 */
import { keepAliveClient, OWNER_TOKEN, startEmulatorProcess, WORKSPACE, workspaceSeed } from './emulator-process.js'

const OLD_MACHINE = 'g2-m1.4core'
const NEW_MACHINE = 'g2-m1.8core'
/** The action reads this many service.yml files at once (PREVIEW_CONCURRENCY in src/service-yml/preview.ts). */
export const PREVIEW_CONCURRENCY = 16

/** Every third app names the old machine type: in its defaults, and every sixth in a workflow too. */
function ymlOf(n) {
  const machine = n % 3 === 0 ? OLD_MACHINE : 'standard'
  const workflow = n % 6 === 0 ? `\n    meta:\n      service:\n        machine_type_id: ${OLD_MACHINE}` : ''
  return `format_version: "13"\nmeta:\n  service:\n    stack: linux-docker-22.04\n    machine_type_id: ${machine}\nworkflows:\n  primary:${workflow}\n    steps:\n    - script:\n        inputs:\n        - content: echo "app ${n}"\n`
}

const usingOld = (apps) => Math.ceil(apps / 3)

/**
 * `list-apps` and the dry run over `apps` apps, `runs` times each, and one dry run under 429s.
 * `step(inputs, options)` runs the bundle as the runner does and returns its time and peak RSS.
 */
export async function workspaceRuns({ node, apps, runs, step, check }) {
  const emu = await startEmulatorProcess(node, { seed: workspaceSeed(apps, ymlOf), args: ['--enable-faults'] })
  const list = { ms: [], rss: [] }
  const dry = { ms: [], rss: [], requests: [], peak: [] }
  const base = { token: OWNER_TOKEN, 'base-url': emu.url, 'org-slug': WORKSPACE }
  const dryInputs = {
    ...base,
    operation: 'migrate-machine-types',
    'from-machine': OLD_MACHINE,
    'to-machine': NEW_MACHINE,
    'dry-run': 'true'
  }
  try {
    // One read first, so every measured run finds the emulator's list built (its first read builds it).
    const warm = await step({ ...base, operation: 'list-apps' })
    check(warm.code === 0, 'the warm-up list-apps failed', warm)
    for (let i = 0; i < runs; i++) {
      const run = await step({ ...base, operation: 'list-apps' })
      check(run.code === 0 && run.outputs.count === String(apps), `list-apps did not list ${apps} apps`, run)
      list.ms.push(run.ms)
      list.rss.push(run.mib)
    }
    for (let i = 0; i < runs; i++) {
      await emu.reset()
      const run = await step(dryInputs, { timeoutMs: 120_000 })
      check(
        run.code === 0 && run.outputs['checked-count'] === String(apps),
        `the dry run did not read ${apps} apps`,
        run
      )
      check(
        run.outputs['migrated-count'] === String(usingOld(apps)),
        `the dry run found ${run.outputs['migrated-count']} apps, not ${usingOld(apps)}`,
        run
      )
      const seen = await emu.stats()
      dry.ms.push(run.ms)
      dry.rss.push(run.mib)
      dry.requests.push(seen.requests)
      dry.peak.push(seen.peakInFlight)
    }
    const faulted = await underRateLimit(emu, apps, dryInputs, step, check)
    return { list, dry, faulted }
  } finally {
    await emu.stop()
  }
}

/**
 * The dry run while the emulator delays some service.yml reads by a few milliseconds (so
 * that reads pile up to the client's limit) and answers a burst of them 429 with Retry-After.
 */
async function underRateLimit(emu, apps, dryInputs, step, check) {
  const control = keepAliveClient(`${emu.origin}/_emulator`, '', 1)
  const tooMany = 2 * PREVIEW_CONCURRENCY
  const retryAfter = 1
  try {
    // Faults apply in the order they were added: delays, the 429 burst, then delays again.
    const delayed = {
      path: '/v0.1/apps/',
      method: 'GET',
      action: 'delay',
      ms: 4,
      count: Math.min(400, Math.floor(apps / 4))
    }
    for (const fault of [
      delayed,
      {
        path: '/v0.1/apps/',
        method: 'GET',
        action: 'status',
        status: 429,
        retryAfter: String(retryAfter),
        count: tooMany
      },
      delayed
    ]) {
      const res = await control.call('POST', 'faults', fault)
      check(res.status === 201, `the emulator refused a fault: ${res.status} ${res.text}`)
    }
  } finally {
    control.close()
  }
  await emu.reset()
  const run = await step(dryInputs, { timeoutMs: 120_000 })
  check(
    run.code === 0 && run.outputs['checked-count'] === String(apps),
    'the dry run under 429s did not read every app',
    run
  )
  check(
    run.outputs['migrated-count'] === String(usingOld(apps)),
    `the dry run under 429s found ${run.outputs['migrated-count']} apps, not ${usingOld(apps)}; errors: ${run.outputs.errors}`,
    run
  )
  const seen = await emu.stats()
  return {
    ms: run.ms,
    rss: run.mib,
    tooMany: seen.statuses['429'] ?? 0,
    injected: tooMany,
    retryAfter,
    peakInFlight: seen.peakInFlight,
    requests: seen.requests
  }
}

/**
 * How long the emulator takes to answer the first and the last page of the Workspace's list
 * (median of `samples` each, over one keep-alive connection) with `apps` apps, at page `limit`.
 */
export async function pageTimes({ node, apps, samples, limits = [50], median, check }) {
  const emu = await startEmulatorProcess(node, { seed: workspaceSeed(apps) })
  const client = keepAliveClient(emu.url, OWNER_TOKEN, 1)
  const path = `organizations/${WORKSPACE}/apps`
  const slug = (n) => `bench-${String(n).padStart(6, '0')}`
  try {
    const cold = await client.call('GET', `${path}?limit=50`)
    check(
      cold.status === 200 && cold.json.paging.total_item_count === apps,
      `the first page did not count ${apps} apps`
    )
    const result = { apps, coldMs: cold.ms, limits: {} }
    for (const limit of limits) {
      const lastStart = Math.floor((apps - 1) / limit) * limit
      const first = `${path}?limit=${limit}`
      const last = `${path}?limit=${limit}&next=${slug(lastStart)}`
      const check1 = await client.call('GET', last)
      check(
        check1.status === 200 && check1.json.data.length === apps - lastStart && check1.json.paging.next === undefined,
        `the last page of ${apps} apps is not the last`
      )
      const times = { first: [], last: [] }
      for (let i = 0; i < samples; i++) {
        times.first.push((await client.call('GET', first)).ms)
        times.last.push((await client.call('GET', last)).ms)
      }
      result.limits[limit] = { first: median(times.first), last: median(times.last) }
    }
    return result
  } finally {
    client.close()
    await emu.stop()
  }
}

/** The table rows of the runs and the page times. */
export function workspaceRows({ runs, pages }, { row, stats, ms, mib }) {
  const { list, dry, faulted } = runs
  const one = (v) => ({ min: v, median: v, p90: v })
  const listMs = stats(list.ms)
  const dryMs = stats(dry.ms)
  const listRss = stats(list.rss)
  const dryRss = stats(dry.rss)
  const apps = pages.find((p) => p.limits[10])?.apps ?? 5000
  const rows = [
    row(
      `list-apps, ${apps} apps on the emulator: start to exit`,
      listMs,
      ms,
      `${Math.ceil(apps / 50)} pages`,
      '<= 400 ms',
      listMs.median <= 400
    ),
    row(
      `migrate-machine-types dry run, ${apps} apps: start to exit`,
      dryMs,
      ms,
      `${stats(dry.requests).median} requests, peak ${stats(dry.peak).max} in flight at the emulator`,
      '<= 2000 ms',
      dryMs.median <= 2000
    ),
    row(
      `dry run, ${faulted.injected} reads answered 429 (Retry-After ${faulted.retryAfter} s)`,
      one(faulted.ms),
      ms,
      `completed; ${faulted.tooMany} 429s seen, peak ${faulted.peakInFlight} in flight (delayed reads)`,
      `peak <= ${PREVIEW_CONCURRENCY}`,
      faulted.peakInFlight <= PREVIEW_CONCURRENCY && faulted.tooMany === faulted.injected
    ),
    row(`peak RSS: list-apps, ${apps} apps`, listRss, mib, '', '<= 100 MB', listRss.max * 2 ** 20 <= 100e6),
    row(
      `peak RSS: dry run, ${apps} apps`,
      { min: Math.min(...dry.rss, faulted.rss), median: dryRss.median, p90: Math.max(...dry.rss, faulted.rss) },
      mib,
      '',
      '<= 100 MB',
      Math.max(...dry.rss, faulted.rss) * 2 ** 20 <= 100e6
    )
  ]
  const base = pages[0]
  for (const page of pages) {
    for (const [limit, times] of Object.entries(page.limits)) {
      const isBase = page === base && limit === '50'
      const ratio = Math.max(times.first / base.limits[50].first, times.last / base.limits[50].last)
      rows.push(
        row(
          `emulator page of ${limit}, ${page.apps} apps: first / last (median)`,
          one(times.first),
          (v) => `${ms(v)} / ${ms(times.last)}`,
          isBase
            ? `first read ${ms(page.coldMs)} (builds the list)`
            : `${ratio.toFixed(2)}x ${base.apps}; first read ${ms(page.coldMs)}`,
          isBase || limit !== '50' ? '' : `<= 2x ${base.apps}`,
          isBase || limit !== '50' ? undefined : ratio <= 2
        )
      )
    }
  }
  return rows
}
