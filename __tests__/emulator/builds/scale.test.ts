/** The emulator at scale: build history bounded by its cap, and app pages that cost their own length. */
import { describe, expect, it, jest } from '@jest/globals'
import { readFileSync } from 'node:fs'
import type { RunningEmulator } from '../../../emulator/server.js'
import type { Seed } from '../../../emulator/model/types.js'
import { randomInt, randomSlug } from '../../helpers/random.js'
import { buildOf, call, SAME_REPOSITORY, start, TOKENS, trigger } from '../helpers.js'

const demoSeed = (): Seed =>
  JSON.parse(readFileSync(new URL('../../../emulator/model/seed.json', import.meta.url), 'utf8')) as Seed

/** The demo seed with `count` more apps in the acme Workspace, each a copy of ios-app under a random slug. */
function seedWithApps(count: number): { seed: Seed; slugs: string[] } {
  const seed = demoSeed()
  const template = seed.apps!.find((app) => app.slug === 'ios-app')!
  const slugs = Array.from({ length: count }, (_, n) => `${randomSlug('scale')}-${n}`)
  seed.apps!.push(...slugs.map((slug) => ({ ...structuredClone(template), slug, title: slug, repo_slug: slug })))
  return { seed, slugs }
}

async function withStarted<T>(
  emuPromise: Promise<RunningEmulator>,
  use: (emu: RunningEmulator) => Promise<T>
): Promise<T> {
  const emu = await emuPromise
  try {
    return await use(emu)
  } finally {
    await emu.close()
  }
}

/** Every page of the acme Workspace's list with `limit`, and the number of role checks each page after the first cost. */
async function readAll(
  emu: RunningEmulator,
  limit: number
): Promise<{ slugs: string[]; laterPageRoleChecks: number[] }> {
  const roleOf = jest.spyOn(emu.state, 'roleOf')
  const slugs: string[] = []
  const laterPageRoleChecks: number[] = []
  let next: string | undefined
  try {
    do {
      roleOf.mockClear()
      const res = await call(emu, 'GET', `/organizations/acme/apps?limit=${limit}${next ? `&next=${next}` : ''}`)
      expect(res.status).toBe(200)
      if (slugs.length > 0) laterPageRoleChecks.push(roleOf.mock.calls.length)
      slugs.push(...res.json.data.map((app: { slug: string }) => app.slug))
      next = res.json.paging.next
    } while (next)
  } finally {
    roleOf.mockRestore()
  }
  return { slugs, laterPageRoleChecks }
}

describe('app list pages', () => {
  it('reads every app once, in order, and a later page costs no scan of the Workspace', async () => {
    const { seed, slugs } = seedWithApps(150 + randomInt(100))
    const limit = 10 + randomInt(41)
    await withStarted(start({ seed }), async (emu) => {
      const { slugs: listed, laterPageRoleChecks } = await readAll(emu, limit)
      expect(listed).toEqual(
        [...emu.state.apps.values()].filter((app) => app.owner.slug === 'acme').map((app) => app.slug)
      )
      expect(listed).toEqual(expect.arrayContaining(slugs))
      expect(laterPageRoleChecks.length).toBeGreaterThan(2)
      // The old emulator checked the caller's role on every app of the Workspace for each page.
      for (const checks of laterPageRoleChecks) expect(checks).toBeLessThan(limit)
    })
  })

  it('sees an app deleted between two reads, and a role granted between two reads', async () => {
    const { seed, slugs } = seedWithApps(60 + randomInt(40))
    await withStarted(start({ seed }), async (emu) => {
      const before = await readAll(emu, 50)
      const gone = slugs[randomInt(slugs.length)]
      expect((await call(emu, 'DELETE', `/apps/${gone}`)).status).toBeLessThan(300)
      const after = await readAll(emu, 50)
      expect(after.slugs).toEqual(before.slugs.filter((slug) => slug !== gone))

      const asSolo = async (): Promise<string[]> =>
        (await call(emu, 'GET', '/apps?limit=50', { token: TOKENS.solo })).json.data.map(
          (a: { slug: string }) => a.slug
        )
      const target = slugs.find((slug) => slug !== gone)!
      expect(await asSolo()).not.toContain(target)
      emu.state.organizations.get('acme')!.groups.get('platform')!.members.add('sam')
      emu.model.setGroupRole(emu.state.apps.get(target)!, 'admin', ['platform'])
      expect(await asSolo()).toContain(target)
    })
  })
})

describe('build history', () => {
  it('keeps at most --max-builds builds: the oldest and their logs go, the newest stay', async () => {
    const cap = 2 + randomInt(5)
    const extra = 1 + randomInt(4)
    await withStarted(start({ maxBuilds: cap, buildDurationMs: 50, logDelayMs: 0 }), async (emu) => {
      const builds: string[] = []
      for (let i = 0; i < cap + extra; i++) {
        const res = await trigger(emu, { branch: 'main', ...SAME_REPOSITORY })
        expect(res.status).toBe(201)
        builds.push(res.json.build_slug)
      }
      expect(emu.state.builds.size).toBe(cap)
      await new Promise((resolve) => setTimeout(resolve, 100))
      for (const [index, slug] of builds.entries()) {
        const kept = index >= extra
        expect((await buildOf(emu, slug)).status).toBe(kept ? 200 : 404)
        expect((await call(emu, 'GET', `/apps/ios-app/builds/${slug}/log`, { token: TOKENS.developer })).status).toBe(
          kept ? 200 : 404
        )
      }
      expect(emu.model.events().length).toBeLessThanOrEqual(cap * 4)
    })
  })
})

describe('requests against a long build history', () => {
  it('settle and the email rule look at the builds still running and the same branch, never the whole history', async () => {
    const count = 20 + randomInt(20)
    await withStarted(start({ buildDurationMs: 1, logDelayMs: 0 }), async (emu) => {
      for (let i = 0; i < count; i++)
        expect((await trigger(emu, { branch: i % 2 ? 'main' : 'develop', ...SAME_REPOSITORY })).status).toBe(201)
      await new Promise((resolve) => setTimeout(resolve, 20))
      // Spied on the instance: the old emulator spread every build into an array on every request and every build end.
      const values = jest.spyOn(emu.state.builds, 'values')
      const entries = jest.spyOn(emu.state.builds, Symbol.iterator)
      try {
        const latest = await trigger(emu, { branch: 'main', ...SAME_REPOSITORY })
        expect(latest.status).toBe(201)
        await new Promise((resolve) => setTimeout(resolve, 20))
        expect((await buildOf(emu, latest.json.build_slug)).json.data.status).toBe(1)
        expect(values).not.toHaveBeenCalled()
        expect(entries).not.toHaveBeenCalled()
      } finally {
        values.mockRestore()
        entries.mockRestore()
      }
      // The email rule still compares with the build before on the same branch (ios-app mails on_success: change).
      const mails = emu.model.events().filter((e) => e.kind === 'email_notification')
      const last = mails[mails.length - 1] as { build: string; sent: boolean; reason: string }
      expect(last).toMatchObject({ sent: false, reason: 'status unchanged' })
      expect(emu.state.builds.size).toBe(count + 1)
    })
  })
})
