/** The service.yml file in the workspace that get-config writes and upload-config sends. */
import { readFile } from 'node:fs/promises'
import { relative, resolve, sep } from 'node:path'
import { Input, Output } from '../constants.js'
import { InputError } from '../inputs/input-error.js'
import { pathText, requiredSlug, type GetInput } from '../inputs/readers.js'
import { describeWorkspacePathProblem, resolveInWorkspace } from '../inputs/workspace-path.js'
import { quote } from '../safe-text.js'

export interface ConfigFileInputs {
  appSlug: string
  /** Absolute path inside the workspace. */
  configPath: string
  /** The path as given, for messages and the output. */
  configPathInput: string
  /** The workspace the path was checked against; checked again right before the file is used. */
  workspace: string
}

/** The file get-config, upload-config and set-config-location use when config-path is empty. */
export const DEFAULT_CONFIG_PATH = 'service.yml'

/** Reads the app slug and config-path, refusing a path that leaves the workspace. */
export function readConfigFile(get: GetInput, env: NodeJS.ProcessEnv): ConfigFileInputs {
  const appSlug = requiredSlug(get, Input.appSlug)
  return { appSlug, ...readConfigPath(env, configPathText(get) ?? DEFAULT_CONFIG_PATH) }
}

/** config-path as written, never a boolean-looking value (upload-config's switch is validate). */
export function configPathText(get: GetInput): string | undefined {
  return pathText(
    get,
    Input.configPath,
    `it names the service.yml file (empty means ${DEFAULT_CONFIG_PATH}); upload-config's check before sending is ${Input.validate}: true`
  )
}

/** config-path as given, checked to stay inside the workspace. */
export function readConfigPath(env: NodeJS.ProcessEnv, given: string): Omit<ConfigFileInputs, 'appSlug'> {
  const workspace = resolve(env.GITHUB_WORKSPACE || process.cwd())
  const checked = resolveInWorkspace(workspace, given)
  if (!checked.ok) throw new InputError(Input.configPath, describeWorkspacePathProblem(given, workspace, checked))
  return { configPath: checked.full, configPathInput: given, workspace }
}

/** The file's text; a file that is missing or cannot be read is a bad config-path. */
export async function readConfigText(inputs: Omit<ConfigFileInputs, 'appSlug'>): Promise<string> {
  try {
    return await readFile(fileInWorkspace(inputs), 'utf8')
  } catch (error) {
    if (error instanceof InputError) throw error
    const code = (error as { code?: string }).code
    const why =
      code === 'ENOENT'
        ? 'does not exist'
        : code === 'EISDIR'
          ? 'is a folder, not a file'
          : `cannot be read (${code ?? (error as Error).message})`
    throw new InputError(Input.configPath, `${quote(inputs.configPathInput)} ${why} in the workspace`)
  }
}

/**
 * config-path as a path from the workspace, with `/` between folders: the form an annotation's
 * `file` takes (the workspace is where actions/checkout puts the repository by default).
 */
export function workspaceRelativePath(inputs: Omit<ConfigFileInputs, 'appSlug'>): string {
  return relative(inputs.workspace, inputs.configPath).split(sep).join('/')
}

/**
 * The file to read or write for config-path, checked again right before use: the
 * folders may have changed since the inputs were read (get-config creates them).
 */
export function fileInWorkspace(inputs: Omit<ConfigFileInputs, 'appSlug'>, afterCall = false): string {
  const checked = resolveInWorkspace(inputs.workspace, inputs.configPathInput)
  if (checked.ok) return checked.real
  const error = new InputError(
    Input.configPath,
    describeWorkspacePathProblem(inputs.configPathInput, inputs.workspace, checked)
  )
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
