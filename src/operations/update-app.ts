/** operation: update-app — changes only the given fields of an app. */
import { getApp, updateApp as update, type App, type AppChanges } from '../api/apps.js'
import { Input, Output } from '../constants.js'
import { InputError } from '../inputs/input-error.js'
import * as read from '../inputs/readers.js'
import type { GetInput } from '../inputs/readers.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'

export interface UpdateAppInputs {
  appSlug: string
  fields: AppChanges
}

export const updateApp = defineOperation<UpdateAppInputs>({
  name: 'update-app',
  role: 'Owner or Admin',
  writes: true,
  inputs: [
    Input.appSlug,
    Input.title,
    Input.defaultBranch,
    Input.isPublic,
    Input.repositoryUrl,
    Input.appleCredentialUserId,
    Input.appleCredentialUserSlug,
    Input.servicesCredentialUserId
  ],
  required: [Input.appSlug],
  outputs: [Output.app, Output.response],
  read: readUpdateApp,
  run: runUpdateApp
})

function readUpdateApp(get: GetInput): UpdateAppInputs {
  const appSlug = read.requiredSlug(get, Input.appSlug)
  const fields: AppChanges = {
    title: read.singleLine(get, Input.title),
    default_branch: read.gitRefName(get, Input.defaultBranch),
    is_public: read.optionalBoolean(get, Input.isPublic),
    repository_url: read.gitUrl(get, Input.repositoryUrl),
    apple_credential_user_id: read.singleLine(get, Input.appleCredentialUserId),
    apple_credential_user_slug: read.slug(get, Input.appleCredentialUserSlug),
    services_credential_user_id: read.singleLine(get, Input.servicesCredentialUserId)
  }
  for (const [key, value] of Object.entries(fields))
    if (value === undefined) delete (fields as Record<string, unknown>)[key]
  if (Object.keys(fields).length === 0) {
    throw new InputError(
      Input.title,
      'update-app needs at least one field to change: title, default-branch, is-public, repository-url or a credential input'
    )
  }
  return { appSlug, fields }
}

async function runUpdateApp(inputs: UpdateAppInputs, ctx: HandlerContext): Promise<void> {
  const { app, response } = await update(ctx.client, inputs.appSlug, inputs.fields)
  ctx.output(Output.app, app ?? (await readBack(inputs.appSlug, ctx)))
  ctx.output(Output.response, response || undefined)
  ctx.info(`Updated app ${inputs.appSlug}: ${Object.keys(inputs.fields).join(', ')}`)
  ctx.summary({
    heading: `App ${inputs.appSlug} updated`,
    lead: { mark: 'success', result: 'Updated', subject: [inputs.appSlug] },
    facts: Object.entries(inputs.fields).map(([field, value]) => [field, value])
  })
}

/**
 * The app as it is after the change. The published contract's answer to the change is
 * `{status}` only, so the app is read back; a failed read is a warning, since the change was made.
 */
async function readBack(appSlug: string, ctx: HandlerContext): Promise<App | undefined> {
  try {
    return (await getApp(ctx.client, appSlug)).app
  } catch (error) {
    ctx.warning(
      `The app ${appSlug} was updated, but reading it back failed, so the app output is empty: ${(error as Error).message}`
    )
    return undefined
  }
}
