/**
 * The real emulator (emulator/dist/index.js) as its own process for the bench, on
 * 127.0.0.1 and a free port, with bench/emulator-probe.js preloaded: the probe counts
 * requests from inside the server and stops the process when the bench goes, after a
 * time limit or after a number of requests. Seeds are written to a temporary file.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const EMULATOR = join(ROOT, 'emulator', 'dist', 'index.js')
const PROBE = pathToFileURL(join(ROOT, 'bench', 'emulator-probe.js')).href
const SEED = join(ROOT, 'emulator', 'model', 'seed.json')

/** The token of the acme Workspace's owner in the bundled seed. */
export const OWNER_TOKEN = 'token-olivia-owner'
export const WORKSPACE = 'acme'

const started = new Set()
// However the bench ends (an error, Ctrl-C), no emulator outlives it; the probe's stdin watch covers a SIGKILL.
process.on('exit', () => {
  for (const child of started) child.kill('SIGKILL')
})

/** The bundled seed with `count` apps of the acme Workspace in place of its own; `ymlOf(n)`, when given, is app n's service.yml. */
export function workspaceSeed(count, ymlOf) {
  const seed = JSON.parse(readFileSync(SEED, 'utf8'))
  seed.apps = Array.from({ length: count }, (_, n) => ({
    slug: `bench-${String(n).padStart(6, '0')}`,
    title: `Bench application ${n}`,
    owner: { account_type: 'organization', slug: WORKSPACE },
    provider: 'github',
    repo_owner: WORKSPACE,
    repo_url: `git@github.com:${WORKSPACE}/bench-${n}.git`,
    repo_slug: `bench-${n}`,
    project_type: n % 2 ? 'android' : 'ios',
    service_yml: ymlOf ? ymlOf(n) : undefined
  }))
  return seed
}

/**
 * Starts the emulator with `args` and, when given, `seed` (an object). Resolves once it listens.
 * `stats()` and `reset()` ask the probe; `stop()` ends the process and removes the seed file.
 */
export async function startEmulatorProcess(
  node,
  { args = [], seed, nodeArgs = [], lifetimeMs = 300_000, maxRequests = 1_000_000, emulator = EMULATOR } = {}
) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-emulator-'))
  const seedArgs = []
  if (seed) {
    const file = join(dir, 'seed.json')
    writeFileSync(file, JSON.stringify(seed))
    seedArgs.push('--seed', file)
  }
  const child = spawn(
    node.path,
    [...nodeArgs, '--import', PROBE, emulator, '--port', '0', '--host', '127.0.0.1', ...seedArgs, ...args],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        BENCH_PROBE_LIFETIME_MS: String(lifetimeMs),
        BENCH_PROBE_MAX_REQUESTS: String(maxRequests)
      },
      stdio: ['pipe', 'pipe', 'pipe']
    }
  )
  started.add(child)
  let stderr = ''
  let stdout = ''
  const waiting = []
  child.stderr.on('data', (data) => (stderr = (stderr + data.toString()).slice(-4000)))
  const exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })))
  const listening = new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the emulator did not start within 60 s: ${stderr}`)), 60_000)
    exited.then(({ code, signal }) => {
      clearTimeout(timer)
      fail(new Error(`the emulator exited (${signal ?? code}): ${stderr}`))
      for (const w of waiting.splice(0)) w.fail(new Error(`the emulator exited (${signal ?? code}): ${stderr}`))
    })
    child.stdout.on('data', (data) => {
      stdout += data.toString()
      let end
      while ((end = stdout.indexOf('\n')) >= 0) {
        const line = stdout.slice(0, end)
        stdout = stdout.slice(end + 1)
        const url = /listening on (http:\/\/\S+)/.exec(line)?.[1]
        if (url) {
          clearTimeout(timer)
          done(url)
        } else if (line.startsWith('probe ')) waiting.shift()?.done(JSON.parse(line.slice(6)))
      }
    })
  })
  const ask = (word) =>
    new Promise((done, fail) => {
      waiting.push({ done, fail })
      child.stdin.write(`${word}\n`)
    })
  let url
  try {
    url = await listening
  } catch (error) {
    child.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 2000)
      await exited
      clearTimeout(timer)
    }
    started.delete(child)
    rmSync(dir, { recursive: true, force: true })
  }
  return {
    url,
    origin: new URL(url).origin,
    pid: child.pid,
    stats: () => ask('stats'),
    reset: () => ask('reset'),
    stop
  }
}

/** A keep-alive client for the bench's own requests to the emulator (one agent, `sockets` connections at most). */
export function keepAliveClient(url, token, sockets = 4) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets })
  const base = new URL(url.endsWith('/') ? url : `${url}/`)
  /** Sends one request; resolves with status, parsed JSON (when any) and the time it took. */
  const call = (method, path, body) =>
    new Promise((done, fail) => {
      const at = performance.now()
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const headers = {
        authorization: token,
        accept: 'application/json',
        ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {})
      }
      const req = request(
        new URL(path.replace(/^\//, ''), base),
        { method, agent, headers, timeout: 30_000 },
        (res) => {
          const chunks = []
          res.on('data', (chunk) => chunks.push(chunk))
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8')
            let json
            try {
              json = text ? JSON.parse(text) : undefined
            } catch {
              json = undefined
            }
            done({ status: res.statusCode, json, text, ms: performance.now() - at })
          })
          res.on('error', fail)
        }
      )
      req.on('timeout', () => req.destroy(new Error(`${method} ${path} took over 30 s`)))
      req.on('error', fail)
      req.end(payload)
    })
  return { call, close: () => agent.destroy() }
}
