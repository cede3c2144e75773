/** Messages that say how to fix a value (a mistyped operation or input, through dist/index.js against the emulator), and the demo's run without a warning of its own making. */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { OPERATIONS } from '../../helpers/operations.js'
import { ACTION_BUNDLE, EMULATOR_BUNDLE } from '../../helpers/run-action.js'
import { randomInt, randomSlug, randomToken } from '../../helpers/random.js'
import { clearRequestLog, errorLine, expectFailed, expectPassed } from '../../helpers/scenarios/emulator-steps.js'
import { emu, expectNothingSent, pick, run, typoOf, useInputEmulator } from '../../helpers/subjects/input-use.js'

useInputEmulator()

describe('messages that say how to fix the value', () => {
  it('a mistyped operation gets "did you mean"', async () => {
    const meant = pick(OPERATIONS)
    const typo = typoOf(meant, OPERATIONS)
    const result = await run(typo, { 'app-slug': 'web-app' })
    expectFailed(result)
    expect(errorLine(result)).toContain(
      `Input "operation": "${typo}" is not an operation; did you mean ${meant}? expected one of:`
    )
    await expectNothingSent()
  })

  it('a poll-interval over the range names the units, and every example it gives is accepted', async () => {
    const value = `${11 + randomInt(49)}m`
    const refused = await run('wait', { 'app-slug': 'web-app', 'build-slug': randomSlug(), 'poll-interval': value })
    expectFailed(refused)
    const message = errorLine(refused)
    expect(message).toContain(
      `"${value}" is not a duration from 0.05 to 600 seconds: a number of seconds, or a number with the unit s, m or h`
    )
    await expectNothingSent()
    const examples = /\(e\.g\. ([^)]*)\)/.exec(message)?.[1].split(', ') ?? []
    expect(examples.length).toBeGreaterThan(1)
    // A finished build: the first poll ends each wait, whatever the interval.
    const built = await run('trigger', { 'app-slug': 'web-app', branch: 'main', wait: 'true', 'poll-interval': '0.1' })
    expectPassed(built)
    for (const example of examples) {
      const result = await run('wait', {
        'app-slug': 'web-app',
        'build-slug': built.outputs['build-slug'],
        'poll-interval': example
      })
      expectPassed(result)
      expect(result.stdout).toContain('poll-interval: ')
    }
  })

  it('a base-url ending in another API version says the version the service serves, and sends nothing', async () => {
    const version = pick([
      `v${1 + randomInt(9)}`,
      `v0.${2 + randomInt(8)}`,
      `v${randomInt(5)}.${randomInt(5)}.${1 + randomInt(5)}`
    ])
    const result = await run('list-apps', { 'base-url': `${emu.origin}/${version}` })
    expectFailed(result)
    expect(errorLine(result)).toContain(
      `ends in /${version}, but the service's API is served under /v0.1: end the URL in /v0.1, e.g. ${emu.origin}/v0.1`
    )
    expect(errorLine(result)).not.toMatch(/slug/)
    await expectNothingSent()
  })

  it('with a token set, an OIDC input is named as unread (the step signs in with the token), and org-slug on trigger is refused', async () => {
    const input = pick(['oidc-policy-id', 'oidc-audience', 'oidc-exchange-url'])
    const value = input === 'oidc-exchange-url' ? `https://${randomSlug()}.example/oidc/token` : randomSlug('oidc-')
    const warned = await run('list-groups', { 'org-slug': 'acme', [input]: value })
    expectPassed(warned)
    expect(warned.stdout).toContain(
      `::warning::Input "${input}" is set, but the step signs in with token, and only a sign-in with OIDC (token empty) reads it`
    )

    await clearRequestLog(emu)
    const refused = await run('trigger', { 'app-slug': 'web-app', branch: 'main', 'org-slug': randomSlug('ws-') })
    expectFailed(refused)
    // org-slug is no OIDC input: trigger does not read it, whatever the sign-in.
    expect(errorLine(refused)).toMatch(
      /^Input "org-slug": is set, but the trigger operation does not read it, and trigger would not be limited to that Workspace/
    )
    await expectNothingSent()
  })

  it('a token given as "Bearer <token>" is refused with the advice to drop Bearer, and never echoed', async () => {
    const scheme = pick(['Bearer', 'bearer', 'BEARER'])
    const token = `${scheme} ${randomToken()}`
    const result = await run('list-apps', {}, token)
    expectFailed(result)
    expect(errorLine(result)).toBe(
      `Input "token": starts with "${scheme} ": the service takes the access token alone in its Authorization header; drop "${scheme} " from the secret, keeping only the token. Nothing was sent to the service.`
    )
    await expectNothingSent()
  })
})

describe('the demo', () => {
  it('npm start prints no warning of its own making', () => {
    const demo = spawnSync(
      process.execPath,
      ['scripts/demo.js', '--action', ACTION_BUNDLE, '--emulator', EMULATOR_BUNDLE],
      { encoding: 'utf8', timeout: 120_000 }
    )
    expect({ status: demo.status, stderr: demo.stderr }).toEqual({ status: 0, stderr: '' })
    expect(demo.stdout.split('\n').filter((line) => /::warning|warning:/i.test(line))).toEqual([])
    // The build that fails shows its failed step and its failed test, as annotations.
    expect(demo.stdout).toMatch(/::error title=Step failed%3A Run unit tests::/)
    expect(demo.stdout).toMatch(/::error title=Test failed%3A LoginTests › \w+,file=Tests\/LoginTests\.swift,line=42::/)
  })
})
