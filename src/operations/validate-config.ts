/** operation: validate-config — asks the service to check a service.yml: a file of the workspace, or the app's current one. */
import { getConfig } from '../api/config.js'
import { validateConfig as validate } from '../api/validation.js'
import { Input, Output } from '../constants.js'
import { InputError } from '../inputs/input-error.js'
import { slug, type GetInput } from '../inputs/readers.js'
import type { HandlerContext } from '../step/context.js'
import {
  configPathText,
  readConfigPath,
  readConfigText,
  workspaceRelativePath,
  type ConfigFileInputs
} from './config-file.js'
import { annotateFindings, countFindings, findingLines, outputFindings } from './config-findings.js'
import { defineOperation } from './operation.js'

export interface ValidateConfigInputs {
  /** Checked against this app's stacks and machine types; without it, the service checks what needs no app. */
  appSlug?: string
  /** The workspace file to check; absent: the app's current service.yml. */
  file?: Omit<ConfigFileInputs, 'appSlug'>
}

export const validateConfig = defineOperation<ValidateConfigInputs>({
  name: 'validate-config',
  writes: false,
  role: 'any role on the app to check a file (Owner, Admin or Platform Engineer to check the current service.yml)',
  inputs: [Input.appSlug, Input.configPath],
  outputs: [Output.errors, Output.warnings, Output.response],
  read: readValidateConfig,
  run: runValidateConfig
})

function readValidateConfig(get: GetInput, env: NodeJS.ProcessEnv): ValidateConfigInputs {
  const appSlug = slug(get, Input.appSlug)
  const given = configPathText(get)
  if (given === undefined && appSlug === undefined) {
    throw new InputError(
      Input.appSlug,
      `is required when ${Input.configPath} is empty: set ${Input.configPath} to a file of the workspace, or ${Input.appSlug} to check the app's current service.yml`
    )
  }
  return { appSlug, file: given === undefined ? undefined : readConfigPath(env, given) }
}

async function runValidateConfig(inputs: ValidateConfigInputs, ctx: HandlerContext): Promise<void> {
  const { appSlug, file } = inputs
  const text = file ? await readConfigText(file) : (await getConfig(ctx.client, appSlug as string)).text
  const what = file ? file.configPathInput : `the current service.yml of ${appSlug}`
  const findings = await validate(ctx.client, text, appSlug, ctx.signal)
  outputFindings(ctx, findings)
  ctx.output(Output.response, findings.response || undefined)
  const against = appSlug
    ? `against the stacks and machine types of ${appSlug}`
    : 'without an app (set app-slug to check stacks and machine types too)'
  const verdict = `${what}: ${countFindings(findings)}, checked ${against}.`
  ctx.info(verdict)
  annotateFindings(ctx, findings, {
    what,
    title: 'service.yml check',
    file: file ? workspaceRelativePath(file) : undefined
  })
  const failed = findings.errors.length > 0
  ctx.summary({
    heading: `${failed ? '❌' : '✅'} service.yml check: ${what} ${failed ? 'has errors' : 'is accepted'}`,
    lines: [verdict, ...findingLines(findings)],
    facts: [
      ['Checked', what],
      ['App', appSlug],
      ['Errors', findings.errors.length],
      ['Warnings', findings.warnings.length]
    ]
  })
  if (failed) {
    throw new Error(
      `The service refused ${what}: ${findings.errors.slice(0, 5).join('; ')}${findings.errors.length > 5 ? `; and ${findings.errors.length - 5} more (see the errors output)` : ''}`
    )
  }
}
