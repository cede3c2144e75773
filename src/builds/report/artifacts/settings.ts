/** What a step is asked to do with a build's artifacts: list them, and download them into a folder of the workspace. */
import { Input } from '../../../constants.js'
import { InputError } from '../../../inputs/input-error.js'
import type { InputNeed } from '../../../inputs/input-use.js'
import { booleanFlag, integerInRange, pathText, type GetInput } from '../../../inputs/readers.js'
import { describeWorkspacePathProblem, resolveInWorkspace } from '../../../inputs/workspace-path.js'

/** What to do with a build's artifacts. */
export interface ArtifactSettings {
  /** The folder to download into; undefined lists only. */
  downloadDir?: string
  maxBytes: number
}

/** The inputs readArtifactSettings reads. */
export const ARTIFACT_INPUTS = [Input.downloadArtifacts, Input.maxArtifactBytes] as const

/** max-artifact-bytes bounds a download, so it is read only with download-artifacts. */
export const DOWNLOAD_NEED: InputNeed = {
  inputs: [Input.maxArtifactBytes],
  says: Input.downloadArtifacts,
  holds: (value) => value(Input.downloadArtifacts) !== ''
}

/** Reads where to download artifacts and how big one may be (1 GiB unless set). */
export function readArtifactSettings(get: GetInput, env: NodeJS.ProcessEnv): ArtifactSettings {
  const given = pathText(
    get,
    Input.downloadArtifacts,
    `to list the artifacts, set ${Input.listArtifacts}: true; to download them, give the folder, e.g. ${Input.downloadArtifacts}: artifacts`
  )
  let downloadDir: string | undefined
  if (given !== undefined) {
    const workspace = env.GITHUB_WORKSPACE || process.cwd()
    const checked = resolveInWorkspace(workspace, given)
    if (!checked.ok)
      throw new InputError(Input.downloadArtifacts, describeWorkspacePathProblem(given, workspace, checked))
    downloadDir = checked.real
  }
  return {
    downloadDir,
    maxBytes: integerInRange(get, Input.maxArtifactBytes, 1024 ** 3, 1, Number.MAX_SAFE_INTEGER)
  }
}

/** The inputs readTriggerArtifacts reads. */
export const TRIGGER_ARTIFACT_INPUTS = [Input.listArtifacts, ...ARTIFACT_INPUTS] as const

/** What else the trigger was asked to do, which decides whether artifacts can be had. */
export interface TriggerShape {
  waiting: boolean
  severalApps: boolean
  pipeline: boolean
}

/** On a trigger: what to do with the build's artifacts once it has succeeded, or undefined when nothing is asked. */
export function readTriggerArtifacts(
  get: GetInput,
  env: NodeJS.ProcessEnv,
  { waiting, severalApps, pipeline }: TriggerShape
): ArtifactSettings | undefined {
  const list = booleanFlag(get, Input.listArtifacts, false)
  const asked = list
    ? Input.listArtifacts
    : get(Input.downloadArtifacts).trim() !== ''
      ? Input.downloadArtifacts
      : undefined
  if (asked === undefined) return undefined
  // The service keeps artifacts per build, and a pipeline is several builds: which of them
  // to list, and how their files would share one folder, has no answer that is right for all.
  if (pipeline) {
    throw new InputError(
      asked,
      `cannot be used together with ${Input.pipeline}: artifacts belong to one build and a pipeline runs several; use the list-artifacts operation with a build-slug from the pipeline's builds output`
    )
  }
  if (!waiting)
    throw new InputError(
      asked,
      'needs wait: true on trigger: the artifacts are there only once the build has succeeded'
    )
  if (severalApps)
    throw new InputError(
      asked,
      'works with one app only; use the list-artifacts operation for each build of the builds output'
    )
  return readArtifactSettings(get, env)
}
