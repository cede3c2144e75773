/** Artifacts of a waited trigger, downloaded through dist/index.js against the emulator. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { bundledSeed } from '../../../emulator/model/seed.js'
import { randomInt, randomString } from '../../helpers/random.js'
import {
  clearRequestLog,
  errorLine,
  expectFailed,
  expectPassed,
  removeWorkspaces,
  requestLog,
  resetEmulator,
  type RunningEmulator,
  SAME_REPOSITORY,
  startE2eEmulator,
  step,
  workspace
} from '../../helpers/scenarios/emulator-steps.js'

describe('on a waited trigger, against the emulator', () => {
  /** More artifacts than one page of 50 holds, of random sizes, some with a public install page. */
  const ARTIFACTS = Array.from({ length: 51 + randomInt(10) }, (_, i) => ({
    title: `${randomString(8)}-${i}.zip`,
    artifact_type: 'file',
    file_size_bytes: 1 + randomInt(2000),
    is_public_page_enabled: i % 3 === 0
  }))

  let emu: RunningEmulator
  beforeAll(async () => {
    const seed = bundledSeed()
    for (const app of seed.apps ?? []) if (app.slug === 'ios-app') app.artifacts = ARTIFACTS
    emu = await startE2eEmulator({ seed })
  })
  beforeEach(async () => resetEmulator(emu))
  afterAll(async () => {
    removeWorkspaces()
    await emu?.close()
  })

  const ON_MAIN = { 'from-event': 'false', branch: 'main', workflow: 'primary', ...SAME_REPOSITORY }

  describe('artifacts on a waited trigger', () => {
    it('list-artifacts and download-artifacts: every artifact over two pages, listed and downloaded once the build succeeded', async () => {
      const dir = workspace()
      const result = await step(
        emu,
        'trigger',
        { 'app-slug': 'ios-app', ...ON_MAIN, wait: 'true', 'list-artifacts': 'true', 'download-artifacts': 'dist/out' },
        { workspace: dir }
      )
      expectPassed(result)
      expect(result.outputs['build-status']).toBe('success')
      const listed = JSON.parse(result.outputs.artifacts) as {
        title: string
        file_size_bytes: number
        public_install_page_url?: string
      }[]
      expect(listed.map((a) => [a.title, a.file_size_bytes, a.public_install_page_url !== undefined])).toEqual(
        ARTIFACTS.map((a) => [a.title, a.file_size_bytes, a.is_public_page_enabled])
      )
      expect(result.outputs['artifacts-dir']).toBe(join(dir, 'dist', 'out'))
      expect(readdirSync(join(dir, 'dist', 'out')).sort()).toEqual(ARTIFACTS.map((a) => a.title).sort())
      for (const a of ARTIFACTS) expect(readFileSync(join(dir, 'dist', 'out', a.title)).length).toBe(a.file_size_bytes)
      // The response output stays the build's record, not the artifact list.
      expect(JSON.parse(result.outputs.response).data.slug).toBe(result.outputs['build-slug'])
      const pages = (await requestLog(emu)).filter((r) => r.method === 'GET' && r.path.endsWith('/artifacts'))
      expect(pages).toHaveLength(2)
      expect(JSON.stringify(result.outputs)).not.toContain('/_downloads/')
    })

    it('download-artifacts past max-artifact-bytes: the larger artifacts are refused and not written, the smaller ones downloaded', async () => {
      const sizes = ARTIFACTS.map((a) => a.file_size_bytes).sort((x, y) => x - y)
      // A random limit strictly between the smallest and the largest artifact, so both kinds occur.
      const limit = sizes[0] + randomInt(sizes[sizes.length - 1] - sizes[0])
      const dir = workspace()
      const result = await step(
        emu,
        'trigger',
        {
          'app-slug': 'ios-app',
          ...ON_MAIN,
          wait: 'true',
          'download-artifacts': 'out',
          'max-artifact-bytes': String(limit)
        },
        { workspace: dir }
      )
      expectFailed(result)
      expect(result.stdout).toMatch(/is \d+ bytes, over max-artifact-bytes/)
      const written = readdirSync(join(dir, 'out'))
      for (const a of ARTIFACTS)
        expect([a.title, written.includes(a.title)]).toEqual([a.title, a.file_size_bytes <= limit])
      for (const title of written) expect(readFileSync(join(dir, 'out', title)).length).toBeLessThanOrEqual(limit)
    })

    it('a failed build: the step fails on the build, and no artifact is asked for', async () => {
      // android-app reads its service.yml from a repository that has none, and its builds fail.
      expectPassed(await step(emu, 'set-config-location', { 'app-slug': 'android-app', location: 'service' }))
      await clearRequestLog(emu)
      const result = await step(emu, 'trigger', {
        'app-slug': 'android-app',
        ...ON_MAIN,
        wait: 'true',
        'list-artifacts': 'true'
      })
      expectFailed(result)
      expect(result.outputs['build-status']).toBe('failed')
      expect(result.outputs.artifacts).toBeUndefined()
      expect((await requestLog(emu)).filter((r) => r.path.includes('/artifacts'))).toEqual([])
    })

    it('list-artifacts without wait fails naming the input, and triggers nothing', async () => {
      await clearRequestLog(emu)
      const result = await step(emu, 'trigger', { 'app-slug': 'ios-app', ...ON_MAIN, 'list-artifacts': 'true' })
      expectFailed(result)
      expect(errorLine(result)).toMatch(/^Input "list-artifacts": needs wait: true/)
      expect(await requestLog(emu)).toEqual([])
    })
  })
})
