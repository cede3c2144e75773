import { describe, expect, it } from '@jest/globals'
import type { RunningEmulator } from '../../../emulator/server.js'
import { call, start, TOKENS, withEmulator } from '../helpers.js'

let emu: RunningEmulator
withEmulator({ enableFaults: true }, (started) => (emu = started))

const addFault = (fault: Record<string, unknown>) => call(emu, 'POST', '/_emulator/faults', { body: fault })

describe('fault injection', () => {
  it('answers the next N matching requests with the given status, then recovers', async () => {
    const added = await addFault({
      path: '/apps/ios-app',
      method: 'GET',
      count: 2,
      action: 'status',
      status: 503,
      retryAfter: '1'
    })
    expect(added.status).toBe(201)
    for (let i = 0; i < 2; i++) {
      const res = await call(emu, 'GET', '/apps/ios-app')
      expect(res.status).toBe(503)
      expect(res.headers.get('retry-after')).toBe('1')
    }
    expect((await call(emu, 'GET', '/apps/ios-app')).status).toBe(200)
  })

  it('matches the method and a route pattern, and sends a given body', async () => {
    await addFault({
      path: '/apps/:app/builds',
      method: 'POST',
      action: 'status',
      status: 429,
      body: { message: 'slow down' }
    })
    expect((await call(emu, 'GET', '/apps/ios-app')).status).toBe(200)
    const res = await call(emu, 'POST', '/apps/ios-app/builds', { token: TOKENS.developer, body: {} })
    expect(res.status).toBe(429)
    expect(res.json).toEqual({ message: 'slow down' })
  })

  it('drops the connection without an answer', async () => {
    await addFault({ path: '/apps', action: 'drop' })
    await expect(call(emu, 'GET', '/apps')).rejects.toThrow()
    expect((await call(emu, 'GET', '/apps')).status).toBe(200)
  })

  it('delays the answer', async () => {
    await addFault({ path: '/apps', action: 'delay', ms: 250 })
    const started = Date.now()
    const res = await call(emu, 'GET', '/apps')
    expect(res.status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(240)
  })
})

describe('fault injection: hanging, bad faults and the off switch', () => {
  it('leaves a request hanging', async () => {
    await addFault({ path: '/apps', action: 'hang' })
    const hung = fetch(`${emu.url}/apps`, {
      headers: { authorization: TOKENS.owner },
      signal: AbortSignal.timeout(200)
    })
    await expect(hung).rejects.toThrow()
  })

  it.each([
    [{ action: 'status', status: 503 }, 'path'],
    [{ path: '/apps', action: 'explode' }, 'action'],
    [{ path: '/apps', action: 'status' }, 'status'],
    [{ path: '/apps', action: 'delay' }, 'ms'],
    [{ path: '/apps', action: 'drop', count: 0 }, 'count']
  ])('refuses the fault %j naming %s', async (fault, field) => {
    const res = await addFault(fault)
    expect(res.status).toBe(400)
    expect(res.json.message).toContain(field)
  })

  it('is off unless enabled', async () => {
    const plain = await start()
    try {
      const res = await call(plain, 'POST', '/_emulator/faults', { body: { path: '/apps', action: 'drop' } })
      expect(res.status).toBe(404)
      expect((await call(plain, 'GET', '/apps')).status).toBe(200)
    } finally {
      await plain.close()
    }
  })
})

describe('request log', () => {
  it('records method, path, query and body but never the Authorization header', async () => {
    await call(emu, 'GET', '/apps?limit=2', { token: TOKENS.owner })
    await call(emu, 'PATCH', '/apps/web-app', { token: TOKENS.owner, body: { title: 'T' } })
    const log = await call(emu, 'GET', '/_emulator/requests')
    expect(log.json).toEqual([
      { method: 'GET', path: '/v0.1/apps', query: { limit: '2' }, body: null },
      { method: 'PATCH', path: '/v0.1/apps/web-app', query: {}, body: { title: 'T' } }
    ])
    expect(log.text).not.toContain(TOKENS.owner)
    expect((await call(emu, 'DELETE', '/_emulator/requests')).status).toBe(204)
    expect((await call(emu, 'GET', '/_emulator/requests')).json).toEqual([])
  })
})

describe('reset and state', () => {
  it('brings deleted apps and finished builds back to the seed', async () => {
    await call(emu, 'DELETE', '/apps/web-app')
    await call(emu, 'POST', '/apps/ios-app/builds', {
      token: TOKENS.developer,
      body: { hook_info: { type: 'service' }, build_params: { branch: 'main' } }
    })
    let state = (await call(emu, 'GET', '/_emulator/state')).json
    expect(state.apps.map((a: { slug: string }) => a.slug)).not.toContain('web-app')
    expect(state.builds).toHaveLength(1)
    expect((await call(emu, 'POST', '/_emulator/reset')).status).toBe(200)
    state = (await call(emu, 'GET', '/_emulator/state')).json
    expect(state.apps.map((a: { slug: string }) => a.slug)).toContain('web-app')
    expect(state.builds).toEqual([])
  })

  it('shows role grants and no secrets or tokens', async () => {
    const dump = await call(emu, 'GET', '/_emulator/state')
    const ios = dump.json.apps.find((a: { slug: string }) => a.slug === 'ios-app')
    expect(ios.group_roles).toEqual({
      admin: [],
      platform_engineer: [],
      manager: ['release-team'],
      member: ['qa-team']
    })
    expect(ios.has_ssh_key).toBe(false)
    expect(ios.secret_names).toEqual(['SIGNING_PASSWORD'])
    expect(dump.text).not.toContain('emulator-secret')
    expect(dump.text).not.toContain('token-')
  })

  it('answers 404 for an unknown control endpoint', async () => {
    expect((await call(emu, 'GET', '/_emulator/nope')).status).toBe(404)
  })
})

describe('limits', () => {
  it('refuses a body over 1 MB with 413', async () => {
    const res = await call(emu, 'PATCH', '/apps/web-app', { body: { title: 'x'.repeat(1024 * 1024 + 10) } })
    expect(res.status).toBe(413)
    expect(res.json.message).toMatch(/larger than/)
  })
})
