/**
 * The slips of a new user's first workflows, each named with its cause, through the bundle run as
 * the runner runs it against the emulator, with random values: a boolean in a path input, a
 * required input that came out empty, a migration that was a dry run because dry-run was empty, a
 * build slug given as pipeline-id, a reusable workflow's input given to a sub-action, and inputs a
 * sub-action does not declare.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'js-yaml'
import { bundledSeed } from '../../../emulator/model/seed.js'
import { SUB_ACTIONS, type SubActionName } from '../../../src/operations/sub-actions.js'
import { BUNDLE_FOLDER, runAction, type RunOptions, type RunResult } from '../../helpers/run-action.js'
import { expectNoSecrets } from '../../helpers/secrets.js'
import { randomInt, randomSlug, randomString } from '../../helpers/random.js'
import {
  clearRequestLog,
  emulatorPerFile,
  errorLine,
  expectFailed,
  expectPassed,
  requestLog,
  SAME_REPOSITORY,
  step,
  TOKENS,
  workspace,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

/** ios-app with a pipeline of a random name, so a pipeline's id can be given where a build slug belongs. */
const PIPELINE = `release-${randomString(6).toLowerCase()}`
const seed = bundledSeed()
for (const app of seed.apps ?? [])
  if (app.slug === 'ios-app')
    app.service_yml = `${app.service_yml ?? ''}\npipelines:\n  ${PIPELINE}:\n    stages:\n    - build: { workflows: [primary] }\n`

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started), { seed })

interface Metadata {
  inputs: Record<string, { default?: string }>
  runs: { main: string }
}

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]

/** A value YAML or a user reads as a boolean, in a random case. */
function booleanLooking(): string {
  const word = pick(['true', 'false', 'yes', 'no', 'on', 'off'])
  return [...word].map((c) => (randomInt(2) === 0 ? c.toUpperCase() : c)).join('')
}

function metadata(folder: string): Metadata {
  return load(readFileSync(join(folder, 'action.yml'), 'utf8')) as Metadata
}

/** One step of a sub-action, with the defaults its action.yml declares, as the runner runs it. */
async function runSubAction(
  folder: SubActionName,
  inputs: Record<string, string>,
  options: RunOptions = {}
): Promise<RunResult> {
  const meta = metadata(folder)
  const defaults = Object.fromEntries(
    Object.entries(meta.inputs)
      .filter(([, spec]) => spec.default !== undefined && !String(spec.default).includes('${{'))
      .map(([name, spec]) => [name, String(spec.default)])
  )
  const bundle = `${process.cwd()}/${folder}/${meta.runs.main.replace(/^\.\.\/dist\//, `../${BUNDLE_FOLDER}/`)}`
  const result = await runAction(
    { ...defaults, 'base-url': emu.url, 'poll-interval': '0.1', ...inputs },
    { ...options, bundle }
  )
  expect(result.timedOut).toBe(false)
  return result
}

const warnings = (result: RunResult): string[] =>
  result.stdout.split('\n').filter((line) => line.startsWith('::warning::'))

describe('a boolean-looking value in a path input', () => {
  const cases = [
    ['list-artifacts', 'download-artifacts', 'list-artifacts: true', { 'build-slug': randomSlug() }],
    [
      'trigger',
      'download-artifacts',
      'list-artifacts: true',
      { wait: 'true', 'from-event': 'false', branch: `feature/${randomSlug()}`, ...SAME_REPOSITORY }
    ],
    ['get-config', 'config-path', 'validate: true', {}],
    ['upload-config', 'config-path', 'validate: true', {}],
    ['validate-config', 'config-path', 'validate: true', {}],
    ['set-config-location', 'config-path', 'validate: true', { location: 'repository' }]
  ] as const

  it.each(cases)('%s refuses %s, naming the switch meant, and sends nothing', async (operation, input, meant, more) => {
    const value = booleanLooking()
    const dir = workspace()
    await clearRequestLog(emu)
    const result = await step(emu, operation, { 'app-slug': 'ios-app', ...more, [input]: value }, { workspace: dir })
    expectFailed(result)
    expect(errorLine(result)).toContain(`Input "${input}": "${value}" looks like a boolean`)
    expect(errorLine(result)).toContain(meant)
    expect(existsSync(join(dir, value))).toBe(false)
    expect(await requestLog(emu)).toEqual([])
  })
})

describe('a required input that is empty', () => {
  const causes = ['misspelt secret', 'environment:', 'github.event.pull_request.number']

  it.each([
    ['get-app', 'app-slug', {}],
    ['wait', 'app-slug', { 'build-slug': randomSlug() }],
    ['delete-app', 'app-slug', {}]
  ])('%s with %s empty says it is empty or not set, and the usual causes', async (operation, input, more) => {
    const result = await step(emu, operation, { ...more, [input]: pick(['', ' '.repeat(randomInt(1, 4))]) })
    expectFailed(result)
    const line = errorLine(result)
    expect(line).toContain(`Input "${input}": is required`)
    expect(line).toContain('It is empty or not set')
    for (const cause of causes) expect(line).toContain(cause)
  })

  it('an empty token says so too, and names the causes', async () => {
    const result = await runAction({ operation: 'list-apps', token: '', 'base-url': emu.url })
    expectFailed(result)
    const line = errorLine(result)
    expect(line).toContain('Input "token": is required')
    for (const cause of causes) expect(line).toContain(cause)
  })
})

describe('a migration that was a dry run because dry-run was empty', () => {
  const migration = { 'org-slug': 'acme', 'from-machine': 'g2-m1.4core', 'to-machine': 'g2-m2.8core' }

  it('says so in its log and summary, with how to migrate', async () => {
    const title = randomString(12)
    const result = await step(emu, 'migrate-machine-types', { ...migration, 'dry-run': '', title })
    expectPassed(result)
    const said = /This was a dry run because dry-run was empty[^\n]*To migrate, set dry-run: false\./
    expect(warnings(result).join('\n')).toMatch(said)
    expect(result.summary).toMatch(said)
  })

  it('says nothing of it when dry-run: true is set', async () => {
    const result = await step(emu, 'migrate-machine-types', { ...migration, 'dry-run': pick(['true', 'True', 'TRUE']) })
    expectPassed(result)
    expect(result.stdout + result.summary).not.toContain('because dry-run was empty')
  })
})

describe('wait given a build slug as pipeline-id', () => {
  it('names the build after one read, aborts nothing, and its summary leads with the failure', async () => {
    const branch = `feature/${randomSlug()}`
    const started = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch,
      ...SAME_REPOSITORY
    })
    expectPassed(started)
    const slug = started.outputs['build-slug']
    await clearRequestLog(emu)
    const result = await step(emu, 'wait', { 'app-slug': 'ios-app', 'pipeline-id': slug })
    expectFailed(result)
    expect(errorLine(result)).toContain(`Input "pipeline-id": ${slug} is not a pipeline of ios-app but a build`)
    expect(errorLine(result)).toContain('give it as build-slug to wait for the build. Nothing was aborted.')
    const calls = (await requestLog(emu)).map(({ method, path }) => `${method} ${path}`)
    expect(calls.filter((call) => call.includes(`/builds/${slug}`))).toEqual([`GET /v0.1/apps/ios-app/builds/${slug}`])
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([])
    const first = result.summary.trim().split('\n')[0]
    expect(first).not.toContain('Waiting')
    expect(first).toContain('Failed')
  })

  it('a pipeline id given as build-slug: the summary leads with the failure, not "Waiting"', async () => {
    const started = await step(emu, 'trigger', {
      'app-slug': 'ios-app',
      'from-event': 'false',
      branch: 'main',
      pipeline: PIPELINE
    })
    expectPassed(started)
    const id = started.outputs['pipeline-id']
    const result = await step(emu, 'wait', { 'app-slug': 'ios-app', 'build-slug': id })
    expectFailed(result)
    expect(errorLine(result)).toContain(`Input "build-slug": ${id} is not a build of ios-app but a pipeline`)
    const first = result.summary.trim().split('\n')[0]
    expect(first).not.toContain('Waiting')
    expect(first).toContain('Failed')
    expect(result.summary).toContain(`${id} is not a build of ios-app but a pipeline`)
  })
})

describe("a reusable workflow's input given to a sub-action", () => {
  it('preview-token on migrate-machine-types/ is named with the workflow, never shown', async () => {
    const secret = `tok_${randomString(32)}`
    await clearRequestLog(emu)
    const result = await runSubAction('migrate-machine-types', {
      'preview-token': secret,
      'org-slug': 'acme',
      'from-machine': 'g2-m1.4core',
      'to-machine': 'g2-m2.8core'
    })
    expectFailed(result)
    const line = errorLine(result)
    expect(line).toContain('Input "token": is not set, but the step sets "preview-token"')
    expect(line).toContain('reusable workflow .github/workflows/migrate-machine-types.yml')
    expectNoSecrets(result, [secret])
    expect(await requestLog(emu)).toEqual([])
  })

  it('runs-on, with a token set, is a warning naming the workflows', async () => {
    const folder = pick(['trigger', 'migrate-machine-types'] as const)
    const result = await runSubAction(folder, { token: TOKENS.owner, 'runs-on': randomSlug(), 'app-slug': 'ios-app' })
    const said = warnings(result).find((line) => line.includes('"runs-on"'))
    expect(said).toContain('.github/workflows/migrate-machine-types.yml')
    expect(said).toContain('.github/workflows/trigger-build.yml')
  })
})

describe('a sub-action speaks of inputs it does not declare', () => {
  const fixed = (Object.keys(SUB_ACTIONS) as SubActionName[]).filter((name) => SUB_ACTIONS[name].length === 1)

  it.each(fixed)('%s/ warns itself about operation naming its own operation', async (folder) => {
    const result = await runSubAction(folder, {
      token: TOKENS.owner,
      operation: SUB_ACTIONS[folder][0],
      'app-slug': 'ios-app',
      'build-slug': randomSlug(),
      'org-slug': 'acme',
      'from-machine': 'g2-m1.4core',
      'to-machine': 'g2-m2.8core',
      branch: `feature/${randomSlug()}`,
      ...SAME_REPOSITORY
    })
    expect(warnings(result)).toContain(
      `::warning::Input "operation" is set, but ${folder}/ declares no operation input: it runs ${SUB_ACTIONS[folder][0]} only. Remove operation from the step's with:.`
    )
  })

  it('each sub-action names where a root input it lacks belongs', async () => {
    const folders = Object.keys(SUB_ACTIONS) as SubActionName[]
    const declares = new Map(folders.map((folder) => [folder, Object.keys(metadata(folder).inputs)]))
    const root = Object.keys(metadata('.').inputs)
    for (const folder of folders) {
      const lacking = root.filter((name) => name !== 'operation' && !declares.get(folder)!.includes(name))
      if (lacking.length === 0) continue
      const input = pick(lacking)
      const result = await runSubAction(folder, {
        token: TOKENS.owner,
        ...(SUB_ACTIONS[folder].length > 1 ? { operation: pick(SUB_ACTIONS[folder]) } : {}),
        [input]: randomSlug()
      })
      const where = folders.filter((other) => other !== folder && declares.get(other)!.includes(input))
      const belongs =
        where.length > 0
          ? `it belongs to ${where.map((other) => `${other}/`).join(', ')} (and the root action)`
          : 'only the root action declares it'
      expect({ folder, input, said: warnings(result) }).toEqual({
        folder,
        input,
        said: expect.arrayContaining([
          `::warning::Input "${input}" is set, but ${folder}/ does not declare it, so the runner also warns "Unexpected input": ${belongs}. Move it to the step that uses that action, or remove it.`
        ])
      })
    }
  })
})

describe('the example an error gives of base-url', () => {
  it.each([
    ['no version segment', () => `https://${randomSlug()}.test/${randomSlug()}`],
    ['empty', () => ''],
    ['not a URL', () => `${randomSlug()} ${randomSlug()}`]
  ])('%s: names the service API, never a host that is not the service', async (_, value) => {
    const result = await runAction({ operation: 'list-apps', token: TOKENS.owner, 'base-url': value() })
    expectFailed(result)
    expect(errorLine(result)).toContain('e.g. https://api.bitrise.io/v0.1')
    expect(result.stdout).not.toContain('example.com')
  })
})
