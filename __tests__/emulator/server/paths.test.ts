/** Malformed paths are the caller's mistake: 400, never a 500 or a crash. */
import { describe, expect, it } from '@jest/globals'
import type { RunningEmulator } from '../../../emulator/server.js'
import { randomInt, randomSlug, randomString } from '../../helpers/random.js'
import { call, rawExchange, rawStatus, TOKENS, withEmulator } from '../helpers.js'

let emu: RunningEmulator
withEmulator({}, (started) => (emu = started), false)

/** A path segment with broken percent-encoding somewhere in it, different every run. */
function malformedSegment(): string {
  const broken = [
    '%',
    `%${randomString(1, 'ghijklmnopqrstuvwxyz')}${randomString(1, '0123456789')}`,
    `%${randomString(1, '0123456789abcdef')}`,
    // A lead byte of a two- or three-byte UTF-8 sequence without its continuation.
    `%${['c3', 'e2', 'f0'][randomInt(3)]}`,
    `%e2%82`
  ][randomInt(5)]
  const text = randomSlug()
  const at = randomInt(text.length + 1)
  // The dash is no hex digit, so the broken escape cannot join the text after it into a valid one.
  return `${text.slice(0, at)}${broken}-${text.slice(at)}`
}

describe('malformed percent-encoding in a path parameter', () => {
  it.each([
    ['GET', '/apps/{}', 'message'],
    ['GET', '/apps/ios-app/builds/{}', 'message'],
    ['GET', '/apps/{}/builds/b/log', 'message'],
    ['PUT', '/apps/ios-app/roles/{}', 'error_msg'],
    ['GET', '/organizations/{}/groups', 'error_msg'],
    ['PATCH', '/user/{}/apps/machine_types', 'message']
  ])("%s %s answers 400 in the endpoint's error shape", async (method, path, field) => {
    const body = method === 'GET' ? undefined : {}
    const res = await call(emu, method, path.replace('{}', malformedSegment()), { token: TOKENS.owner, body })
    expect(res.status).toBe(400)
    expect(res.json[field]).toMatch(/is not valid percent-encoding/)
  })

  it('answers 400 on the concurrency control endpoint', async () => {
    const res = await call(emu, 'PUT', `/_emulator/apps/${malformedSegment()}/concurrency`, { body: { slots: 1 } })
    expect(res.status).toBe(400)
    expect(res.json.message).toMatch(/app is not valid percent-encoding/)
  })

  it('still decodes well-formed escapes', async () => {
    const res = await call(emu, 'GET', `/apps/${encodeURIComponent('ios-app')}%2F${randomString(4)}`)
    expect(res.status).toBe(404)
    expect(res.json.message).toMatch(/^app "ios-app\/\w{4}" not found$/)
  })
})

describe('a request target that is not a path', () => {
  it('answers 400 and keeps serving', async () => {
    const exchange = await rawExchange(
      emu,
      `GET http://[${randomString(6)}/v0.1/apps HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n`,
      '',
      3000
    )
    expect(rawStatus(exchange)).toBe(400)
    expect((await call(emu, 'GET', '/apps/ios-app')).status).toBe(200)
  })
})
