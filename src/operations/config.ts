import * as core from '../runner.js'
import { constants, existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { ApiError, type ApiClient } from '../client.js'
import { Input, Output } from '../constants.js'
import { InputError, quote } from '../errors.js'
import type { AppInputs, ConfigFileInputs, ConfigLocation, SetConfigLocationInputs } from '../inputs.js'
import { redact } from '../secrets.js'
import { describeProblem, isMapping, parseServiceYml } from '../service-yml.js'
import { describeWorkspacePathProblem, resolveInWorkspace } from '../workspace-path.js'
import type { HandlerContext } from './context.js'
import { appPath } from './paths.js'

/** The app's service.yml as text. */
export async function getConfig(client: ApiClient, appSlug: string): Promise<{ text: string }> {
  const res = await client.get<string>(appPath(appSlug, 'service.yml'), { expect: 'text' })
  return { text: res.body }
}

/**
 * Uploads service.yml. The service's own clients send the YAML text as a string in
 * `app_config_datastore_yaml`; uploading the same text twice has the effect of once.
 */
export async function uploadConfig(client: ApiClient, appSlug: string, yamlText: string): Promise<{ response: string }> {
  const res = await client.post<unknown>(appPath(appSlug, 'service.yml'), { app_config_datastore_yaml: yamlText }, { retry: 'idempotent' })
  return { response: res.text }
}

/** Where the service reads the app's service.yml. */
export async function getConfigLocation(client: ApiClient, appSlug: string): Promise<{ location: string; response: string }> {
  const path = appPath(appSlug, 'service.yml', 'config')
  const res = await client.get<{ location?: unknown } | undefined>(path)
  const location = res.body?.location
  if (typeof location !== 'string' || location === '') {
    throw new ApiError(`GET ${path}: the answer has no "location"`, 'invalid-response', 'GET', path, res.status)
  }
  return { location, response: res.text }
}

/** Tells the service where to read service.yml; the service answers 204 without a body. */
export async function setConfigLocation(client: ApiClient, appSlug: string, location: ConfigLocation): Promise<{ response: string }> {
  const res = await client.put<unknown>(appPath(appSlug, 'service.yml', 'config'), { location })
  return { response: res.text }
}

/**
 * Checks a service.yml text before it is sent: it must parse, and hold a
 * `workflows` mapping, or the service would keep a configuration no build can use.
 */
export function checkConfigText(text: string, shownPath: string): void {
  const parsed = parseServiceYml(text)
  if (!parsed.ok) {
    throw new InputError(Input.configPath, `${quote(shownPath)} is not valid YAML: ${describeProblem(parsed.problem)}`)
  }
  if (!isMapping(parsed.config.workflows)) {
    throw new InputError(
      Input.configPath,
      `${quote(shownPath)} has no top-level "workflows" mapping; a service.yml needs at least one workflow`
    )
  }
  if (Object.keys(parsed.config.workflows).length === 0) {
    throw new InputError(
      Input.configPath,
      `${quote(shownPath)} has an empty "workflows" mapping; a service.yml needs at least one workflow, or no build can run`
    )
  }
}

/**
 * The file to read or write for config-path, checked again right before use: the
 * folders may have changed since the inputs were read (get-config creates them).
 */
function fileInWorkspace(inputs: ConfigFileInputs, afterCall = false): string {
  const checked = resolveInWorkspace(inputs.workspace, inputs.configPathInput)
  if (checked.ok) return checked.real
  const error = new InputError(Input.configPath, describeWorkspacePathProblem(inputs.configPathInput, inputs.workspace, checked))
  // An InputError tells the user nothing was sent; after the download that is no longer true.
  throw afterCall ? new Error(`${error.message}; the file was not written`) : error
}

/** Opening for writing without following a link at the last step: the file was checked to be no link. */
const WRITE_NO_FOLLOW = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0)

/** operation: get-config — writes the app's service.yml into the workspace. */
export async function runGetConfig(inputs: ConfigFileInputs, ctx: HandlerContext): Promise<void> {
  const { text } = await getConfig(ctx.client, inputs.appSlug)
  await mkdir(dirname(fileInWorkspace(inputs, true)), { recursive: true })
  await writeFile(fileInWorkspace(inputs, true), text, { flag: WRITE_NO_FOLLOW })
  ctx.report.output(Output.configPath, inputs.configPath)
  ctx.report.output(Output.response, text)
  core.info(`Wrote the service.yml of ${inputs.appSlug} to ${inputs.configPath} (${Buffer.byteLength(text)} bytes)`)
  ctx.report.summary({
    heading: `service.yml of ${inputs.appSlug} downloaded`,
    facts: [
      ['Written to', inputs.configPathInput],
      ['Size', `${Buffer.byteLength(text)} bytes`]
    ]
  })
}

/** operation: upload-config — checks the file locally, then uploads it. */
export async function runUploadConfig(inputs: ConfigFileInputs, ctx: HandlerContext): Promise<void> {
  let text: string
  try {
    text = await readFile(fileInWorkspace(inputs), 'utf8')
  } catch (error) {
    if (error instanceof InputError) throw error
    const code = (error as { code?: string }).code
    const why = code === 'ENOENT' ? 'does not exist' : code === 'EISDIR' ? 'is a folder, not a file' : `cannot be read (${code ?? (error as Error).message})`
    throw new InputError(Input.configPath, `${quote(inputs.configPathInput)} ${why} in the workspace`)
  }
  checkConfigText(text, inputs.configPathInput)
  const { response } = await uploadConfig(ctx.client, inputs.appSlug, text)
  ctx.report.output(Output.configPath, inputs.configPath)
  ctx.report.output(Output.response, response || undefined)
  core.info(`Uploaded ${inputs.configPathInput} as the service.yml of ${inputs.appSlug}`)
  ctx.report.summary({
    heading: `service.yml of ${inputs.appSlug} uploaded`,
    facts: [
      ['From', inputs.configPathInput],
      ['Size', `${Buffer.byteLength(text)} bytes`]
    ]
  })
}

/** operation: get-config-location */
export async function runGetConfigLocation(inputs: AppInputs, ctx: HandlerContext): Promise<void> {
  const { location, response } = await getConfigLocation(ctx.client, inputs.appSlug)
  ctx.report.output(Output.location, location)
  ctx.report.output(Output.response, response)
  core.info(redact(`The service reads the service.yml of ${inputs.appSlug} from: ${location}`))
  ctx.report.summary({ heading: `service.yml location of ${inputs.appSlug}`, facts: [['Location', location]] })
}

/** Spellings of the file a person might have committed; the service reads `service.yml`. */
const CONFIG_FILE = 'service.yml'
const OTHER_SPELLINGS = ['service.yaml', 'Service.yml']

/**
 * Why builds would fail after switching to `repository`, or undefined when
 * service.yml is at the root of the workspace.
 */
export function missingRepositoryConfig(workspace: string): string | undefined {
  if (existsSync(join(workspace, CONFIG_FILE))) return undefined
  const other = OTHER_SPELLINGS.find((name) => existsSync(join(workspace, name)))
  const found = other ? ` (there is a ${other}, but the service looks for ${CONFIG_FILE})` : ''
  return (
    `${CONFIG_FILE} is not at the root of the workspace${found}: builds of this app will fail until ${CONFIG_FILE} ` +
    `is committed to the root of its repository. (If this job did not check out the app's repository, check it there.)`
  )
}

/** operation: set-config-location — warns when `repository` is chosen and no service.yml is in sight. */
export async function runSetConfigLocation(inputs: SetConfigLocationInputs, ctx: HandlerContext): Promise<void> {
  const { response } = await setConfigLocation(ctx.client, inputs.appSlug, inputs.location)
  ctx.report.output(Output.location, inputs.location)
  ctx.report.output(Output.response, response || undefined)
  core.info(`The service now reads the service.yml of ${inputs.appSlug} from: ${inputs.location}`)
  const warning = inputs.location === 'repository' ? missingRepositoryConfig(inputs.workspace) : undefined
  if (warning) core.warning(warning)
  ctx.report.summary({
    heading: `service.yml location of ${inputs.appSlug} set`,
    facts: [['Location', inputs.location]],
    lines: warning ? [warning] : undefined
  })
}
