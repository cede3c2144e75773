/** get-config, upload-config, get-config-location and set-config-location, run from dist/index.js. */
import { afterEach, describe, expect, it } from '@jest/globals'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fakeServices, type FakeService } from '../../helpers/fake-service.js'
import { randomString } from '../../helpers/random.js'
import { errorLine, type RunResult } from '../../helpers/run-action.js'
import { expectSuccess, runOperation, sent } from '../../helpers/scenarios/operation-steps.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const serve = fakeServices()
const folders: string[] = []
function workspace(files: Record<string, string> = {}): string {
  const dir = tempDir('ops-config-')
  folders.push(dir)
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return dir
}
afterEach(async () => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A service.yml in the layout the emulator's seed uses. */
const SERVICE_YML = `format_version: "13"
meta:
  service:
    stack: linux-docker-22.04
    machine_type_id: standard
workflows:
  primary:
    steps:
    - script:
        inputs:
        - content: echo build
`

/** The service's check finding nothing. */
const ACCEPTED = { body: { errors: [], warnings: [] } }
const CHECK = 'POST /validate-bitrise-yml'

describe('get-config', () => {
  it('reads service.yml as text and writes it into the workspace, creating folders', async () => {
    const fake = await serve({
      'GET /apps/app-1/service.yml': { raw: SERVICE_YML, headers: { 'content-type': 'text/plain; charset=utf-8' } }
    })
    const dir = workspace()
    const result = await runOperation(
      fake,
      'get-config',
      { 'app-slug': 'app-1', 'config-path': 'ci/conf/service.yml' },
      { workspace: dir }
    )
    expectSuccess(result)
    expect(sent(fake.requests)).toEqual([
      { method: 'GET', path: '/apps/app-1/service.yml', query: {}, body: undefined }
    ])
    expect(fake.requests[0].headers.accept).toContain('text/plain')
    const written = join(dir, 'ci/conf/service.yml')
    expect(readFileSync(written, 'utf8')).toBe(SERVICE_YML)
    expect(result.outputs['config-path']).toBe(written)
    expect(result.outputs.response).toBe(SERVICE_YML)
  })
})

describe('upload-config', () => {
  it('sends the YAML text as a string in app_config_datastore_yaml', async () => {
    const fake = await serve({ [CHECK]: ACCEPTED, 'POST /apps/app-1/service.yml': { body: { status: 'ok' } } })
    const dir = workspace({ 'service.yml': SERVICE_YML })
    const result = await runOperation(fake, 'upload-config', { 'app-slug': 'app-1' }, { workspace: dir })
    expectSuccess(result)
    expect(sent(fake.requests)).toEqual([
      {
        method: 'POST',
        path: '/validate-bitrise-yml',
        query: { app_slug: 'app-1' },
        body: { bitrise_yml: SERVICE_YML }
      },
      { method: 'POST', path: '/apps/app-1/service.yml', query: {}, body: { app_config_datastore_yaml: SERVICE_YML } }
    ])
    expect(result.outputs['config-path']).toBe(join(dir, 'service.yml'))
    expect(result.outputs.response).toBe('{"status":"ok"}')
  })

  it('accepts anchors and merge keys, which service.yml files use to share settings', async () => {
    const fake = await serve({ [CHECK]: ACCEPTED, 'POST /apps/app-1/service.yml': { body: { status: 'ok' } } })
    const text = 'base: &base\n  steps: []\nworkflows:\n  primary:\n    <<: *base\n'
    const dir = workspace({ 'merged.yml': text })
    const result = await runOperation(
      fake,
      'upload-config',
      { 'app-slug': 'app-1', 'config-path': 'merged.yml' },
      { workspace: dir }
    )
    expectSuccess(result)
    expect(fake.calls('POST /apps/app-1/service.yml').map((r) => r.body)).toEqual([{ app_config_datastore_yaml: text }])
  })
})

describe('config-path through symbolic links', () => {
  /** A folder outside the workspace holding a file with random text, the target of the links. */
  function outside(): { dir: string; file: string; text: string } {
    const dir = tempDir(`ops-outside-${randomString(6)}-`)
    folders.push(dir)
    const text = `workflows:\n  leaked-${randomString(12)}: {}\n`
    const file = join(dir, `${randomString(8)}.yml`)
    writeFileSync(file, text)
    return { dir, file, text }
  }

  /** Runs the operation and checks it was refused before anything was sent. */
  async function expectRefused(operation: string, configPath: string, dir: string, says: RegExp): Promise<void> {
    const fake = await serve({
      'GET /apps/app-1/service.yml': { raw: SERVICE_YML },
      'POST /apps/app-1/service.yml': { body: { status: 'ok' } }
    })
    const result = await runOperation(
      fake,
      operation,
      { 'app-slug': 'app-1', 'config-path': configPath },
      { workspace: dir }
    )
    expect(result.code).toBe(1)
    const error = errorLine(result)
    expect(error).toMatch(
      new RegExp(`^Input "config-path": ${JSON.stringify(configPath).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `)
    )
    expect(error).toMatch(says)
    expect(error).toMatch(/Nothing was sent to the service\.$/)
    expect(fake.requests).toEqual([])
  }

  it.each(['get-config', 'upload-config'])(
    '%s refuses a file link that points outside the workspace',
    async (operation) => {
      const target = outside()
      const dir = workspace()
      const name = `${randomString(6)}.yml`
      symlinkSync(target.file, join(dir, name))
      await expectRefused(operation, name, dir, /leads outside the workspace .* through a symbolic link/)
      expect(readFileSync(target.file, 'utf8')).toBe(target.text)
    }
  )

  it.each(['get-config', 'upload-config'])(
    '%s refuses a folder link on the way that points outside the workspace',
    async (operation) => {
      const target = outside()
      const dir = workspace()
      const folder = randomString(6)
      symlinkSync(target.dir, join(dir, folder))
      const file =
        operation === 'upload-config' ? target.file.slice(target.dir.length + 1) : `new-${randomString(6)}/service.yml`
      await expectRefused(operation, `${folder}/${file}`, dir, /leads outside the workspace .* through a symbolic link/)
      expect(readdirSync(target.dir)).toEqual([target.file.slice(target.dir.length + 1)])
    }
  )

  it('get-config refuses a link to a file outside that does not exist yet, and does not create it', async () => {
    const target = outside()
    const dir = workspace()
    const created = join(target.dir, `created-${randomString(6)}.yml`)
    symlinkSync(created, join(dir, 'service.yml'))
    await expectRefused('get-config', 'service.yml', dir, /through a symbolic link that points to nothing/)
    expect(existsSync(created)).toBe(false)
  })

  it('accepts a link that stays inside the workspace', async () => {
    const dir = workspace({ 'real.yml': SERVICE_YML })
    mkdirSync(join(dir, 'ci'))
    symlinkSync(join(dir, 'real.yml'), join(dir, 'ci', 'service.yml'))
    const fake = await serve({ [CHECK]: ACCEPTED, 'POST /apps/app-1/service.yml': { body: { status: 'ok' } } })
    const result = await runOperation(
      fake,
      'upload-config',
      { 'app-slug': 'app-1', 'config-path': 'ci/service.yml' },
      { workspace: dir }
    )
    expectSuccess(result)
    expect(fake.calls('POST /apps/app-1/service.yml').map((r) => r.body)).toEqual([
      { app_config_datastore_yaml: SERVICE_YML }
    ])
  })
})

describe('config-path in a workspace reached through a link', () => {
  it('get-config writes inside the workspace when the workspace path itself is a link', async () => {
    const real = workspace()
    const parent = workspace()
    const linked = join(parent, 'ws')
    symlinkSync(real, linked)
    const fake = await serve({ 'GET /apps/app-1/service.yml': { raw: SERVICE_YML } })
    const result = await runOperation(
      fake,
      'get-config',
      { 'app-slug': 'app-1', 'config-path': 'ci/service.yml' },
      { workspace: linked }
    )
    expectSuccess(result)
    expect(readFileSync(join(real, 'ci', 'service.yml'), 'utf8')).toBe(SERVICE_YML)
    expect(result.outputs['config-path']).toBe(join(linked, 'ci', 'service.yml'))
  })
})

describe('upload-config refuses a file no build could use', () => {
  it.each<{ name: string; text: string; says: RegExp }>([
    {
      name: 'an empty workflows mapping',
      text: 'format_version: "13"\nworkflows: {}\n',
      says: /has an empty "workflows" mapping; a service\.yml needs at least one workflow/
    },
    {
      name: 'an empty workflows mapping in block style',
      text: 'format_version: "13"\nworkflows:\n  {}\ntrigger_map: []\n',
      says: /has an empty "workflows" mapping/
    },
    { name: 'no workflows key', text: 'format_version: "13"\n', says: /has no top-level "workflows" mapping/ }
  ])('$name: fails naming config-path, and sends nothing', async ({ text, says }) => {
    const fake = await serve({ 'POST /apps/app-1/service.yml': { body: { status: 'ok' } } })
    const result = await runOperation(
      fake,
      'upload-config',
      { 'app-slug': 'app-1' },
      { workspace: workspace({ 'service.yml': text }) }
    )
    expect(result.code).toBe(1)
    const error = errorLine(result)
    expect(error).toMatch(/^Input "config-path": "service\.yml" /)
    expect(error).toMatch(says)
    expect(error).toMatch(/Nothing was sent to the service\.$/)
    expect(fake.requests).toEqual([])
  })
})

describe('config location', () => {
  it('get-config-location outputs the location', async () => {
    const fake = await serve({ 'GET /apps/app-1/service.yml/config': { body: { location: 'repository' } } })
    const result = await runOperation(fake, 'get-config-location', { 'app-slug': 'app-1' })
    expectSuccess(result)
    expect(sent(fake.requests)).toEqual([
      { method: 'GET', path: '/apps/app-1/service.yml/config', query: {}, body: undefined }
    ])
    expect(result.outputs.location).toBe('repository')
    expect(result.outputs.response).toBe('{"location":"repository"}')
  })

  it.each<{ name: string; location: string; files: Record<string, string>; warning: RegExp | undefined }>([
    { name: 'service: no check of the workspace', location: 'service', files: {}, warning: undefined },
    {
      name: 'repository with service.yml present: no warning',
      location: 'repository',
      files: { 'service.yml': SERVICE_YML },
      warning: undefined
    },
    {
      name: 'repository without service.yml: warns builds will fail',
      location: 'repository',
      files: {},
      warning: /service\.yml is not at the root of the workspace: builds of this app will fail/
    },
    {
      name: 'repository with only service.yaml: warns about the spelling',
      location: 'repository',
      files: { 'service.yaml': SERVICE_YML },
      warning: /there is a service\.yaml, but the service looks for service\.yml/
    }
  ])('set-config-location $name', async ({ location, files, warning }) => {
    const fake = await serve({ 'PUT /apps/app-1/service.yml/config': { status: 204 }, [CHECK]: ACCEPTED })
    const result = await runOperation(
      fake,
      'set-config-location',
      { 'app-slug': 'app-1', location },
      { workspace: workspace(files) }
    )
    expectSuccess(result)
    expect(sent(fake.calls('PUT /apps/app-1/service.yml/config'))).toEqual([
      { method: 'PUT', path: '/apps/app-1/service.yml/config', query: {}, body: { location } }
    ])
    // The checkout's service.yml, when there is one, is checked with the service; nothing else is.
    expect(sent(fake.calls(CHECK))).toEqual(
      location === 'repository' && files['service.yml']
        ? [
            {
              method: 'POST',
              path: '/validate-bitrise-yml',
              query: { app_slug: 'app-1' },
              body: { bitrise_yml: files['service.yml'] }
            }
          ]
        : []
    )
    expect(result.outputs.location).toBe(location)
    // A 204 has no body, so there is no response output.
    expect(result.outputs.response).toBeUndefined()
    const warnings = result.stdout.split('\n').filter((line) => line.startsWith('::warning::'))
    if (warning) {
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatch(warning)
      expect(result.summary).toMatch(warning)
    } else {
      expect(warnings).toEqual([])
    }
  })
})

/** set-config-location repository for app-1 with a service.yml in the workspace: the step passes. */
async function toRepository(fake: FakeService): Promise<RunResult> {
  const result = await runOperation(
    fake,
    'set-config-location',
    { 'app-slug': 'app-1', location: 'repository' },
    { workspace: workspace({ 'service.yml': SERVICE_YML }) }
  )
  expectSuccess(result)
  return result
}

describe("the service's check, read in each of the shapes the service may answer", () => {
  const reason = () => `unknown stack ${randomString(8)}`
  it.each<{ name: string; reply: (why: string) => { status?: number; body: unknown }; shown: (why: string) => string }>(
    [
      {
        name: 'errors as strings on a 200',
        reply: (why) => ({ body: { errors: [`line 4: ${why}`], warnings: ['w'] } }),
        shown: (why) => `line 4: ${why}`
      },
      {
        name: 'errors as objects with a line on a 200',
        reply: (why) => ({ body: { errors: [{ message: why, line: 4 }], warnings: [] } }),
        shown: (why) => `line 4: ${why}`
      },
      { name: 'a 422 with a message', reply: (why) => ({ status: 422, body: { message: why } }), shown: (why) => why }
    ]
  )('upload-config: $name refuses the upload, naming the reason, and uploads nothing', async ({ reply, shown }) => {
    const why = reason()
    const fake = await serve({ [CHECK]: reply(why), 'POST /apps/app-1/service.yml': { body: { status: 'ok' } } })
    const result = await runOperation(
      fake,
      'upload-config',
      { 'app-slug': 'app-1' },
      { workspace: workspace({ 'service.yml': SERVICE_YML }) }
    )
    expect(result.code).toBe(1)
    expect(errorLine(result)).toContain(shown(why))
    expect(errorLine(result)).toMatch(/validate: false to upload it unchecked\. Nothing was uploaded\.$/)
    expect(JSON.parse(result.outputs.errors)).toEqual([shown(why)])
    expect(fake.calls('POST /apps/app-1/service.yml')).toEqual([])
  })

  it('upload-config with validate: false sends no check', async () => {
    const fake = await serve({ 'POST /apps/app-1/service.yml': { body: { status: 'ok' } } })
    const result = await runOperation(
      fake,
      'upload-config',
      { 'app-slug': 'app-1', validate: 'false' },
      { workspace: workspace({ 'service.yml': SERVICE_YML }) }
    )
    expectSuccess(result)
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /apps/app-1/service.yml'])
    expect(result.outputs.errors).toBeUndefined()
  })

  it('set-config-location repository: a refused checkout file is a warning, never a failure', async () => {
    const why = reason()
    const fake = await serve({
      'PUT /apps/app-1/service.yml/config': { status: 204 },
      [CHECK]: { status: 422, body: { message: why } }
    })
    const result = await toRepository(fake)
    const warnings = result.stdout.split('\n').filter((line) => line.startsWith('::warning::'))
    expect(warnings).toEqual([expect.stringContaining(why)])
    expect(warnings[0]).toMatch(/Builds of app-1 will fail until a service\.yml it accepts is committed/)
  })

  it('set-config-location repository: a check that cannot be made is a warning, never a failure', async () => {
    const fake = await serve({
      'PUT /apps/app-1/service.yml/config': { status: 204 },
      [CHECK]: { status: 404, body: { message: 'App not found or unauthorized' } }
    })
    const result = await toRepository(fake)
    expect(result.stdout).toMatch(
      /::warning::"service\.yml" could not be checked with the service: .*App not found or unauthorized/
    )
  })
})
