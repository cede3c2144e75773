/**
 * Secret values (an SSH private key, the values of a trigger's environments and secrets) never
 * reach the request log, the state, the build record or an error message, in any encoding,
 * whichever of the trigger's body encodings carried them.
 */
import { describe, expect, it } from '@jest/globals'
import type { RunningEmulator } from '../../../emulator/server.js'
import { randomAwkwardSecret, randomString } from '../../helpers/random.js'
import { call, TOKENS, type CallOptions, withEmulator } from '../helpers.js'

let emu: RunningEmulator
withEmulator({}, (started) => (emu = started))

/** The forms a value takes in JSON, in JSON inside JSON, in a URL or a form, and in base64. */
function encodingsOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1)
  return [
    secret,
    json,
    JSON.stringify(json).slice(1, -1),
    encodeURIComponent(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
    Buffer.from(secret).toString('base64')
  ]
}

function expectNowhere(text: string, secrets: string[]): void {
  for (const secret of secrets) for (const form of encodingsOf(secret)) expect(text).not.toContain(form)
}

/** Everything an observer of the emulator can read. */
async function everythingVisible(): Promise<string> {
  const state = await call(emu, 'GET', '/_emulator/state')
  const log = await call(emu, 'GET', '/_emulator/requests')
  const builds = await Promise.all(
    state.json.builds.map((b: { slug: string; app: string }) =>
      call(emu, 'GET', `/apps/${b.app}/builds/${b.slug}`, { token: TOKENS.owner })
    )
  )
  return [state.text, log.text, ...builds.map((b) => b.text)].join('\n')
}

/** A trigger body with secrets in `environments` and in the published contract's `secrets`, and the names used. */
function triggerWithSecrets(): { body: Record<string, unknown>; secrets: string[]; names: string[] } {
  const names = [0, 1, 2].map(() => `V_${randomString(8, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')}`)
  const secrets = [0, 1, 2].map(() => randomAwkwardSecret())
  return {
    body: {
      hook_info: { type: 'service' },
      build_params: {
        branch: 'main',
        environments: [
          { mapped_to: names[0], value: secrets[0], is_expand: false },
          { key: names[1], mapped_to: names[1], value: secrets[1] }
        ],
        secrets: [{ key: names[2], value: secrets[2], is_expand: false }]
      }
    },
    secrets,
    names
  }
}

describe("a trigger's environment values", () => {
  const encodings: Array<[string, (body: Record<string, unknown>) => CallOptions]> = [
    ['a JSON object', (body) => ({ body })],
    ['a JSON object serialised to a string', (body) => ({ rawBody: JSON.stringify(JSON.stringify(body)) })],
    ['an object under payload', (body) => ({ body: { payload: body } })],
    ['JSON text under payload', (body) => ({ body: { payload: JSON.stringify(body) } })],
    [
      'a form payload parameter',
      (body) => ({
        rawBody: new URLSearchParams({ payload: JSON.stringify(body) }).toString(),
        contentType: 'application/x-www-form-urlencoded'
      })
    ]
  ]

  it.each(encodings)('sent as %s appear in no log, state or build record; names do', async (_encoding, encode) => {
    const { body, secrets, names } = triggerWithSecrets()
    const res = await call(emu, 'POST', '/apps/ios-app/builds', { token: TOKENS.developer, ...encode(body) })
    expect(res.status).toBe(201)
    const visible = await everythingVisible()
    expectNowhere(visible, secrets)
    for (const name of names) expect(visible).toContain(name)
    const build = (await call(emu, 'GET', '/_emulator/state')).json.builds[0]
    expect(build.additional_envs).toEqual([
      { name: names[0], value: '[redacted]', is_expand: false },
      { name: names[1], value: '[redacted]', is_expand: true }
    ])
    expect(build.effective_env).toMatchObject({
      [names[0]]: '[redacted]',
      [names[1]]: '[redacted]',
      APP_ENV: 'production'
    })
    expect(build.original_build_params.secrets).toEqual([{ key: names[2], value: '[redacted]', is_expand: false }])
  })

  it.each([
    ['an invalid name', (s: string) => [{ mapped_to: '1-BAD', value: s }]],
    ['a non-boolean is_expand', (s: string) => [{ mapped_to: 'A', value: s, is_expand: 'no' }]],
    ['key and mapped_to that disagree', (s: string) => [{ key: 'A', mapped_to: 'B', value: s }]],
    ['a second item that is no object', (s: string) => [{ mapped_to: 'A', value: s }, s]]
  ])('in a trigger refused for %s appear in neither the error nor the log', async (_case, environments) => {
    const secret = randomAwkwardSecret()
    const res = await call(emu, 'POST', '/apps/ios-app/builds', {
      token: TOKENS.developer,
      body: { hook_info: { type: 'service' }, build_params: { branch: 'main', environments: environments(secret) } }
    })
    expect(res.status).toBe(400)
    expectNowhere(res.text, [secret])
    expectNowhere(await everythingVisible(), [secret])
  })

  it.each([
    [
      'a body that is not JSON',
      (s: string) => ({
        rawBody: `{"hook_info":{"type":"service"},"build_params":{"environments":[{"mapped_to":"A","value":${JSON.stringify(s)}`
      })
    ],
    [
      'payload text that is not JSON',
      (s: string) => ({
        body: { payload: `{"build_params":{"environments":[{"mapped_to":"A","value":${JSON.stringify(s)}` }
      })
    ]
  ])('in %s appear in neither the error nor the log', async (_case, options) => {
    const secret = randomAwkwardSecret()
    const res = await call(emu, 'POST', '/apps/ios-app/builds', { token: TOKENS.developer, ...options(secret) })
    expect(res.status).toBe(400)
    expectNowhere(res.text, [secret])
    const visible = await everythingVisible()
    expectNowhere(visible, [secret])
    expect(visible).toMatch(/\[unparsed (body|text) of \d+ (bytes|characters)\]/)
  })
})

describe('an SSH private key', () => {
  const key = (): string =>
    `-----BEGIN OPENSSH PRIVATE KEY-----\n${randomAwkwardSecret(64)}\n-----END OPENSSH PRIVATE KEY-----`

  it.each([
    ['JSON', (k: string) => ({ body: { auth_ssh_private_key: k, auth_ssh_public_key: 'ssh-ed25519 AAAA' } }), 200],
    [
      'a form',
      (k: string) => ({
        rawBody: new URLSearchParams({ auth_ssh_private_key: k, auth_ssh_public_key: 'ssh-ed25519 AAAA' }).toString(),
        contentType: 'application/x-www-form-urlencoded'
      }),
      200
    ],
    [
      'JSON cut short',
      (k: string) => ({
        rawBody: `{"auth_ssh_public_key":"ssh-ed25519 AAAA","auth_ssh_private_key":${JSON.stringify(k)}`
      }),
      400
    ],
    ['a key of the wrong type', (k: string) => ({ body: { auth_ssh_private_key: [k], auth_ssh_public_key: 'p' } }), 400]
  ])('sent as %s is kept nowhere', async (_case, options, status) => {
    const secret = key()
    const res = await call(emu, 'POST', '/apps/ios-app/register-ssh-key', { token: TOKENS.owner, ...options(secret) })
    expect(res.status).toBe(status)
    expectNowhere(res.text, [secret])
    expectNowhere(await everythingVisible(), [secret])
  })
})
