/** operation: set-email-notifications — when the service emails about an app's builds. */
import { setEmailNotifications as write, type NotificationSetting } from '../api/notifications.js'
import { Input, Output } from '../constants.js'
import { InputError } from '../inputs/input-error.js'
import { oneOf, requiredSlug, type GetInput } from '../inputs/readers.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'

export interface NotificationInputs {
  appSlug: string
  onSuccess?: NotificationSetting
  onFailure?: NotificationSetting
}

const SETTINGS = ['always', 'never', 'change'] as const

export const setEmailNotifications = defineOperation<NotificationInputs>({
  name: 'set-email-notifications',
  role: 'a role permitted to change notification settings (not specified by the interface)',
  writes: true,
  inputs: [Input.appSlug, Input.onSuccess, Input.onFailure],
  required: [Input.appSlug],
  outputs: [Output.response],
  read: readSettings,
  run: runSetEmailNotifications
})

function readSettings(get: GetInput): NotificationInputs {
  const appSlug = requiredSlug(get, Input.appSlug)
  const onSuccess = oneOf(get, Input.onSuccess, SETTINGS)
  const onFailure = oneOf(get, Input.onFailure, SETTINGS)
  if (!onSuccess && !onFailure)
    throw new InputError(
      Input.onSuccess,
      `and ${Input.onFailure} are both empty; set at least one to always, never or change`
    )
  return { appSlug, onSuccess, onFailure }
}

async function runSetEmailNotifications(inputs: NotificationInputs, ctx: HandlerContext): Promise<void> {
  const { response } = await write(ctx.client, inputs.appSlug, inputs)
  ctx.output(Output.response, response || undefined)
  ctx.info(`Updated the email notifications of ${inputs.appSlug}`)
  ctx.summary({
    heading: `Email notifications of ${inputs.appSlug} updated`,
    lead: { mark: 'success', result: 'Updated', subject: [inputs.appSlug, 'email notifications'] },
    facts: [
      ['On success', inputs.onSuccess ?? 'unchanged'],
      ['On failure', inputs.onFailure ?? 'unchanged']
    ]
  })
}
