/** operation: upload-config — checks the service.yml in the workspace (locally, then by the service), then uploads it. */
import { uploadConfig as upload } from '../api/config.js'
import { validateConfig, type ConfigFindings } from '../api/validation.js'
import { Input, Output } from '../constants.js'
import { ApiError } from '../http/api-error.js'
import { InputError } from '../inputs/input-error.js'
import { booleanFlag, type GetInput } from '../inputs/readers.js'
import { quote } from '../safe-text.js'
import { describeProblem, isMapping, parseServiceYml } from '../service-yml/parse.js'
import {
  CONFIG_FILE_OPERATION,
  readConfigFile,
  readConfigText,
  workspaceRelativePath,
  type ConfigFileInputs
} from './config-file.js'
import { annotateFindings, countFindings, findingLines, outputFindings } from './config-findings.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'

export interface UploadConfigInputs extends ConfigFileInputs {
  /** Ask the service to check the file first, and upload nothing when it finds errors. */
  validate: boolean
}

export const uploadConfig = defineOperation<UploadConfigInputs>({
  name: 'upload-config',
  role: 'Owner, Admin or Platform Engineer (who edits Workflows)',
  writes: true,
  inputs: [...CONFIG_FILE_OPERATION.inputs, Input.validate],
  required: CONFIG_FILE_OPERATION.required,
  outputs: [...CONFIG_FILE_OPERATION.outputs, Output.errors, Output.warnings],
  read: (get: GetInput, env) => ({ ...readConfigFile(get, env), validate: booleanFlag(get, Input.validate, true) }),
  run: runUploadConfig
})

/**
 * Checks a service.yml text before it is sent: it must parse, and hold a
 * `workflows` mapping, or the service would keep a configuration no build can use.
 */
export function checkConfigText(text: string, shownPath: string): void {
  const parsed = parseServiceYml(text)
  if (!parsed.ok)
    throw new InputError(Input.configPath, `${quote(shownPath)} is not valid YAML: ${describeProblem(parsed.problem)}`)
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

/** The service's findings on the file; throws, uploading nothing, when it found errors. */
async function checkByService(inputs: UploadConfigInputs, text: string, ctx: HandlerContext): Promise<ConfigFindings> {
  let findings: ConfigFindings
  try {
    findings = await validateConfig(ctx.client, text, inputs.appSlug, ctx.signal)
  } catch (error) {
    const suffix = ` (while the service checked ${quote(inputs.configPathInput)} before the upload; ${Input.validate}: false skips the check). Nothing was uploaded.`
    throw error instanceof ApiError ? error.withSuffix(suffix) : error
  }
  outputFindings(ctx, findings)
  annotateFindings(ctx, findings, {
    what: inputs.configPathInput,
    title: 'service.yml check before the upload',
    file: workspaceRelativePath(inputs)
  })
  if (findings.errors.length === 0) return findings
  const lines = findingLines(findings)
  ctx.summary({
    heading: `service.yml of ${inputs.appSlug} not uploaded: the service found errors`,
    lead: {
      mark: 'failure',
      result: 'Not uploaded: the service found errors',
      subject: [inputs.appSlug, inputs.configPathInput]
    },
    lines: [`${inputs.configPathInput}: ${countFindings(findings)}.`, ...lines, 'Nothing was uploaded.']
  })
  throw new Error(
    `The service's check of ${quote(inputs.configPathInput)} for ${inputs.appSlug} found ${findings.errors.length} error(s): ${findings.errors.slice(0, 5).join('; ')}` +
      `${findings.errors.length > 5 ? '; ...' : ''}. Fix the file (the errors output lists every error), or set ${Input.validate}: false to upload it unchecked. Nothing was uploaded.`
  )
}

async function runUploadConfig(inputs: UploadConfigInputs, ctx: HandlerContext): Promise<void> {
  const text = await readConfigText(inputs)
  checkConfigText(text, inputs.configPathInput)
  const findings = inputs.validate ? await checkByService(inputs, text, ctx) : undefined
  const { response } = await upload(ctx.client, inputs.appSlug, text)
  ctx.output(Output.configPath, inputs.configPath)
  ctx.output(Output.response, response || undefined)
  ctx.info(
    `Uploaded ${inputs.configPathInput} as the service.yml of ${inputs.appSlug}${findings ? ` (${countFindings(findings)})` : ' (not checked by the service: validate is false)'}`
  )
  ctx.summary({
    heading: `service.yml of ${inputs.appSlug} uploaded`,
    lead: {
      mark: findings && findings.warnings.length > 0 ? 'warning' : 'success',
      result: 'Uploaded',
      subject: [inputs.appSlug, inputs.configPathInput]
    },
    facts: [
      ['From', inputs.configPathInput],
      ['Size', `${Buffer.byteLength(text)} bytes`],
      [
        'Checked by the service',
        findings
          ? `yes: ${findings.errors.length} error(s), ${findings.warnings.length} warning(s)`
          : 'no (validate: false)'
      ]
    ],
    lines: findings && findings.warnings.length > 0 ? findingLines(findings) : undefined
  })
}
