/**
 * No input is ignored in silence, through dist/index.js and the emulator: an input the
 * chosen operation does not read is a warning naming both, or an error with nothing sent
 * when reading it would have changed what is sent; a with: key that is no input is named
 * with the nearest input; a mistyped operation gets a "did you mean"; and the messages
 * about a duration, the base URL's version and a "Bearer " token say how to fix them.
 * The runner's own exports of action.yml's defaults are passed as it passes them, so
 * they must not count as set.
 */
import { describe, expect, it } from '@jest/globals'
import { OIDC_INPUTS } from '../../../src/inputs/common.js'
import { WAIT_INPUTS } from '../../../src/builds/wait/settings.js'
import { MODULES, OPERATIONS } from '../../helpers/operations.js'
import { runAction } from '../../helpers/run-action.js'
import { expectNoSecrets } from '../../helpers/secrets.js'
import { randomInt, randomSlug, randomString, randomToken } from '../../helpers/random.js'
import {
  clearRequestLog,
  errorLine,
  expectFailed,
  expectPassed,
  TOKENS
} from '../../helpers/scenarios/emulator-steps.js'
import {
  CONSEQUENTIAL,
  DECLARED,
  NOT_PICKED,
  emu,
  expectNothingSent,
  pick,
  readsOf,
  run,
  runnerDefaults,
  typoOf,
  useInputEmulator,
  valueFor,
  warnings
} from '../../helpers/subjects/input-use.js'

useInputEmulator()

describe('inputs the chosen operation does not read', () => {
  it('dry-run on trigger, with any value, is refused and no build is started', async () => {
    const value = pick(['true', 'True', 'yes', 'on', '1', randomString(6)])
    const result = await run('trigger', { 'app-slug': 'web-app', branch: 'main', 'dry-run': value })
    expectFailed(result)
    expect(errorLine(result)).toMatch(
      /^Input "dry-run": is set, but the trigger operation does not read it, and trigger has no dry run/
    )
    expect(errorLine(result)).toContain('migrate-machine-types')
    expect(errorLine(result)).toMatch(/Nothing was sent to the service\.$/)
    await expectNothingSent()
  })

  it('an input that would pick another target (build-slug, pipeline-id, org-slug, ...) is refused by an operation that writes', async () => {
    const operation = pick(
      OPERATIONS.filter((name) => MODULES[name].writes && CONSEQUENTIAL.some((input) => !readsOf(name).has(input)))
    )
    const input = pick(CONSEQUENTIAL.filter((name) => !readsOf(operation).has(name)))
    // Only inputs it reads besides, so the one drawn is the only one it drops.
    const base = Object.fromEntries(
      Object.entries({ 'app-slug': 'web-app', branch: 'main' }).filter(([name]) => readsOf(operation).has(name))
    )
    const result = await run(operation, { ...base, [input]: randomSlug() })
    expectFailed(result)
    expect(errorLine(result)).toMatch(
      new RegExp(
        `^Input "${input}": is set, but the ${operation} operation does not read it, and .*Nothing was sent to the service\\.$`
      )
    )
    await expectNothingSent()
  })

  it('app-slug on a Workspace-wide migration is refused: it would not be limited to that app', async () => {
    const result = await run('migrate-machine-types', {
      'org-slug': 'acme',
      'from-machine': 'g2-m1.4core',
      'to-machine': 'g2-m2.8core',
      'app-slug': pick(['web-app', 'ios-app'])
    })
    expectFailed(result)
    expect(errorLine(result)).toContain(
      'Input "app-slug": is set, but the migrate-machine-types operation does not read it'
    )
    await expectNothingSent()
  })

  it.each([1, 2, 3])('a random unused input of a random operation is named with the operation (draw %i)', async () => {
    const operation = pick(OPERATIONS)
    const input = pick(DECLARED.filter((name) => !readsOf(operation).has(name) && !NOT_PICKED.has(name)))
    const result = await run(operation, { [input]: valueFor(input) })
    if (MODULES[operation].writes && CONSEQUENTIAL.includes(input)) {
      expect(errorLine(result)).toContain(`Input "${input}": is set, but the ${operation} operation does not read it`)
      await expectNothingSent()
    } else {
      expect(warnings(result)).toContain(
        `::warning::Input "${input}" is set, but the ${operation} operation does not read it: it has no effect. Remove it from the step's with:, or check the operation.`
      )
    }
  })

  it('a read-only operation warns about an unused app-slug and still runs', async () => {
    const result = await run('list-apps', { 'app-slug': randomSlug() })
    expectPassed(result)
    expect(warnings(result)).toEqual([
      `::warning::Input "app-slug" is set, but the list-apps operation does not read it: it has no effect. Remove it from the step's with:, or check the operation.`
    ])
  })

  it('a wait setting without wait: true is named, and the build is triggered as asked', async () => {
    const input = pick(WAIT_INPUTS)
    const values: Record<string, string> = {
      'wait-timeout': `${2 + randomInt(50)}m`,
      'poll-interval': `${2 + randomInt(50)}s`,
      'fail-on-build-failure': 'false',
      'stream-logs': 'false',
      'explain-failure': 'false'
    }
    const value = values[input]
    expect(value).toBeDefined()
    const result = await run('trigger', { 'app-slug': 'web-app', branch: 'main', [input]: value })
    expectPassed(result)
    expect(warnings(result)).toEqual([
      `::warning::Input "${input}" is set, but trigger reads it only with wait: true, which this step does not set: it has no effect. Remove it from the step's with:.`
    ])
  })

  it('an SSH public key for an HTTPS repository is named, and the app is registered without it', async () => {
    const input = pick(['ssh-public-key', 'register-key-at-provider'])
    const value = input === 'ssh-public-key' ? `ssh-ed25519 AAAA${randomString(40)}` : 'true'
    const repo = randomSlug()
    const result = await run('register-app', {
      'repo-url': `https://github.com/acme/${repo}.git`,
      'org-slug': 'acme',
      'project-type': 'android',
      'stack-id': 'linux-docker-22.04',
      [input]: value
    })
    expectPassed(result)
    expect(warnings(result)).toEqual([
      `::warning::Input "${input}" is set, but register-app reads it only with an SSH repo-url, which this step does not set: it has no effect. Remove it from the step's with:.`
    ])
  })

  it("the runner's exports of action.yml's defaults are no input set: a plain trigger and wait warns about nothing", async () => {
    const result = await run('trigger', { 'app-slug': 'web-app', branch: 'main', wait: 'true', 'poll-interval': '0.1' })
    expectPassed(result)
    expect(warnings(result)).toEqual([])
  })
})

describe('with: keys that are no input', () => {
  it('a random slip of an input trigger reads, left unset, is refused with the input it meant and no build is started', async () => {
    // The OIDC inputs are read only when the step signs in with OIDC, not with this step's token.
    const meant = pick(
      [...readsOf('trigger')].filter(
        (name) =>
          ![...OIDC_INPUTS, 'app-slug', 'branch', 'token', 'base-url', 'operation', 'github-token'].includes(name)
      )
    )
    const typo = typoOf(meant, DECLARED)
    const result = await run('trigger', { 'app-slug': 'web-app', branch: 'main', [typo]: randomString(8) })
    expectFailed(result)
    expect(errorLine(result)).toContain(
      `Input "${meant}": is not set, but the step sets "${typo}" (INPUT_${typo.toUpperCase()}), which is no input of this action: did you mean ${meant}?`
    )
    expect(errorLine(result)).toMatch(/Nothing was sent to the service\.$/)
    await expectNothingSent()
  })

  it('a slip of operation or token is named in place of "is required"', async () => {
    const meant = pick(['operation', 'token'])
    const typo = typoOf(meant, DECLARED)
    await clearRequestLog(emu)
    const secret = randomToken()
    const inputs: Record<string, string> =
      meant === 'operation' ? { token: TOKENS.owner, [typo]: 'list-apps' } : { operation: 'list-apps', [typo]: secret }
    const result = await runAction({ ...runnerDefaults(), 'base-url': emu.url, ...inputs })
    expectNoSecrets(result, [TOKENS.owner, secret])
    expectFailed(result)
    expect(errorLine(result)).toContain(
      `Input "${meant}": is not set, but the step sets "${typo}" (INPUT_${typo.toUpperCase()}), which is no input of this action: did you mean ${meant}? Every operation reads ${meant}`
    )
    await expectNothingSent()
  })

  it('app_slug for app-slug is refused the same way', async () => {
    const result = await run('get-app', { app_slug: 'web-app' })
    expectFailed(result)
    expect(errorLine(result)).toContain(
      'Input "app-slug": is not set, but the step sets "app_slug" (INPUT_APP_SLUG), which is no input of this action: did you mean app-slug?'
    )
    await expectNothingSent()
  })

  it('a slip of an input the operation does not read is a warning with the nearest name', async () => {
    const meant = pick(DECLARED.filter((name) => !readsOf('list-apps').has(name) && name.length >= 4))
    const typo = typoOf(meant, DECLARED)
    const result = await run('list-apps', { [typo]: randomString(8) })
    expectPassed(result)
    expect(warnings(result)).toContain(
      `::warning::The step sets "${typo}" (INPUT_${typo.toUpperCase()}), which is no input of this action: did you mean ${meant}? As written it has no effect.`
    )
  })

  it('a key near no input is still named', async () => {
    const key = `zz${randomString(12, 'qxjvkw')}`
    const result = await run('list-apps', { [key]: randomString(8) })
    expectPassed(result)
    expect(warnings(result)).toContain(
      `::warning::The step sets "${key}" (INPUT_${key.toUpperCase()}), which is no input of this action: it has no effect. Remove it, or check the input names in action.yml.`
    )
  })
})
