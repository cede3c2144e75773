/** The role table of the emulator's access page (emulator/docs/access.md) is the route table's, and its rules are the ones the server applies. */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { API_ROUTES, accessTableMarkdown } from '../../../emulator/routes/index.js'
import type { RunningEmulator } from '../../../emulator/server.js'
import { call, TOKENS, withEmulator } from '../helpers.js'

const README = readFileSync(join(process.cwd(), 'emulator', 'docs', 'access.md'), 'utf8')

describe('the role table of emulator/docs/access.md', () => {
  it('is the table the routes give', () => {
    const match = /<!-- access-table:start -->\n([\s\S]*?)\n<!-- access-table:end -->/.exec(README)
    expect(match).not.toBeNull()
    expect(match![1]).toBe(accessTableMarkdown())
  })

  it('has one row per route, finish among them', () => {
    expect(accessTableMarkdown().split('\n')).toHaveLength(API_ROUTES.length + 2)
    expect(README).toContain('| POST | `/apps/{app-slug}/finish` | Owner or Admin |')
  })
})

describe('the rules of the route table are the ones applied', () => {
  let emu: RunningEmulator
  withEmulator({}, (started) => (emu = started))

  const appRoutes = API_ROUTES.filter((route) => route.access.kind === 'app')

  it.each(appRoutes.map((route) => [route.method, route.pattern, route] as const))(
    '%s %s refuses a tester exactly when its rule leaves testers out',
    async (method, pattern, route) => {
      const path = pattern.replace(':app', 'ios-app').replace(':build', 'no-such-build').replace(':role', 'admin')
      const res = await call(emu, method, path, { token: TOKENS.tester, body: method === 'GET' ? undefined : {} })
      const allowed = route.access.kind === 'app' && route.access.roles.includes('member')
      expect({ path, refused: res.status === 403 }).toEqual({ path, refused: !allowed })
    }
  )
})
