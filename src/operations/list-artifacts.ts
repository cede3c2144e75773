/** operation: list-artifacts — a build's artifacts, with their public install pages, downloaded into a folder when asked. */
import { reportArtifacts } from '../builds/report/artifacts/report.js'
import {
  ARTIFACT_INPUTS,
  DOWNLOAD_NEED,
  readArtifactSettings,
  type ArtifactSettings
} from '../builds/report/artifacts/settings.js'
import { Input, Output } from '../constants.js'
import { requiredSlug, type GetInput } from '../inputs/readers.js'
import { defineOperation } from './operation.js'

interface ListArtifactsInputs {
  appSlug: string
  buildSlug: string
  settings: ArtifactSettings
}

export const listArtifacts = defineOperation<ListArtifactsInputs>({
  name: 'list-artifacts',
  role: 'any role on the app team',
  writes: false,
  inputs: [Input.appSlug, Input.buildSlug, ...ARTIFACT_INPUTS],
  needs: [DOWNLOAD_NEED],
  required: [Input.appSlug, Input.buildSlug],
  outputs: [Output.artifacts, Output.artifactsDir, Output.response],
  read: (get: GetInput, env) => ({
    appSlug: requiredSlug(get, Input.appSlug),
    buildSlug: requiredSlug(get, Input.buildSlug),
    settings: readArtifactSettings(get, env)
  }),
  run: (inputs, ctx) => reportArtifacts(inputs.appSlug, inputs.buildSlug, inputs.settings, ctx)
})
