/**
 * The floor for "trigger to outputs written": the least a script can do to start
 * a build: one POST with undici's `request` (the action's HTTP library), then the
 * build slug appended to GITHUB_OUTPUT in the runner's `name<<delimiter` format.
 */
import { appendFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { request } from 'undici'

const res = await request(`${process.env.BENCH_BASE_URL}/apps/${process.env.BENCH_APP}/builds`, {
  method: 'POST',
  headers: { authorization: process.env.BENCH_TOKEN, 'content-type': 'application/json', accept: 'application/json' },
  body: JSON.stringify({ hook_info: { type: 'service' }, build_params: { branch: 'main' } }),
  maxRedirections: 0
})
const body = await res.body.json()
const delimiter = `ghadelimiter_${randomUUID()}`
appendFileSync(process.env.GITHUB_OUTPUT, `build-slug<<${delimiter}\n${body.results[0].build_slug}\n${delimiter}\n`)
