/**
 * Fault paths: a prefix, or a route pattern of the route table's form (`/apps/:app/builds`),
 * with or without `/v0.1`. Matching never backtracks, so a path written as a hostile regular
 * expression costs no time, and a path no request can hold (a regular expression's escapes,
 * `?`, braces, spaces) is refused naming `path` rather than waiting for a request in vain.
 */
import { describe, expect, it } from '@jest/globals'
import type { RunningEmulator } from '../../../emulator/server.js'
import { randomInt, randomSlug, randomString } from '../../helpers/random.js'
import { call, TOKENS, withEmulator } from '../helpers.js'

describe('fault patterns over HTTP', () => {
  let emu: RunningEmulator
  withEmulator({ enableFaults: true }, (started) => (emu = started))

  it.each([['(a+)+$'], ['(a|a)+$'], ['(a*)*b']])(
    'a request checked against %p is answered within a generous bound',
    async (pattern) => {
      expect(
        (await call(emu, 'POST', '/_emulator/faults', { body: { path: pattern, action: 'status', status: 503 } }))
          .status
      ).toBe(201)
      const started = Date.now()
      const res = await call(emu, 'GET', `/apps/${'a'.repeat(30 + randomInt(20))}!`, { token: TOKENS.owner })
      expect(res.status).toBe(404)
      expect(Date.now() - started).toBeLessThan(5000)
    }
  )

  it('still matches a route pattern and a prefix', async () => {
    const slug = randomSlug()
    await call(emu, 'POST', '/_emulator/faults', {
      body: { path: '/apps/:app/branches', action: 'status', status: 502 }
    })
    await call(emu, 'POST', '/_emulator/faults', { body: { path: `/apps/${slug}`, action: 'status', status: 504 } })
    expect((await call(emu, 'GET', '/apps/ios-app', { token: TOKENS.owner })).status).toBe(200)
    expect((await call(emu, 'GET', '/apps/ios-app/branches', { token: TOKENS.owner })).status).toBe(502)
    expect((await call(emu, 'GET', `/apps/${slug}/branches`, { token: TOKENS.owner })).status).toBe(504)
  })

  it('a route pattern matches whole paths segment by segment, below /v0.1 or with it', async () => {
    const add = (fault: Record<string, unknown>) => call(emu, 'POST', '/_emulator/faults', { body: fault })
    expect((await add({ path: '/apps/:app/builds/:build', method: 'GET', action: 'status', status: 502 })).status).toBe(
      201
    )
    expect((await add({ path: '/v0.1/apps/:app/branches', method: 'GET', action: 'status', status: 503 })).status).toBe(
      201
    )
    // One segment fewer, one more: not the pattern's path.
    expect((await call(emu, 'GET', '/apps/ios-app/builds', { token: TOKENS.owner })).status).toBe(200)
    expect((await call(emu, 'GET', `/apps/ios-app/builds/${randomSlug()}/log`, { token: TOKENS.owner })).status).toBe(
      404
    )
    expect(
      (await call(emu, 'GET', `/apps/${randomSlug()}/builds/${randomSlug()}`, { token: TOKENS.owner })).status
    ).toBe(502)
    expect((await call(emu, 'GET', '/apps/web-app/branches', { token: TOKENS.owner })).status).toBe(503)
    expect((await call(emu, 'GET', '/_emulator/faults')).json).toEqual([])
  })

  it('a random path is refused exactly when a request path cannot hold it, and taken as written otherwise', async () => {
    // The oracle is the URL parser the emulator reads paths with: a character survives it or not.
    const survives = (text: string): boolean => new URL(`/p/${text}`, 'http://x').pathname === `/p/${text}`
    for (let round = 0; round < 20; round++) {
      // Every other round only from characters a path can hold, so both answers are seen each run.
      const alphabet = round % 2 === 0 ? '^$*+()[]|:-_ab' : '^$*+?()[]{}|\\:#"<>` -_ab'
      const drawn = randomString(1 + randomInt(12), alphabet)
      // A leading `:` makes a route pattern, whose one segment takes the request's as well.
      const path = `/apps/ios-app/${drawn}`
      const added = await call(emu, 'POST', '/_emulator/faults', {
        body: { path, method: 'GET', action: 'status', status: 503, body: { message: 'injected' } }
      })
      if (![...drawn].every(survives)) {
        expect([path, added.status, added.json.message]).toEqual([path, 400, expect.stringMatching(/^path: /)])
        continue
      }
      expect([path, added.status]).toEqual([path, 201])
      const started = Date.now()
      const res = await call(emu, 'GET', `/apps/ios-app/${drawn}`, { token: TOKENS.owner })
      expect([path, res.status, res.json]).toEqual([path, 503, { message: 'injected' }])
      expect(Date.now() - started).toBeLessThan(5000)
    }
    expect((await call(emu, 'GET', '/_emulator/faults')).json).toEqual([])
  })

  it('takes a path that is no regular expression as a prefix only, as before', async () => {
    const res = await call(emu, 'POST', '/_emulator/faults', {
      body: { path: '/apps/ios-app(', action: 'status', status: 503 }
    })
    expect(res.status).toBe(201)
    expect((await call(emu, 'GET', '/apps/ios-app', { token: TOKENS.owner })).status).toBe(200)
  })

  it.each([
    ['(a)\\1', /"\\" never appears in a request path/],
    ['apps(?=/)', /"\?" never appears in a request path/],
    ['^/v0\\.1/apps/[^/]+/builds$', /not a regular expression/],
    ['/apps/[a-z]{3}/builds', /"\{"/],
    ['/apps/ios app', /U\+0020/]
  ])('refuses %p with 400 naming path and the reason', async (pattern, reason) => {
    const res = await call(emu, 'POST', '/_emulator/faults', { body: { path: pattern, action: 'status', status: 503 } })
    expect(res.status).toBe(400)
    expect(res.json.message).toMatch(/^path: /)
    expect(res.json.message).toMatch(reason)
    expect((await call(emu, 'GET', '/_emulator/faults')).json).toEqual([])
  })
})
