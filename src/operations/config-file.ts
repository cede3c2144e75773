/** The service.yml file in the workspace that get-config writes and upload-config sends. */
import { resolve } from 'node:path'
import { Input, Output } from '../constants.js'
import { InputError } from '../inputs/input-error.js'
import { requiredSlug, singleLine, type GetInput } from '../inputs/readers.js'
import { describeWorkspacePathProblem, resolveInWorkspace } from '../inputs/workspace-path.js'

export interface ConfigFileInputs {
  appSlug: string
  /** Absolute path inside the workspace. */
  configPath: string
  /** The path as given, for messages and the output. */
  configPathInput: string
  /** The workspace the path was checked against; checked again right before the file is used. */
  workspace: string
}


/** Reads the app slug and config-path, refusing a path that leaves the workspace. */
export function readConfigFile(get: GetInput, env: NodeJS.ProcessEnv): ConfigFileInputs {
  const appSlug = requiredSlug(get, Input.appSlug)
  const given = singleLine(get, Input.configPath) ?? 'service.yml'
  const workspace = resolve(env.GITHUB_WORKSPACE || process.cwd())
  const checked = resolveInWorkspace(workspace, given)
  if (!checked.ok) throw new InputError(Input.configPath, describeWorkspacePathProblem(given, workspace, checked))
  return { appSlug, configPath: checked.full, configPathInput: given, workspace }
}

/**
 * The file to read or write for config-path, checked again right before use: the
 * folders may have changed since the inputs were read (get-config creates them).
 */
export function fileInWorkspace(inputs: ConfigFileInputs, afterCall = false): string {
  const checked = resolveInWorkspace(inputs.workspace, inputs.configPathInput)
  if (checked.ok) return checked.real
  const error = new InputError(Input.configPath, describeWorkspacePathProblem(inputs.configPathInput, inputs.workspace, checked))
  // An InputError tells the user nothing was sent; after the download that is no longer true.
  throw afterCall ? new Error(`${error.message}; the file was not written`) : error
}

/** What get-config and upload-config declare alike: the inputs they read, how, and the outputs they set. */
export const CONFIG_FILE_OPERATION = {
  inputs: [Input.appSlug, Input.configPath],
  required: [Input.appSlug],
  outputs: [Output.configPath, Output.response],
  read: readConfigFile
} as const
