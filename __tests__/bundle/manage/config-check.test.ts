/**
 * The service's check of a service.yml, end to end through dist/index.js and the emulator's
 * POST /validate-bitrise-yml: validate-config on a workspace file and on the app's current file,
 * upload-config refusing on errors with nothing uploaded, set-config-location repository warning,
 * and a machine type migration whose to-machine is checked before anything is written.
 */
import { describe, expect, it } from '@jest/globals'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { call } from '../../emulator/helpers.js'
import { randomHostileText, randomInt, randomString } from '../../helpers/random.js'
import { runnerCommands } from '../../helpers/scenarios/honoured-commands.js'
import { expectInert } from '../../helpers/scenarios/inert.js'
import { typo as nameSlip } from '../../helpers/subjects/name-slips.js'
import {
  appState,
  clearRequestLog,
  emulatorPerFile,
  errorLine,
  expectFailed,
  expectPassed,
  requestLog,
  step,
  TOKENS,
  workspace,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

let emu: RunningEmulator
emulatorPerFile((started) => (emu = started), { enableFaults: true })

const word = (): string => randomString(6, 'abcdefghijklmnopqrstuvwxyz')

/** A service.yml the emulator's seed accepts for web-app, with the given stack, machine type and trigger map target. */
function config({ stack = 'linux-docker-22.04', machine = 'standard', target = 'primary' } = {}): string {
  return [
    'format_version: "13"',
    'meta:',
    '  service:',
    `    stack: ${stack}`,
    `    machine_type_id: ${machine}`,
    'trigger_map:',
    '- push_branch: main',
    `  workflow: ${target}`,
    'workflows:',
    '  primary:',
    '    steps: []',
    ''
  ].join('\n')
}

function inWorkspace(text: string, name = 'service.yml'): string {
  const dir = workspace()
  mkdirSync(dirname(join(dir, name)), { recursive: true })
  writeFileSync(join(dir, name), text)
  return dir
}

/** A typo of a name (name-slips.ts): any slip but the empty name will do here. */
const typo = (name: string): string => nameSlip(name, (slip) => slip !== '')

describe('validate-config', () => {
  it('a workspace file with an unknown stack, machine type and trigger map workflow: fails, naming each line and reason', async () => {
    const stack = `linux-${word()}`
    const machine = `g2-${word()}`
    const target = word()
    const result = await step(
      emu,
      'validate-config',
      { 'app-slug': 'web-app', 'config-path': 'ci/app.yml' },
      { workspace: inWorkspace(config({ stack, machine, target }), 'ci/app.yml') }
    )
    expectFailed(result)
    const errors = JSON.parse(result.outputs.errors) as string[]
    expect(errors).toEqual([
      expect.stringMatching(
        new RegExp(
          `^line 8: trigger_map item 1 names workflow "${target}", which the configuration does not define; defined: primary$`
        )
      ),
      expect.stringMatching(
        new RegExp(`^line 4: stack "${stack}" is not available to this app; available: .*linux-docker-22\\.04`)
      ),
      expect.stringMatching(
        new RegExp(`^line 5: machine type "${machine}" is not available to this app; available: .*standard`)
      )
    ])
    expect(JSON.parse(result.outputs.warnings)).toEqual([])
    expect(errorLine(result)).toContain(
      `The service refused ci/app.yml: line 8: trigger_map item 1 names workflow "${target}"`
    )
    expect(result.summary).toContain('service.yml check: ci/app.yml has errors')
    expect(result.summary).toContain(`Error: line 5: machine type "${machine}"`)
    // Only the check was sent: nothing read or written on the app.
    expect((await requestLog(emu)).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v0.1/validate-bitrise-yml'])
  })

  it("findings with a line are annotations on that line of config-path's file; the service's text stays data", async () => {
    const [l1, l2, l3, l4] = Array.from({ length: 4 }, () => 1 + randomInt(2000))
    const column = 1 + randomInt(80)
    const texts = Array.from({ length: 4 }, () => randomHostileText())
    // The service's answer, given in each form it may take: a string led by its line, a YAML error's line and column, an object with a line.
    const fault = await call(emu, 'POST', '/_emulator/faults', {
      token: null,
      body: {
        path: '/validate-bitrise-yml',
        method: 'POST',
        action: 'status',
        status: 200,
        body: {
          errors: [`line ${l1}: ${texts[0].text}`, `yaml: line ${l2}, column ${column}: ${texts[1].text}`],
          warnings: [{ message: texts[2].text, line: l3 }, `no line here ${word()}`],
          extra: `line ${l4}: ${texts[3].text}`
        }
      }
    })
    expect(fault.status).toBeLessThan(300)
    // A folder name with the characters an annotation's properties must escape.
    const path = `ci/${word()},${word()}:x/app.yml`
    const result = await step(
      emu,
      'validate-config',
      { 'app-slug': 'web-app', 'config-path': `./${path}` },
      { workspace: inWorkspace(config(), path) }
    )
    expectFailed(result)
    const annotations = runnerCommands(result.stdout)
      .filter((c) => c.properties.line !== undefined)
      .map((c) => [c.name, c.properties.title, c.properties.file, c.properties.line, c.properties.col])
    const title = 'service.yml check'
    expect(annotations).toEqual([
      ['error', title, path, String(l1), undefined],
      ['error', title, path, String(l2), String(column)],
      ['warning', title, path, String(l3), undefined]
    ])
    // Each annotation holds the service's whole text, as data on the command's one line.
    const lined = runnerCommands(result.stdout).filter((c) => c.properties.line !== undefined)
    expect(lined[0].data).toBe(`./${path}: line ${l1}: ${texts[0].text}`)
    expect(lined[2].data).toBe(`./${path}: line ${l3}: ${texts[2].text}`)
    expect(result.stdout).toContain(`::warning::./${path}: no line here`)
    expectInert(
      result,
      [TOKENS.owner],
      texts.flatMap((t) => t.commandLines)
    )
  })

  it('YAML the service cannot read (its 422): fails with the line and the reason', async () => {
    const result = await step(
      emu,
      'validate-config',
      { 'app-slug': 'web-app', 'config-path': 'service.yml' },
      { workspace: inWorkspace(`format_version: "13"\nworkflows:\n  primary: [${word()}\n  other: {}\n`) }
    )
    expectFailed(result)
    const errors = JSON.parse(result.outputs.errors) as string[]
    expect(errors).toEqual([expect.stringMatching(/^line \d+, column \d+: .+/)])
    expect(errorLine(result)).toContain(errors[0])
  })

  it("no config-path: the app's current service.yml is read and accepted; warnings are outputs, not errors", async () => {
    const result = await step(emu, 'validate-config', { 'app-slug': 'ios-app' })
    expectPassed(result)
    expect(JSON.parse(result.outputs.errors)).toEqual([])
    expect((await requestLog(emu)).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v0.1/apps/ios-app/service.yml',
      'POST /v0.1/validate-bitrise-yml'
    ])
    expect(result.summary).toContain('the current service.yml of ios-app is accepted')

    const bare = await step(
      emu,
      'validate-config',
      { 'config-path': 'service.yml' },
      { workspace: inWorkspace('workflows:\n  primary: {}\n') }
    )
    expectPassed(bare)
    expect(JSON.parse(bare.outputs.warnings)).toEqual([
      expect.stringContaining('format_version is not set'),
      expect.stringContaining('no app_slug was given')
    ])
    expect(bare.stdout).toContain('::warning::service.yml: format_version is not set')
  })

  it('neither config-path nor app-slug: refused naming the input, nothing sent', async () => {
    const result = await step(emu, 'validate-config', {})
    expectFailed(result)
    expect(errorLine(result)).toMatch(/^Input "app-slug": is required when config-path is empty/)
    expect(await requestLog(emu)).toEqual([])
  })
})

describe('upload-config checks with the service first', () => {
  it('errors: refused naming line and reason, and nothing is uploaded', async () => {
    const before = (await appState(emu, 'web-app')).service_yml
    const machine = typo('standard')
    const result = await step(
      emu,
      'upload-config',
      { 'app-slug': 'web-app' },
      { workspace: inWorkspace(config({ machine })) }
    )
    expectFailed(result)
    expect(errorLine(result)).toContain(`line 5: machine type "${machine}" is not available to this app`)
    expect(errorLine(result)).toMatch(/Nothing was uploaded\.$/)
    expect((await requestLog(emu)).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v0.1/validate-bitrise-yml'])
    expect((await appState(emu, 'web-app')).service_yml).toBe(before)
  })

  it('validate: false uploads the same file unchecked; a file without errors is uploaded with its warnings shown', async () => {
    const text = config({ machine: typo('standard') })
    const unchecked = await step(
      emu,
      'upload-config',
      { 'app-slug': 'web-app', validate: 'false' },
      { workspace: inWorkspace(text) }
    )
    expectPassed(unchecked)
    expect((await appState(emu, 'web-app')).service_yml).toBe(text)

    await clearRequestLog(emu)
    const warned = config().replace('format_version: "13"\n', '')
    const result = await step(emu, 'upload-config', { 'app-slug': 'web-app' }, { workspace: inWorkspace(warned) })
    expectPassed(result)
    expect((await requestLog(emu)).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v0.1/validate-bitrise-yml',
      'POST /v0.1/apps/web-app/service.yml'
    ])
    expect(result.stdout).toContain('::warning::service.yml: format_version is not set')
    expect((await appState(emu, 'web-app')).service_yml).toBe(warned)
  })
})

describe('set-config-location repository checks the checkout', () => {
  it('a checkout file the service refuses: the location is set, and a warning names line and reason', async () => {
    const target = word()
    const result = await step(
      emu,
      'set-config-location',
      { 'app-slug': 'web-app', location: 'repository' },
      { workspace: inWorkspace(config({ target })) }
    )
    expectPassed(result)
    expect((await appState(emu, 'web-app')).config_location).toBe('repository')
    expect(result.stdout).toMatch(
      new RegExp(
        `::warning::The service refuses "service\\.yml" .*line 8: trigger_map item 1 names workflow "${target}"`
      )
    )
  })
})

describe('to-machine is checked before a migration writes anything', () => {
  it("a typo is refused with the service's reason, and no app changes", async () => {
    const before = (await appState(emu, 'ios-app')).service_yml
    const to = typo('g2-m1.8core')
    const result = await step(emu, 'migrate-machine-types', {
      'org-slug': 'acme',
      'from-machine': 'g2-m1.4core',
      'to-machine': to,
      'dry-run': 'false'
    })
    expectFailed(result)
    expect(errorLine(result)).toMatch(
      new RegExp(
        `to-machine "${to.replace(/\./g, '\\.')}" was refused by the service's check of the service\\.yml of ios-app \\(ios-app\\).*line 5: machine type "${to.replace(/\./g, '\\.')}" is not available`
      )
    )
    expect(errorLine(result)).toMatch(/Nothing was changed\.$/)
    const log = await requestLog(emu)
    expect(log.filter((r) => r.method === 'PATCH')).toEqual([])
    expect(log.filter((r) => r.path === '/v0.1/validate-bitrise-yml').map((r) => r.query)).toEqual([
      { app_slug: 'ios-app' },
      { app_slug: 'ios-app' }
    ])
    expect((await appState(emu, 'ios-app')).service_yml).toBe(before)
  })

  it('a dry run says what was checked: a warning for a typo, the acceptance for a known type', async () => {
    const to = typo('g2-m1.8core')
    const preview = await step(emu, 'migrate-machine-types', {
      'org-slug': 'acme',
      'from-machine': 'g2-m1.4core',
      'to-machine': to,
      'dry-run': 'true'
    })
    expectPassed(preview)
    expect(preview.stdout).toMatch(
      new RegExp(
        `::warning::to-machine "${to.replace(/\./g, '\\.')}" was refused by the service's check of the service\\.yml of ios-app \\(ios-app\\)`
      )
    )
    expect(preview.summary).toContain("was refused by the service's check")

    const accepted = await step(emu, 'migrate-machine-types', {
      'org-slug': 'acme',
      'from-machine': 'g2-m1.4core',
      'to-machine': 'g2-m2.8core',
      'dry-run': 'true'
    })
    expectPassed(accepted)
    expect(accepted.stdout).toContain(
      'to-machine "g2-m2.8core" was accepted by the service\'s check of the service.yml of ios-app (ios-app)'
    )
  })
})
