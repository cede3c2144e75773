/**
 * The wire trace (trace: true) through dist/index.js against the emulator: one line per exchange
 * the emulator logged, in its order, every line JSON; strings replaced by their lengths, status
 * words and timestamps' formats kept; and no secret in any spelling the scanner knows: a random
 * token, random secret-environments and build-secrets values, the OIDC tokens of a signed-in
 * step, and the signed download URLs of artifacts.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { bundledSeed } from '../../../emulator/model/seed.js'
import type { Seed } from '../../../emulator/model/types.js'
import { routeKey } from '../../../emulator/control/replay.js'
import { randomAwkwardSecret, randomInt, randomString, randomToken, randomUUID } from '../../helpers/random.js'
import { runAction, type RunResult } from '../../helpers/run-action.js'
import { expectNoSecrets, secretLeaksIn } from '../../helpers/secrets.js'
import {
  emulatorPerFile,
  oidcForJob,
  expectPassed,
  requestLog,
  SAME_REPOSITORY,
  workspace,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const TOKEN = `tok-${randomToken()}`
const JOB = randomToken()
const POLICY = randomUUID()
const ARTIFACTS = Array.from({ length: 1 + randomInt(4) }, (_, i) => ({
  title: `${randomString(8)}-${i}.zip`,
  artifact_type: 'file',
  file_size_bytes: 1 + randomInt(500),
  is_public_page_enabled: i % 2 === 0
}))
const CLAIMS = {
  sub: 'repo:acme/ios-app:ref:refs/heads/main',
  repository: 'acme/ios-app',
  ref: 'refs/heads/main',
  event_name: 'push',
  job_workflow_ref: 'acme/ios-app/.github/workflows/ci.yml@refs/heads/main'
}

function seed(): Seed {
  const base = bundledSeed()
  for (const app of base.apps ?? []) if (app.slug === 'ios-app') app.artifacts = ARTIFACTS
  return {
    ...base,
    tokens: { ...base.tokens, [TOKEN]: 'olivia' },
    oidc: oidcForJob(JOB, POLICY, CLAIMS)
  }
}

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started), { seed: seed() })

/** A secret value with no white space at its ends, of awkward characters. */
// A value the secret lines take as written: never empty, never starting with "=" (refused as a
// secret written without NAME=), whatever the draw.
const secretValue = (): string => `v${randomAwkwardSecret().replace(/\s/g, '_')}v`

const ON_MAIN = { 'from-event': 'false', branch: 'main', workflow: 'primary', ...SAME_REPOSITORY }

interface TraceLine {
  seq?: number
  peer?: string
  method?: string
  url?: string
  status?: number | null
  ms?: number
  request?: { type: string | null; bytes: number | null; body: unknown }
  answer?: { type: string | null; bytes: number | null; body: unknown }
  note?: string
  trace?: string
}

/** Runs a traced step with its RUNNER_TEMP kept, and reads the trace it names. */
async function tracedStep(
  inputs: Record<string, string>,
  env: Record<string, string> = {}
): Promise<{ result: RunResult; text: string; lines: TraceLine[] }> {
  const temp = tempDir('trace-temp-')
  const result = await runAction(
    { 'base-url': emu.url, trace: 'true', ...inputs },
    { env: { RUNNER_TEMP: temp, ...env }, workspace: workspace() }
  )
  expect(result.timedOut).toBe(false)
  const path = result.outputs['trace-file']
  expect(path.startsWith(join(temp, 'service-ci-'))).toBe(true)
  const text = readFileSync(path, 'utf8')
  return {
    result,
    text,
    lines: text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as TraceLine)
  }
}

/** Every string value of a traced body: placeholders, timestamps' formats and the kept words. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(strings)
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}

describe('the wire trace', () => {
  it('a waited trigger with artifacts: one line per exchange the emulator logged, in order, and no secret in it', async () => {
    const secretEnv = secretValue()
    const buildSecret = secretValue()
    const { result, text, lines } = await tracedStep({
      operation: 'trigger',
      token: TOKEN,
      'app-slug': 'ios-app',
      ...ON_MAIN,
      wait: 'true',
      'poll-interval': '0.1',
      'list-artifacts': 'true',
      'download-artifacts': 'out',
      'secret-environments': `SECRET_ONE=${secretEnv}`,
      'build-secrets': `SECRET_TWO=${buildSecret}`
    })
    expectPassed(result)
    expect(lines[0]).toMatchObject({ trace: 'service-ci-action', operation: 'trigger' })
    const exchanges = lines.slice(1)
    const service = exchanges.filter((line) => line.peer === 'service')
    const logged = await requestLog(emu)
    // The same routes in the same order; of each path only the contract's words, a slug or id its placeholder.
    expect(service.map((line) => routeKey(String(line.method), String(line.url)))).toEqual(
      logged.map((r) => routeKey(r.method, r.path))
    )
    for (const line of service)
      expect(line.url).toMatch(
        /^\/v0\.1(\/(apps|builds|log|summary|test-results|artifacts|<(string|hex):\d+(#\d+)?>))+(\?.*)?$/
      )
    expect(exchanges.map((line) => line.seq)).toEqual(exchanges.map((_, i) => i + 1))
    // The trigger's body: keys kept, every string a length.
    const trigger = service.find((line) => line.method === 'POST')
    expect(trigger?.request?.type).toBe('application/json')
    const sent = JSON.stringify(trigger?.request?.body)
    expect(sent).toContain('"build_params"')
    expect(sent).toContain(`"<string:${secretEnv.length}>"`)
    // The build's end: status words kept, timestamps as formats, slugs as lengths.
    const last = service.filter((line) => /\/builds\/[^/]+$/.test(line.url ?? '')).pop()
    const data = (last?.answer?.body as { json: { data: Record<string, unknown> } }).json.data
    expect(data.status_text).toBe('success')
    expect(data.status).toBe(1)
    expect(data.slug).toMatch(new RegExp(`^<hex:${result.outputs['build-slug'].length}#\\d+>$`))
    expect(String(data.finished_at)).toMatch(/^<time:YYYY-MM-DDThh:mm/)
    for (const value of strings(service.map((line) => [line.request?.body, line.answer?.body])))
      expect(value).toMatch(
        /^(<(string|hex):\d+(#\d+)?>|<time:[A-Za-z:.+ -]+(@-?\d+\.\d{3})?>|[A-Za-z][A-Za-z0-9_.-]*)$/
      )
    // The signed downloads (the archived log, then each artifact): their path's shape only, the query's names with no value.
    const downloads = exchanges.filter((line) => line.peer === 'signed-url')
    expect(downloads.filter((line) => line.answer?.type !== 'text/plain')).toHaveLength(ARTIFACTS.length)
    for (const line of downloads) {
      expect(line.url).toMatch(/^(\/<segment:\d+>)+\?(\w+=<redacted>&?)+$/)
      expect(line.answer?.body).toMatchObject({ bytes: expect.any(Number) })
    }
    expect(text).not.toContain('_downloads')
    expect(text).not.toMatch(/signature=(?!<redacted>)/)
    expect(text.toLowerCase()).not.toContain('authorization')
    expect(secretLeaksIn(text, [TOKEN, secretEnv, buildSecret])).toEqual([])
    expectNoSecrets(result, [TOKEN, secretEnv, buildSecret])
    expect(result.summary).toContain('Wire trace')
    expect(result.summary).toContain('actions/upload-artifact')
  })

  it("signed in with the job's OIDC token: the runner's endpoint and the exchange are traced, no token of either", async () => {
    // The runner's request token: the emulator's endpoint knows the job by it.
    const requestToken = JOB
    const { result, text, lines } = await tracedStep(
      { operation: 'get-app', token: '', 'app-slug': 'ios-app', 'oidc-policy-id': POLICY },
      {
        ACTIONS_ID_TOKEN_REQUEST_URL: `${emu.origin}/_oidc/token?api-version=2.0`,
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: requestToken
      }
    )
    expectPassed(result)
    expect(lines.slice(1).map((line) => line.peer)).toEqual(['oidc-runner', 'oidc-exchange', 'service'])
    const [runner, exchange] = lines.slice(1)
    expect(runner.url).toMatch(/^(\/<segment:\d+>)+\?api-version=<redacted>&audience=<redacted>$/)
    // The exchange's form is no JSON: its kind and size only; the answer keeps token_type and expires_in.
    expect(exchange.request?.body).toEqual({ kind: 'application/x-www-form-urlencoded', bytes: expect.any(Number) })
    const answer = (exchange.answer?.body as { json: Record<string, unknown> }).json
    expect(typeof answer.expires_in).toBe('number')
    expect(answer.access_token).toMatch(/^<string:\d+>$/)
    const minted = [...emu.state.tokens.keys()].filter((token) => token.startsWith('oidc-'))
    const secrets = [requestToken, ...emu.model.oidc.issued, ...minted]
    expect(secrets.length).toBeGreaterThanOrEqual(3)
    expect(secretLeaksIn(text, secrets)).toEqual([])
    expectNoSecrets(result, secrets)
  })

  it('is off by default: no trace-file output and no wire trace in the summary', async () => {
    const result = await runAction({ operation: 'get-app', token: TOKEN, 'base-url': emu.url, 'app-slug': 'ios-app' })
    expectPassed(result)
    expect(result.outputs['trace-file']).toBeUndefined()
    expect(result.summary).not.toContain('Wire trace')
  })
})
