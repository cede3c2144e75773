/** The control endpoints are open on loopback and need the printed token anywhere else. */
import { describe, expect, it } from '@jest/globals'
import { MAX_BODY_BYTES } from '../../../emulator/http/io.js'
import { controlTokenRequired, isLoopbackHost } from '../../../emulator/control/token.js'
import type { RunningEmulator } from '../../../emulator/server.js'
import { randomInt, randomSlug, randomToken } from '../../helpers/random.js'
import { call, rawExchange, rawStatus, start, TOKENS, withEmulator } from '../helpers.js'

const octet = (): number => randomInt(256)
/** An IPv4 address outside 127.0.0.0/8. */
const outsideLoopback = (): string =>
  `${[randomInt(1, 127), randomInt(128, 224)][randomInt(2)]}.${octet()}.${octet()}.${octet()}`

describe('host → whether the control endpoints need a token', () => {
  it.each([
    ['127.0.0.1'],
    [`127.${octet()}.${octet()}.${octet()}`],
    ['localhost'],
    ['LocalHost.'],
    ['::1'],
    ['[::1]'],
    ['0:0:0:0:0:0:0:1'],
    ['::ffff:127.0.0.1'],
    [`::ffff:127.${octet()}.${octet()}.${octet()}`]
  ])('%s is loopback: open unless asked', (host) => {
    expect(isLoopbackHost(host)).toBe(true)
    expect(controlTokenRequired(host)).toBe(false)
    expect(controlTokenRequired(host, true)).toBe(true)
  })

  it.each([
    ['0.0.0.0'],
    ['::'],
    [''],
    [outsideLoopback()],
    [`::ffff:${outsideLoopback()}`],
    [`${randomSlug()}.example.test`],
    [`127.0.0.1.${randomSlug()}.test`],
    ['localhost.example.test'],
    ['fe80::1%lo'],
    ['::2'],
    ['127.1']
  ])('%p is not loopback: a token is needed', (host) => {
    expect(isLoopbackHost(host)).toBe(false)
    expect(controlTokenRequired(host)).toBe(true)
    expect(controlTokenRequired(host, false)).toBe(true)
  })
})

describe('a server that requires the control token', () => {
  let emu: RunningEmulator
  withEmulator({ requireControlToken: true, enableFaults: true }, (started) => (emu = started), false)

  it.each([
    ['GET', '/_emulator/state'],
    ['GET', '/_emulator/requests'],
    ['POST', '/_emulator/reset'],
    ['POST', '/_emulator/faults'],
    ['PUT', `/_emulator/apps/${randomSlug()}/concurrency`]
  ])('refuses %s %s without the token or with another one', async (method, path) => {
    const attempts: Record<string, string>[] = [
      {},
      { 'x-emulator-control-token': randomToken() },
      { 'x-emulator-control-token': '' }
    ]
    for (const headers of attempts) {
      const res = await call(emu, method, path, {
        headers,
        body: method !== 'GET' ? { path: '/apps', action: 'drop' } : undefined
      })
      expect(res.status).toBe(401)
      expect(res.json.message).toMatch(/x-emulator-control-token/)
    }
    // Nothing took effect: no fault is pending, the API answers.
    expect((await call(emu, 'GET', '/apps/ios-app', { token: TOKENS.owner })).status).toBe(200)
  })

  it('answers with the token, which it never shows', async () => {
    expect(emu.controlToken).toMatch(/^[A-Za-z0-9_-]{32}$/)
    const res = await call(emu, 'GET', '/_emulator/state', {
      headers: { 'x-emulator-control-token': emu.controlToken! }
    })
    expect(res.status).toBe(200)
    expect(res.text).not.toContain(emu.controlToken)
  })

  it('refuses before reading a body', async () => {
    const exchange = await rawExchange(
      emu,
      `POST /_emulator/faults HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${MAX_BODY_BYTES - randomInt(1024)}\r\n\r\n`,
      '{"path":'
    )
    expect(rawStatus(exchange)).toBe(401)
    expect(exchange.closed).toBe(true)
  })

  it('leaves the API to its own tokens', async () => {
    expect((await call(emu, 'GET', '/apps/ios-app', { token: TOKENS.owner })).status).toBe(200)
    expect(
      (
        await call(emu, 'GET', '/apps/ios-app', {
          token: null,
          headers: { 'x-emulator-control-token': emu.controlToken! }
        })
      ).status
    ).toBe(401)
  })
})

describe('a server on loopback', () => {
  it('needs no control token', async () => {
    const emu = await start()
    try {
      expect(emu.controlToken).toBeNull()
      expect((await call(emu, 'GET', '/_emulator/state')).status).toBe(200)
    } finally {
      await emu.close()
    }
  })
})
