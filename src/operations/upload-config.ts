/** operation: upload-config — checks the service.yml in the workspace, then uploads it. */
import { readFile } from 'node:fs/promises'
import { uploadConfig as upload } from '../api/config.js'
import { Input, Output } from '../constants.js'
import { InputError } from '../inputs/input-error.js'
import { quote } from '../safe-text.js'
import { describeProblem, isMapping, parseServiceYml } from '../service-yml/parse.js'
import { CONFIG_FILE_OPERATION, fileInWorkspace, type ConfigFileInputs } from './config-file.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'

export const uploadConfig = defineOperation<ConfigFileInputs>({
  name: 'upload-config',
  role: 'Owner or Admin',
  writes: true,
  ...CONFIG_FILE_OPERATION,
  run: runUploadConfig
})

/**
 * Checks a service.yml text before it is sent: it must parse, and hold a
 * `workflows` mapping, or the service would keep a configuration no build can use.
 */
export function checkConfigText(text: string, shownPath: string): void {
  const parsed = parseServiceYml(text)
  if (!parsed.ok) throw new InputError(Input.configPath, `${quote(shownPath)} is not valid YAML: ${describeProblem(parsed.problem)}`)
  if (!isMapping(parsed.config.workflows)) {
    throw new InputError(Input.configPath, `${quote(shownPath)} has no top-level "workflows" mapping; a service.yml needs at least one workflow`)
  }
  if (Object.keys(parsed.config.workflows).length === 0) {
    throw new InputError(Input.configPath, `${quote(shownPath)} has an empty "workflows" mapping; a service.yml needs at least one workflow, or no build can run`)
  }
}

/** The file's text; a file that is missing or cannot be read is a bad config-path. */
async function readConfigText(inputs: ConfigFileInputs): Promise<string> {
  try {
    return await readFile(fileInWorkspace(inputs), 'utf8')
  } catch (error) {
    if (error instanceof InputError) throw error
    const code = (error as { code?: string }).code
    const why = code === 'ENOENT' ? 'does not exist' : code === 'EISDIR' ? 'is a folder, not a file' : `cannot be read (${code ?? (error as Error).message})`
    throw new InputError(Input.configPath, `${quote(inputs.configPathInput)} ${why} in the workspace`)
  }
}

async function runUploadConfig(inputs: ConfigFileInputs, ctx: HandlerContext): Promise<void> {
  const text = await readConfigText(inputs)
  checkConfigText(text, inputs.configPathInput)
  const { response } = await upload(ctx.client, inputs.appSlug, text)
  ctx.output(Output.configPath, inputs.configPath)
  ctx.output(Output.response, response || undefined)
  ctx.info(`Uploaded ${inputs.configPathInput} as the service.yml of ${inputs.appSlug}`)
  ctx.summary({
    heading: `service.yml of ${inputs.appSlug} uploaded`,
    facts: [
      ['From', inputs.configPathInput],
      ['Size', `${Buffer.byteLength(text)} bytes`]
    ]
  })
}
