/**
 * Requests the vendor's own clients send, taken as the service takes them: a trigger naming
 * `hook_info.type` by the service's name (bitrise-io/bitrise-cli, p-mazhnik/bitrise-run-build),
 * and the archived log's presigned link fetched with a token beside it, which the storage refuses
 * as S3 does. Branches, words and tokens are random.
 */
import { describe, expect, it } from '@jest/globals'
import type { RunningEmulator } from '../../../emulator/server.js'
import { randomInt, randomSlug, randomString, randomToken } from '../../helpers/random.js'
import { buildOf, call, SAME_REPOSITORY, TOKENS, withEmulator } from '../helpers.js'

let emu: RunningEmulator
let clock = 0
withEmulator(
  { buildDurationMs: 1000, logDelayMs: 100, logArchiveDelayMs: 500, now: () => clock },
  (started) => (emu = started)
)

const triggerWith = (hookInfo: unknown, branch: string) =>
  call(emu, 'POST', '/apps/ios-app/builds', {
    token: TOKENS.developer,
    body: { hook_info: hookInfo, build_params: { branch, workflow_id: 'primary', ...SAME_REPOSITORY } }
  })

describe("hook_info.type as the vendor's clients send it", () => {
  it('a trigger naming the service by its name starts the build, extra hook_info fields and all', async () => {
    const branch = `feature/${randomSlug()}`
    // Older clients send a token beside the type (the build trigger token); it is not read here.
    const extra = randomInt(2) === 0 ? {} : { [pickField()]: randomToken() }
    const res = await triggerWith({ type: 'bitrise', ...extra }, branch)
    expect(res.status).toBe(201)
    expect((await buildOf(emu, res.json.build_slug)).json.data.branch).toBe(branch)
  })

  it('any other word is refused, naming the field and the words taken', async () => {
    const word = pickOther()
    const res = await triggerWith({ type: word }, 'main')
    expect(res.status).toBe(400)
    expect(res.json.message).toContain('hook_info.type must be one of "service", "bitrise"')
    expect((await call(emu, 'GET', '/_emulator/state')).json.builds).toEqual([])
  })
})

describe("the archived log's presigned link", () => {
  it('refuses a second credential with S3 InvalidArgument, never echoing it, and serves the log without one', async () => {
    clock = 1_000_000 + randomInt(1_000_000)
    const res = await triggerWith({ type: randomInt(2) === 0 ? 'service' : 'bitrise' }, 'main')
    expect(res.status).toBe(201)
    clock += 1000 + 500 + 1 + randomInt(60_000)
    const log = await call(emu, 'GET', `/apps/ios-app/builds/${res.json.build_slug}/log`, { token: TOKENS.developer })
    expect(log.json.is_archived).toBe(true)
    const url = log.json.expiring_raw_log_url as string
    const credential = pickCredential()
    const refused = await fetch(url, { headers: { authorization: credential } })
    expect(refused.status).toBe(400)
    expect(refused.headers.get('content-type')).toBe('application/xml')
    const body = await refused.text()
    expect(body).toContain('<Code>InvalidArgument</Code>')
    expect(body).toContain('<ArgumentName>Authorization</ArgumentName>')
    expect(body).not.toContain(credential.split(' ').at(-1))
    const served = await fetch(url)
    expect(served.status).toBe(200)
    expect(await served.text()).toMatch(/Build finished with status success\n$/)
  })
})

function pickField(): string {
  return ['build_trigger_token', 'api_token'][randomInt(2)]
}

/** A word for hook_info.type that is neither of the two taken, in any case. */
function pickOther(): string {
  const words = ['github', 'Bitrise', 'SERVICE', randomString(1 + randomInt(12)), '']
  return words[randomInt(words.length)]
}

/** A token as a vendor client sends it: bare, or after a scheme. */
function pickCredential(): string {
  const token = randomToken()
  return [token, `token ${token}`, `Bearer ${token}`][randomInt(3)]
}
