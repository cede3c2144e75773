/** operation: get-config — writes the app's service.yml into the workspace. */
import { constants } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { getConfig as download } from '../api/config.js'
import { Output } from '../constants.js'
import { CONFIG_FILE_OPERATION, fileInWorkspace, type ConfigFileInputs } from './config-file.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'

/** Opening for writing without following a link at the last step: the file was checked to be no link. */
const WRITE_NO_FOLLOW = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0)

export const getConfig = defineOperation<ConfigFileInputs>({
  name: 'get-config',
  role: 'Owner, Admin or Platform Engineer (who edits Workflows)',
  writes: false,
  ...CONFIG_FILE_OPERATION,
  run: runGetConfig
})

async function runGetConfig(inputs: ConfigFileInputs, ctx: HandlerContext): Promise<void> {
  const { text } = await download(ctx.client, inputs.appSlug)
  await mkdir(dirname(fileInWorkspace(inputs, true)), { recursive: true })
  await writeFile(fileInWorkspace(inputs, true), text, { flag: WRITE_NO_FOLLOW })
  ctx.output(Output.configPath, inputs.configPath)
  ctx.output(Output.response, text)
  ctx.info(`Wrote the service.yml of ${inputs.appSlug} to ${inputs.configPath} (${Buffer.byteLength(text)} bytes)`)
  ctx.summary({
    heading: `service.yml of ${inputs.appSlug} downloaded`,
    lead: { mark: 'success', result: 'Downloaded', subject: [inputs.appSlug, 'service.yml'] },
    facts: [
      ['Written to', inputs.configPathInput],
      ['Size', `${Buffer.byteLength(text)} bytes`]
    ]
  })
}
