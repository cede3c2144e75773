/**
 * The other floor for "trigger to outputs written": the same request as
 * minimal-trigger.js, sent with Node's built-in fetch: no HTTP library to load.
 */
import { appendFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'

const res = await globalThis.fetch(`${process.env.BENCH_BASE_URL}/apps/${process.env.BENCH_APP}/builds`, {
  method: 'POST',
  headers: { authorization: process.env.BENCH_TOKEN, 'content-type': 'application/json', accept: 'application/json' },
  body: JSON.stringify({ hook_info: { type: 'service' }, build_params: { branch: 'main' } }),
  redirect: 'manual'
})
const body = await res.json()
const delimiter = `ghadelimiter_${randomUUID()}`
appendFileSync(process.env.GITHUB_OUTPUT, `build-slug<<${delimiter}\n${body.results[0].build_slug}\n${delimiter}\n`)
