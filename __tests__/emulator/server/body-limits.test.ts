/**
 * Bodies are read only for callers with a valid token, and never past the limit: each case
 * sends part of a body and checks that the answer comes before the rest is sent, which the
 * emulator can only do if it did not wait to read (or buffer) the whole body.
 */
import { describe, expect, it } from '@jest/globals'
import { MAX_BODY_BYTES } from '../../../emulator/http/io.js'
import type { RunningEmulator } from '../../../emulator/server.js'
import { randomBytes, randomInt, randomString, randomToken } from '../../helpers/random.js'
import { call, rawExchange, rawStatus, start, TOKENS, withEmulator } from '../helpers.js'

let emu: RunningEmulator
withEmulator({}, (started) => (emu = started), false)

const head = (method: string, path: string, headers: Record<string, string>): string =>
  `${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`

describe('authentication before the body', () => {
  it.each([
    ['an unknown token', () => ({ authorization: randomToken() })],
    ['no token', () => ({})]
  ])('answers 401 to %s before the declared body arrives, and closes the connection', async (_case, auth) => {
    const declared = MAX_BODY_BYTES - randomInt(1024)
    const sent = randomBytes(1 + randomInt(4096))
    const exchange = await rawExchange(
      emu,
      head('PATCH', '/v0.1/apps/web-app', {
        ...auth(),
        'content-type': 'application/json',
        'content-length': String(declared)
      }),
      sent
    )
    expect(rawStatus(exchange)).toBe(401)
    expect(exchange.closed).toBe(true)
  })

  it('answers 401 to a chunked body that never ends', async () => {
    const exchange = await rawExchange(
      emu,
      head('POST', '/v0.1/apps/ios-app/builds', { authorization: randomToken(), 'transfer-encoding': 'chunked' }),
      `400\r\n${randomString(0x400)}\r\n`
    )
    expect(rawStatus(exchange)).toBe(401)
    expect(exchange.closed).toBe(true)
  })

  it('does not send 100 Continue to a caller without a valid token', async () => {
    const exchange = await rawExchange(
      emu,
      head('PATCH', '/v0.1/apps/web-app', {
        authorization: randomToken(),
        expect: '100-continue',
        'content-length': String(1 + randomInt(MAX_BODY_BYTES))
      })
    )
    expect(exchange.text).not.toContain('100 Continue')
    expect(rawStatus(exchange)).toBe(401)
  })

  it('answers an injected fault to such a request without reading its body either', async () => {
    const faulty = await start({ enableFaults: true })
    try {
      const path = `/apps/${randomString(10)}`
      expect(
        (await call(faulty, 'POST', '/_emulator/faults', { body: { path, action: 'status', status: 503 } })).status
      ).toBe(201)
      const exchange = await rawExchange(
        faulty,
        head('POST', `/v0.1${path}`, { authorization: randomToken(), 'content-length': String(MAX_BODY_BYTES) }),
        randomString(16)
      )
      expect(rawStatus(exchange)).toBe(503)
      expect(exchange.closed).toBe(true)
    } finally {
      await faulty.close()
    }
  })

  it('still answers a valid caller on the same connection after a bodiless refusal', async () => {
    expect((await call(emu, 'GET', '/apps/web-app', { token: randomToken() })).status).toBe(401)
    expect((await call(emu, 'GET', '/apps/web-app', { token: TOKENS.owner })).status).toBe(200)
  })
})

describe('the body limit', () => {
  it('refuses a declared length above the limit before reading any of it', async () => {
    const declared = MAX_BODY_BYTES + 1 + randomInt(MAX_BODY_BYTES)
    const exchange = await rawExchange(
      emu,
      head('PATCH', '/v0.1/apps/web-app', {
        authorization: TOKENS.owner,
        'content-type': 'application/json',
        'content-length': String(declared)
      })
    )
    expect(rawStatus(exchange)).toBe(413)
    expect(exchange.text).toContain(`larger than ${MAX_BODY_BYTES} bytes`)
    expect(exchange.closed).toBe(true)
  })

  it('refuses a chunked body as soon as it passes the limit, without waiting for its end', async () => {
    const size = MAX_BODY_BYTES + 1 + randomInt(64 * 1024)
    const chunk = randomString(size)
    const exchange = await rawExchange(
      emu,
      head('PATCH', '/v0.1/apps/web-app', {
        authorization: TOKENS.owner,
        'content-type': 'application/json',
        'transfer-encoding': 'chunked'
      }),
      // One chunk larger than the limit, and no closing zero-length chunk.
      `${size.toString(16)}\r\n${chunk}\r\n`
    )
    expect(rawStatus(exchange)).toBe(413)
    expect(exchange.closed).toBe(true)
  })

  it('refuses the control endpoints a body over the limit too', async () => {
    const exchange = await rawExchange(
      emu,
      head('POST', '/_emulator/reset', { 'content-length': String(MAX_BODY_BYTES + 1 + randomInt(1024)) })
    )
    expect(rawStatus(exchange)).toBe(413)
  })

  it('accepts a body just under the limit', async () => {
    const title = randomString(MAX_BODY_BYTES - 64 - randomInt(1024))
    const res = await call(emu, 'PATCH', '/apps/web-app', { token: TOKENS.owner, body: { title } })
    expect(res.status).toBe(200)
    // The PATCH answer has no app (the published contract's {status}); read it back.
    expect((await call(emu, 'GET', '/apps/web-app', { token: TOKENS.owner })).json.data.title).toBe(title)
  })
})
