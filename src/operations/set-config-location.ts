/** operation: set-config-location — tells the service where to read service.yml, warning when `repository` is chosen and no service.yml is in sight. */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { setConfigLocation as write, type ConfigLocation } from '../api/config.js'
import { Input, Output } from '../constants.js'
import { oneOf, required, requiredSlug, type GetInput } from '../inputs/readers.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'

export interface SetConfigLocationInputs {
  appSlug: string
  location: ConfigLocation
  workspace: string
}

export const setConfigLocation = defineOperation<SetConfigLocationInputs>({
  name: 'set-config-location',
  role: 'Admin access',
  inputs: [Input.appSlug, Input.location],
  required: [Input.appSlug, Input.location],
  outputs: [Output.location, Output.response],
  read: (get: GetInput, env) => ({
    appSlug: requiredSlug(get, Input.appSlug),
    location: required(Input.location, oneOf(get, Input.location, ['service', 'repository'] as const)),
    workspace: env.GITHUB_WORKSPACE || process.cwd()
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

async function runSetConfigLocation(inputs: SetConfigLocationInputs, ctx: HandlerContext): Promise<void> {
  const { response } = await write(ctx.client, inputs.appSlug, inputs.location)
  ctx.output(Output.location, inputs.location)
  ctx.output(Output.response, response || undefined)
  ctx.info(`The service now reads the service.yml of ${inputs.appSlug} from: ${inputs.location}`)
  const warning = inputs.location === 'repository' ? missingRepositoryConfig(inputs.workspace) : undefined
  if (warning) ctx.warning(warning)
  ctx.summary({ heading: `service.yml location of ${inputs.appSlug} set`, facts: [['Location', inputs.location]], lines: warning ? [warning] : undefined })
}
