/**
 * Each sub-action run the way the runner runs it: its action.yml's `runs.main` joined to its
 * folder (`trigger/../dist/sub/trigger.js`, as the runner's Path.Combine leaves it), with the
 * defaults its action.yml declares for inputs the step does not set, against the emulator.
 * A sub-action with a fixed operation refuses an operation input naming another, and one
 * with several refuses an operation not its own, before anything is sent.
 */
import { describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { load } from 'js-yaml'
import { MODULES, OPERATIONS } from '../../helpers/operations.js'
import { SUB_ACTIONS, type SubActionName } from '../../../src/operations/sub-actions.js'
import { ACTION_BUNDLE, BUNDLE_FOLDER, runAction, type RunOptions, type RunResult } from '../../helpers/run-action.js'
import { expectNoSecrets } from '../../helpers/secrets.js'
import { randomInt, randomSlug } from '../../helpers/random.js'
import { CONSEQUENTIAL } from '../../helpers/subjects/input-use.js'
import {
  buildState,
  clearRequestLog,
  emulatorPerFile,
  errorLine,
  expectFailed,
  expectPassed,
  printed,
  requestLog,
  SAME_REPOSITORY,
  setConcurrency,
  TOKENS,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'
import { tempDir } from '../../helpers/temp-dirs.js'

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started))

interface Metadata {
  inputs: Record<string, { default?: string }>
  runs: { main: string; post?: string }
}

/** Runs one step of the sub-action in `folder`, as the runner would, with the Owner's token unless told. */
async function runSubAction(
  folder: SubActionName,
  inputs: Record<string, string>,
  options: RunOptions & { token?: string; stage?: 'main' | 'post' } = {}
): Promise<RunResult> {
  const { token = TOKENS.owner, stage = 'main', ...runOptions } = options
  const metadata = load(readFileSync(join(folder, 'action.yml'), 'utf8')) as Metadata
  // The runner sets every declared input the step leaves out to its default; an expression default (github.token) is left out here.
  const defaults = Object.fromEntries(
    Object.entries(metadata.inputs)
      .filter(([, spec]) => spec.default !== undefined && !String(spec.default).includes('${{'))
      .map(([name, spec]) => [name, String(spec.default)])
  )
  // The runner's path, with the dev bundle's folder for dist/ when the run tests the dev bundle.
  const main = stage === 'main' ? metadata.runs.main : (metadata.runs.post as string)
  const bundle = `${process.cwd()}/${folder}/${main.replace(/^\.\.\/dist\//, `../${BUNDLE_FOLDER}/`)}`
  const result = await runAction(
    { ...defaults, token, 'base-url': emu.url, 'poll-interval': '0.1', ...inputs },
    { ...runOptions, bundle }
  )
  expect(result.timedOut).toBe(false)
  expectNoSecrets(result, [token])
  return result
}

describe('each sub-action, through its entry in dist/sub/', () => {
  it('trigger/ triggers a build and waits for it, without an operation input', async () => {
    const branch = `feature/${randomSlug()}`
    const result = await runSubAction('trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch,
      wait: 'true',
      ...SAME_REPOSITORY
    })
    expectPassed(result)
    expect(result.outputs['build-status']).toBe('success')
    expect(await buildState(emu, result.outputs['build-slug'])).toMatchObject({ branch, status: 1 })
  })

  it("trigger/'s post step aborts the build its main step was killed waiting for", async () => {
    await setConcurrency(emu, 'ios-app', 0)
    let spawned: (child: ChildProcess) => void = () => undefined
    const child = new Promise<ChildProcess>((resolve) => (spawned = resolve))
    const inputs = {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: `feature/${randomSlug()}`,
      wait: 'true',
      'wait-timeout': '60',
      ...SAME_REPOSITORY
    }
    const running = runSubAction('trigger', inputs, { onSpawn: spawned })
    await printed(await child, 'is on hold')
    ;(await child).kill('SIGKILL')
    const killed = await running
    expect(killed.signal).toBe('SIGKILL')
    const post = await runSubAction('trigger', inputs, { stage: 'post', state: killed.state })
    expectPassed(post)
    expect(await buildState(emu, killed.outputs['build-slug'])).toMatchObject({ status: 3 })
  })

  it('wait/ waits for a build started elsewhere', async () => {
    const started = await runSubAction('trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: `feature/${randomSlug()}`,
      ...SAME_REPOSITORY
    })
    expectPassed(started)
    expect(started.outputs['build-status']).toBeUndefined()
    const waited = await runSubAction('wait', { 'app-slug': 'ios-app', 'build-slug': started.outputs['build-slug'] })
    expectPassed(waited)
    expect(waited.outputs).toMatchObject({ 'build-slug': started.outputs['build-slug'], 'build-status': 'success' })
  })

  it('abort/ aborts a build that is on hold, with its reason', async () => {
    await setConcurrency(emu, 'ios-app', 0)
    const started = await runSubAction('trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: `feature/${randomSlug()}`,
      ...SAME_REPOSITORY
    })
    expectPassed(started)
    const reason = `stopped ${randomSlug()}`
    const aborted = await runSubAction('abort', {
      'app-slug': 'ios-app',
      'build-slug': started.outputs['build-slug'],
      'abort-reason': reason
    })
    expectPassed(aborted)
    expect(await buildState(emu, started.outputs['build-slug'])).toMatchObject({ status: 3, abort_reason: reason })
  })

  it('build-requests/ lists the open build requests of an app', async () => {
    const result = await runSubAction('build-requests', { operation: 'list-build-requests', 'app-slug': 'ios-app' })
    expectPassed(result)
    expect(result.outputs.count).toBe('0')
    expect(JSON.parse(result.outputs['build-requests'])).toEqual([])
    expect((await requestLog(emu)).map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /v0.1/apps/ios-app/build-requests'
    ])
  })

  it('manage/ runs the operation it is given', async () => {
    const result = await runSubAction('manage', { operation: 'get-app', 'app-slug': 'web-app' })
    expectPassed(result)
    expect(JSON.parse(result.outputs.app)).toMatchObject({ slug: 'web-app' })
  })

  it.each([
    ['dry-run: true', { 'dry-run': ['true', 'True', 'TRUE'][randomInt(3)] }],
    ['no dry-run (a dry run is the default)', {}]
  ])('migrate-machine-types/ previews a migration with %s and changes nothing', async (_, dryRun) => {
    await clearRequestLog(emu)
    const result = await runSubAction('migrate-machine-types', {
      'org-slug': 'acme',
      'from-machine': 'g2-m1.4core',
      'to-machine': 'g2-m2.8core',
      ...dryRun
    })
    expectPassed(result)
    expect(result.outputs['dry-run-note']).toMatch(/\S/)
    expect(Number(result.outputs['migrated-count'])).toBeGreaterThan(0)
    // Reads, and the service's check of the would-be configuration (which changes nothing); no write.
    expect(
      (await requestLog(emu))
        .filter(({ method, path }) => method !== 'GET' && !path.endsWith('/validate-bitrise-yml'))
        .map(({ method, path }) => `${method} ${path}`)
    ).toEqual([])
  })
})

describe('the operation input of a sub-action', () => {
  const fixed = (Object.keys(SUB_ACTIONS) as SubActionName[]).filter((name) => SUB_ACTIONS[name].length === 1)
  const several = (Object.keys(SUB_ACTIONS) as SubActionName[]).filter((name) => SUB_ACTIONS[name].length > 1)

  it.each(fixed)('%s/ refuses an operation input naming another operation, and sends nothing', async (folder) => {
    const others = OPERATIONS.filter((name) => name !== SUB_ACTIONS[folder][0])
    const other = others[randomInt(others.length)]
    await clearRequestLog(emu)
    const result = await runSubAction(folder, {
      operation: other,
      'app-slug': 'ios-app',
      'build-slug': randomSlug(),
      branch: 'main',
      'org-slug': 'acme',
      'from-machine': 'a',
      'to-machine': 'b'
    })
    expectFailed(result)
    expect(errorLine(result)).toBe(
      `Input "operation": "${other}" conflicts with this action, ${folder}/, which runs ${SUB_ACTIONS[folder][0]} only: remove the operation input; for ${other} use ${subActionFor(other)}/. Nothing was sent to the service.`
    )
    expect(await requestLog(emu)).toEqual([])
  })

  it('trigger/ accepts its own operation named outright, as a copied root step has it', async () => {
    const result = await runSubAction('trigger', {
      operation: 'trigger',
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: `feature/${randomSlug()}`,
      ...SAME_REPOSITORY
    })
    expectPassed(result)
    expect(result.outputs['build-slug']).toMatch(/\S/)
  })

  it.each(several)('%s/ requires an operation of its own, and sends nothing for another', async (folder) => {
    const others = OPERATIONS.filter((name) => !SUB_ACTIONS[folder].includes(name))
    const other = others[randomInt(others.length)]
    await clearRequestLog(emu)
    const missing = await runSubAction(folder, { 'app-slug': 'ios-app' })
    expectFailed(missing)
    expect(errorLine(missing)).toBe(
      `Input "operation": is required by ${folder}/; one of: ${SUB_ACTIONS[folder].join(', ')}. Nothing was sent to the service.`
    )
    const foreign = await runSubAction(folder, {
      operation: other,
      'app-slug': 'ios-app',
      'build-slug': randomSlug(),
      branch: 'main'
    })
    expectFailed(foreign)
    expect(errorLine(foreign)).toContain(
      `"${other}" is not one of ${folder}/'s operations (${SUB_ACTIONS[folder].join(', ')}); for ${other} use ${subActionFor(other)}/`
    )
    const unknown = randomSlug('op-')
    const typo = await runSubAction(folder, { operation: unknown, 'app-slug': 'ios-app' })
    expectFailed(typo)
    expect(errorLine(typo)).toContain(
      `"${unknown}" is not an operation; ${folder}/ runs one of: ${SUB_ACTIONS[folder].join(', ')}`
    )
    expect(await requestLog(emu)).toEqual([])
  })
})

const ROOT = load(readFileSync('action.yml', 'utf8')) as Metadata

/**
 * What the step told of its inputs: its warnings and its error, in order, and how it ended. A
 * sub-action's own word on an input it does not declare (which the root declares) is left out.
 */
function verdict(result: RunResult): { code: number | null; lines: string[] } {
  return {
    code: result.code,
    lines: result.stdout
      .split('\n')
      .filter((line) => /^::(warning|error)\b/.test(line))
      .filter(
        (line) => !/^::warning::Input "[a-z-]+" is set, but [a-z-]+\/ (does not declare it|declares no)/.test(line)
      )
  }
}

describe('one set of checks: each sub-action refuses and warns as the root action does', () => {
  const cases = (Object.keys(SUB_ACTIONS) as SubActionName[]).flatMap((folder) =>
    CONSEQUENTIAL.map((input) => [folder, input] as const)
  )

  it.each(cases)('%s/ with %s set', async (folder, input) => {
    const own = SUB_ACTIONS[folder]
    const operation = own[randomInt(own.length)]
    const value =
      input === 'dry-run'
        ? ['true', 'True', 'TRUE', 'false', randomSlug()][randomInt(5)]
        : randomSlug(randomInt(2) === 0 ? '' : 'x')
    const inputs = { [input]: value }
    const rootDefaults = Object.fromEntries(
      Object.entries(ROOT.inputs)
        .filter(([, spec]) => spec.default !== undefined && !String(spec.default).includes('${{'))
        .map(([name, spec]) => [name, String(spec.default)])
    )
    // The two steps are independent (neither reads what the other did): they run side by side.
    const [root, sub] = await Promise.all([
      runAction(
        { ...rootDefaults, operation, token: TOKENS.owner, 'base-url': emu.url, 'poll-interval': '0.1', ...inputs },
        {}
      ),
      runSubAction(folder, { ...(own.length > 1 ? { operation } : {}), ...inputs })
    ])
    expect(root.timedOut).toBe(false)
    expect({ operation, ...verdict(sub) }).toEqual({ operation, ...verdict(root) })
    // The check itself spoke: a refusal or a warning naming the input, or the operation reads it.
    const reads = (MODULES[operation].inputs as readonly string[]).includes(input)
    if (!reads) expect(verdict(sub).lines.join('\n')).toContain(`Input "${input}"`)
  })
})

describe('an entry that names no sub-action', () => {
  it('fails the step before reading any input, and sends nothing', async () => {
    const dir = tempDir('sub-action-entry-')
    try {
      const name = randomSlug('folder-')
      const entry = join(dir, 'entry.js')
      writeFileSync(
        entry,
        `globalThis[Symbol.for('service-ci-action.sub-action')] = ${JSON.stringify({ name, inputs: ['token'] })}\nawait import(${JSON.stringify(pathToFileURL(ACTION_BUNDLE).href)})\n`
      )
      await clearRequestLog(emu)
      const result = await runAction(
        { token: TOKENS.owner, 'base-url': emu.url, operation: 'list-apps' },
        { bundle: entry }
      )
      expectFailed(result)
      expect(errorLine(result)).toContain(`The sub-action entry in dist/sub/ is damaged ({"name":"${name}"`)
      expect(errorLine(result)).toMatch(/Nothing was sent to the service\.$/)
      expect(await requestLog(emu)).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

function subActionFor(operation: string): string {
  return (Object.keys(SUB_ACTIONS) as SubActionName[]).find((name) =>
    (SUB_ACTIONS[name] as readonly string[]).includes(operation)
  ) as string
}
