/**
 * operation: set-config-location — tells the service where to read service.yml. With
 * `repository`, it also checks the service.yml of the workspace's checkout, when there is one,
 * with the service, and warns (never fails) when it is missing or refused.
 */
import { existsSync } from 'node:fs'
import { basename, join } from 'node:path'
import { setConfigLocation as write, type ConfigLocation } from '../api/config.js'
import { validateConfig } from '../api/validation.js'
import { Input, Output } from '../constants.js'
import { oneOf, required, requiredSlug, type GetInput } from '../inputs/readers.js'
import { quote } from '../safe-text.js'
import type { HandlerContext } from '../step/context.js'
import {
  configPathText,
  DEFAULT_CONFIG_PATH,
  fileInWorkspace,
  readConfigPath,
  readConfigText,
  type ConfigFileInputs
} from './config-file.js'
import { countFindings } from './config-findings.js'
import { defineOperation } from './operation.js'

export interface SetConfigLocationInputs {
  appSlug: string
  location: ConfigLocation
  workspace: string
  /** Where the checkout's service.yml is, checked with `repository`. */
  file: Omit<ConfigFileInputs, 'appSlug'>
}

export const setConfigLocation = defineOperation<SetConfigLocationInputs>({
  name: 'set-config-location',
  role: 'Admin access',
  writes: true,
  inputs: [Input.appSlug, Input.location, Input.configPath],
  // The file is checked only when the service is told to read it from the repository.
  needs: [
    {
      inputs: [Input.configPath],
      says: `${Input.location}: repository`,
      holds: (value) => value(Input.location) === 'repository'
    }
  ],
  required: [Input.appSlug, Input.location],
  outputs: [Output.location, Output.response],
  read: (get: GetInput, env) => ({
    appSlug: requiredSlug(get, Input.appSlug),
    location: required(Input.location, oneOf(get, Input.location, ['service', 'repository'] as const)),
    workspace: env.GITHUB_WORKSPACE || process.cwd(),
    file: readConfigPath(env, configPathText(get) ?? DEFAULT_CONFIG_PATH)
  }),
  run: runSetConfigLocation
})

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

/**
 * What the service says of the checkout's service.yml (the file the service will read from the
 * repository, if this job checked the app's repository out): warnings only, never a failure,
 * since the location is already set and the file may be committed later.
 */
async function checkRepositoryConfig(inputs: SetConfigLocationInputs, ctx: HandlerContext): Promise<string[]> {
  const shown = quote(inputs.file.configPathInput)
  const isDefault = inputs.file.configPathInput === DEFAULT_CONFIG_PATH
  let exists: boolean
  try {
    exists = existsSync(fileInWorkspace(inputs.file))
  } catch (error) {
    return [`${Input.configPath} ${shown} could not be checked: ${(error as Error).message}`]
  }
  if (!exists) {
    if (isDefault) return [missingRepositoryConfig(inputs.workspace) as string]
    return [
      `${Input.configPath} ${shown} is not in the workspace, so the service.yml the service will read was not checked.`
    ]
  }
  const renamed =
    basename(inputs.file.configPath) === CONFIG_FILE
      ? []
      : [`${shown} is not named ${CONFIG_FILE}: the service reads ${CONFIG_FILE} at the root of the repository.`]
  try {
    const findings = await validateConfig(ctx.client, await readConfigText(inputs.file), inputs.appSlug, ctx.signal)
    if (findings.errors.length === 0) {
      ctx.info(`Checked ${shown} with the service: ${countFindings(findings)}.`)
      return [...renamed, ...findings.warnings.map((warning) => `${shown}: ${warning}`)]
    }
    const first = findings.errors.slice(0, 5).join('; ')
    return [
      ...renamed,
      `The service refuses ${shown} (${countFindings(findings)}): ${first}. Builds of ${inputs.appSlug} will fail until a service.yml it accepts is committed.`
    ]
  } catch (error) {
    return [...renamed, `${shown} could not be checked with the service: ${(error as Error).message}`]
  }
}

async function runSetConfigLocation(inputs: SetConfigLocationInputs, ctx: HandlerContext): Promise<void> {
  const { response } = await write(ctx.client, inputs.appSlug, inputs.location)
  ctx.output(Output.location, inputs.location)
  ctx.output(Output.response, response || undefined)
  ctx.info(`The service now reads the service.yml of ${inputs.appSlug} from: ${inputs.location}`)
  const warnings = inputs.location === 'repository' ? await checkRepositoryConfig(inputs, ctx) : []
  for (const warning of warnings) ctx.warning(warning)
  ctx.summary({
    heading: `service.yml location of ${inputs.appSlug} set`,
    lead: {
      mark: warnings.length > 0 ? 'warning' : 'success',
      result: `service.yml from ${inputs.location}`,
      subject: [inputs.appSlug]
    },
    facts: [['Location', inputs.location]],
    lines: warnings.length > 0 ? warnings : undefined
  })
}
