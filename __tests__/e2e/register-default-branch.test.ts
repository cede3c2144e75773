/**
 * register-app's `default-branch` (issue #20, point 6): given, it is sent as the published
 * contract's `default_branch_name`; empty, nothing is sent and the service's default applies,
 * which that contract gives as `master` (the emulator follows it).
 */
import { describe, expect, it } from '@jest/globals'
import { randomSlug } from '../helpers/random.js'
import {
  appState,
  clearRequestLog,
  emulatorPerFile,
  expectFailed,
  expectPassed,
  requestLog,
  step,
  type RunningEmulator
} from '../bundle/emulator-steps.js'

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started))

function register(repo: string, extra: Record<string, string> = {}): Promise<Awaited<ReturnType<typeof step>>> {
  return step(emu, 'register-app', {
    'repo-url': `https://github.com/acme/${repo}.git`,
    'org-slug': 'acme',
    'project-type': 'android',
    'stack-id': 'linux-docker-22.04',
    ...extra
  })
}

describe('register-app default-branch', () => {
  it('sends default_branch_name when default-branch is given, and the app gets that branch', async () => {
    const branch = `release/${randomSlug('b')}`
    await clearRequestLog(emu)
    const result = await register(randomSlug('repo'), { 'default-branch': branch })
    expectPassed(result)
    const sent = (await requestLog(emu)).find(
      (entry) => entry.path === '/v0.1/apps/register' || entry.path === '/apps/register'
    )
    expect(sent?.body).toMatchObject({ default_branch_name: branch })
    expect(await appState(emu, result.outputs['app-slug'])).toMatchObject({
      default_branch: branch,
      branches: [branch]
    })
  })

  it('sends no default_branch_name when default-branch is empty, and the emulator applies the contract default master', async () => {
    await clearRequestLog(emu)
    const result = await register(randomSlug('repo'))
    expectPassed(result)
    const sent = (await requestLog(emu)).find((entry) => entry.path.endsWith('/apps/register'))
    expect(sent?.body).toBeDefined()
    expect(Object.keys(sent?.body as object)).not.toContain('default_branch_name')
    expect(await appState(emu, result.outputs['app-slug'])).toMatchObject({ default_branch: 'master' })
  })

  it('refuses a default-branch that is no git ref name, before sending anything', async () => {
    await clearRequestLog(emu)
    const result = await register(randomSlug('repo'), { 'default-branch': `bad..${randomSlug()}` })
    expectFailed(result)
    expect(result.stdout).toMatch(/default-branch/)
    expect(await requestLog(emu)).toEqual([])
  })
})
