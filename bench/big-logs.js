/**
 * Big build logs and long lists, for the bench: a build whose log is written at 1 MB a second
 * of the emulator's scaled clock (X-Emulator-Log-Bytes-Per-Second, emulator/routes/big-log.ts)
 * for as many seconds as the log has megabytes, waited for by the bundle with the step's peak
 * RSS measured (bench/maxrss.js) and the log lines it printed counted as they stream (never
 * kept); list-apps over 500, 5,000 and 50,000 apps served by a loopback stand-in; and
 * list-artifacts downloading 100 and 1,000 artifacts from one, each with its own signed URL.
 */
import { createServer } from 'node:http'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { call } from './adaptive-wait.js'
import { startEmulatorProcess, OWNER_TOKEN } from './emulator-process.js'

const APP = 'ios-app'
const RATE = 1_000_000
const CHUNK = 8192
const LINE = 100

/** Starts a build of `seconds` whose log is written at RATE bytes a second; its slug. */
async function triggerBig(url, seconds) {
  const answer = await call(
    url,
    'POST',
    `/apps/${APP}/builds`,
    { hook_info: { type: 'service' }, build_params: { branch: 'main', workflow_id: 'primary' } },
    { 'X-Emulator-Build-Duration-Ms': String(seconds * 1000), 'X-Emulator-Log-Bytes-Per-Second': String(RATE) }
  )
  return answer.results[0].build_slug
}

/** Counts the `big <n>` lines of a stream, and the highest number seen, holding one line at most. */
function lineCounter() {
  let rest = ''
  const seen = { lines: 0, warnings: 0 }
  const take = (line) => {
    if (line.startsWith('big ')) seen.lines++
    else if (line.startsWith('::warning::')) seen.warnings++
  }
  return {
    seen,
    write(data) {
      const text = rest + data.toString()
      const lines = text.split('\n')
      rest = lines.pop()
      for (const line of lines) take(line)
    }
  }
}

/** RSS and lines shown for logs of `sizes` MB, on a clock `scale` times the wall clock. */
export async function bigLogs(node, { sizes, scale, step, emulator, maxrss }) {
  const origin = Date.now()
  const emu = await startEmulatorProcess(node, {
    args: ['--time-scale', String(scale), '--time-origin', String(origin), '--log-delay-ms', '0'],
    lifetimeMs: 1_800_000,
    emulator
  })
  const rows = []
  try {
    for (const mb of sizes) {
      const slug = await triggerBig(emu.url, mb)
      const dir = mkdtempSync(join(tmpdir(), 'bench-log-'))
      const rssFile = join(dir, 'maxrss')
      const counter = lineCounter()
      const run = await step(
        {
          operation: 'wait',
          token: OWNER_TOKEN,
          'base-url': emu.url,
          'app-slug': APP,
          'build-slug': slug,
          'poll-interval': '10s'
        },
        {
          env: {
            SERVICE_TIME_SCALE: String(scale),
            SERVICE_TIME_ORIGIN: String(origin),
            BENCH_MAXRSS_FILE: rssFile,
            RUNNER_DEBUG: '0'
          },
          nodeArgs: ['--import', maxrss],
          onStdout: (data) => counter.write(data),
          timeoutMs: (mb * 1000) / scale + 600_000
        }
      )
      const rssMiB = Number(readFileSync(rssFile, 'utf8')) / 1024
      rmSync(dir, { recursive: true, force: true })
      const total = Math.ceil((Math.floor((mb * RATE) / CHUNK) * CHUNK) / LINE)
      rows.push({
        mb,
        rssMiB,
        lines: counter.seen.lines,
        total,
        warnings: counter.seen.warnings,
        code: run.code,
        seconds: run.ms / 1000
      })
    }
  } finally {
    await emu.stop()
  }
  return rows
}

/** list-apps over `counts` apps, 50 a page, from a loopback stand-in; time and peak RSS of each. */
export async function longLists(node, { counts, step, maxrss }) {
  let count = 0
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1')
    const from = Number(url.searchParams.get('next') ?? 0)
    const to = Math.min(count, from + 50)
    const data = Array.from({ length: to - from }, (_v, i) => ({
      slug: `app-${from + i}`,
      title: `App ${from + i}`,
      project_type: 'ios'
    }))
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ data, paging: { next: to < count ? String(to) : undefined } }))
  })
  await new Promise((done) => server.listen(0, '127.0.0.1', done))
  const base = `http://127.0.0.1:${server.address().port}/v0.1`
  const rows = []
  try {
    for (const n of counts) {
      count = n
      const dir = mkdtempSync(join(tmpdir(), 'bench-list-'))
      const rssFile = join(dir, 'maxrss')
      const run = await step(
        { operation: 'list-apps', token: OWNER_TOKEN, 'base-url': base },
        { env: { BENCH_MAXRSS_FILE: rssFile, RUNNER_TEMP: dir }, nodeArgs: ['--import', maxrss], timeoutMs: 600_000 }
      )
      const rssMiB = Number(readFileSync(rssFile, 'utf8')) / 1024
      rmSync(dir, { recursive: true, force: true })
      rows.push({ apps: n, listed: Number(run.outputs.count), code: run.code, seconds: run.ms / 1000, rssMiB })
    }
  } finally {
    server.close()
  }
  return rows
}

/** list-artifacts with download-artifacts over `counts` artifacts of 20 KB, each with its own signed URL; time, peak RSS and the heap kept to the end. */
export async function manyArtifacts(node, { counts, step, maxrss, heapAfterGc }) {
  let count = 0
  const body = 'x'.repeat(20_000)
  const item = (i) => ({
    slug: `art-${i}`,
    title: `file-${i}.apk`,
    artifact_type: 'android-apk',
    file_size_bytes: 20_000
  })
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1')
    const one = /\/artifacts\/(art-\d+)$/.exec(url.pathname)
    if (url.pathname.startsWith('/dl/')) {
      res.writeHead(200, { 'content-type': 'application/octet-stream' })
      return res.end(body)
    }
    const signed = (slug) => `http://127.0.0.1:${server.address().port}/dl/${slug}?signature=${slug}-${Math.random()}`
    const from = Number(url.searchParams.get('next') ?? 0)
    const to = Math.min(count, from + 50)
    const answer = one
      ? { data: { ...item(Number(one[1].slice(4))), expiring_download_url: signed(one[1]) } }
      : {
          data: Array.from({ length: to - from }, (_v, i) => item(from + i)),
          paging: { next: to < count ? String(to) : undefined }
        }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(answer))
  })
  await new Promise((done) => server.listen(0, '127.0.0.1', done))
  const base = `http://127.0.0.1:${server.address().port}/v0.1`
  const rows = []
  try {
    for (const n of counts) {
      count = n
      const dir = mkdtempSync(join(tmpdir(), 'bench-artifacts-'))
      const rssFile = join(dir, 'maxrss')
      const heapFile = join(dir, 'heap')
      const run = await step(
        {
          operation: 'list-artifacts',
          token: OWNER_TOKEN,
          'base-url': base,
          'app-slug': APP,
          'build-slug': 'b-1',
          'download-artifacts': 'out'
        },
        {
          workspace: dir,
          env: { BENCH_MAXRSS_FILE: rssFile, BENCH_HEAP_FILE: heapFile, RUNNER_TEMP: dir },
          nodeArgs: ['--expose-gc', '--import', maxrss, '--import', heapAfterGc],
          timeoutMs: 600_000
        }
      )
      const rssMiB = Number(readFileSync(rssFile, 'utf8')) / 1024
      const heapMiB = Number(readFileSync(heapFile, 'utf8')) / 1024 / 1024
      const files = readdirSync(join(dir, 'out')).length
      rmSync(dir, { recursive: true, force: true })
      rows.push({ artifacts: n, files, code: run.code, seconds: run.ms / 1000, rssMiB, heapMiB })
    }
  } finally {
    server.close()
  }
  return rows
}
