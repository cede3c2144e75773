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
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'
import { COMMON_INPUTS, OIDC_INPUTS } from '../../../src/inputs/common.js'
import { WAIT_INPUTS } from '../../../src/builds/wait/settings.js'
import { MODULES, OPERATIONS } from '../../helpers/operations.js'
import { ACTION_BUNDLE, EMULATOR_BUNDLE, runAction } from '../../helpers/run-action.js'
import { expectNoSecrets } from '../../helpers/secrets.js'
import { randomInt, randomSlug, randomString, randomToken } from '../../helpers/random.js'
import {
  clearRequestLog,
  emulatorPerFile,
  errorLine,
  expectFailed,
  expectPassed,
  requestLog,
  step,
  TOKENS,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

const action = load(readFileSync('action.yml', 'utf8')) as { inputs: Record<string, { default?: string }> }
const DECLARED = Object.keys(action.inputs)

/** What the runner exports for a step that sets nothing: every input with a default (github.token filled in). */
function runnerDefaults(): Record<string, string> {
  const entries = Object.entries(action.inputs).filter(([, input]) => input.default !== undefined)
  return Object.fromEntries(
    entries.map(([name, input]) => [
      name,
      String(input.default).includes('${{') ? randomToken() : String(input.default)
    ])
  )
}

/** Inputs that pick what is acted on, or make a step harmless: never to be dropped by an operation that changes things. */
const CONSEQUENTIAL = [
  'dry-run',
  'app-slug',
  'build-slug',
  'pipeline-id',
  'build-request-slug',
  'org-slug',
  'user-slug'
]
/** Never picked as a random unused input: github-token is filled by the runner. */
const NOT_PICKED = new Set(['github-token'])

/** Inputs every operation parses (to mask their values), so a random value must be a well-formed NAME=value line. */
const SECRET_LISTS = new Set(['secret-environments', 'build-secrets'])
const valueFor = (input: string): string =>
  SECRET_LISTS.has(input)
    ? `${randomString(1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ_')}${randomString(7, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_')}=${randomString(8)}`
    : randomString(8)

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]
const readsOf = (operation: string): Set<string> =>
  new Set([...COMMON_INPUTS, ...MODULES[operation as keyof typeof MODULES].inputs])

/** Edits turning one string into another (single-character insertions, deletions, changes and swaps of neighbours). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0))
  )
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1)
    }
  }
  return d[a.length][b.length]
}

/** A random slip of `name` at 1 or 2 edits that is nearer to it than to any other of `names`. */
function typoOf(name: string, names: readonly string[]): string {
  for (;;) {
    const edits = name.length >= 6 ? 1 + randomInt(2) : 1
    let typo = name
    for (let i = 0; i < edits; i++) {
      const at = randomInt(typo.length)
      const letter = randomString(1, 'abcdefghijklmnopqrstuvwxyz')
      typo = pick([
        () => typo.slice(0, at) + letter + typo.slice(at + 1),
        () => typo.slice(0, at) + letter + typo.slice(at),
        () => typo.slice(0, at) + typo.slice(at + 1),
        () => (at + 1 < typo.length ? typo.slice(0, at) + typo[at + 1] + typo[at] + typo.slice(at + 2) : typo + letter)
      ])()
    }
    const near = distance(typo, name)
    if (
      near >= 1 &&
      near <= edits &&
      /^[a-z]/.test(typo) &&
      !typo.endsWith('-') &&
      names.every((other) => other === name || distance(typo, other) > near)
    )
      return typo
  }
}

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started))

/** Runs a step with the runner's defaults under `inputs`, after clearing the emulator's request log. */
async function run(
  operation: string,
  inputs: Record<string, string>,
  token: string = TOKENS.owner
): ReturnType<typeof step> {
  await clearRequestLog(emu)
  // step() sets a fast poll-interval for every step; here it is unset, as for a step that does not name it.
  return step(emu, operation, { ...runnerDefaults(), 'poll-interval': '', ...inputs }, { token })
}

async function expectNothingSent(): Promise<void> {
  expect(await requestLog(emu)).toEqual([])
}

function warnings(result: { stdout: string }): string[] {
  return result.stdout.split('\n').filter((line) => line.startsWith('::warning'))
}

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
